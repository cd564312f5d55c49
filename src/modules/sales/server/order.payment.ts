import { z } from 'zod';
import type { Tx } from '../../../core/db/tx';
import { lineDate, lineMoney, lineText, optLineId } from '../../../core/entity/line-fields';
import type { Data, Row } from '../../../core/entity/hooks';
import { ops } from '../../../core/entity/operations';
import type { Ctx } from '../../../core/http/context';
import { salesOrder } from '../model/sales-order.entity';
import { sm } from '../messages';
import { type Invoice, chartIds, paidInvoice, payInvoice } from './entries';
import { salesError } from './sales.errors';

/**
 * Paying a confirmed sales order (its `pay` action, and each allocation of a bulk payment): a payment on the
 * order's invoice through accounting's payInvoice (which locks the invoice, unless this transaction issued it, and
 * refuses more than its due, 422), then
 * the order's paid, due and payment status copied from the invoice by ops.write (audited; `row` is the order as the
 * caller locked it in this transaction: the action's row, or the bulk payment's FOR UPDATE); paid in
 * full, the order is completed. The money goes to the bank journal (BNK) for a bank transfer, else accounting's
 * cash journal, unless a journal is named. Invariant: an order's paid/due are always its invoice's.
 */
export const paySchema = z.object({
  amount: z.preprocess((v) => (v === '' ? undefined : v), lineMoney),
  date: lineDate.default(null),
  journalId: optLineId.default(null),
  reference: lineText(100).default(null),
  /** cash or bank_transfer; else the order's own payment method decides. */
  method: z.enum(['cash', 'bank_transfer']).nullable().default(null),
});
export type OrderPaymentInput = z.infer<typeof paySchema>;

const PAYMENT_STATUS: Record<string, string> = { PAID: 'paid', PARTIALLY_PAID: 'partially_paid' };

/**
 * The invoices that orders' confirmations issued in a transaction, as written (a till sale confirms and pays in one
 * transaction): the order's payments hand it to payInvoice, which then neither locks nor reads it again, and keep it
 * as each payment leaves it. It lives as long as the transaction object (a retry of the transaction starts empty).
 */
const issued = new WeakMap<Tx, Map<number, Invoice>>();

export function issuedInTx(tx: Tx, inv: Invoice): void {
  let m = issued.get(tx);
  if (!m) issued.set(tx, (m = new Map()));
  m.set(inv.id, inv);
}

export async function journalOfMethod(ctx: Ctx, tx: Tx, method: string | null): Promise<number | null> {
  if (method !== 'bank_transfer') return null;
  return (await chartIds(tx, ctx.companyId, { journals: ['BNK'] })).journals.BNK ?? null;
}

export async function payOrder(ctx: Ctx, tx: Tx, row: Row, input: OrderPaymentInput): Promise<Row> {
  if (row.status !== 'confirmed' || !row.invoiceId) throw salesError(sm.notConfirmed, ctx.locale, '_', {}, 409);
  const journalId = input.journalId ?? (await journalOfMethod(ctx, tx, input.method ?? (row.paymentMethod as string | null)));
  const invoiceId = row.invoiceId as number;
  const known = issued.get(tx)?.get(invoiceId);
  const paid = await payInvoice(ctx, invoiceId, {
    amount: input.amount, ...(input.date ? { date: input.date } : {}), ...(journalId ? { journalId } : {}),
    reference: input.reference ?? (row.paymentReference as string | null) ?? (row.number as string),
  }, known);
  if (known) issued.get(tx)!.set(invoiceId, paidInvoice(known, paid));
  const paymentStatus = PAYMENT_STATUS[paid.status] ?? 'unpaid';
  const out = await ops.write(ctx, salesOrder, row.id, {
    paidAmount: paid.paidAmount, dueAmount: paid.dueAmount, paymentStatus, status: paymentStatus === 'paid' ? 'completed' : 'confirmed',
  }, { audit: 'pay', locked: row });
  return out!;
}

/** POST /api/sales/orders/:id/pay { amount, date?, method?, journalId?, reference? }. */
export async function payAction(ctx: Ctx, tx: Tx, row: Row, body: Data): Promise<Row> {
  if (row.status !== 'confirmed' || !row.invoiceId) throw salesError(sm.notConfirmed, ctx.locale, '_', {}, 409);
  const p = paySchema.safeParse(body ?? {});
  if (!p.success) {
    const onMethod = p.error.issues[0]?.path[0] === 'method';
    throw salesError(onMethod ? sm.methodInvalid : sm.amountRequired, ctx.locale, onMethod ? 'method' : 'amount');
  }
  return payOrder(ctx, tx, row, p.data);
}
