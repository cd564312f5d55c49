import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { lineProblem } from '../../../core/entity/line-fields';
import type { Data, Row } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { type ReturnLine, returnItemSchema, returnLineLabels } from '../model/return-lines.schema';
import { MAX_LINES } from '../model/lines.schema';
import { salesOrder } from '../model/sales-order.entity';
import { invoiceById, quoteInvoice } from './entries';
import type { PricedLine } from './order.posting';
import { salesReturnLines } from './return-lines.schema';
import { rm } from './return.messages';
import { creditLines, returnable } from './return.posting';
import { salesError } from './sales.errors';

/**
 * A return's lines against its order: each names a line of the order (once), a quantity > 0 in that line's unit,
 * at most what is left to return (sold minus what CONFIRMED returns took back; checked again at confirm under the
 * order's lock). Product, unit, price and the base quantity (the product's unit) come from the order line. Totals
 * are the credit note's own (accounting's quoteInvoice over return.posting's creditLines). The lines are also rows
 * of sales_return_lines, rewritten in the save's transaction (the only writer).
 */
export interface OrderForReturn {
  id: number; status: string; number: string | null; customerId: number; orderDate: string; locationId: number | null;
  invoiceId: number | null; deliveryId: number | null; subtotal: string; discount: string; items: (PricedLine & { subtotal: string })[];
}

export async function loadOrder(ctx: Ctx, tx: Tx, id: unknown, opts: { lock?: boolean } = {}): Promise<OrderForReturn> {
  if (typeof id !== 'number') throw salesError(rm.orderNotFound, ctx.locale, 'orderId');
  const t = tableOf(salesOrder);
  const r = await tx.execute(sql`SELECT id, status, number, customer_id AS "customerId", order_date::text AS "orderDate", location_id AS "locationId",
      invoice_id AS "invoiceId", delivery_id AS "deliveryId", subtotal::text AS subtotal, coalesce(discount, 0)::text AS discount, items
    FROM ${t} WHERE company_id = ${ctx.companyId} AND id = ${id}${opts.lock ? sql` FOR UPDATE` : sql``}`);
  const o = r.rows[0] as unknown as OrderForReturn | undefined;
  if (!o) throw salesError(rm.orderNotFound, ctx.locale, 'orderId');
  if (!['confirmed', 'completed'].includes(o.status) || !o.invoiceId) throw salesError(rm.orderNotReturnable, ctx.locale, 'orderId');
  return o;
}

/** Quantity sold per order line and taken back by confirmed returns (other than `exceptReturnId`). */
export async function returnableOf(tx: Tx, ctx: Ctx, o: OrderForReturn, exceptReturnId: number | null): Promise<Map<number, Decimal>> {
  const r = await tx.execute(sql`SELECT l.order_line_no AS line, sum(l.quantity)::text AS qty FROM ${salesReturnLines} l
    JOIN sales_returns s ON s.id = l.return_id AND s.status = 'confirmed'
    WHERE l.company_id = ${ctx.companyId} AND l.order_id = ${o.id}${exceptReturnId ? sql` AND l.return_id <> ${exceptReturnId}` : sql``}
    GROUP BY l.order_line_no`);
  const returned = new Map((r.rows as { line: number; qty: string }[]).map((x) => [Number(x.line), x.qty]));
  return returnable(new Map(o.items.map((l, i) => [i + 1, l.quantity])), returned);
}

export function parseReturnLines(ctx: Ctx, o: OrderForReturn, raw: unknown, left: Map<number, Decimal>): ReturnLine[] {
  const L = ctx.locale;
  if (!Array.isArray(raw) || raw.length === 0) throw salesError(rm.noLines, L, 'items');
  if (raw.length > MAX_LINES) throw salesError(rm.tooManyLines, L, 'items', { max: MAX_LINES });
  const seen = new Set<number>();
  return raw.map((item, i) => {
    const line = i + 1;
    const p = returnItemSchema.safeParse(item);
    if (!p.success) {
      const known = lineProblem(p.error, line, returnLineLabels);
      throw known ? salesError(known, L, 'items') : salesError(rm.lineInvalid, L, 'items', { line });
    }
    const { orderLine, quantity, reason } = p.data;
    if (!/[1-9]/.test(quantity) || quantity.startsWith('-')) throw salesError(rm.lineQuantity, L, 'items', { line });
    const ol = o.items[orderLine - 1];
    if (!ol) throw salesError(rm.lineMissing, L, 'items', { line, orderLine });
    if (seen.has(orderLine)) throw salesError(rm.lineTwice, L, 'items', { line, orderLine });
    seen.add(orderLine);
    const can = left.get(orderLine) ?? new Decimal(0);
    if (new Decimal(quantity).gt(can)) throw salesError(rm.tooMuch, L, 'items', { line, quantity, product: ol.description ?? String(ol.productId), left: can.toFixed() });
    const baseQuantity = new Decimal(ol.baseQuantity).mul(quantity).div(ol.quantity).toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN).toFixed();
    return { orderLine, productId: ol.productId, uomId: ol.uomId, description: ol.description, quantity, baseQuantity, price: ol.price, subtotal: '0', reason };
  });
}

/** The return's lines and totals, as the credit note will compute them. */
export async function priceReturn(ctx: Ctx, o: OrderForReturn, lines: ReturnLine[], returnAccountId: number | null) {
  const inv = await invoiceById(ctx, o.invoiceId!);
  const credit = creditLines(lines, inv.lines.map((l) => ({ ...l, taxId: l.taxId ?? null })), o, returnAccountId);
  const q = await quoteInvoice(ctx, { lines: credit.map((c) => ({ ...c })) });
  const items = lines.map((l, i) => ({ ...l, subtotal: q.lines[i]!.amount }));
  return { items, credit, subtotal: q.subtotal, taxAmount: q.taxAmount, totalAmount: q.totalAmount };
}

/** Replaces the return's rows in sales_return_lines with its `items` (the only writer). */
export async function writeReturnLines(ctx: Ctx, tx: Tx, row: Row | Data & { id: number }): Promise<void> {
  await tx.delete(salesReturnLines).where(sql`${salesReturnLines.returnId} = ${row.id}`);
  const items = (row.items ?? []) as ReturnLine[];
  if (!items.length) return;
  await tx.insert(salesReturnLines).values(items.map((l, i) => ({
    companyId: ctx.companyId, returnId: row.id, lineNo: i + 1, orderId: row.orderId as number, orderLineNo: l.orderLine,
    returnDate: (row.returnDate as string | null) ?? null, customerId: row.customerId as number, productId: l.productId, uomId: l.uomId,
    quantity: l.quantity, baseQuantity: l.baseQuantity, price: l.price, subtotal: l.subtotal, reason: l.reason,
  })));
}
