import { withTx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { loadInventorySettings } from './inventory-settings.service';
import { loadLocations, settingLocation, stockLocation } from './documents.locations';
import { dm } from './documents.messages';
import { postStock } from './stock.post';

/**
 * Goods a customer returns, for other modules (sales returns, POS returns) through inventory's index.ts: stock
 * comes back from the customers location into an internal, non-scrap location AT THE COSTS GIVEN (the caller passes
 * what the goods left at: the moves of the original delivery), so the cost of sales is reversed exactly instead of
 * being re-priced at today's cost. One postStock (moveType incoming, counter cogs): Dr inventory / Cr cost of goods
 * sold, new valuation layers at those costs, the source's moves; postStock's checks and lock order (products,
 * quants, layers, day totals, then the stock journal). Called inside the caller's `withTx(ctx.db, ...)` it JOINS
 * that transaction: a refusal, or a later error of the caller, leaves nothing.
 */
export interface ReturnInInput {
  /** The return's number (the moves' and entry's reference). */
  reference: string;
  date: string;
  /** The internal, non-scrap location the goods come back to. */
  locationId: number;
  contactId: number | null;
  /** The returning document (its moves are found by movesOfSource). */
  source: { type: string; id: number };
  /**
   * Quantities in the product's unit; unitCost per product unit (>= 0, any decimals: value = quantity x unitCost, 4 dp
   * half-up); lotId: the lot the goods left from (a lot-tracked product comes back into its lot).
   */
  items: { productId: number; quantity: string; unitCost: string; lotId?: number | null }[];
}
export interface ReturnedIn { entryId: number | null; totalValue: string; moves: { productId: number; quantity: string; unitCost: string; value: string }[] }

export async function receiveReturn(ctx: Ctx, input: ReturnInInput): Promise<ReturnedIn> {
  return withTx(ctx.db, async (tx) => {
    const s = await loadInventorySettings(tx, ctx.companyId);
    const from = settingLocation(ctx, s, 'customerLocationId');
    stockLocation(ctx, await loadLocations(tx, ctx, [input.locationId]), input.locationId, 'locationId', { scrapMessage: dm.receiveIntoScrap });
    const r = await postStock(tx, ctx, {
      date: input.date, reference: input.reference, moveType: 'incoming', source: input.source, contactId: input.contactId,
      counter: { in: 'cogs' },
      lines: input.items.map((i) => ({ productId: i.productId, quantity: i.quantity, unitCost: i.unitCost, fromLocationId: from, toLocationId: input.locationId,
        ...(i.lotId ? { lotId: i.lotId } : {}) })),
    });
    return {
      entryId: r.entry?.id ?? null, totalValue: r.totalValue,
      moves: r.moves.map((m) => ({ productId: m.productId, quantity: m.quantity, unitCost: m.unitCost, value: m.value })),
    };
  });
}
