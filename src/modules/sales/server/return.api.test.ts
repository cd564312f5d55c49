import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { setClock } from '../../../core/time/company-time';
import { verifyLedger } from '../../accounting';
import { verifyStock } from '../../inventory';
import { type SalesKit, salesApp } from './sales.test-kit';

/**
 * Sales returns on the API, both languages: stock back at the delivery's cost, credit note against the order's
 * invoice (due reduced, or a refund, or a customer credit), gapless numbers, and every refusal the issue lists
 * (more than sold, after the period, partial when not allowed, no reason when required, a negative quantity,
 * another company's order) leaving nothing behind.
 */
let t: TestApp;
let k: SalesKit;
let ar: Client;
let juice: number;
let water: number;
let reason: number;
const NOW = new Date('2026-03-12T09:00:00Z');
beforeAll(async () => {
  setClock(() => NOW);
  ({ t, k, ar } = await salesApp());
  // no default sales tax, so the amounts below read plainly (taxes on order lines: order.tax.api.test.ts)
  await t.db.orm.execute(sql`UPDATE accounting_settings SET default_tax_rate = 0 WHERE company_id = (SELECT company_id FROM users WHERE username = 'admin')`);
  juice = await k.product('Juice', '10', '50', '4');
  water = await k.product('Water', '2', '200', '1');
  reason = (await t.admin.post('/api/sales/reasons', { name: 'Damaged item' })).json().id;
});
afterEach(async () => {
  setClock(() => NOW);
  await settings({ allowPartialReturns: true, requireReturnReason: true, returnPeriodDays: 14 });
});
afterAll(async () => { setClock(null); await t?.close(); });

async function otherCompany(tt: TestApp, username: string): Promise<Client> {
  const r = await tt.anon().post('/api/auth/signup', { companyNameEn: `Other ${username}`, companyNameAr: 'شركة أخرى', currency: 'SAR', username, fullName: 'Other', password: 'other-pass-1' });
  expect(r.statusCode, r.body).toBe(201);
  return tt.login(username, 'other-pass-1');
}
async function settings(set: Record<string, unknown>) {
  const cur = (await t.admin.get('/api/sales/settings/current')).json();
  const r = await t.admin.patch(`/api/sales/settings/${cur.id}`, { version: cur.version, ...set });
  expect(r.statusCode, r.body).toBe(200);
}
async function confirmedOrder(items: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const o = await k.order({ items, ...extra });
  const c = await t.admin.post(`/api/sales/orders/${o.id}/confirm`, {});
  expect(c.statusCode, c.body).toBe(200);
  return c.json();
}
const draft = (body: Record<string, unknown>, c: Client = t.admin) => c.post('/api/sales/returns', { refundMethod: 'credit', reasonId: reason, ...body });
const onHand = async (productId: number) => (await k.q<{ q: string }>(sql`SELECT coalesce(sum(quantity), 0)::text AS q FROM stock_quants WHERE product_id = ${productId}`))[0]!.q;
async function verified() {
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
}
/** The same refusal in English and Arabic, and nothing written by either: every table of the database as it was (tests/support/db-diff.ts). */
async function refused(send: (c: Client) => Promise<{ statusCode: number; json: () => any; body: string }>, status: number, en: string, arText: string, field?: string) {
  const before = await picture(t.db);
  for (const [c, want] of [[t.admin, en], [ar, arText]] as const) {
    const r = await send(c);
    expect(r.statusCode, r.body).toBe(status);
    expect(r.json().error.message).toBe(want);
    if (field) expect(Object.keys(r.json().error.fields ?? {})).toContain(field);
  }
  expect(changes(before, await picture(t.db))).toEqual({});
}

