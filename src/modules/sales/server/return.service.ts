import { type Tx, withTx } from '../../../core/db/tx';
import type { Data, Row } from '../../../core/entity/hooks';
import { ops } from '../../../core/entity/operations';
import type { Ctx } from '../../../core/http/context';
import { salesReturn } from '../model/sales-return.entity';
import { loadOrder, returnableOf } from './return.lines';

/**
 * Sales returns as a service (the point of sale's returns will call these through sales' index.ts): each runs in
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
