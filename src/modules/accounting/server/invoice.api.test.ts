import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../../tests/support/test-app';
import { type Kit, kit } from './test-kit';

/**
 * Invoices end to end: totals by the server, confirm posts, payments post and never exceed the due nor have more
 * decimals than the currency, void, credit notes.
 */
let t: TestApp;
let k: Kit;
let vat: number;
let partnerId: number;
const balance = (code: string) => k.balance(code);

beforeAll(async () => {
  t = await testApp(); k = await kit(t);
  vat = (await t.admin.get('/api/accounting/taxes')).json().items.find((x: { name: string }) => x.name === 'VAT 15%').id;
  partnerId = await k.contact();
});
afterAll(async () => { await t?.close(); });

const sale = (o: Record<string, unknown> = {}) => t.admin.post('/api/accounting/invoices', {
  type: 'SALE', partnerId, date: '2026-04-01', paymentTermDays: 30,
  lines: [{ description: 'Consulting', quantity: '2', unitPrice: '100', taxId: vat }, { description: 'Setup', quantity: 1, unitPrice: '50' }], ...o,
});

describe('sale invoices', () => {
  it("prints the partner in the print's language: the Arabic name in Arabic, both in a bilingual print", async () => {
    const p = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Gulf Trading', nameAr: 'الخليج للتجارة', isCustomer: true })).json().id;
    const inv = (await sale({ partnerId: p })).json();
    const page = async (lang: string) => (await t.admin.get(`/api/accounting/invoices/${inv.id}/print?lang=${lang}`)).body;
    const [en, arPrint, both] = [await page('en'), await page('ar'), await page('both')];
    expect([en.includes('Gulf Trading'), en.includes('الخليج للتجارة')]).toEqual([true, false]);
    expect([arPrint.includes('الخليج للتجارة'), arPrint.includes('Gulf Trading')]).toEqual([true, false]);
    expect(both).toContain('Gulf Trading / الخليج للتجارة');
  });

  it('computes totals server side, ignores client totals, and confirm posts receivable / income / tax', async () => {
    const c = await sale({ totalAmount: '1', paidAmount: '999', status: 'PAID', number: 'X' });
    expect(c.statusCode).toBe(201);
    const inv = c.json();
    expect(inv).toMatchObject({ subtotal: '250.0000', taxAmount: '30.0000', totalAmount: '280.0000', dueAmount: '280.0000', paidAmount: '0.0000', status: 'DRAFT', number: null, dueDate: '2026-05-01' });
    const conf = await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    expect(conf.statusCode).toBe(200);
    expect(conf.json()).toMatchObject({ status: 'CONFIRMED', number: 'INV/2026/00001' });
    expect(await balance('1103')).toBe(280);
    expect(await balance('4101')).toBe(-250);
    expect(await balance('2102')).toBe(-30);
    expect((await t.admin.patch(`/api/accounting/invoices/${inv.id}`, { reference: 'x' })).statusCode).toBe(409);
    expect((await t.admin.del(`/api/accounting/invoices/${inv.id}`)).statusCode).toBe(409);
    expect((await t.admin.post(`/api/accounting/invoices/${inv.id}/markSent`, {})).json().status).toBe('SENT');
  });

  it('records payments up to the due amount, refuses paying more, and becomes PAID', async () => {
    const inv = (await sale()).json();
    await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    const cash0 = await balance('1101');
    const over = await t.admin.post(`/api/accounting/invoices/${inv.id}/recordPayment`, { amount: '280.01' });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toBe('The payment 280.01 is more than the amount due 280.00');
    expect((await t.admin.post(`/api/accounting/invoices/${inv.id}/recordPayment`, { amount: '0' })).statusCode).toBe(422);
    expect((await t.admin.post(`/api/accounting/invoices/${inv.id}/recordPayment`, { amount: 'abc' })).statusCode).toBe(422);
    const p1 = await t.admin.post(`/api/accounting/invoices/${inv.id}/recordPayment`, { amount: '80', date: '2026-04-05' });
    expect(p1.statusCode).toBe(200);
    expect(p1.json()).toMatchObject({ status: 'PARTIALLY_PAID', dueAmount: '200.0000' });
    const p2 = await t.admin.post(`/api/accounting/invoices/${inv.id}/recordPayment`, { amount: '200', date: '2026-04-06', journalId: k.jr('BNK') });
    expect(p2.json()).toMatchObject({ status: 'PAID', dueAmount: '0.0000', paidAmount: '280.0000' });
    expect((await t.admin.post(`/api/accounting/invoices/${inv.id}/recordPayment`, { amount: '1' })).statusCode).toBe(409);
    expect(await balance('1101') - cash0).toBe(80);
    const pays = (await t.admin.get(`/api/accounting/invoice-payments?filter[invoiceId]=${inv.id}`)).json();
    expect(pays.total).toBe(2);
    expect((await t.admin.post(`/api/accounting/invoices/${inv.id}/void`, {})).statusCode).toBe(409);
  });

  it('serialises parallel payments on one invoice: never more than the due', async () => {
    const inv = (await sale()).json();
    await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    const res = await Promise.all(Array.from({ length: 5 }, () => t.admin.post(`/api/accounting/invoices/${inv.id}/recordPayment`, { amount: '100' })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 200, 422, 422, 422]);
    expect((await t.admin.get(`/api/accounting/invoices/${inv.id}`)).json()).toMatchObject({ paidAmount: '200.0000', dueAmount: '80.0000', status: 'PARTIALLY_PAID' });
  });

  it('refuses a line account of another kind in a draft: non-leaf or unknown', async () => {
    const r = await sale({ lines: [{ unitPrice: '10', accountId: k.acc('4') }] });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.message).toMatch(/has sub-accounts/);
    expect((await sale({ lines: [{ unitPrice: '10', accountId: 999999 }] })).statusCode).toBe(422);
    expect((await sale({ lines: [] })).json().error.message).toBe('An invoice needs at least one line');
  });

  it('voids an unpaid invoice by reversal, cancels a draft without posting', async () => {
    const inv = (await sale()).json();
    const before = await balance('1103');
    await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    const v = await t.admin.post(`/api/accounting/invoices/${inv.id}/void`, {});
    expect(v.json().status).toBe('VOID');
    expect(await balance('1103')).toBe(before);
    const entry = (await t.admin.get(`/api/accounting/journal-entries/${v.json().entryId}`)).json();
    expect(entry.status).toBe('cancelled');
    const d = (await sale()).json();
    expect((await t.admin.post(`/api/accounting/invoices/${d.id}/cancel`, {})).json().status).toBe('CANCELLED');
    expect((await t.admin.post(`/api/accounting/invoices/${d.id}/confirm`, {})).statusCode).toBe(409);
  });

  it('a credit note reduces the due; a full one makes the invoice RETURNED, and its refund REFUNDED', async () => {
    const inv = (await sale()).json();
    await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    await t.admin.post(`/api/accounting/invoices/${inv.id}/recordPayment`, { amount: '100' });
    const part = await t.admin.post(`/api/accounting/invoices/${inv.id}/creditNote`, { lines: [{ description: 'Setup', quantity: 1, unitPrice: '50' }] });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({ totalAmount: '50.00', dueAmount: '130.0000', status: 'PARTIALLY_PAID' });
    const tooBig = await t.admin.post(`/api/accounting/invoices/${inv.id}/creditNote`, {});
    expect(tooBig.statusCode).toBe(422);
    const rest = await t.admin.post(`/api/accounting/invoices/${inv.id}/creditNote`, { lines: [{ description: 'Consulting', quantity: '2', unitPrice: '100', taxId: vat }] });
    expect(rest.json()).toMatchObject({ totalAmount: '230.00', applied: '130.0000', dueAmount: '0.0000', status: 'RETURNED' });
    const cn = (await t.admin.get(`/api/accounting/invoices/${rest.json().creditNoteId}`)).json();
    expect(cn).toMatchObject({ isCreditNote: true, number: 'RINV/2026/00002', dueAmount: '100.0000', status: 'CONFIRMED' });
    const refund = await t.admin.post(`/api/accounting/invoices/${cn.id}/recordPayment`, { amount: '100' });
    expect(refund.json().status).toBe('PAID');
    expect((await t.admin.get(`/api/accounting/invoices/${inv.id}`)).json().status).toBe('REFUNDED');
  });
});

