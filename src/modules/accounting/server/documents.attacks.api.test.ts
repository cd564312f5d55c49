import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedBy, picture } from '../../../../tests/support/db-diff';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../../tests/support/test-app';
import { beginningBalance } from '../model/beginning-balance.entity';
import { invoice } from '../model/invoice.entity';
import { journalEntry } from '../model/journal-entry.entity';
import { cr, dr, type Kit, kit } from './test-kit';

/**
 * Invoices, their payments and notes, journal entries and beginning balances under attack
 * (/work/shared/research/invariants-and-attacks.md: bad input 1, 3 and 6, invariant 9):
 * - another company's user gets 404 on GET, PATCH, DELETE and every transition and action of our records by id;
 * - their partner, journal, account, tax or contact inside our invoice, note, payment, entry or opening -> 422;
 * - companyId, createdBy, status, number, postedAt, hash and the like in a body are not taken;
 * - payment, credit note, debit note, void, entry post and cancel, opening post and cancel on or before the lock
 *   date -> 422 in English and Arabic, and the same call goes through once the lock is lifted;
 * - an Idempotency-Key replays a payment and a credit note (one record), and refuses another body with it (422);
 * - parallel confirmations (some refused by the lock date) leave invoice and entry numbers gapless (on PostgreSQL
 *   truly at once; PGlite runs them one after another).
 * Every refusal is checked against a picture of the whole database (tests/support/db-diff.ts).
 */
let t: TestApp;
let k: Kit;
let ko: Kit; // the other company's
let ar: Client, other: Client, otherAr: Client;
let vat: number, theirVat: number, partnerId: number, theirPartner: number;

beforeAll(async () => {
  t = await testApp(); k = await kit(t);
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
  const su = await t.anon().post('/api/auth/signup', { companyNameEn: 'Other Co', companyNameAr: 'شركة أخرى', currency: 'SAR', username: 'other', fullName: 'Other', password: 'other-pass-1' });
  expect(su.statusCode, su.body).toBe(201);
  other = await t.login('other', 'other-pass-1');
  otherAr = await t.login('other', 'other-pass-1', 'ar');
  ko = await kit(t, other);
  const vatOf = async (c: Client) => (await c.get('/api/accounting/taxes')).json().items.find((x: { name: string }) => x.name === 'VAT 15%').id as number;
  vat = await vatOf(t.admin); theirVat = await vatOf(other);
  partnerId = await k.contact(); theirPartner = await ko.contact();
});
afterAll(async () => { await t?.close(); });

type Res = Awaited<ReturnType<Client['get']>>;
type Doc = { id: number; version?: number };
const sale = (o: Record<string, unknown> = {}, c: Client = t.admin) => c.post('/api/accounting/invoices', {
  type: 'SALE', partnerId, date: '2026-04-01', paymentTermDays: 30, lines: [{ description: 'Consulting', quantity: '2', unitPrice: '100', taxId: vat }], ...o,
});
const draftInvoice = async (date = '2026-04-01') => {
  const r = await sale({ date });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: number; version: number };
};
const confirmed = async (date = '2026-04-01') => {
  const r = await t.admin.post(`/api/accounting/invoices/${(await draftInvoice(date)).id}/confirm`, {});
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; version: number; number: string };
};
const opening = async (amount: string, date = '2026-03-01') => {
  const r = await t.admin.post('/api/accounting/beginning-balances', { date, lines: [dr(k.acc('1101'), amount), cr(k.acc('3103'), amount)] });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: number; version: number };
};
const act = (c: Client, path: string, action: string, body: unknown = {}) => c.post(`/api/accounting/${path}/${action}`, body);
/** `fn` run, and not a row of any table changed by it. */
const writesNothing = async (fn: () => Promise<void>) => expect(await changedBy(t.db, fn)).toEqual({});
async function lockDate(date: string | null) {
  const s = (await t.admin.get('/api/accounting/settings/current')).json();
  const r = await t.admin.patch(`/api/accounting/settings/${s.id}`, { lockDate: date, version: s.version });
  expect(r.statusCode, r.body).toBe(200);
}
const count = async (q: ReturnType<typeof sql>) => (await k.q<{ n: number }>(q))[0]!.n;

