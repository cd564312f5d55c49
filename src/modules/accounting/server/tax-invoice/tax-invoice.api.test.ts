import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../../../tests/support/test-app';
import { setClock } from '../../../../core/time/company-time';

/**
 * Tax invoice records and the confirm rule (issue 20), through the API in both languages: the national address and
 * the contacts' VAT numbers by the company's pack (Saudi), a business buyer without its VAT number refused at
 * confirmation with nothing posted, the issue instant, the print's layout parameter.
 */
let t: TestApp;
let ar: Client;
let vat: number;
const SA_VAT = '310122393500003';
const BUYER_VAT = '300000000000003';
const q = async <T,>(query: ReturnType<typeof sql>) => (await t.db.orm.execute(query)).rows as T[];
const company = async () => (await t.admin.get('/api/admin/companies/current')).json();
const patchCompany = async (c: Client, body: Record<string, unknown>) => c.patch(`/api/admin/companies/${(await company()).id}`, { ...body, version: (await company()).version });
const contact = (c: Client, body: Record<string, unknown>) => c.post('/api/contacts/contacts', { kind: 'company', isCustomer: true, name: 'Buyer ' + Math.random().toString(36).slice(2, 7), ...body });
const draft = async (partnerId: number, date = '2026-04-01') => (await t.admin.post('/api/accounting/invoices', {
  type: 'SALE', partnerId, date, lines: [{ description: 'Consulting', quantity: '2', unitPrice: '100', taxId: vat }],
})).json();
const entries = async () => Number((await q<{ n: string }>(sql`SELECT count(*)::text AS n FROM journal_entries`))[0]!.n);

beforeAll(async () => {
  t = await testApp();
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
  vat = (await t.admin.get('/api/accounting/taxes')).json().items.find((x: { name: string }) => x.name === 'VAT 15%').id;
});
afterAll(async () => { setClock(null); await t?.close(); });

describe('a company not registered for VAT', () => {
  it('confirms an invoice to a business without a VAT number (no tax invoice is issued)', async () => {
    const buyer = (await contact(t.admin, {})).json();
    const inv = await draft(buyer.id);
    expect((await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {})).statusCode).toBe(200);
  });
});

