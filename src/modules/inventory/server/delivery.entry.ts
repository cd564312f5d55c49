import { createAndTransition } from '../../../core/entity/crud.service';
import type { Ctx } from '../../../core/http/context';
import { delivery } from '../model/delivery.entity';

/**
 * A delivery for other modules (sales, POS), through inventory's index.ts: created and validated in one step by the
 * generic createAndTransition, exactly as `POST /api/inventory/deliveries` with `"validate": true` does (the same
 * checks, "Quantity Not Available", number, moves, cost of sales entry and audit rows). Called inside the caller's
 * `withTx(ctx.db, ...)` it JOINS that transaction: a refusal, or a later error of the caller, leaves nothing.
 * Permissions are the caller's business (its route checked its own), as for postStock.
 */
export interface DeliveryInput {
  /** The source document's number, shown on the delivery (`orderSequence`). */
  reference: string;
  date: string;
  /** An internal, non-scrap location the goods leave. */
  locationId: number;
  contactId: number | null;
  destinationName?: string | null;
  /** Quantities in `uomId` (any unit of the product's group; the product's unit when null). */
  items: { productId: number; quantity: string; uomId?: number | null }[];
}
export interface Delivered { id: number; number: string; entryId: number | null; totalCost: string }

export async function deliverGoods(ctx: Ctx, input: DeliveryInput): Promise<Delivered> {
  const row = await createAndTransition(ctx, delivery, {
    orderSequence: input.reference, destinationType: 'customer', destinationName: input.destinationName ?? null,
    destinationContactId: input.contactId, deliveryDate: input.date, locationId: input.locationId,
    items: input.items.map((i) => ({ productId: i.productId, quantity: i.quantity, uomId: i.uomId ?? null })),
  }, 'validate');
  return { id: row.id, number: String(row.number), entryId: (row.entryId as number | null) ?? null, totalCost: String(row.totalCost) };
}