describe('another company', () => {
  it('gets 404 on GET, PATCH, DELETE and every transition and action of our documents by id, changing nothing', async () => {
    const inv = await draftInvoice();
    const posted = await confirmed();
    const pay = (await act(t.admin, `invoices/${posted.id}`, 'recordPayment', { amount: '10', date: '2026-04-02' })).json();
    const je = (await k.draft([dr(k.acc('1101'), 3), cr(k.acc('3101'), 3)])).body as Doc;
    const jePosted = await k.post([dr(k.acc('1101'), 4), cr(k.acc('3101'), 4)]) as Doc;
    const bb = await opening('5');
    const bbPosted = await opening('6');
    expect((await act(t.admin, `beginning-balances/${bbPosted.id}`, 'post')).statusCode).toBe(200);
    // a body each transition or action would take from us, so that only the company is wrong
    const bodies: Record<string, unknown> = { recordPayment: { amount: '1', date: '2026-04-03' }, creditNote: { lines: [{ unitPrice: '1' }] }, debitNote: { reason: 'r', lines: [{ unitPrice: '1' }] } };
    const NOT_FOUND = {
      invoices: ['Invoice not found', 'لم يُعثر على فاتورة'], 'invoice-payments': ['Invoice payment not found', 'لم يُعثر على دفعة فاتورة'],
      'journal-entries': ['Journal entry not found', 'لم يُعثر على قيد يومية'], 'beginning-balances': ['Invalid balance ID', 'معرّف الرصيد غير صالح'],
    };
    // every transition and action of the definitions (print is a GET, below)
    const invoiceActs = [...Object.keys(invoice.states!.transitions), ...Object.keys(invoice.actions!).filter((a) => a !== 'print')];
    const docs: [keyof typeof NOT_FOUND, Doc, string[]][] = [
      ['invoices', inv, invoiceActs], ['invoices', posted, invoiceActs],
      ['invoice-payments', { id: pay.paymentId }, []],
      ['journal-entries', je, Object.keys(journalEntry.states!.transitions)],
      ['journal-entries', jePosted, Object.keys(journalEntry.states!.transitions)],
      ['beginning-balances', bb, Object.keys(beginningBalance.states!.transitions)],
      ['beginning-balances', bbPosted, Object.keys(beginningBalance.states!.transitions)],
    ];
    await writesNothing(async () => {
      for (const [path, doc, actions] of docs) {
        const url = `/api/accounting/${path}/${doc.id}`;
        const calls: [string, () => Promise<Res>][] = [
          ['GET', () => other.get(url)], ['history', () => other.get(`${url}/history`)],
          // a payment has no PATCH or DELETE route (invoice-payment.entity.ts: operations)
          ...(path === 'invoice-payments' ? [] : [['PATCH', () => other.patch(url, { reference: 'mine now', version: doc.version })], ['DELETE', () => other.del(url)]] as [string, () => Promise<Res>][]),
          ...actions.map((a): [string, () => Promise<Res>] => [a, () => act(other, `${path}/${doc.id}`, a, bodies[a] ?? {})]),
          ...(path === 'invoices' ? [['print', () => other.get(`${url}/print`)], ['pdf', () => other.get(`${url}/pdf`)]] as [string, () => Promise<Res>][] : []),
        ];
        for (const [what, call] of calls) {
          const r = await call();
          expect([path, doc.id, what, r.statusCode, r.json().error?.message]).toEqual([path, doc.id, what, 404, NOT_FOUND[path][0]]);
        }
        const inAr = await otherAr.get(url);
        expect([path, inAr.statusCode, inAr.json().error?.message]).toEqual([path, 404, NOT_FOUND[path][1]]);
      }
      // nor do their lists show ours
      expect((await other.get(`/api/accounting/invoice-payments?filter[invoiceId]=${posted.id}`)).json().total).toBe(0);
      expect((await other.get('/api/accounting/invoices')).json().total).toBe(0);
    });
    // the ids were ours: our own user reads each of them
    for (const [path, doc] of docs) expect([path, doc.id, (await t.admin.get(`/api/accounting/${path}/${doc.id}`)).statusCode]).toEqual([path, doc.id, 200]);
  });

  it("refuses its partner, journal, account, tax or contact inside our invoice, note, payment, entry line or opening (422), writing nothing", async () => {
    const posted = await confirmed();
    const je = (await k.draft([dr(k.acc('1101'), 3), cr(k.acc('3101'), 3)])).body;
    const draft = await draftInvoice();
    const line = { description: 'x', unitPrice: '10' };
    const ours = [dr(k.acc('1101'), '5'), cr(k.acc('3103'), '5')];
    const M = {
      partner: ['Partner: the selected record does not exist', 'الشريك: السجل المحدد غير موجود'], invoiceJournal: ['Journal: the selected record does not exist', 'الدفتر: السجل المحدد غير موجود'],
      journal: ['The journal does not exist', 'الدفتر غير موجود'], account: ['Line 1: the account does not exist', 'السطر 1: الحساب غير موجود'],
      tax: ['Line 1: the tax does not exist or is inactive', 'السطر 1: الضريبة غير موجودة أو غير نشطة'], contact: ['Line 1: the contact does not exist', 'السطر 1: جهة الاتصال غير موجودة'],
    } as const;
    const cases: [string, (c: Client) => Promise<Res>, string, readonly [string, string]][] = [
      ['invoice partner', (c) => sale({ partnerId: theirPartner }, c), 'partnerId', M.partner],
      ['invoice PATCH partner', (c) => c.patch(`/api/accounting/invoices/${draft.id}`, { partnerId: theirPartner }), 'partnerId', M.partner],
      ['invoice journal', (c) => sale({ journalId: ko.jr('GEN') }, c), 'journalId', M.invoiceJournal],
      ['invoice line account', (c) => sale({ lines: [{ ...line, accountId: ko.acc('4101') }] }, c), 'lines', M.account],
      ['invoice line tax', (c) => sale({ lines: [{ ...line, taxId: theirVat }] }, c), 'lines', M.tax],
      ['payment journal', (c) => act(c, `invoices/${posted.id}`, 'recordPayment', { amount: '1', journalId: ko.jr('CSH') }), 'journalId', M.journal],
      ['payment account', (c) => act(c, `invoices/${posted.id}`, 'recordPayment', { amount: '1', accountId: ko.acc('1101') }), 'lines', M.account],
      ['credit note account', (c) => act(c, `invoices/${posted.id}`, 'creditNote', { lines: [{ unitPrice: '5', accountId: ko.acc('4101') }] }), 'lines', M.account],
      ['credit note tax', (c) => act(c, `invoices/${posted.id}`, 'creditNote', { lines: [{ unitPrice: '5', taxId: theirVat }] }), 'lines', M.tax],
      ['debit note account', (c) => act(c, `invoices/${posted.id}`, 'debitNote', { reason: 'x', lines: [{ unitPrice: '5', accountId: ko.acc('4101') }] }), 'lines', M.account],
      ['debit note tax', (c) => act(c, `invoices/${posted.id}`, 'debitNote', { reason: 'x', lines: [{ unitPrice: '5', taxId: theirVat }] }), 'lines', M.tax],
      ['entry journal', (c) => c.post('/api/accounting/journal-entries', { journalId: ko.jr('GEN'), date: '2026-03-10', lines: ours }), 'journalId', M.journal],
      ['entry line contact', (c) => c.post('/api/accounting/journal-entries', { journalId: k.jr('GEN'), date: '2026-03-10', lines: [dr(k.acc('1101'), 5, { contactId: theirPartner }), cr(k.acc('3103'), 5)] }), 'lines', M.contact],
      ['entry posted at once, line account', (c) => c.post('/api/accounting/journal-entries', { journalId: k.jr('GEN'), date: '2026-03-10', post: true, lines: [dr(ko.acc('1101'), 5), cr(k.acc('3103'), 5)] }), 'lines', M.account],
      ['entry PATCH journal', (c) => c.patch(`/api/accounting/journal-entries/${je.id}`, { journalId: ko.jr('GEN') }), 'journalId', M.journal],
      ['entry PATCH line account', (c) => c.patch(`/api/accounting/journal-entries/${je.id}`, { lines: [dr(ko.acc('1101'), 3), cr(k.acc('3101'), 3)] }), 'lines', M.account],
      ['opening journal', (c) => c.post('/api/accounting/beginning-balances', { date: '2026-01-01', journalId: ko.jr('OPN'), lines: ours }), 'journalId', M.journal],
      ['opening line account', (c) => c.post('/api/accounting/beginning-balances', { date: '2026-01-01', lines: [dr(ko.acc('1101'), '5'), cr(k.acc('3103'), '5')] }), 'lines', M.account],
      ['opening line contact', (c) => c.post('/api/accounting/beginning-balances', { date: '2026-01-01', lines: [dr(k.acc('1101'), '5', { contactId: theirPartner }), cr(k.acc('3103'), '5')] }), 'lines', M.contact],
    ];
    await writesNothing(async () => {
      for (const [what, send, field, [en, inAr]] of cases) {
        const r = await send(t.admin);
        expect([what, r.statusCode, r.json().error]).toEqual([what, 422, { code: 'validation', message: en, fields: { [field]: en } }]);
        const a = await send(ar);
        expect([what, a.statusCode, a.json().error?.message]).toEqual([what, 422, inAr]);
      }
    });
  });
});

