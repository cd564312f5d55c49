import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { txCounters } from '../../../core/db/tx';
import { verifyLedger } from '../../accounting';
import { type SalesKit, salesApp } from './sales.test-kit';

/**
 * Bulk payment: one customer payment spread over open orders and customer invoices made outside sales, oldest
 * first, or by chosen amounts, in one transaction; more than open, an order of someone else, an order's own invoice
 * named as an invoice, amounts not adding up, a share with more decimals than the currency: "Failed to process bulk
 * payment" in both languages and nothing paid.
 * On PostgreSQL two bulk payments at once on the same orders, or on the same invoice, never overpay; two choosing the
 * same invoices in opposite orders both pay without a deadlock (the invoices are locked up front in id order).
 */
let t: TestApp;
let k: SalesKit;
let ar: Client;
let box: number;
beforeAll(async () => {
  ({ t, k, ar } = await salesApp());
  box = await k.product('Box', '10', '1000', '2');
});
afterAll(async () => { await t?.close(); });

/** A confirmed order of `qty` boxes at 10.00, no tax, on `date`. */
async function confirmed(qty: string, date: string, customerId = k.customer) {
  const o = await k.order({ customerId, orderDate: date, items: [{ productId: box, quantity: qty, taxId: null }] });
  const c = await t.admin.post(`/api/sales/orders/${o.id}/confirm`);
  expect(c.statusCode, c.body).toBe(200);
  return c.json() as { id: number; number: string; invoiceId: number };
}
const state = async (id: number) => (await k.q<Record<string, string>>(sql`SELECT o.status, o.payment_status AS ps, o.paid_amount::text AS paid, o.due_amount::text AS due,
  i.paid_amount::text AS "invPaid", i.due_amount::text AS "invDue", i.status AS "invStatus" FROM sales_orders o JOIN invoices i ON i.id = o.invoice_id WHERE o.id = ${id}`))[0]!;

/** A confirmed customer invoice made in accounting (not by an order): `amount` without tax, on `date`. */
async function invoice(customerId: number, amount: string, date: string) {
  const made = await t.admin.post('/api/accounting/invoices', { type: 'SALE', partnerId: customerId, date, lines: [{ description: 'Consulting', quantity: '1', unitPrice: amount }] });
  expect(made.statusCode, made.body).toBe(201);
  const c = await t.admin.post(`/api/accounting/invoices/${made.json().id}/confirm`, {});
  expect(c.statusCode, c.body).toBe(200);
  return c.json() as { id: number; number: string; totalAmount: string };
}
const inv = async (id: number) => (await k.q<Record<string, string>>(sql`SELECT status, paid_amount::text AS paid, due_amount::text AS due FROM invoices WHERE id = ${id}`))[0]!;
const customer = async (name: string) => (await t.admin.post('/api/contacts/contacts', { kind: 'company', name, isCustomer: true })).json().id as number;

