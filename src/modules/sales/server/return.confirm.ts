import Decimal from 'decimal.js';
import { fiscalYearOf, nextNumber } from '../../../core/db/sequences';
import type { Tx } from '../../../core/db/tx';
import type { Data, Row } from '../../../core/entity/hooks';
import { ops } from '../../../core/entity/operations';
import { type Ctx, actingFor } from '../../../core/http/context';
import { formatUnit } from '../../../core/i18n/format';
import { companyToday } from '../../../core/time/company-time';
import { salesOrder } from '../model/sales-order.entity';
import { chartIds, creditInvoice, invoiceById, loadSettings, movesOfSource, payInvoice, receiveReturn } from './entries';
import { loadOrder, parseReturnLines, priceReturn, returnableOf, writeReturnLines } from './return.lines';
import { rm } from './return.messages';
import { stockBack } from './return.posting';
import { loadReturnSettings } from './return.settings';
import { salesError } from './sales.errors';

/**
 * Confirming a sales return: ONE transaction (the transition's), so any refusal leaves nothing behind.
 * Guards: nothing comes back that was not sold (each line at most the order line's quantity less what earlier
 * CONFIRMED returns took back, read after the ORDER ROW is locked FOR UPDATE, so two returns of one order are
 * serialised there and the second sees the first's lines once it committed); only within the return period
 * (measured on the company's today: core/time/company-time.ts); a partial return only when the settings allow it;
 * the reason when the settings require it.
 * Lock order (core/db/lock-order.ts): the return's row (the transition), the order's row, the returns' counter,
 * then inventory's receiveReturn (products, quants, layers, day totals, stock journal chain), then accounting's
 * credit note (the invoice's row, the credit note's counter, sales journal chain) and the refund payment: the
 * order's confirm takes the same kinds in the same order (delivery, then invoice).
 * Posts: stock back at the delivery's own cost (Dr inventory / Cr cost of sales), a credit note on the order's
 * invoice (Dr sales returns and tax / Cr receivable) that reduces what is due; what it credits beyond the due is
 * refunded by the refund method (cash: accounting's cash journal; bank transfer: BNK) or, for "credit", left open
 * on the customer's account (the credit note's due). The order's due and payment status follow its invoice.
 * The stock, the credit note, the refund and the order's amounts are the return's consequences, done under the
 * returns clerk's right to confirm it (actingFor): no rights in inventory or accounting are asked of them.
 */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export async function confirmReturnRow(ctx: Ctx, tx: Tx, row: Row): Promise<Data> {
  const L = ctx.locale;
  const o = await loadOrder(ctx, tx, row.orderId, { lock: true });
  const s = await loadReturnSettings(tx, ctx.companyId);
  const today = companyToday(ctx);
  if (daysBetween(o.orderDate, today) > s.returnPeriodDays) throw salesError(rm.periodOver, L, '_', { days: formatUnit(s.returnPeriodDays, 'day', L), date: o.orderDate });
  if (s.requireReturnReason && typeof row.reasonId !== 'number') throw salesError(rm.reasonRequired, L, 'reasonId');
  const left = await returnableOf(tx, ctx, o, row.id);
  const lines = parseReturnLines(ctx, o, row.items, left);
  if (!s.allowPartialReturns) {
    const asked = new Map(lines.map((l) => [l.orderLine, new Decimal(l.quantity)]));
    for (const [line, q] of left) if (q.gt(0) && !asked.get(line)?.eq(q)) throw salesError(rm.partialNotAllowed, L, 'items');
  }
  const locationId = (row.locationId as number | null) ?? o.locationId;
  if (!locationId) throw salesError(rm.locationRequired, L, 'locationId');

  const acting = actingFor(ctx);
  const acc = await loadSettings(tx, ctx.companyId);
  const { formatted: number } = await nextNumber(tx, ctx.companyId, 'salesReturn', fiscalYearOf(today, acc.fiscalYearStartMonth, acc.fiscalYearStartDay), 'RET');
  const source = { type: 'salesReturn', id: row.id };
  const delivered = o.deliveryId ? await movesOfSource(acting, { type: 'delivery', id: o.deliveryId }) : [];
  const back = stockBack(lines, delivered.map((m) => ({ productId: m.productId, quantity: m.quantity, value: m.value ?? '0', lotId: m.lotId ?? null })));
  const stock = back.length
    ? await receiveReturn(acting, { reference: number, date: today, locationId, contactId: o.customerId, source, items: back })
    : { totalValue: '0' };

  const priced = await priceReturn(acting, o, lines, s.returnAccountId);
  const cn = await creditInvoice(acting, o.invoiceId!, { lines: priced.credit, date: today });
  const open = new Decimal(cn.totalAmount).minus(cn.applied);
  let refunded = new Decimal(0);
  if (open.gt(0) && row.refundMethod !== 'credit') {
    const journalId = row.refundMethod === 'bank_transfer' ? (await chartIds(tx, ctx.companyId, { journals: ['BNK'] })).journals.BNK : undefined;
    await payInvoice(acting, cn.creditNoteId, { amount: open.toFixed(4), date: today, reference: number, ...(journalId ? { journalId } : {}) });
    refunded = open;
  }

  const inv = await invoiceById(acting, o.invoiceId!);
  const due = new Decimal(inv.dueAmount);
  const paymentStatus = due.isZero() ? 'paid' : new Decimal(inv.paidAmount).gt(0) ? 'partially_paid' : 'unpaid';
  await ops.write(acting, salesOrder, o.id, {
    dueAmount: inv.dueAmount, paymentStatus, status: due.isZero() ? 'completed' : o.status,
  }, { audit: 'salesReturn', permission: 'view' });

  const set = {
    number, returnDate: today, locationId, items: priced.items, subtotal: priced.subtotal, taxAmount: priced.taxAmount, totalAmount: cn.totalAmount,
    appliedAmount: cn.applied, refundedAmount: refunded.toFixed(4), creditAmount: open.minus(refunded).toFixed(4), stockValue: stock.totalValue,
    creditNoteId: cn.creditNoteId,
  };
  await writeReturnLines(ctx, tx, { ...row, ...set });
  return set;
}