describe('a body', () => {
  it("sets no company, creator, status, number, posting, hash or amounts of a document: another company's ids included", async () => {
    const them = (await other.get('/api/auth/me')).json() as { user: { id: number }; company: { id: number } };
    const me = (await t.admin.get('/api/auth/me')).json() as { user: { id: number }; company: { id: number } };
    expect(them.company.id).not.toBe(me.company.id);
    const foreign = { companyId: them.company.id, createdBy: them.user.id, updatedBy: them.user.id };
    const row = async (table: string, id: number, cols: string) => (await k.q(sql`SELECT ${sql.raw(cols)} FROM ${sql.identifier(table)} WHERE id = ${id}`))[0];
    const invCols = 'company_id, created_by, status, number, entry_id, issued_at, paid_amount::text, due_amount::text, total_amount::text, is_credit_note';
    const inv = await sale({ ...foreign, status: 'PAID', number: 'INV/2026/99999', entryId: 1, issuedAt: '2026-01-01T00:00:00Z', paidAmount: '5', dueAmount: '0', totalAmount: '1', isCreditNote: true });
    expect(inv.statusCode, inv.body).toBe(201);
    const fresh = { company_id: me.company.id, created_by: me.user.id, status: 'DRAFT', number: null, entry_id: null, issued_at: null, paid_amount: '0.0000', due_amount: '230.0000', total_amount: '230.0000', is_credit_note: false };
    expect(await row('invoices', inv.json().id, invCols)).toEqual(fresh);
    const patched = await t.admin.patch(`/api/accounting/invoices/${inv.json().id}`, { ...foreign, status: 'CONFIRMED', number: 'N', dueAmount: '0', totalAmount: '1', version: inv.json().version });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await row('invoices', inv.json().id, invCols)).toEqual(fresh);

    const jeCols = 'company_id, created_by, status, number, hash, prev_hash, posted_at, sequence_no, chain_seq';
    const je = await t.admin.post('/api/accounting/journal-entries', { ...foreign, journalId: k.jr('GEN'), date: '2026-03-10', status: 'posted', number: 'X', hash: 'h', prevHash: 'p', postedAt: '2026-01-01T00:00:00Z', sequenceNo: 5, chainSeq: 9, lines: [dr(k.acc('1101'), 1), cr(k.acc('3101'), 1)] });
    expect(je.statusCode, je.body).toBe(201);
    const draftEntry = { company_id: me.company.id, created_by: me.user.id, status: 'draft', number: null, hash: null, prev_hash: null, posted_at: null, sequence_no: null, chain_seq: null };
    expect(await row('journal_entries', je.json().id, jeCols)).toEqual(draftEntry);
    const jePatch = await t.admin.patch(`/api/accounting/journal-entries/${je.json().id}`, { ...foreign, status: 'posted', hash: 'h', postedAt: '2026-01-01T00:00:00Z', number: 'X' });
    expect(jePatch.statusCode, jePatch.body).toBe(200);
    expect(await row('journal_entries', je.json().id, jeCols)).toEqual(draftEntry);

    const bb = await t.admin.post('/api/accounting/beginning-balances', { ...foreign, date: '2026-01-01', status: 'posted', entryId: je.json().id, lines: [dr(k.acc('1101'), '5'), cr(k.acc('3103'), '5')] });
    expect(bb.statusCode, bb.body).toBe(201);
    expect(await row('beginning_balances', bb.json().id, 'company_id, created_by, status, entry_id')).toEqual({ company_id: me.company.id, created_by: me.user.id, status: 'draft', entry_id: null });

    const posted = await confirmed();
    const paid = await act(t.admin, `invoices/${posted.id}`, 'recordPayment', { ...foreign, amount: '2', date: '2026-04-02', invoiceId: inv.json().id, entryId: je.json().id });
    expect(paid.statusCode, paid.body).toBe(200);
    const payRow = await row('invoice_payments', paid.json().paymentId, 'company_id, created_by, invoice_id, amount::text, entry_id');
    expect(payRow).toMatchObject({ company_id: me.company.id, created_by: me.user.id, invoice_id: posted.id, amount: '2.0000' });
    expect(payRow!.entry_id).not.toBe(je.json().id);
    // and a payment cannot be made by its own route, only by the invoice's recordPayment
    expect((await t.admin.post('/api/accounting/invoice-payments', { invoiceId: posted.id, amount: '5' })).statusCode).toBe(404);
  });
});

