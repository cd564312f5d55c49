import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import { type Tx, withTx } from '../../../core/db/tx';
import type { Data, Row } from '../../../core/entity/hooks';
import { ops } from '../../../core/entity/operations';
import type { Ctx } from '../../../core/http/context';
import { salesOrder } from '../model/sales-order.entity';
import { salesReason } from '../model/sales-reason.entity';
import { salesReturn } from '../model/sales-return.entity';
import { invoiceById } from './entries';
import { loadOrder, parseReturnLines, priceReturn, returnableOf } from './return.lines';
import { loadReturnSettings } from './return.settings';

/**
 * Sales returns as a service (the point of sale's returns call these through sales' index.ts): each runs in
 * the caller's transaction when called inside `withTx(ctx.db, ...)` (tx.ts joins it), else in its own, through the
 * generic operations (validation, hooks, state machine, audit; the acting user's permissions checked as the routes
 * do). `set` lets the caller fix server-side fields such as the POS session.
 */
export interface NewReturn {
  orderId: number; refundMethod: 'cash' | 'bank_transfer' | 'credit'; reasonId?: number | null; locationId?: number | null; notes?: string | null;
  items: { orderLine: number; quantity: string; reason?: string | null }[];
}

export function createReturn(ctx: Ctx, input: NewReturn, set: { sessionId?: number | null } = {}): Promise<Row> {
  return withTx(ctx.db, () => ops.create(ctx, salesReturn, input as unknown as Data, { set }));
}

export function confirmReturn(ctx: Ctx, id: number): Promise<Row> {
  return withTx(ctx.db, () => ops.transition(ctx, salesReturn, id, 'confirm', {}));
}

/** What each line of an order still has to return (sold - confirmed returns other than `exceptReturnId`), for the form. */
export async function returnableLines(ctx: Ctx, tx: Tx, orderId: number, exceptReturnId: number | null) {
  const o = await loadOrder(ctx, tx, orderId);
  const left = await returnableOf(tx, ctx, o, exceptReturnId);
  return {
    orderId: o.id, number: o.number, customerId: o.customerId, locationId: o.locationId,
    lines: o.items.map((l, i) => ({
      orderLine: i + 1, productId: l.productId, description: l.description, uomId: l.uomId, sold: l.quantity, price: l.price,
      returnable: (left.get(i + 1) ?? 0).toString(),
    })),
  };
}

/**
 * A return priced as confirming it would price it, nothing saved: its lines (checked against what is left to
 * return, sales' own messages), subtotal, tax and total (the credit note's), and how confirm splits the total:
 * `toDue` taken off what the order's invoice still has due, `beyondDue` the rest (refunded, or left on the
 * customer's account for "credit"). The figures hold until another return or payment of the order commits.
 */
export async function quoteReturn(ctx: Ctx, tx: Tx, orderId: number, items: unknown) {
  const o = await loadOrder(ctx, tx, orderId);
  const s = await loadReturnSettings(tx, ctx.companyId);
  const lines = parseReturnLines(ctx, o, items, await returnableOf(tx, ctx, o, null));
  const priced = await priceReturn(ctx, o, lines, s.returnAccountId);
  const due = new Decimal((await invoiceById(ctx, o.invoiceId!)).dueAmount);
  const toDue = Decimal.min(due, priced.totalAmount);
  return {
    orderId: o.id, items: priced.items, subtotal: priced.subtotal, taxAmount: priced.taxAmount, totalAmount: priced.totalAmount,
    toDue: toDue.toFixed(4), beyondDue: new Decimal(priced.totalAmount).minus(toDue).toFixed(4),
  };
}

/** The id of the company's sales order numbered `number` (exactly), or null. */
export async function orderIdByNumber(ctx: Ctx, tx: Tx, number: string): Promise<number | null> {
  const t = tableOf(salesOrder);
  const r = await tx.execute(sql`SELECT id FROM ${t} WHERE company_id = ${ctx.companyId} AND number = ${number} LIMIT 1`);
  return (r.rows[0] as { id: number } | undefined)?.id ?? null;
}

/** The company's sales reasons (a return's reason is one of them), by name; at most 200. */
export async function returnReasons(ctx: Ctx, tx: Tx): Promise<{ id: number; name: string }[]> {
  const t = tableOf(salesReason);
  // the name in the reader's language (its Arabic name, if it has one)
  const name = ctx.locale === 'ar' ? sql`coalesce(nullif(name_ar, ''), name)` : sql`name`;
  const r = await tx.execute(sql`SELECT id, ${name} AS name FROM ${t} WHERE company_id = ${ctx.companyId} ORDER BY 2, id LIMIT 200`);
  return r.rows as { id: number; name: string }[];
}