describe('bulk payment', () => {
  it('allocates oldest first over the open orders in one transaction, and by chosen amounts', async () => {
    const a = await confirmed('3', '2026-03-02'); // 30
    const b = await confirmed('2', '2026-03-01'); // 20, older
    const c = await confirmed('5', '2026-03-03'); // 50
    const r = await t.admin.post('/api/sales/payments/bulk', { customerId: k.customer, amount: '35', date: '2026-03-20', method: 'bank_transfer', reference: 'TRF-1' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().allocations.map((x: any) => [x.orderId, x.amount, x.paymentStatus])).toEqual([[b.id, '20', 'paid'], [a.id, '15', 'partially_paid']]);
    expect(await state(b.id)).toMatchObject({ status: 'completed', ps: 'paid', paid: '20.0000', due: '0.0000', invStatus: 'PAID' });
    expect(await state(a.id)).toMatchObject({ status: 'confirmed', ps: 'partially_paid', paid: '15.0000', due: '15.0000', invPaid: '15.0000', invDue: '15.0000' });
    const bank = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM invoice_payments p JOIN journals j ON j.id = p.journal_id WHERE j.code = 'BNK' AND p.reference = 'TRF-1'`);
    expect(bank[0]!.n).toBe(2);

    const chosen = await ar.post('/api/sales/payments/bulk', { customerId: k.customer, amount: '25', allocations: [{ orderId: c.id, amount: '20' }, { orderId: a.id, amount: '5' }] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await state(c.id)).toMatchObject({ paid: '20.0000', due: '30.0000' });
    expect(await state(a.id)).toMatchObject({ paid: '20.0000', due: '10.0000' });
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  });

  it('refuses more than open, foreign orders and mismatched amounts, in both languages, paying nothing', async () => {
    const other = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Someone else', isCustomer: true })).json().id as number;
    const theirs = await confirmed('1', '2026-03-05', other);
    const before = await picture(t.db);
    const open = (await k.q<{ s: string }>(sql`SELECT sum(due_amount)::numeric(20,2)::text AS s FROM sales_orders WHERE customer_id = ${k.customer} AND status = 'confirmed'`))[0]!.s;
    const over = await t.admin.post('/api/sales/payments/bulk', { customerId: k.customer, amount: '100000' });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toBe(`Failed to process bulk payment: the amount is more than the open amount (${open})`);
    const overAr = await ar.post('/api/sales/payments/bulk', { customerId: k.customer, amount: '100000' });
    expect(overAr.json().error.message).toBe(`فشل في معالجة الدفعة المجمعة: المبلغ أكبر من المبلغ المستحق (${open})`);
    const foreign = await t.admin.post('/api/sales/payments/bulk', { customerId: k.customer, amount: '1', allocations: [{ orderId: theirs.id, amount: '1' }] });
    expect(foreign.json().error.message).toBe('Failed to process bulk payment: line 1 is not an open order or invoice of this customer');
    const [first] = await k.q<{ id: number }>(sql`SELECT id FROM sales_orders WHERE customer_id = ${k.customer} AND status = 'confirmed' ORDER BY id LIMIT 1`);
    const sum = await ar.post('/api/sales/payments/bulk', { customerId: k.customer, amount: '5', allocations: [{ orderId: first!.id, amount: '4' }] });
    expect(sum.statusCode).toBe(422);
    expect(sum.json().error.message).toBe('فشل في معالجة الدفعة المجمعة: يجب أن يساوي مجموع المبالغ المختارة مبلغ الدفعة');
    const bad = await t.admin.post('/api/sales/payments/bulk', { customerId: k.customer, amount: '' });
    expect(bad.json().error.message).toBe('Failed to process bulk payment: Amount is required');
    // not a payment, entry or residual anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
  });

  it("refuses a share with more decimals than the currency, oldest first or chosen, in both languages, paying nothing", async () => {
    const cust = await customer('Fils Co');
    const o1 = await confirmed('1', '2026-03-06', cust); // 10, older
    const i1 = await invoice(cust, '30', '2026-03-07');
    const before = await picture(t.db);
    const lead = 'Failed to process bulk payment: ';
    const leadAr = 'فشل في معالجة الدفعة المجمعة: ';
    // oldest first: 0.001 to the order; 10.005 pays the order's 10 whole, then 0.005 of the invoice
    for (const amount of ['0.001', '10.005']) {
      const en = await t.admin.post('/api/sales/payments/bulk', { customerId: cust, amount });
      expect(en.statusCode, amount).toBe(422);
      expect(en.json().error.message).toBe(`${lead}the amount allows at most 2 decimal places: the currency has no smaller unit`);
      expect(Object.keys(en.json().error.fields)).toEqual(['amount']);
      const inAr = await ar.post('/api/sales/payments/bulk', { customerId: cust, amount });
      expect(inAr.json().error.message).toBe(`${leadAr}المبلغ: الحد الأقصى للمنازل العشرية 2، إذ لا توجد في العملة وحدة أصغر`);
    }
    const chosen = { customerId: cust, amount: '5.001', allocations: [{ orderId: o1.id, amount: '5' }, { invoiceId: i1.id, amount: '0.001' }] };
    const en = await t.admin.post('/api/sales/payments/bulk', chosen);
    expect(en.statusCode).toBe(422);
    expect(en.json().error.message).toBe(`${lead}line 2: the amount allows at most 2 decimal places: the currency has no smaller unit`);
    expect(Object.keys(en.json().error.fields)).toEqual(['allocations']);
    expect((await ar.post('/api/sales/payments/bulk', chosen)).json().error.message).toBe(`${leadAr}مبلغ السطر 2: الحد الأقصى للمنازل العشرية 2، إذ لا توجد في العملة وحدة أصغر`);
    // not a payment, entry or residual anywhere: every table as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    const ok = await t.admin.post('/api/sales/payments/bulk', { customerId: cust, amount: '10.50', allocations: [{ invoiceId: i1.id, amount: '10.5000' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await inv(i1.id)).toEqual({ status: 'PARTIALLY_PAID', paid: '10.5000', due: '19.5000' });
  });

  it.runIf(process.env.TEST_DB === 'postgres')('two bulk payments at once on the same orders never overpay', async () => {
    const cust = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Race Co', isCustomer: true })).json().id as number;
    const o1 = await confirmed('3', '2026-04-01', cust); // 30
    const o2 = await confirmed('4', '2026-04-02', cust); // 40
    const res = await Promise.all([
      t.admin.post('/api/sales/payments/bulk', { customerId: cust, amount: '50' }),
      ar.post('/api/sales/payments/bulk', { customerId: cust, amount: '50' }),
    ]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const refused = res.find((r) => r.statusCode === 422)!;
    expect(refused.json().error.message).toMatch(/^(Failed to process bulk payment|فشل في معالجة الدفعة المجمعة): /);
    const paid = await k.q<{ paid: string; due: string }>(sql`SELECT sum(paid_amount)::text AS paid, sum(due_amount)::text AS due FROM invoices WHERE id IN (${o1.invoiceId}, ${o2.invoiceId})`);
    expect(paid[0]).toEqual({ paid: '50.0000', due: '20.0000' });
    expect(await state(o1.id)).toMatchObject({ paid: '30.0000', due: '0.0000', ps: 'paid' });
    expect(await state(o2.id)).toMatchObject({ paid: '20.0000', due: '20.0000', ps: 'partially_paid' });
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  }, 60_000);

  it('offers and pays the customer\'s invoices made outside sales too, oldest first or chosen; an order\'s own invoice only through its order', async () => {
    const cust = await customer('Invoiced Co');
    const i1 = await invoice(cust, '30', '2026-05-01');
    const o1 = await confirmed('1', '2026-05-02', cust); // 10
    const i2 = await invoice(cust, '40', '2026-05-03');
    const open = await t.admin.get(`/api/sales/payments/open?customerId=${cust}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().items.map((x: any) => [x.kind, x.id, x.due])).toEqual([['invoice', i1.id, '30.0000'], ['order', o1.id, '10.0000'], ['invoice', i2.id, '40.0000']]);
    expect(open.json().openTotal).toBe('80.0000');

    // more than the open total (invoices included): refused in both languages, no entry, every residual as it was
    const beforeOver = await picture(t.db);
    const overOpen = await t.admin.post('/api/sales/payments/bulk', { customerId: cust, amount: '80.01' });
    expect(overOpen.statusCode).toBe(422);
    expect(overOpen.json().error.message).toBe('Failed to process bulk payment: the amount is more than the open amount (80.00)');
    const overOpenAr = await ar.post('/api/sales/payments/bulk', { customerId: cust, amount: '80.01', allocations: [] });
    expect(overOpenAr.json().error.message).toBe('فشل في معالجة الدفعة المجمعة: المبلغ أكبر من المبلغ المستحق (80.00)');
    expect(changes(beforeOver, await picture(t.db))).toEqual({});
    expect([await inv(i1.id), await inv(i2.id)].map((x) => x.due)).toEqual(['30.0000', '40.0000']);
    expect(await state(o1.id)).toMatchObject({ due: '10.0000', invDue: '10.0000' });

    const r = await ar.post('/api/sales/payments/bulk', { customerId: cust, amount: '45', date: '2026-05-10' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().allocations.map((x: any) => [x.kind, x.orderId ?? x.invoiceId, x.amount, x.paymentStatus])).toEqual([
      ['invoice', i1.id, '30', 'paid'], ['order', o1.id, '10', 'paid'], ['invoice', i2.id, '5', 'partially_paid']]);
    expect(await inv(i1.id)).toEqual({ status: 'PAID', paid: '30.0000', due: '0.0000' });
    expect(await inv(i2.id)).toEqual({ status: 'PARTIALLY_PAID', paid: '5.0000', due: '35.0000' });
    expect(await state(o1.id)).toMatchObject({ status: 'completed', ps: 'paid', invStatus: 'PAID' });

    // chosen: the order's own invoice named as an invoice is not open as one; more than an invoice's due is refused
    const o2 = await confirmed('2', '2026-05-04', cust); // 20
    const before = await picture(t.db);
    const own = await t.admin.post('/api/sales/payments/bulk', { customerId: cust, amount: '5', allocations: [{ invoiceId: o2.invoiceId, amount: '5' }] });
    expect(own.statusCode).toBe(422);
    expect(own.json().error.message).toBe('Failed to process bulk payment: line 1 is not an open order or invoice of this customer');
    const over = await ar.post('/api/sales/payments/bulk', { customerId: cust, amount: '36', allocations: [{ invoiceId: i2.id, amount: '36' }] });
    expect(over.json().error.message).toBe(`فشل في معالجة الدفعة المجمعة: السطر 1: أكثر من المستحق على ${i2.number}`);
    const both = await t.admin.post('/api/sales/payments/bulk', { customerId: cust, amount: '55', allocations: [{ invoiceId: i2.id, amount: '35' }, { orderId: o2.id, amount: '25' }] });
    expect(both.statusCode).toBe(422); // the order's 25 is over its 20: nothing of the invoice's 35 is kept
    expect(changes(before, await picture(t.db))).toEqual({});
    expect(await inv(i2.id)).toMatchObject({ due: '35.0000' });
    const chosen = await t.admin.post('/api/sales/payments/bulk', { customerId: cust, amount: '55', allocations: [{ invoiceId: i2.id, amount: '35' }, { orderId: o2.id, amount: '20' }] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await inv(i2.id)).toEqual({ status: 'PAID', paid: '40.0000', due: '0.0000' });
    expect((await t.admin.get(`/api/sales/payments/open?customerId=${cust}`)).json()).toEqual({ items: [], openTotal: '0.0000' });
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('two bulk payments at once on the same invoice never overpay it', async () => {
    const cust = await customer('Race Invoices Co');
    const i = await invoice(cust, '40', '2026-06-01');
    const res = await Promise.all([
      t.admin.post('/api/sales/payments/bulk', { customerId: cust, amount: '30' }),
      ar.post('/api/sales/payments/bulk', { customerId: cust, amount: '30', allocations: [{ invoiceId: i.id, amount: '30' }] }),
    ]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    // refused by the bulk payment's own check: the invoice was locked before its due was read, so the second saw 10
    expect(res.find((r) => r.statusCode === 422)!.json().error.message).toMatch(/^(Failed to process bulk payment|فشل في معالجة الدفعة المجمعة): /);
    expect(await inv(i.id)).toEqual({ status: 'PARTIALLY_PAID', paid: '30.0000', due: '10.0000' });
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  }, 60_000);

  // Without the invoices locked up front in id order, A holds the first invoice and waits for the second while B
  // holds the second and waits for the first: PostgreSQL breaks the deadlock and withTx runs one again (40P01).
  it.runIf(process.env.TEST_DB === 'postgres')('two bulk payments choosing the same invoices in opposite orders both pay, without a deadlock', async () => {
    for (let round = 1; round <= 3; round++) {
      const cust = await customer(`Crossed Co ${round}`);
      const i1 = await invoice(cust, '30', '2026-06-02');
      const i2 = await invoice(cust, '40', '2026-06-03');
      const retriedBefore = txCounters.retried.length;
      const res = await Promise.all([
        t.admin.post('/api/sales/payments/bulk', { customerId: cust, amount: '20', allocations: [{ invoiceId: i1.id, amount: '10' }, { invoiceId: i2.id, amount: '10' }] }),
        ar.post('/api/sales/payments/bulk', { customerId: cust, amount: '20', allocations: [{ invoiceId: i2.id, amount: '10' }, { invoiceId: i1.id, amount: '10' }] }),
      ]);
      expect(res.map((r) => r.statusCode), res.map((r) => r.body).join('\n')).toEqual([200, 200]);
      expect(txCounters.retried.slice(retriedBefore)).not.toContain('40P01');
      expect(await inv(i1.id)).toEqual({ status: 'PARTIALLY_PAID', paid: '20.0000', due: '10.0000' });
      expect(await inv(i2.id)).toEqual({ status: 'PARTIALLY_PAID', paid: '20.0000', due: '20.0000' });
    }
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  }, 60_000);
});