describe('the national address and VAT numbers, by the company\'s country (Saudi Arabia)', () => {
  it('stores the company\'s VAT number, CR and address, digits as ASCII', async () => {
    const r = await patchCompany(t.admin, {
      taxNumber: SA_VAT, crNumber: '1010010101', buildingNumber: '١٢٣٤', street: 'King Fahd Road', streetAr: 'طريق الملك فهد',
      district: 'Al Olaya', districtAr: 'العليا', city: 'Riyadh', cityAr: 'الرياض', postalCode: '12 211', additionalNumber: '5678',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ taxNumber: SA_VAT, buildingNumber: '1234', postalCode: '12211', additionalNumber: '5678', cityAr: 'الرياض' });
  });

  it('refuses a company address of the wrong format in both languages, saving nothing', async () => {
    const before = await company();
    for (const [c, msg] of [[t.admin, 'Building number (Saudi Arabia) must be 4 digits'], [ar, 'رقم المبنى (المملكة العربية السعودية) يجب أن يتكون من 4 أرقام']] as const) {
      const r = await patchCompany(c, { buildingNumber: '123', street: 'Changed' });
      expect(r.statusCode).toBe(422);
      expect(r.json().error.message).toBe(msg);
      expect(r.json().error.fields.buildingNumber).toBe(msg);
    }
    const r = await patchCompany(ar, { postalCode: '1221' });
    expect(r.json().error.fields.postalCode).toBe('الرمز البريدي (المملكة العربية السعودية) يجب أن يتكون من 5 أرقام');
    expect((await patchCompany(t.admin, { additionalNumber: '56' })).json().error.fields.additionalNumber).toBe('Additional number (Saudi Arabia) must be 4 digits');
    const after = await company();
    expect([after.street, after.buildingNumber, after.postalCode, after.version]).toEqual([before.street, before.buildingNumber, before.postalCode, before.version]);
  });

  const BAD: [string, string][] = [['31012239350003', 'wrong length (14)'], ['3101223935000033', 'wrong length (16)'], ['210122393500003', 'not starting with 3'], ['310122393500004', 'not ending with 3']];
  it.each(BAD)('refuses a contact VAT number %s (%s) in both languages, saving nothing', async (bad) => {
    const n0 = (await q<{ n: string }>(sql`SELECT count(*)::text AS n FROM contacts`))[0]!.n;
    const en = await contact(t.admin, { taxNumber: bad });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields.taxNumber).toBe('VAT registration number (Saudi Arabia) must be 15 digits, starting and ending with 3');
    const a = await contact(ar, { taxNumber: bad });
    expect(a.statusCode).toBe(422);
    expect(a.json().error.fields.taxNumber).toBe('رقم التسجيل في ضريبة القيمة المضافة (المملكة العربية السعودية) يجب أن يتكون من 15 رقمًا، يبدأ بالرقم 3 وينتهي به');
    expect(a.json().error.message).toBe(a.json().error.fields.taxNumber);
    expect((await q<{ n: string }>(sql`SELECT count(*)::text AS n FROM contacts`))[0]!.n).toBe(n0);
  });

  it('stores a contact\'s VAT number and address normalised, and refuses a bad one on update', async () => {
    const c = await contact(t.admin, { taxNumber: '300 0000 0000 0003', crNumber: '2050000000', buildingNumber: '4321', postalCode: '31952', city: 'Dammam', cityAr: 'الدمام' });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({ taxNumber: BUYER_VAT, crNumber: '2050000000', buildingNumber: '4321', postalCode: '31952' });
    const up = await ar.patch(`/api/contacts/contacts/${c.json().id}`, { taxNumber: '300000000000004', buildingNumber: '12', version: c.json().version });
    expect(up.statusCode).toBe(422);
    expect(up.json().error.fields).toMatchObject({
      taxNumber: 'رقم التسجيل في ضريبة القيمة المضافة (المملكة العربية السعودية) يجب أن يتكون من 15 رقمًا، يبدأ بالرقم 3 وينتهي به',
      buildingNumber: 'رقم المبنى (المملكة العربية السعودية) يجب أن يتكون من 4 أرقام',
    });
    expect((await t.admin.get(`/api/contacts/contacts/${c.json().id}`)).json()).toMatchObject({ taxNumber: BUYER_VAT, buildingNumber: '4321', version: c.json().version });
    // an unrelated edit of a contact is not refused for its other fields
    expect((await t.admin.patch(`/api/contacts/contacts/${c.json().id}`, { phone: '0500000000', version: c.json().version })).statusCode).toBe(200);
  });
});

describe('contacts abroad: numbers by their own country', () => {
  it('checks a buyer in the UAE by the TRN format, keeps a German number as typed, and checks again when the country changes', async () => {
    const uae = await contact(t.admin, { country: 'AE', taxNumber: '100-1234-5678-9003' });
    expect(uae.statusCode, uae.body).toBe(201);
    expect(uae.json()).toMatchObject({ country: 'AE', taxNumber: '100123456789003' });
    const badUae = await ar.post('/api/contacts/contacts', { kind: 'company', name: 'Gulf Buyer', country: 'AE', taxNumber: '12345' });
    expect(badUae.statusCode).toBe(422);
    expect(badUae.json().error.fields.taxNumber).toMatch(/الإمارات/);
    const de = await contact(t.admin, { country: 'DE', taxNumber: ' DE123456789 ', buildingNumber: '12a' });
    expect(de.statusCode, de.body).toBe(201);
    expect(de.json()).toMatchObject({ country: 'DE', taxNumber: 'DE123456789', buildingNumber: '12a' });
    // moved to Saudi Arabia (the company's country): the saved number no longer fits, nothing is saved
    const moved = await t.admin.patch(`/api/contacts/contacts/${de.json().id}`, { country: null, version: de.json().version });
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().error.fields).sort()).toEqual(['buildingNumber', 'taxNumber']);
    expect((await t.admin.get(`/api/contacts/contacts/${de.json().id}`)).json()).toMatchObject({ country: 'DE', version: de.json().version });
    const unknown = await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Nowhere', country: 'ZZ' });
    expect(unknown.statusCode).toBe(422);
  });
});