describe('money rounding', () => {
  it('rounds a discount of 10.005 half-up to the currency (10.01): the invoice confirms and its entry balances', async () => {
    const c = await sale({ discount: '10.005', lines: [{ description: 'Parts', quantity: '3', unitPrice: '3.335' }, { description: 'Labour', unitPrice: '100.004' }] });
    expect(c.statusCode, c.body).toBe(201);
    // 3 x 3.335 = 10.005 -> 10.01; 100.004 -> 100.00; total 110.01 - 10.01 = 100.00
    expect(c.json()).toMatchObject({ discount: '10.0100', subtotal: '110.0100', totalAmount: '100.0000', dueAmount: '100.0000' });
    expect(c.json().lines.map((l: { amount: string }) => l.amount)).toEqual(['10.01', '100.00']);
    const conf = await t.admin.post(`/api/accounting/invoices/${c.json().id}/confirm`, {});
    expect(conf.statusCode, conf.body).toBe(200);
    const [e] = await k.q<{ d: string; c: string; n: string }>(sql`SELECT sum(debit)::text AS d, sum(credit)::text AS c, count(*)::text AS n
      FROM journal_lines WHERE entry_id = ${conf.json().entryId}`);
    expect(e).toEqual({ d: '110.0100', c: '110.0100', n: '4' });
  });

  it('rounds a discount changed on a draft too', async () => {
    const c = (await sale({ lines: [{ description: 'x', unitPrice: '50' }] })).json();
    const u = await t.admin.patch(`/api/accounting/invoices/${c.id}`, { version: c.version, discount: '0.125' });
    expect(u.json()).toMatchObject({ discount: '0.1300', totalAmount: '49.8700' });
    expect((await t.admin.post(`/api/accounting/invoices/${c.id}/confirm`, {})).statusCode).toBe(200);
  });
});

