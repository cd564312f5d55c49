import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApp, testApp } from '../../../tests/support/test-app';
import { markOverdueAll } from '../../modules/accounting/server/overdue.job';
import { setClock } from './company-time';

/**
 * Company time end to end, the clock pinned at 2026-03-31T21:30:00Z (00:30 on 1 April in Riyadh, 17:30 on 31 March
 * in New York): sign-up stores the zone and refuses a bad one, the settings form edits it, and a payment or credit
 * note without a date, the overdue job and a report's default period all use the company's own date.
 */
let t: TestApp;
let riyadh: Client;
let newYork: Client;
const AT = new Date('2026-03-31T21:30:00Z');
const signup = (username: string, extra: Record<string, unknown>, locale: 'en' | 'ar' = 'en') => t.anon(locale).post('/api/auth/signup', {
  companyNameEn: `Co ${username}`, companyNameAr: `شركة ${username}`, currency: 'SAR', username, fullName: username, password: 'time-pass-123', ...extra,
});

beforeAll(async () => {
  t = await testApp();
  setClock(() => AT);
  const r = await signup('riyadh', { timeZone: 'asia/riyadh' });
  expect(r.statusCode).toBe(201);
  expect(r.json().company.timeZone).toBe('Asia/Riyadh');
  riyadh = await t.login('riyadh', 'time-pass-123');
  expect((await signup('newyork', {})).json().company.timeZone).toBe('UTC');
  newYork = await t.login('newyork', 'time-pass-123', 'ar');
});
afterAll(async () => {
  setClock(null);
  await t?.close();
});

describe('the company time zone', () => {
  it('sign-up refuses a name Intl does not know, or a bare offset, in both languages, and makes nothing', async () => {
    const en = await signup('mars', { timeZone: 'Mars/Olympus_Mons' });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields.timeZone).toBe('Time zone must be a time zone name such as Asia/Riyadh');
    const ar = await signup('mars', { timeZone: '+03:00' }, 'ar');
    expect(ar.statusCode).toBe(422);
    expect(ar.json().error.fields.timeZone).toBe('المنطقة الزمنية غير صالح: استخدم اسم منطقة زمنية مثل Asia/Riyadh');
    expect((await t.db.orm.execute(sql`SELECT 1 FROM users WHERE username = 'mars'`)).rows).toEqual([]);
  });

  it('is edited in the company settings (canonical spelling), refused when unknown, and /me says it', async () => {
    const me = (await newYork.get('/api/auth/me')).json();
    const co = (await newYork.get(`/api/admin/companies/${me.company.id}`)).json();
    const bad = await newYork.patch(`/api/admin/companies/${co.id}`, { timeZone: 'Nowhere/City', version: co.version });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.timeZone).toBe('المنطقة الزمنية غير صالح: استخدم اسم منطقة زمنية مثل Asia/Riyadh');
    const ok = await newYork.patch(`/api/admin/companies/${co.id}`, { timeZone: 'america/new_york', version: co.version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().timeZone).toBe('America/New_York');
    expect((await newYork.get('/api/auth/me')).json().company.timeZone).toBe('America/New_York');
    expect((await t.admin.get('/api/auth/me')).json().company.timeZone).toBe('UTC');
  });
});

/** A confirmed sale of 100 dated 2026-03-01, due 2026-03-31. */
async function confirmedSale(c: Client): Promise<number> {
  const partnerId = (await c.post('/api/contacts/contacts', { kind: 'company', name: 'Customer', isCustomer: true })).json().id;
  const inv = await c.post('/api/accounting/invoices', { type: 'SALE', partnerId, date: '2026-03-01', paymentTermDays: 30, lines: [{ description: 'Work', quantity: 1, unitPrice: '100' }] });
  expect(inv.json().dueDate).toBe('2026-03-31');
  expect((await c.post(`/api/accounting/invoices/${inv.json().id}/confirm`, {})).statusCode).toBe(200);
  return inv.json().id;
}

describe("the company's date", () => {
  it('dates a payment and a credit note given no date on the company day: 1 April in Riyadh, 31 March in UTC', async () => {
    for (const [c, day] of [[riyadh, '2026-04-01'], [t.admin, '2026-03-31']] as const) {
      const id = await confirmedSale(c);
      const pay = await c.post(`/api/accounting/invoices/${id}/recordPayment`, { amount: '10' });
      expect(pay.statusCode).toBe(200);
      const [p] = (await t.db.orm.execute(sql`SELECT p.date::text AS date, e.date::text AS entry FROM invoice_payments p JOIN journal_entries e ON e.id = p.entry_id WHERE p.id = ${pay.json().paymentId}`)).rows;
      expect(p).toEqual({ date: day, entry: day });
      const cn = await c.post(`/api/accounting/invoices/${id}/creditNote`, { lines: [{ description: 'Work', quantity: 1, unitPrice: '5' }] });
      expect(cn.statusCode).toBe(200);
      expect((await c.get(`/api/accounting/invoices/${cn.json().creditNoteId}`)).json()).toMatchObject({ date: day, dueDate: day });
    }
  });

  it('the overdue job marks an invoice due 31 March overdue in Riyadh at 21:30 UTC, not in New York nor in UTC', async () => {
    const [r, n, u] = [await confirmedSale(riyadh), await confirmedSale(newYork), await confirmedSale(t.admin)];
    await markOverdueAll(t.db);
    expect((await riyadh.get(`/api/accounting/invoices/${r}`)).json().status).toBe('OVERDUE');
    expect((await newYork.get(`/api/accounting/invoices/${n}`)).json().status).toBe('CONFIRMED');
    expect((await t.admin.get(`/api/accounting/invoices/${u}`)).json().status).toBe('CONFIRMED');
    expect((await newYork.post('/api/accounting/invoices/mark-overdue', {})).json().updated).toBe(0);
  });

  it("a report's and the dashboard's default period end on the company's today", async () => {
    const tb = (c: Client) => c.get('/api/accounting/reports/trial-balance');
    expect((await tb(riyadh)).json().params).toMatchObject({ from: '2026-01-01', to: '2026-04-01' });
    expect((await tb(t.admin)).json().params).toMatchObject({ to: '2026-03-31' });
    expect((await riyadh.get('/api/inventory/reports/stock-balance')).json().params.to).toBe('2026-04-01');
    expect((await riyadh.get('/api/inventory/dashboard')).json().asOf).toBe('2026-04-01');
    expect((await newYork.get('/api/inventory/dashboard')).json().asOf).toBe('2026-03-31');
  });
});
