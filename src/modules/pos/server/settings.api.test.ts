import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { CASHIER_GROUP } from './cashier';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * The POS settings on the generic singleton API (the screen /pos/settings is its form): read the company's record,
 * edit it in either language (and a session's close then posts its difference to the accounts chosen), refusals on
 * the field in the caller's language with nothing saved (server/settings.hooks.ts: an emptied setting, a contact
 * without the customer role, an account of the wrong type, a parent or inactive account, another company's records),
 * and the rights: the settings' own view/change, never the cashier's.
 */
let t: TestApp;
let k: PosKit;
let ar: Client;
let url: string;
/** Ids of the company's accounts by code. */
let acc: (code: string) => number;
beforeAll(async () => {
  ({ t, k, ar } = await posApp());
  const rows = await k.q<{ code: string; id: number }>(sql`SELECT code, id FROM accounts WHERE company_id = ${k.ctx.companyId}`);
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  acc = (code) => ids.get(code) ?? (() => { throw new Error(`no account ${code}`); })();
  url = `/api/pos/settings/${(await t.admin.get('/api/pos/settings/current')).json().id}`;
}, 120_000);
afterAll(async () => { await t?.close(); });

const current = async () => (await t.admin.get('/api/pos/settings/current')).json();
/** A record without its references' titles (in the reader's language). */
const plain = ({ _refs, ...r }: Record<string, unknown>) => r;
const fields = (r: { json: () => any }) => r.json().error.fields as Record<string, string>;

describe('the POS settings', () => {
  it('reads the company\'s record: the walk-in customer and the difference accounts made with the company', async () => {
    const cur = await t.admin.get('/api/pos/settings/current');
    expect(cur.statusCode, cur.body).toBe(200);
    const s = cur.json();
    expect(s).toMatchObject({ shortageAccountId: acc('5105'), overageAccountId: acc('4103'), version: 1 });
    expect(s._refs).toMatchObject({ walkInCustomerId: 'Walk-in customer', shortageAccountId: 'General expenses', overageAccountId: 'Other income' });
    const [walkIn] = await k.q<{ name: string; isCustomer: boolean }>(sql`SELECT name, is_customer AS "isCustomer" FROM contacts WHERE id = ${s.walkInCustomerId}`);
    expect(walkIn).toEqual({ name: 'Walk-in customer', isCustomer: true });
    // one record, edited only
    expect((await t.admin.post('/api/pos/settings', {})).statusCode).toBe(404);
    expect((await t.admin.del(url)).statusCode).toBe(404);
  });

  it('is edited in either language, and a session\'s close posts to the accounts chosen', async () => {
    const parent = (code: string) => acc(code);
    const shortage = await t.admin.post('/api/accounting/accounts', { code: '5190', nameEn: 'Till shortages', nameAr: 'عجز الصناديق', type: 'expense', subtype: 'operating_expense', parentId: parent('5') });
    expect(shortage.statusCode, shortage.body).toBe(201);
    const overage = await t.admin.post('/api/accounting/accounts', { code: '4190', nameEn: 'Till overages', nameAr: 'زيادة الصناديق', type: 'income', subtype: 'other_income', parentId: parent('4') });
    expect(overage.statusCode, overage.body).toBe(201);

    const before = await current();
    const en = await t.admin.patch(url, { walkInCustomerId: k.customer, shortageAccountId: shortage.json().id, version: before.version });
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json()).toMatchObject({ walkInCustomerId: k.customer, shortageAccountId: shortage.json().id, overageAccountId: acc('4103'), version: before.version + 1 });
    const a = await ar.patch(url, { overageAccountId: overage.json().id, walkInCustomerId: before.walkInCustomerId, version: before.version + 1 });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ walkInCustomerId: before.walkInCustomerId, shortageAccountId: shortage.json().id, overageAccountId: overage.json().id });
    // a stale version is refused
    expect((await t.admin.patch(url, { overageAccountId: acc('4103'), version: before.version })).statusCode).toBe(409);

    // what a close posts: 3.00 short, then 2.00 over (no sales: expected = opening cash)
    const posted = async (counted: string) => {
      const s = await k.session(t.admin, '100');
      const c = await t.admin.post(`/api/pos/sessions/${s.id}/close`, { countedCash: counted });
      expect(c.statusCode, c.body).toBe(200);
      return k.q<{ code: string; debit: string; credit: string }>(sql`SELECT a.code, l.debit::text, l.credit::text FROM journal_lines l
        JOIN accounts a ON a.id = l.account_id WHERE l.entry_id = ${c.json().differenceEntryId} ORDER BY a.code`);
    };
    expect(await posted('97')).toEqual([{ code: '1101', debit: '0.0000', credit: '3.0000' }, { code: '5190', debit: '3.0000', credit: '0.0000' }]);
    expect(await posted('102')).toEqual([{ code: '1101', debit: '2.0000', credit: '0.0000' }, { code: '4190', debit: '0.0000', credit: '2.0000' }]);
  });

  it('refuses a setting of the wrong kind on its field, in the caller\'s language, and saves nothing', async () => {
    const vendor = await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Dates supplier', isVendor: true });
    expect(vendor.statusCode, vendor.body).toBe(201);
    const inactive = await t.admin.post('/api/accounting/accounts', { code: '5191', nameEn: 'Old shortages', nameAr: 'عجز قديم', type: 'expense', parentId: acc('5') });
    expect(inactive.statusCode, inactive.body).toBe(201);
    expect((await t.admin.post(`/api/accounting/accounts/${inactive.json().id}/deactivate`, { version: inactive.json().version })).statusCode).toBe(200);
    // another company (made by sign-up): its own settings' records
    const signup = await t.anon().post('/api/auth/signup', { companyNameEn: 'Other shop', companyNameAr: 'متجر آخر', currency: 'SAR', username: 'othershop', fullName: 'Owner', password: 'othershop-pass-1' });
    expect(signup.statusCode, signup.body).toBe(201);
    const theirs = (await (await t.login('othershop', 'othershop-pass-1')).get('/api/pos/settings/current')).json();
    expect(theirs.shortageAccountId).not.toBe(acc('5105'));

    const saved = await current();
    const cases: [Record<string, unknown>, Record<string, [string, string]>][] = [
      [{ shortageAccountId: acc('4103') }, { shortageAccountId: ['Cash shortage account: choose an active expense account without sub-accounts', 'حساب عجز النقدية: اختر حساب مصروفات نشطًا ليس له حسابات فرعية'] }],
      [{ overageAccountId: acc('5105') }, { overageAccountId: ['Cash overage account: choose an active income account without sub-accounts', 'حساب زيادة النقدية: اختر حساب إيرادات نشطًا ليس له حسابات فرعية'] }],
      [{ overageAccountId: acc('1101') }, { overageAccountId: ['Cash overage account: choose an active income account without sub-accounts', 'حساب زيادة النقدية: اختر حساب إيرادات نشطًا ليس له حسابات فرعية'] }],
      // the expense parent (sub-accounts) and an inactive expense account
      [{ shortageAccountId: acc('5') }, { shortageAccountId: ['Cash shortage account: choose an active expense account without sub-accounts', 'حساب عجز النقدية: اختر حساب مصروفات نشطًا ليس له حسابات فرعية'] }],
      [{ shortageAccountId: inactive.json().id }, { shortageAccountId: ['Cash shortage account: choose an active expense account without sub-accounts', 'حساب عجز النقدية: اختر حساب مصروفات نشطًا ليس له حسابات فرعية'] }],
      [{ walkInCustomerId: vendor.json().id }, { walkInCustomerId: ['Walk-in customer: choose a contact with the customer role', 'العميل النقدي: اختر جهة اتصال لها دور العميل'] }],
      [{ walkInCustomerId: null }, { walkInCustomerId: ['Walk-in customer is required', 'العميل النقدي مطلوب'] }],
      [{ shortageAccountId: '' }, { shortageAccountId: ['Cash shortage account is required', 'حساب عجز النقدية مطلوب'] }],
      // another company's records, or none
      [{ shortageAccountId: theirs.shortageAccountId }, { shortageAccountId: ['Cash shortage account: the selected record does not exist', 'حساب عجز النقدية: السجل المحدد غير موجود'] }],
      [{ walkInCustomerId: theirs.walkInCustomerId }, { walkInCustomerId: ['Walk-in customer: the selected record does not exist', 'العميل النقدي: السجل المحدد غير موجود'] }],
      [{ overageAccountId: 2147483647 }, { overageAccountId: ['Cash overage account: the selected record does not exist', 'حساب زيادة النقدية: السجل المحدد غير موجود'] }],
      // every problem at once, each on its field; a good value beside them is not saved either
      [{ walkInCustomerId: vendor.json().id, shortageAccountId: acc('4103'), overageAccountId: acc('5105') }, {
        walkInCustomerId: ['Walk-in customer: choose a contact with the customer role', 'العميل النقدي: اختر جهة اتصال لها دور العميل'],
        shortageAccountId: ['Cash shortage account: choose an active expense account without sub-accounts', 'حساب عجز النقدية: اختر حساب مصروفات نشطًا ليس له حسابات فرعية'],
        overageAccountId: ['Cash overage account: choose an active income account without sub-accounts', 'حساب زيادة النقدية: اختر حساب إيرادات نشطًا ليس له حسابات فرعية'] }],
      [{ walkInCustomerId: k.customer, overageAccountId: acc('5105') }, { overageAccountId: ['Cash overage account: choose an active income account without sub-accounts', 'حساب زيادة النقدية: اختر حساب إيرادات نشطًا ليس له حسابات فرعية'] }],
    ];
    for (const [body, want] of cases) {
      for (const [client, i] of [[t.admin, 0], [ar, 1]] as const) {
        const r = await client.patch(url, body);
        const what = `${JSON.stringify(body)} ${i ? 'ar' : 'en'}`;
        expect(r.statusCode, what).toBe(422);
        expect(fields(r), what).toEqual(Object.fromEntries(Object.entries(want).map(([f, m]) => [f, m[i]])));
        // the message names the problem (the first, when several), not "check the form"
        if (Object.keys(want).length === 1) expect(r.json().error.message, what).toBe(Object.values(want)[0]![i]);
      }
    }
    expect(await current()).toEqual(saved);
  });

  it('is the settings\' own right: a cashier gets 403 (view and change), a viewer may read but not change', async () => {
    const groups = (await t.admin.get('/api/admin/groups?search=Cashier')).json().items as { id: number; name: string }[];
    const cashierGroup = groups.find((g) => g.name === CASHIER_GROUP.name)!.id;
    expect((await t.admin.post('/api/admin/users', { username: 'huda', fullName: 'Huda', password: 'secret-pass-1', groups: [cashierGroup] })).statusCode).toBe(201);
    const viewers = await t.admin.post('/api/admin/groups', { name: 'Settings readers', permissions: ['pos.posSettings.view'] });
    expect((await t.admin.post('/api/admin/users', { username: 'sami', fullName: 'Sami', password: 'secret-pass-1', groups: [viewers.json().id] })).statusCode).toBe(201);
    const saved = await current();
    const body = { overageAccountId: acc('4104'), version: saved.version };
    for (const [locale, message] of [['en', "You don't have access to this page"], ['ar', 'ليس لديك صلاحية الوصول إلى هذه الصفحة']] as const) {
      const cashier = await t.login('huda', 'secret-pass-1', locale);
      for (const r of [await cashier.patch(url, body), await cashier.get('/api/pos/settings/current'), await cashier.get(url)]) {
        expect(r.statusCode).toBe(403);
        expect(r.json().error.message).toBe(message);
      }
      const viewer = await t.login('sami', 'secret-pass-1', locale);
      expect(plain((await viewer.get('/api/pos/settings/current')).json())).toEqual(plain(saved));
      const denied = await viewer.patch(url, body);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.message).toBe(message);
    }
    expect(await current()).toEqual(saved);
  });
});