describe('confirming a tax invoice (the company registered for VAT)', () => {
  it('refuses a business buyer without its VAT number, in both languages, with nothing posted or numbered', async () => {
    const buyer = (await contact(t.admin, { name: 'Najd Trading', nameAr: 'نجد للتجارة' })).json();
    const inv = await draft(buyer.id);
    const e0 = await entries();
    const en = await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    expect(en.statusCode).toBe(422);
    expect(en.json().error.message).toBe('A tax invoice to a business needs the buyer\'s VAT registration number: add it to the contact "Najd Trading" first');
    expect(en.json().error.fields.partnerId).toBe(en.json().error.message);
    const a = await ar.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    expect(a.statusCode).toBe(422);
    expect(a.json().error.message).toBe('تتطلب الفاتورة الضريبية الصادرة لمنشأة رقم تسجيل المشتري في ضريبة القيمة المضافة: أضفه أولًا إلى جهة الاتصال "نجد للتجارة"');
    const row = (await t.admin.get(`/api/accounting/invoices/${inv.id}`)).json();
    expect([row.status, row.number, row.entryId, row.issuedAt ?? null]).toEqual(['DRAFT', null, null, null]);
    expect(await entries()).toBe(e0);
    // with the VAT number the same draft confirms, and takes the next number (none was used by the refusals)
    const last = (await q<{ n: string | null }>(sql`SELECT max(number) AS n FROM invoices WHERE number IS NOT NULL`))[0]!.n;
    const b = (await t.admin.get(`/api/contacts/contacts/${buyer.id}`)).json();
    expect((await t.admin.patch(`/api/contacts/contacts/${buyer.id}`, { taxNumber: BUYER_VAT, version: b.version })).statusCode).toBe(200);
    const ok = await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    expect(ok.statusCode).toBe(200);
    expect(ok.json().number).toBe(last!.replace(/\d+$/, (d) => String(Number(d) + 1).padStart(d.length, '0')));
  });

  it('refuses a business buyer whose stored VAT number is not in the Saudi format (saved before the check)', async () => {
    const buyer = (await contact(t.admin, { name: 'Old Buyer' })).json();
    await t.db.orm.execute(sql`UPDATE contacts SET tax_number = '12345' WHERE id = ${buyer.id}`);
    const r = await ar.post(`/api/accounting/invoices/${(await draft(buyer.id)).id}/confirm`, {});
    expect(r.statusCode).toBe(422);
    expect(r.json().error.message).toMatch(/^رقم تسجيل "Old Buyer" في ضريبة القيمة المضافة غير صالح: /);
  });

  it('confirms an invoice to a business abroad without a VAT number', async () => {
    const noVat = (await contact(t.admin, { name: 'Cairo Importers', country: 'EG' })).json();
    const r = await ar.post(`/api/accounting/invoices/${(await draft(noVat.id)).id}/confirm`, {});
    expect(r.statusCode, r.body).toBe(200);
  });

  it('confirms a simplified tax invoice to an individual without a VAT number, issued at the invoice date and the confirmation time', async () => {
    const walkIn = (await contact(t.admin, { kind: 'individual', name: 'Walk-in customer' })).json();
    const co = await company();
    expect((await t.admin.patch(`/api/admin/companies/${co.id}`, { timeZone: 'Asia/Riyadh', version: co.version })).statusCode).toBe(200);
    setClock(() => new Date('2026-05-02T21:30:07Z')); // 00:30:07 on 3 May in Riyadh
    try {
      const r = await t.admin.post(`/api/accounting/invoices/${(await draft(walkIn.id, '2026-04-01')).id}/confirm`, {});
      expect(r.statusCode).toBe(200);
      expect(new Date(r.json().issuedAt).toISOString()).toBe('2026-03-31T21:30:07.000Z'); // 1 April, 00:30:07 in Riyadh
    } finally {
      setClock(null);
    }
  });
});

describe('printing', () => {
  it('refuses an unknown layout in both languages', async () => {
    const id = (await q<{ id: number }>(sql`SELECT id FROM invoices WHERE number IS NOT NULL LIMIT 1`))[0]!.id;
    const en = await t.admin.get(`/api/accounting/invoices/${id}/pdf?layout=letter`);
    expect(en.statusCode).toBe(400);
    expect(en.json().error.message).toBe('Layout must be a4 or receipt');
    expect((await ar.get(`/api/accounting/invoices/${id}/print?layout=letter`)).json().error.message).toBe('يجب أن يكون التخطيط إما a4 أو receipt');
  });
});