describe('the lock date', () => {
  it('refuses payment, credit and debit notes, void, entry post and cancel, opening post and cancel on or before it (422, both languages), writing nothing', async () => {
    const old = await confirmed('2026-03-10');
    const old2 = await confirmed('2026-03-10');
    const bb = await opening('5');
    const bbPosted = await opening('6');
    expect((await act(t.admin, `beginning-balances/${bbPosted.id}`, 'post')).statusCode).toBe(200);
    const jeDraft = (await k.draft([dr(k.acc('1101'), 3), cr(k.acc('3101'), 3)], { date: '2026-03-15' })).body;
    const jeOld = await k.post([dr(k.acc('1101'), 4), cr(k.acc('3101'), 4)], { date: '2026-03-10' });
    const jeOld2 = await k.post([dr(k.acc('1101'), 6), cr(k.acc('3101'), 6)], { date: '2026-03-10' });
    const jeNew = await k.post([dr(k.acc('1101'), 5), cr(k.acc('3101'), 5)], { date: '2026-04-15' });
    // [what, url, body, the date refused]: each goes through once the lock is lifted
    const cases: [string, string, unknown, string][] = [
      ['payment', `invoices/${old.id}/recordPayment`, { amount: '1', date: '2026-03-31' }, '2026-03-31'],
      ['credit note', `invoices/${old.id}/creditNote`, { date: '2026-03-31', lines: [{ unitPrice: '1' }] }, '2026-03-31'],
      ['debit note', `invoices/${old.id}/debitNote`, { date: '2026-03-31', reason: 'Fee', lines: [{ unitPrice: '1' }] }, '2026-03-31'],
      ['void', `invoices/${old2.id}/void`, {}, '2026-03-10'],
      ['entry post', `journal-entries/${jeDraft.id}/post`, {}, '2026-03-15'],
      ['entry cancel', `journal-entries/${jeOld.id}/cancel`, {}, '2026-03-10'],
      ['entry cancel dated back', `journal-entries/${jeNew.id}/cancel`, { date: '2026-03-30' }, '2026-03-30'],
      ['entry cancel of a locked period, dated after', `journal-entries/${jeOld2.id}/cancel`, { date: '2026-04-20' }, '2026-03-10'],
      ['opening post', `beginning-balances/${bb.id}/post`, {}, '2026-03-01'],
      ['opening cancel', `beginning-balances/${bbPosted.id}/cancel`, {}, '2026-03-01'],
    ];
    await lockDate('2026-03-31');
    try {
      await writesNothing(async () => {
        for (const [what, url, body, d] of cases) {
          const r = await t.admin.post(`/api/accounting/${url}`, body);
          expect([what, r.statusCode, r.json().error?.message]).toEqual([what, 422, `The date ${d} is on or before the lock date 2026-03-31`]);
          const a = await ar.post(`/api/accounting/${url}`, body);
          expect([what, a.statusCode, a.json().error?.message]).toEqual([what, 422, `التاريخ ${d} يقع في أو قبل تاريخ الإقفال 2026-03-31`]);
        }
      });
    } finally {
      await lockDate(null);
    }
    for (const [what, url, body] of cases) {
      const r = await t.admin.post(`/api/accounting/${url}`, body);
      expect([what, r.statusCode, r.body]).toEqual([what, 200, r.body]);
    }
    expect((await t.admin.get('/api/accounting/ledger/verify')).json()).toMatchObject({ ok: true });
  });
});