describe('sales returns', () => {
  it('confirms a return: number, stock back at the original cost, credit note reducing the due, lines in their table', async () => {
    const o = await confirmedOrder([{ productId: juice, quantity: '5' }, { productId: water, quantity: '10' }]);
    expect(o.totalAmount).toBe('70.0000');
    const stockBefore = await onHand(juice);
    const d = await draft({ orderId: o.id, items: [{ orderLine: 1, quantity: '2', reason: 'Box crushed' }] });
    expect(d.statusCode, d.body).toBe(201);
    expect(d.json()).toMatchObject({ status: 'draft', number: null, customerId: k.customer, locationId: k.stock, totalAmount: '20.0000' });
    expect(d.json().items[0]).toMatchObject({ orderLine: 1, productId: juice, quantity: '2', price: '10.0000', reason: 'Box crushed' });
    const c = await t.admin.post(`/api/sales/returns/${d.json().id}/confirm`, {});
    expect(c.statusCode, c.body).toBe(200);
    const r = c.json();
    expect(r).toMatchObject({ status: 'confirmed', number: 'RET/2026/00001', returnDate: '2026-03-12', totalAmount: '20.0000', appliedAmount: '20.0000', refundedAmount: '0.0000', creditAmount: '0.0000', stockValue: '8.0000' });
    expect(Number(await onHand(juice)) - Number(stockBefore)).toBe(2);
    const [cn] = await k.q<Record<string, unknown>>(sql`SELECT is_credit_note AS cn, credit_note_of_id AS of, total_amount::text AS total, status FROM invoices WHERE id = ${r.creditNoteId}`);
    expect(cn).toEqual({ cn: true, of: o.invoiceId, total: '20.0000', status: 'PAID' });
    const order = (await t.admin.get(`/api/sales/orders/${o.id}`)).json();
    expect(order).toMatchObject({ dueAmount: '50.0000', paymentStatus: 'unpaid', status: 'confirmed' });
    // stock entry Dr inventory / Cr cost of sales at 4 a unit; credit note Dr sales returns / Cr receivable
    const moves = await k.q(sql`SELECT quantity::text, unit_cost::text AS cost, value::text FROM stock_moves WHERE source_type = 'salesReturn' AND source_id = ${r.id}`);
    expect(moves).toEqual([{ quantity: '2.000000', cost: '4.0000', value: '8.0000' }]);
    const lines = await k.q(sql`SELECT order_line_no AS "orderLine", quantity::text, return_date::text AS date, reason FROM sales_return_lines WHERE return_id = ${r.id}`);
    expect(lines).toEqual([{ orderLine: 1, quantity: '2.000000', date: '2026-03-12', reason: 'Box crushed' }]);
    // a confirmed return is neither edited nor deleted
    expect((await t.admin.patch(`/api/sales/returns/${r.id}`, { version: r.version, notes: 'x' })).statusCode).toBe(409);
    expect((await t.admin.del(`/api/sales/returns/${r.id}`)).statusCode).toBe(409);
    // the form's source: what each line still has to return
    const left = (await t.admin.get(`/api/sales/returns/returnable?orderId=${o.id}`)).json();
    expect(left.lines.map((l: any) => l.returnable)).toEqual(['3', '10']);
    await verified();
  });

  it('is confirmed by a clerk with the returns\' rights alone: the credit note needs no invoice rights of theirs', async () => {
    const o = await confirmedOrder([{ productId: juice, quantity: '3' }]);
    const g = await t.admin.post('/api/admin/groups', { name: 'Returns desk', permissions: ['sales.salesReturn.view', 'sales.salesReturn.add', 'sales.salesReturn.confirm', 'sales.salesOrder.view'] });
    expect(g.statusCode, g.body).toBe(201);
    const u = await t.admin.post('/api/admin/users', { username: 'returns-clerk', fullName: 'Returns Clerk', password: 'secret-pass-1', groups: [g.json().id] });
    expect(u.statusCode, u.body).toBe(201);
    const clerk = await t.login('returns-clerk', 'secret-pass-1', 'ar');
    expect((await clerk.post(`/api/accounting/invoices/${o.invoiceId}/creditNote`, {})).statusCode).toBe(403);
    const d = await draft({ orderId: o.id, items: [{ orderLine: 1, quantity: '1', reason: 'Leaking' }] }, clerk);
    expect(d.statusCode, d.body).toBe(201);
    const c = await clerk.post(`/api/sales/returns/${d.json().id}/confirm`, {});
    expect(c.statusCode, c.body).toBe(200);
    const [cn] = await k.q<Record<string, unknown>>(sql`SELECT is_credit_note AS cn, credit_note_of_id AS of, total_amount::text AS total FROM invoices WHERE id = ${c.json().creditNoteId}`);
    expect(cn).toEqual({ cn: true, of: o.invoiceId, total: '10.0000' });
    // audited as the clerk: the note's create and confirm, the invoice's credit
    const who = await k.q<{ action: string; user: string }>(sql`SELECT a.action, u.username AS user FROM audit_log a JOIN users u ON u.id = a.user_id
      WHERE a.entity = 'invoice' AND a.record_id IN (${c.json().creditNoteId}, ${o.invoiceId}) AND a.action IN ('create', 'confirm', 'creditNote') AND u.username = 'returns-clerk' ORDER BY a.id`);
    expect(who.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'confirm', 'creditNote']));
    await verified();
  });

  it('refunds a paid order by the refund method, or leaves a credit on the customer\'s account', async () => {
    const o = await confirmedOrder([{ productId: juice, quantity: '3' }], { paymentMethod: 'cash' });
    expect((await t.admin.post(`/api/sales/orders/${o.id}/pay`, { amount: '30' })).json().status).toBe('completed');
    const cash = (await draft({ orderId: o.id, refundMethod: 'cash', items: [{ orderLine: 1, quantity: '1' }] })).json();
    const r1 = (await t.admin.post(`/api/sales/returns/${cash.id}/confirm`, {})).json();
    expect(r1).toMatchObject({ totalAmount: '10.0000', appliedAmount: '0.0000', refundedAmount: '10.0000', creditAmount: '0.0000' });
    const [refund] = await k.q<Record<string, unknown>>(sql`SELECT amount::text, (SELECT code FROM journals j WHERE j.id = p.journal_id) AS journal FROM invoice_payments p WHERE invoice_id = ${r1.creditNoteId}`);
    expect(refund).toEqual({ amount: '10.0000', journal: 'CSH' });
    const bank = (await draft({ orderId: o.id, refundMethod: 'bank_transfer', items: [{ orderLine: 1, quantity: '1' }] })).json();
    const c2 = await t.admin.post(`/api/sales/returns/${bank.id}/confirm`, {});
    expect(c2.statusCode, c2.body).toBe(200);
    const r2 = c2.json();
    const [refund2] = await k.q<Record<string, unknown>>(sql`SELECT (SELECT code FROM journals j WHERE j.id = p.journal_id) AS journal FROM invoice_payments p WHERE invoice_id = ${r2.creditNoteId}`);
    expect(refund2).toEqual({ journal: 'BNK' });
    const credit = (await draft({ orderId: o.id, refundMethod: 'credit', items: [{ orderLine: 1, quantity: '1' }] })).json();
    const r3 = (await t.admin.post(`/api/sales/returns/${credit.id}/confirm`, {})).json();
    expect(r3).toMatchObject({ refundedAmount: '0.0000', creditAmount: '10.0000' });
    const [open] = await k.q<Record<string, unknown>>(sql`SELECT due_amount::text AS due, status FROM invoices WHERE id = ${r3.creditNoteId}`);
    expect(open).toEqual({ due: '10.0000', status: 'CONFIRMED' });
    expect((await t.admin.get(`/api/sales/orders/${o.id}`)).json()).toMatchObject({ paidAmount: '30.0000', dueAmount: '0.0000', paymentStatus: 'paid', status: 'completed' });
    await verified();
  });

  it('never returns more than was sold: on save and again at confirm; nothing half-saved', async () => {
    const o = await confirmedOrder([{ productId: juice, quantity: '4' }]);
    await refused((c) => draft({ orderId: o.id, items: [{ orderLine: 1, quantity: '5' }] }, c), 422,
      'Line 1: cannot return 5 of Juice; only 4 left to return', 'السطر 1: لا يمكن إرجاع 5 من Juice؛ المتبقي القابل للإرجاع 4 فقط', 'items');
    const a = (await draft({ orderId: o.id, items: [{ orderLine: 1, quantity: '3' }] })).json();
    const b = (await draft({ orderId: o.id, items: [{ orderLine: 1, quantity: '3' }] })).json();
    expect((await t.admin.post(`/api/sales/returns/${a.id}/confirm`, {})).statusCode).toBe(200);
    await refused((c) => c.post(`/api/sales/returns/${b.id}/confirm`, {}), 422,
      'Line 1: cannot return 3 of Juice; only 1 left to return', 'السطر 1: لا يمكن إرجاع 3 من Juice؛ المتبقي القابل للإرجاع 1 فقط', 'items');
    expect((await t.admin.get(`/api/sales/returns/${b.id}`)).json()).toMatchObject({ status: 'draft', number: null });
    await refused((c) => draft({ orderId: o.id, items: [{ orderLine: 2, quantity: '1' }] }, c), 422, 'Line 1: the order has no line 2', 'السطر 1: لا يوجد في الطلب سطر رقم 2');
    await verified();
  });

  it('refuses a negative or zero quantity, a draft order and another company\'s order', async () => {
    const o = await confirmedOrder([{ productId: juice, quantity: '2' }]);
    await refused((c) => draft({ orderId: o.id, items: [{ orderLine: 1, quantity: '-1' }] }, c), 422,
      'Line 1: the quantity must be greater than zero', 'السطر 1: يجب أن تكون الكمية أكبر من صفر');
    await refused((c) => draft({ orderId: o.id, items: [{ orderLine: 1, quantity: '0' }] }, c), 422,
      'Line 1: the quantity must be greater than zero', 'السطر 1: يجب أن تكون الكمية أكبر من صفر');
    const d = await k.order({ items: [{ productId: juice, quantity: '1' }] });
    await refused((c) => draft({ orderId: d.id, items: [{ orderLine: 1, quantity: '1' }] }, c), 422,
      'Only a confirmed or completed sales order can be returned', 'لا يمكن إرجاع إلا أمر بيع مؤكد أو مكتمل', 'orderId');
    const other = await otherCompany(t, 'ret-spy');
    const before = await picture(t.db);
    const r = await other.post('/api/sales/returns', { orderId: o.id, refundMethod: 'cash', items: [{ orderLine: 1, quantity: '1' }] });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields.orderId).toBe('The sales order does not exist');
    expect((await other.get(`/api/sales/returns/returnable?orderId=${o.id}`)).statusCode).toBe(422);
    expect(changes(before, await picture(t.db))).toEqual({});
    // a draft of ours (a write), then the other company's confirm of it: 404 and nothing written, the draft untouched
    const mine = (await draft({ orderId: o.id, items: [{ orderLine: 1, quantity: '1' }] })).json();
    const withDraft = await picture(t.db);
    expect((await other.post(`/api/sales/returns/${mine.id}/confirm`, {})).statusCode).toBe(404);
    expect((await other.get(`/api/sales/returns/${mine.id}`)).statusCode).toBe(404);
    expect(changes(withDraft, await picture(t.db))).toEqual({});
  });

  it('refuses after the return period, a partial return when not allowed, and no reason when one is required', async () => {
    const o = await confirmedOrder([{ productId: juice, quantity: '2' }, { productId: water, quantity: '4' }]);
    const part = (await draft({ orderId: o.id, reasonId: null, items: [{ orderLine: 1, quantity: '1' }] })).json();
    await refused((c) => c.post(`/api/sales/returns/${part.id}/confirm`, {}), 422, 'Reason is required', 'السبب مطلوب', 'reasonId');
    await settings({ requireReturnReason: false, allowPartialReturns: false });
    await refused((c) => c.post(`/api/sales/returns/${part.id}/confirm`, {}), 422,
      'Partial returns are not allowed: return every item left on the order, in full', 'الإرجاع الجزئي غير مسموح: أرجع جميع الأصناف المتبقية في الطلب بكامل كمياتها', 'items');
    setClock(() => new Date('2026-03-25T09:00:00Z'));
    await settings({ allowPartialReturns: true });
    await refused((c) => c.post(`/api/sales/returns/${part.id}/confirm`, {}), 422,
      'The return period of 14 days is over: the order is of 2026-03-10', 'انتهت مدة الإرجاع البالغة 14 يومًا: تاريخ الطلب 2026-03-10');
    setClock(() => new Date('2026-03-24T09:00:00Z'));
    await settings({ allowPartialReturns: false });
    const whole = (await draft({ orderId: o.id, items: [{ orderLine: 1, quantity: '2' }, { orderLine: 2, quantity: '4' }] })).json();
    const ok = await t.admin.post(`/api/sales/returns/${whole.id}/confirm`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ returnDate: '2026-03-24', totalAmount: '28.0000' });
    expect((await t.admin.get(`/api/sales/orders/${o.id}`)).json()).toMatchObject({ dueAmount: '0.0000', status: 'completed' });
    const [inv] = await k.q(sql`SELECT status FROM invoices WHERE id = ${o.invoiceId}`);
    expect(inv).toEqual({ status: 'RETURNED' });
    await verified();
  });
});