describe('payments in money that can be handed over', () => {
  const pay = (c: Client, id: number, amount: string) => c.post(`/api/accounting/invoices/${id}/recordPayment`, { amount });
  const confirmed = async (o: Record<string, unknown> = {}) => {
    const inv = (await sale(o)).json();
    expect((await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {})).statusCode).toBe(200);
    return inv as { id: number };
  };
  /** The company's currency decimals, changed as an administrator does (the company form). */
  const setDecimals = async (d: number) => {
    const id = (await t.admin.get('/api/auth/me')).json().company.id;
    const co = (await t.admin.get(`/api/admin/companies/${id}`)).json();
    const r = await t.admin.patch(`/api/admin/companies/${id}`, { currencyDecimals: d, version: co.version });
    expect(r.statusCode, r.body).toBe(200);
  };

  it('refuses more decimals than the currency (2 for SAR) in both languages, writing nothing; 80.5000 is 80.5', async () => {
    const ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
    const inv = await confirmed(); // 280.00 due
    const before = await picture(t.db);
    for (const amount of ['0.005', '0.0001', '279.999', '100.125']) {
      const en = await pay(t.admin, inv.id, amount);
      expect(en.statusCode, amount).toBe(422);
      expect(en.json().error.message).toBe('Amount allows at most 2 decimal places: the currency has no smaller unit');
      expect(en.json().error.fields).toEqual({ amount: 'Amount allows at most 2 decimal places: the currency has no smaller unit' });
      const inAr = await pay(ar, inv.id, amount);
      expect(inAr.statusCode).toBe(422);
      expect(inAr.json().error.message).toBe('المبلغ: الحد الأقصى للمنازل العشرية 2، إذ لا توجد في العملة وحدة أصغر');
    }
    // no payment, entry, audit row or number: every table as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    const ok = await pay(t.admin, inv.id, '80.5000');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'PARTIALLY_PAID', paidAmount: '80.5000', dueAmount: '199.5000' });
    expect((await pay(t.admin, inv.id, '199.50')).json()).toMatchObject({ status: 'PAID', dueAmount: '0.0000' });
  });

  it("follows the company's currency decimals; a due left with more than the currency has now is paid off whole", async () => {
    await setDecimals(3); // a Kuwaiti dinar's fils
    try {
      const inv = await confirmed({ lines: [{ description: 'Parts', quantity: '1', unitPrice: '10.0055' }] });
      expect((await t.admin.get(`/api/accounting/invoices/${inv.id}`)).json()).toMatchObject({ totalAmount: '10.0060', dueAmount: '10.0060' });
      const fine = await pay(t.admin, inv.id, '0.0005');
      expect(fine.statusCode).toBe(422);
      expect(fine.json().error.message).toBe('Amount allows at most 3 decimal places: the currency has no smaller unit');
      expect((await pay(t.admin, inv.id, '5.001')).json()).toMatchObject({ status: 'PARTIALLY_PAID', dueAmount: '5.0050' });
      // a refusal names amounts in fils too
      expect((await pay(t.admin, inv.id, '6.125')).json().error.message).toContain('5.005');
      // the decimals lowered to 2 with 5.005 still due: a part in thousandths is refused, the whole due is taken
      await setDecimals(2);
      const before = await picture(t.db);
      const part = await pay(t.admin, inv.id, '1.005');
      expect(part.statusCode).toBe(422);
      expect(part.json().error.message).toBe('Amount allows at most 2 decimal places: the currency has no smaller unit');
      expect(changes(before, await picture(t.db))).toEqual({});
      expect((await pay(t.admin, inv.id, '5.005')).json()).toMatchObject({ status: 'PAID', paidAmount: '10.0060', dueAmount: '0.0000' });
    } finally {
      await setDecimals(2);
    }
  });
});