describe('Idempotency-Key', () => {
  it('replays a payment and a credit note once written, and refuses the same key with another body (422, both languages)', async () => {
    const inv = await confirmed();
    const payments = () => count(sql`SELECT count(*)::int AS n FROM invoice_payments WHERE invoice_id = ${inv.id}`);
    const notes = () => count(sql`SELECT count(*)::int AS n FROM invoices WHERE credit_note_of_id = ${inv.id}`);
    const mismatch = ['This Idempotency-Key was already used with a different request', 'مفتاح عدم التكرار هذا استُخدم مسبقًا مع طلب مختلف'];
    const sends: [string, unknown, unknown, () => Promise<number>][] = [
      ['recordPayment', { amount: '10', date: '2026-04-02' }, { amount: '11', date: '2026-04-02' }, payments],
      ['creditNote', { date: '2026-04-03', lines: [{ description: 'Consulting', quantity: '1', unitPrice: '100' }] }, { date: '2026-04-03', lines: [{ description: 'Consulting', quantity: '1', unitPrice: '90' }] }, notes],
    ];
    for (const [action, body, otherBody, records] of sends) {
      const key = { 'idempotency-key': `${action}-${inv.id}` };
      const before = await records();
      const first = await t.admin.post(`/api/accounting/invoices/${inv.id}/${action}`, body, key);
      expect([action, first.statusCode]).toEqual([action, 200]);
      const again = await t.admin.post(`/api/accounting/invoices/${inv.id}/${action}`, body, key);
      expect([action, again.statusCode, again.headers['idempotent-replayed']]).toEqual([action, 200, 'true']);
      expect(again.json()).toEqual(first.json());
      expect([action, await records()]).toEqual([action, before + 1]);
      await writesNothing(async () => {
        for (const [c, message] of [[t.admin, mismatch[0]], [ar, mismatch[1]]] as const) {
          const changed = await c.post(`/api/accounting/invoices/${inv.id}/${action}`, otherBody, key);
          expect([action, changed.statusCode, changed.json().error?.message]).toEqual([action, 422, message]);
        }
      });
    }
    expect((await t.admin.get(`/api/accounting/invoices/${inv.id}`)).json()).toMatchObject({ paidAmount: '10.0000', creditedAmount: '100.0000', dueAmount: '120.0000' });
  });
});

