import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import type { Row } from '../../../core/entity/hooks';
import { ops } from '../../../core/entity/operations';
import type { AppError } from '../../../core/http/errors';
import { salesOrder } from '../model/sales-order.entity';
import { type SalesKit, salesApp } from './sales.test-kit';

/**
 * An order confirmed and paid in one transaction (a till sale's shape): the payments use the invoice the confirmation
 * issued and the order as the transaction wrote it, not read again; each payment must still see what the one before
 * it left (a second payment over what is left is refused, and nothing of the transaction stays). The pay action
 * takes money that can be handed over: at most the currency's decimals (accounting's rule and message).
 */
let t: TestApp;
let k: SalesKit;
let ar: Client;
let tea: number;
beforeAll(async () => {
  ({ t, k, ar } = await salesApp());
  tea = await k.product('Tea', '10', '50', '4');
});
afterAll(async () => { await t?.close(); });

const sale = (pay: string[]) => withTx(t.db, async () => {
  let order = await ops.createAndTransition(k.ctx, salesOrder, {
    customerId: k.customer, orderDate: '2026-03-10', locationId: k.stock, paymentMethod: 'cash', items: [{ productId: tea, quantity: '3', taxId: null }],
  }, 'confirm') as Row;
  for (const amount of pay) order = await ops.action(k.ctx, salesOrder, order.id as number, 'pay', { amount }, { locked: order }) as Row;
  return order;
});

describe('an order confirmed and paid in one transaction', () => {
  it('splits its payment: each sees what the one before left, and the invoice agrees', async () => {
    const o = await sale(['12', '18']);
    expect(o).toMatchObject({ status: 'completed', paymentStatus: 'paid', paidAmount: '30.0000', dueAmount: '0.0000' });
    const [inv] = await k.q<{ paid: string; due: string; status: string; version: number; payments: number }>(sql`SELECT paid_amount::text AS paid, due_amount::text AS due, status, version,
      (SELECT count(*)::int FROM invoice_payments p WHERE p.invoice_id = i.id) AS payments FROM invoices i WHERE id = ${o.invoiceId as number}`);
    expect(inv).toMatchObject({ paid: '30.0000', due: '0.0000', status: 'PAID', payments: 2 });
  });

  it('refuses a second payment over what the first left, and keeps nothing of the sale', async () => {
    const before = await picture(t.db);
    const refused = await sale(['25', '6']).then(() => null, (e: AppError) => e);
    expect(refused?.status).toBe(422);
    expect(refused?.messageIn('en')).toBe('The payment 6.00 is more than the amount due 5.00');
    expect(refused?.messageIn('ar')).toBe('الدفعة 6.00 أكبر من المبلغ المستحق 5.00');
    // not a row of the order, its invoice, delivery or first payment: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
  });
});

describe('the pay action', () => {
  it("refuses more decimals than the currency in both languages, paying nothing; the currency's own decimals pay", async () => {
    const o = await k.order({ items: [{ productId: tea, quantity: '3', taxId: null }] });
    const c = await t.admin.post(`/api/sales/orders/${o.id}/confirm`);
    expect(c.statusCode, c.body).toBe(200);
    const before = await picture(t.db);
    for (const amount of ['0.005', '29.999']) {
      const en = await t.admin.post(`/api/sales/orders/${o.id}/pay`, { amount });
      expect(en.statusCode, amount).toBe(422);
      expect(en.json().error.message).toBe('Amount allows at most 2 decimal places: the currency has no smaller unit');
      expect(en.json().error.fields).toEqual({ amount: 'Amount allows at most 2 decimal places: the currency has no smaller unit' });
      const inAr = await ar.post(`/api/sales/orders/${o.id}/pay`, { amount });
      expect(inAr.statusCode).toBe(422);
      expect(inAr.json().error.message).toBe('المبلغ: الحد الأقصى للمنازل العشرية 2، إذ لا توجد في العملة وحدة أصغر');
    }
    // not a payment, entry or audit row; the order and its invoice as they were (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    const ok = await t.admin.post(`/api/sales/orders/${o.id}/pay`, { amount: '12.50' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ paymentStatus: 'partially_paid', paidAmount: '12.5000', dueAmount: '17.5000' });
  });
});
