import { withTx } from '../../../core/db/tx';
import type { Data, Row } from '../../../core/entity/hooks';
import { ops } from '../../../core/entity/operations';
import type { Ctx } from '../../../core/http/context';
import { salesOrder } from '../model/sales-order.entity';
import { priceOrder } from './order.pricing';

/**
 * What the point of sale (src/modules/pos) asks of sales, through sales' index.ts:
 * - quoteTillLines: the lines priced as saving an order would (the price list's price unless given), so the till
 *   can take a line discount off the listed price before it sends the line with its price;
 * - sellAtTill: a sales order created (with its session and branch), CONFIRMED (numbered, goods delivered through
 *   inventory, invoice issued through accounting) and PAID (one payment per method, each in its own journal), all in
 *   the caller's transaction (withTx joins it): any refusal ("Quantity Not Available", more paid than due) rolls
 *   the whole sale back. The same hooks as the sales office's orders run; nothing is written here by hand.
 */
export interface TillSaleInput {
  sessionId: number; branchId: number;
  /** The order's number, taken by the till in its session's own series (the office's counter is not used). */
  number: string;
  customerId: number; priceListId: number | null; locationId: number; orderDate: string;
  paymentMethod: string; items: { productId: number; quantity: string; price: string | null; description?: string | null }[];
  /** Money received, per journal (cash or bank); credit is what stays due on the order. */
  payments: { amount: string; journalId: number; reference: string | null }[];
  notes?: string | null;
  /** Run once the order exists, before it is confirmed (the caller's rows of the order, written before any hot lock). */
  created?: (orderId: number) => Promise<void>;
}

export async function quoteTillLines(ctx: Ctx, v: { orderDate: string; priceListId: number | null; locationId: number; items: Data[] }) {
  return withTx(ctx.db, (tx) => priceOrder(ctx, tx, { ...v, discount: '0' }));
}

export async function sellAtTill(ctx: Ctx, input: TillSaleInput): Promise<Data> {
  return withTx(ctx.db, async () => {
    let order: Data = await ops.createAndTransition(ctx, salesOrder, {
      customerId: input.customerId, orderDate: input.orderDate, locationId: input.locationId, priceListId: input.priceListId,
      paymentMethod: input.paymentMethod, items: input.items, notes: input.notes ?? null,
    }, 'confirm', { set: { sessionId: input.sessionId, branchId: input.branchId, number: input.number }, between: async (row) => { await input.created?.(row.id); } });
    // the order as this transaction wrote it: each payment neither locks nor reads it again
    for (const p of input.payments) {
      order = (await ops.action(ctx, salesOrder, order.id as number, 'pay', { amount: p.amount, journalId: p.journalId, reference: p.reference }, { locked: order as Row })) as Data;
    }
    return order;
  });
}
