import { fiscalYearOf, nextNumber } from '../../../core/db/sequences';
import type { Tx } from '../../../core/db/tx';
import { type Data, type Row, registerHooks } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { salesOrder } from '../model/sales-order.entity';
import { sm } from '../messages';
import { deliverGoods, issueInvoice, loadSettings } from './entries';
import { writeOrderLines } from './order.lines';
import { issuedInTx, payAction } from './order.payment';
import { type PricedLine, orderPosting } from './order.posting';
import { checkParties, priceOrder } from './order.pricing';
import { loadSalesSettings, termDays } from './settings.service';
import { salesError } from './sales.errors';

/**
 * Sales orders. Saving (draft, pending) prices the lines and computes the totals (order.pricing.ts) and rewrites
 * the order's rows of sales_order_lines. CONFIRM, in the transition's one transaction (the order's row locked
 * first): the order's number (<invoice prefix>/<year>/<n>, gapless; a till's order is numbered in its session's own
 * series by the till, pos/server/branch.access.ts), then accounting's issueInvoice: the customer
 * invoice's draft, then (between) the delivery (inventory's deliverGoods: the products and quants locked, "Quantity
 * Not Available" when short, so two orders for the last units never both pass), then the invoice confirmed. Any
 * refusal rolls all of it back: nothing is half-done. Stock is delivered, not reserved: the sales office's order
 * is confirmed when the goods leave (reservations are for orders confirmed ahead of delivery: not built yet).
 * PAY records a payment on the invoice (accounting refuses more than due) and writes paid/due/payment status;
 * paid in full, the order is completed. A confirmed order is not cancelled (409): its goods and invoice are
 * undone by a sales return (return.service.ts: stock back at its cost, a credit note, the refund), as the books
 * and the stock ledger keep what happened.
 */
async function onSave(ctx: Ctx, tx: Tx, target: Data, v: Data): Promise<void> {
  await checkParties(ctx, tx, v);
  const priced = await priceOrder(ctx, tx, v);
  Object.assign(target, {
    items: priced.items, subtotal: priced.subtotal, taxAmount: priced.taxAmount, discount: priced.discount, totalAmount: priced.totalAmount,
    dueAmount: priced.totalAmount, paidAmount: '0', paymentStatus: 'unpaid', priceListId: priced.priceListId, locationId: priced.locationId,
  });
}

async function officeNumber(ctx: Ctx, tx: Tx, date: string, prefix: string): Promise<string> {
  const acc = await loadSettings(tx, ctx.companyId);
  return (await nextNumber(tx, ctx.companyId, 'salesOrder', fiscalYearOf(date, acc.fiscalYearStartMonth, acc.fiscalYearStartDay), prefix)).formatted;
}

async function confirm(ctx: Ctx, tx: Tx, row: Row): Promise<Data> {
  if (!row.locationId) throw salesError(sm.locationRequired, ctx.locale, 'locationId');
  const settings = await loadSalesSettings(tx, ctx.companyId);
  const date = String(row.orderDate);
  // numbered per fiscal year (the accounting settings' start), as the invoice and the delivery it makes are; a till's
  // order comes numbered in its session's series (sellAtTill): an office order has no number before its confirmation
  const number = (row.number as string | null) ?? await officeNumber(ctx, tx, date, settings.invoicePrefix);
  const posting = orderPosting({
    number, customerId: row.customerId as number, orderDate: date, locationId: row.locationId as number, discount: String(row.discount ?? '0'),
    items: row.items as PricedLine[], paymentTermDays: await termDays(tx, ctx.companyId, (row.paymentTermId as number | null) ?? null),
    journalId: settings.salesJournalId, revenueAccountId: settings.revenueAccountId, branchId: (row.branchId as number | null) ?? null,
  });
  // the invoice's draft first (no hot lock), then the delivery, whose posting locks the stock journal's chain until
  // the commit: what runs between that lock and the commit is what concurrent sales wait for; then the invoice confirmed
  let delivery: { id: number } | undefined;
  const invoice = await issueInvoice(ctx, posting.invoice, async () => { delivery = await deliverGoods(ctx, posting.delivery); });
  issuedInTx(tx, invoice); // paid in this transaction (a till sale), it is not read again
  return { number, invoiceId: invoice.id, deliveryId: delivery!.id, subtotal: invoice.subtotal, taxAmount: invoice.taxAmount, totalAmount: invoice.totalAmount, paidAmount: invoice.paidAmount, dueAmount: invoice.dueAmount, paymentStatus: 'unpaid' };
}

registerHooks(salesOrder, {
  beforeCreate: (ctx, tx, data) => onSave(ctx, tx, data, data),
  afterCreate: (ctx, tx, row) => writeOrderLines(ctx, tx, row, true),
  async beforeUpdate(ctx, tx, changes, before) {
    await onSave(ctx, tx, changes, { ...before, ...changes });
  },
  afterUpdate: (ctx, tx, row) => writeOrderLines(ctx, tx, row),
  transitions: { confirm: (ctx, tx, row) => confirm(ctx, tx, row) },
  actions: { pay: (ctx, tx, row, body) => payAction(ctx, tx, row, body) },
});
