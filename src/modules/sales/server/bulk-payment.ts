import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { tableOf } from '../../../core/db/entity-table';
import { withTx } from '../../../core/db/tx';
import { lineDate, lineId, lineMoney, lineText } from '../../../core/entity/line-fields';
import type { Row } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { salesOrder } from '../model/sales-order.entity';
import { sm } from '../messages';
import { payOrder } from './order.payment';
import { salesError } from './sales.errors';

/**
 * Bulk payment (/sales/payment): ONE payment of a customer spread over their open orders (confirmed, something
 * due), oldest first (order date, then id) or by the amounts chosen per order, in ONE transaction: every
 * allocation is a payment on the order's invoice through accounting's payInvoice (order.payment.ts), so any refusal
 * rolls the whole back. Invariant: no order (hence no invoice) is ever paid beyond its due, even by two bulk
 * payments at once: the customer's open orders are locked FOR UPDATE in id order (the pay action's order: the
 * order row, then its invoice) before the open amount is read, so the second payment sees what the first paid;
 * more than the open amount is refused (422), "Failed to process bulk payment" leading the message.
 */
export const bulkPaymentSchema = z.object({
  customerId: lineId,
  amount: z.preprocess((v) => (v === '' ? undefined : v), lineMoney),
  date: lineDate.default(null),
  method: z.enum(['cash', 'bank_transfer']).default('cash'),
  reference: lineText(100).default(null),
  /** Chosen amounts per order; absent or empty: oldest first. */
  allocations: z.array(z.object({ orderId: lineId, amount: lineMoney })).max(500).default([]),
});
export type BulkPaymentInput = z.infer<typeof bulkPaymentSchema>;

export interface Allocation { orderId: number; number: string; amount: string; paidAmount: string; dueAmount: string; paymentStatus: string }
export interface BulkPaymentResult { customerId: number; amount: string; allocations: Allocation[] }

interface OpenOrder { id: number; number: string; orderDate: string; due: string }

const fail = (ctx: Ctx, label: { en: string; ar: string }, field: string, vars: Record<string, string | number> = {}) =>
  salesError({ en: `${sm.bulkFailed.en}: ${label.en}`, ar: `${sm.bulkFailed.ar}: ${label.ar}` }, ctx.locale, field, vars);

/** The allocation of `amount` over the open orders (pure): oldest first, or the chosen amounts checked. */
export function allocate(ctx: Ctx, open: OpenOrder[], amount: string, chosen: { orderId: number; amount: string }[]): { order: OpenOrder; amount: string }[] {
  const total = new Decimal(amount);
  if (!total.gt(0)) throw fail(ctx, sm.bulkAmountPositive, 'amount');
  const openSum = open.reduce((s, o) => s.plus(o.due), new Decimal(0));
  if (total.gt(openSum)) throw fail(ctx, sm.bulkOverOpen, 'amount', { open: openSum.toFixed(2) });
  if (!chosen.length) {
    const out: { order: OpenOrder; amount: string }[] = [];
    let left = total;
    for (const o of [...open].sort((a, b) => (a.orderDate === b.orderDate ? a.id - b.id : a.orderDate < b.orderDate ? -1 : 1))) {
      if (!left.gt(0)) break;
      const take = Decimal.min(left, o.due);
      out.push({ order: o, amount: take.toFixed() });
      left = left.minus(take);
    }
    return out;
  }
  const byId = new Map(open.map((o) => [o.id, o]));
  const seen = new Set<number>();
  let sum = new Decimal(0);
  const out = chosen.map((c, i) => {
    const o = byId.get(c.orderId);
    if (!o || seen.has(c.orderId)) throw fail(ctx, sm.bulkNotOpen, 'allocations', { line: i + 1 });
    seen.add(c.orderId);
    const a = new Decimal(c.amount);
    if (!a.gt(0) || a.gt(o.due)) throw fail(ctx, sm.bulkOverDue, 'allocations', { line: i + 1, number: o.number });
    sum = sum.plus(a);
    return { order: o, amount: a.toFixed() };
  });
  if (!sum.eq(total)) throw fail(ctx, sm.bulkSumMismatch, 'allocations');
  return out;
}

export async function bulkPayment(ctx: Ctx, input: BulkPaymentInput): Promise<BulkPaymentResult> {
  return withTx(ctx.db, async (tx) => {
    const t = tableOf(salesOrder);
    const locked = (await tx.execute(sql`SELECT id, number, order_date::text AS "orderDate", due_amount::text AS due FROM ${t}
      WHERE company_id = ${ctx.companyId} AND customer_id = ${input.customerId} AND status = 'confirmed' AND invoice_id IS NOT NULL AND due_amount > 0
      ORDER BY id FOR UPDATE`)).rows as unknown as OpenOrder[];
    const plan = allocate(ctx, locked, input.amount, input.allocations);
    const rows = new Map(((await tx.select().from(t).where(sql`${t.companyId} = ${ctx.companyId} AND ${t.id} = ANY(${`{${plan.map((p) => p.order.id).join(',')}}`}::int[])`)) as Row[]).map((r) => [r.id, r]));
    const allocations: Allocation[] = [];
    for (const p of plan) {
      const paid = await payOrder(ctx, tx, rows.get(p.order.id)!, { amount: p.amount, date: input.date, method: input.method, journalId: null, reference: input.reference ?? p.order.number });
      allocations.push({ orderId: p.order.id, number: p.order.number, amount: p.amount, paidAmount: String(paid.paidAmount), dueAmount: String(paid.dueAmount), paymentStatus: String(paid.paymentStatus) });
    }
    return { customerId: input.customerId, amount: input.amount, allocations };
  });
}