describe('purchase and expense invoices', () => {
  it('posts payable against inventory or expense with input tax, and pays out of cash', async () => {
    const ptax = (await t.admin.get('/api/accounting/taxes')).json().items.find((x: { name: string }) => x.name.includes('purchases')).id;
    const payable0 = await balance('2101');
    const inv = (await t.admin.post('/api/accounting/invoices', { type: 'EXPENSE', partnerId, date: '2026-04-02', dueDate: '2026-04-20',
      lines: [{ description: 'Rent', unitPrice: '1000', taxId: ptax, accountId: k.acc('5103') }] })).json();
    expect(inv.totalAmount).toBe('1150.0000');
    const c = await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    expect(c.json().number).toBe('EXP/2026/00001');
    expect(await balance('5103')).toBe(1000);
    expect(await balance('1105')).toBe(150);
    expect(await balance('2101') - payable0).toBe(-1150);
    await t.admin.post(`/api/accounting/invoices/${inv.id}/recordPayment`, { amount: '1150' });
    expect(await balance('2101') - payable0).toBe(0);
  });

  it('marks unpaid invoices past their due date OVERDUE', async () => {
    const inv = (await sale({ date: '2026-01-01', paymentTermDays: 10 })).json();
    await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    const r = await t.admin.post('/api/accounting/invoices/mark-overdue', { today: '2026-02-01' });
    expect(r.statusCode).toBe(200);
    expect((await t.admin.get(`/api/accounting/invoices/${inv.id}`)).json().status).toBe('OVERDUE');
    expect((await t.admin.post(`/api/accounting/invoices/${inv.id}/recordPayment`, { amount: '10' })).json().status).toBe('PARTIALLY_PAID');
  });

  it('keeps the ledger verifiable after all of it', async () => {
    expect((await t.admin.get('/api/accounting/ledger/verify')).json()).toMatchObject({ ok: true });
  });
});
