import Decimal from 'decimal.js';
import type { Method } from './sale.input';

/**
 * Pure: the money rows a till return writes to pos_payments (negative amounts, in the session it is taken in) and
 * the one rule it keeps on them: no method pays back more than the order took in that method (net of earlier
 * refunds). From the confirmed sales return (sales' confirm split its total: `applied` taken off what the order's
 * invoice still had due, then the rest refunded by cash or bank transfer, or, for "credit", left on the
 * customer's account):
 * - cash / bank transfer: the refund in that method (at most what the order was paid in it), and what was taken
 *   off the due as a credit row (the order's credit falls by it);
 * - credit: the whole total on the credit row (due reduced and customer's credit), at most what the order put on
 *   credit: credit refunds an order sold (partly) on account, never a cash or bank sale.
 */
export interface ConfirmedReturn { totalAmount: string; appliedAmount: string; refundedAmount: string; creditAmount: string }
export interface RefundRow { method: Method; amount: string }
export type RefundPlan = { ok: true; rows: RefundRow[] } | { ok: false; method: Method; amount: string; paid: string };

const f4 = (d: Decimal) => d.toFixed(4);

export function refundPlan(method: Method, r: ConfirmedReturn, paid: Partial<Record<Method, string>>): RefundPlan {
  const applied = new Decimal(r.appliedAmount || '0');
  const refunded = new Decimal(r.refundedAmount || '0');
  const onAccount = new Decimal(r.creditAmount || '0');
  const inMethod = method === 'credit' ? applied.plus(onAccount) : refunded;
  const had = new Decimal(paid[method] ?? '0');
  if (inMethod.gt(had)) return { ok: false, method, amount: f4(inMethod), paid: f4(Decimal.max(had, 0)) };
  const rows: RefundRow[] = [];
  if (method === 'credit') {
    if (inMethod.gt(0)) rows.push({ method: 'credit', amount: f4(inMethod.neg()) });
  } else {
    if (refunded.gt(0)) rows.push({ method, amount: f4(refunded.neg()) });
    if (applied.gt(0)) rows.push({ method: 'credit', amount: f4(applied.neg()) });
  }
  return { ok: true, rows };
}
