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
import { type OpenItem, openItemsOf } from './bulk-payment.items';
import { beyondCurrency, payInvoice } from './entries';
import { journalOfMethod, payOrder } from './order.payment';
import { currencyDecimals } from './order.pricing';
import { salesError } from './sales.errors';

/**
 * Bulk payment (/sales/payment): ONE payment of a customer spread over their open items (bulk-payment.items.ts:
 * sales orders confirmed with something due, and customer invoices made outside sales), oldest first or by the
 * amounts chosen per item, in ONE transaction: every allocation is a payment on an invoice through accounting's
 * payInvoice (an order's through payOrder, which keeps the order's paid and due in step), so any refusal rolls the
 * whole back. Invariant: no order or invoice is ever paid beyond its due, even by two bulk payments at once: the
 * customer's open orders, then their open invoices, are locked FOR UPDATE in id order before the open amounts are
 * read, so the second payment sees what the first paid; more than the open amount is refused (422), "Failed to
 * process bulk payment" leading the message.
 */
const chosenItem = z.object({ orderId: lineId.optional(), invoiceId: lineId.optional(), amount: lineMoney })
  .refine((c) => (c.orderId === undefined) !== (c.invoiceId === undefined));
export const bulkPaymentSchema = z.object({
  customerId: lineId,
  amount: z.preprocess((v) => (v === '' ? undefined : v), lineMoney),
  date: lineDate.default(null),
  method: z.enum(['cash', 'bank_transfer']).default('cash'),
  reference: lineText(100).default(null),
  /** Chosen amounts per order or invoice (`orderId` or `invoiceId`); absent or empty: oldest first. */
  allocations: z.array(chosenItem).max(500).default([]),
});
export type BulkPaymentInput = z.infer<typeof bulkPaymentSchema>;
type Chosen = BulkPaymentInput['allocations'][number];

export interface Allocation {
  kind: OpenItem['kind']; orderId: number | null; invoiceId: number | null; number: string; amount: string; paidAmount: string; dueAmount: string; paymentStatus: string;
}
export interface BulkPaymentResult { customerId: number; amount: string; allocations: Allocation[] }

const fail = (ctx: Ctx, label: { en: string; ar: string }, field: string, vars: Record<string, string | number> = {}) =>
  salesError({ en: `${sm.bulkFailed.en}: ${label.en}`, ar: `${sm.bulkFailed.ar}: ${label.ar}` }, ctx.locale, field, vars);

const keyOf = (kind: OpenItem['kind'], id: number) => `${kind}:${id}`;

/**
 * The allocation of `amount` over the open items (pure; `open` oldest first): in that order, or the chosen amounts
 * checked. Each item's share is a payment of its own, so each has at most the currency's `decimals` unless it pays
 * off the item's due (accounting's beyondCurrency): a share taken oldest first is refused on `amount`, a chosen one
 * naming its line.
 */
export function allocate(ctx: Ctx, open: OpenItem[], amount: string, chosen: Chosen[], decimals: number): { item: OpenItem; amount: string }[] {
  const total = new Decimal(amount);
  if (!total.gt(0)) throw fail(ctx, sm.bulkAmountPositive, 'amount');
  const openSum = open.reduce((s, o) => s.plus(o.due), new Decimal(0));
  if (total.gt(openSum)) throw fail(ctx, sm.bulkOverOpen, 'amount', { open: openSum.toFixed(decimals) });
  if (!chosen.length) {
    const out: { item: OpenItem; amount: string }[] = [];
    let left = total;
    for (const o of open) {
      if (!left.gt(0)) break;
      const take = Decimal.min(left, o.due);
      if (beyondCurrency(take, decimals, o.due)) throw fail(ctx, sm.bulkDecimals, 'amount', { decimals });
      out.push({ item: o, amount: take.toFixed() });
      left = left.minus(take);
    }
    return out;
  }
  const byKey = new Map(open.map((o) => [keyOf(o.kind, o.id), o]));
  const seen = new Set<string>();
  let sum = new Decimal(0);
  const out = chosen.map((c, i) => {
    const key = c.orderId !== undefined ? keyOf('order', c.orderId) : keyOf('invoice', c.invoiceId!);
    const o = byKey.get(key);
    if (!o || seen.has(key)) throw fail(ctx, sm.bulkNotOpen, 'allocations', { line: i + 1 });
    seen.add(key);
    const a = new Decimal(c.amount);
    if (!a.gt(0) || a.gt(o.due)) throw fail(ctx, sm.bulkOverDue, 'allocations', { line: i + 1, number: o.number });
    if (beyondCurrency(a, decimals, o.due)) throw fail(ctx, sm.bulkLineDecimals, 'allocations', { line: i + 1, decimals });
    sum = sum.plus(a);
    return { item: o, amount: a.toFixed() };
  });
  if (!sum.eq(total)) throw fail(ctx, sm.bulkSumMismatch, 'allocations');
  return out;
}

const INVOICE_PAYMENT_STATUS: Record<string, string> = { PAID: 'paid', PARTIALLY_PAID: 'partially_paid' };

export async function bulkPayment(ctx: Ctx, input: BulkPaymentInput): Promise<BulkPaymentResult> {
  return withTx(ctx.db, async (tx) => {
    const plan = allocate(ctx, await openItemsOf(ctx, tx, input.customerId, true), input.amount, input.allocations, await currencyDecimals(tx, ctx.companyId));
    const t = tableOf(salesOrder);
    const orderIds = plan.filter((p) => p.item.kind === 'order').map((p) => p.item.id);
    const rows = new Map(orderIds.length ? ((await tx.select().from(t).where(sql`${t.companyId} = ${ctx.companyId} AND ${t.id} = ANY(${`{${orderIds.join(',')}}`}::int[])`)) as Row[]).map((r) => [r.id, r]) : []);
    const invoiceJournal = await journalOfMethod(ctx, tx, input.method);
    const allocations: Allocation[] = [];
    for (const { item, amount } of plan) {
      const reference = input.reference ?? item.number;
      if (item.kind === 'order') {
        const paid = await payOrder(ctx, tx, rows.get(item.id)!, { amount, date: input.date, method: input.method, journalId: null, reference });
        allocations.push({ kind: 'order', orderId: item.id, invoiceId: null, number: item.number, amount, paidAmount: String(paid.paidAmount), dueAmount: String(paid.dueAmount), paymentStatus: String(paid.paymentStatus) });
      } else {
        const paid = await payInvoice(ctx, item.id, { amount, reference, ...(input.date ? { date: input.date } : {}), ...(invoiceJournal ? { journalId: invoiceJournal } : {}) });
        allocations.push({ kind: 'invoice', orderId: null, invoiceId: item.id, number: item.number, amount, paidAmount: paid.paidAmount, dueAmount: paid.dueAmount, paymentStatus: INVOICE_PAYMENT_STATUS[paid.status] ?? 'unpaid' });
      }
    }
    return { customerId: input.customerId, amount: input.amount, allocations };
  });
}