describe('numbers under parallel confirmations', () => {
  it('30 invoices confirmed at once (5 more refused by the lock date): invoice and entry numbers gapless and unique', async () => {
    const me = (await t.admin.get('/api/auth/me')).json().company.id as number;
    const good = await Promise.all(Array.from({ length: 30 }, () => draftInvoice('2026-05-04')));
    const locked = await Promise.all(Array.from({ length: 5 }, () => draftInvoice('2026-01-10')));
    const ids = good.flatMap((d, i) => (i % 6 === 5 ? [d.id, locked[(i - 5) / 6]!.id] : [d.id])); // a refused one after every 6th
    await lockDate('2026-01-31');
    try {
      const res = await Promise.all(ids.map((id) => t.admin.post(`/api/accounting/invoices/${id}/confirm`, {})));
      const byId = new Map(ids.map((id, i) => [id, res[i]!]));
      expect(good.map((d) => byId.get(d.id)!.statusCode)).toEqual(good.map(() => 200));
      expect(locked.map((d) => byId.get(d.id)!.json().error?.message)).toEqual(locked.map(() => 'The date 2026-01-10 is on or before the lock date 2026-01-31'));
      // the company's whole invoice series 1..n, the last 30 taken by this batch
      const series = (await k.q<{ number: string }>(sql`SELECT number FROM invoices WHERE company_id = ${me} AND number LIKE 'INV/2026/%'`)).map((r) => Number(r.number.slice(9))).sort((a, b) => a - b);
      expect(series).toEqual(series.map((_, i) => i + 1));
      const taken = good.map((d) => Number(byId.get(d.id)!.json().number.slice(9))).sort((a, b) => a - b);
      expect(taken).toEqual(series.slice(-30));
      const refused = await k.q(sql`SELECT DISTINCT status, number, entry_id FROM invoices WHERE id IN ${sql.raw(`(${locked.map((d) => d.id).join(',')})`)}`);
      expect(refused).toEqual([{ status: 'DRAFT', number: null, entry_id: null }]);
    } finally {
      await lockDate(null);
    }
    // every journal's entry numbers in the year 1..n, each number once (entries of this whole file included)
    const journals = await k.q<{ seqs: number[]; numbers: number; distinct: number }>(sql`
      SELECT array_agg(sequence_no ORDER BY sequence_no) AS seqs, count(number)::int AS numbers, count(DISTINCT number)::int AS distinct
      FROM journal_entries WHERE company_id = ${me} AND sequence_no IS NOT NULL GROUP BY journal_id, fiscal_year`);
    expect(journals.length).toBeGreaterThan(2);
    for (const j of journals) {
      expect(j.seqs.map(Number)).toEqual(j.seqs.map((_, i) => i + 1));
      expect(j.distinct).toBe(j.numbers);
    }
    const sales = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM journal_entries WHERE source_type = 'invoice' AND source_id IN ${sql.raw(`(${good.map((d) => d.id).join(',')})`)}`);
    expect(sales).toEqual([{ n: 30 }]);
    expect((await t.admin.get('/api/accounting/ledger/verify')).json()).toMatchObject({ ok: true });
  });
});
