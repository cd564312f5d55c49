import Decimal from 'decimal.js';
import { registerHooks, type Data, type Row } from '../../../core/entity/hooks';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { openingItemSchema } from '../model/items.schema';
import { inventoryOpening } from '../model/inventory-opening.entity';
import { sum4 } from './documents.costs';
import { checkLines, isPositive, parseItems } from './documents.items';
import { loadLocations, settingLocation, stockLocation } from './documents.locations';
import { dm, docError } from './documents.messages';
import { loadInventorySettings } from './inventory-settings.service';
import { m4 } from './stock.costing';
import { postStock } from './stock.post';

/**
 * Inventory beginning balances: a draft of quantities at unit costs (per the line's unit) for one internal
 * location; total = sum of quantity x unit cost. Posting moves the stock in from the inventory adjustment
 * location with valuation layers and posts the opening entry (Dr inventory, or the chosen inventory account /
 * Cr opening balance); only a draft can be cancelled (nothing to undo).
 */
export interface OpeningItem {
  productId: number; quantity: string; unitCost: string; uomId: number; lotName: string | null; expiryDate: string | null; value: string;
}

async function openingItems(ctx: Ctx, tx: Tx, raw: unknown): Promise<{ items: OpeningItem[]; totalAmount: string }> {
  const parsed = parseItems(ctx, raw, openingItemSchema);
  const checked = await checkLines(ctx, tx, parsed);
  const items = parsed.map((it, i): OpeningItem => {
    if (!isPositive(it.quantity)) throw docError(dm.quantityPositive, { line: i + 1 }, ctx.locale);
    if (new Decimal(it.unitCost).isNeg()) throw docError(dm.costNegative, { line: i + 1 }, ctx.locale);
    const qty = new Decimal(it.quantity);
    const unitCost = new Decimal(it.unitCost).toFixed(4);
    return {
      productId: it.productId, quantity: qty.toFixed(), unitCost, uomId: checked[i]!.uom.id, lotName: it.lotName, expiryDate: it.expiryDate,
      value: m4(qty.times(unitCost)),
    };
  });
  return { items, totalAmount: sum4(items.map((it) => it.value)) };
}

async function check(ctx: Ctx, tx: Tx, target: Data, v: Data): Promise<void> {
  const { items, totalAmount } = await openingItems(ctx, tx, v.items);
  stockLocation(ctx, await loadLocations(tx, ctx, [v.locationId as number]), v.locationId, 'locationId', { scrapMessage: dm.receiveIntoScrap });
  Object.assign(target, { items, totalAmount });
}

async function post(ctx: Ctx, tx: Tx, row: Row): Promise<Data> {
  const { items } = await openingItems(ctx, tx, row.items);
  const locationId = row.locationId as number;
  stockLocation(ctx, await loadLocations(tx, ctx, [locationId]), locationId, 'locationId', { scrapMessage: dm.receiveIntoScrap });
  const from = settingLocation(ctx, await loadInventorySettings(tx, ctx.companyId), 'adjustmentLocationId');
  const reference = (row.referenceNumber as string | null) || `${ctx.locale === 'ar' ? 'رصيد افتتاحي' : 'Beginning balance'} ${row.id}`;
  const res = await postStock(tx, ctx, {
    date: row.date as string, reference, moveType: 'opening', source: { type: 'inventoryOpening', id: row.id },
    lines: items.map((it) => ({
      productId: it.productId, quantity: it.quantity, uomId: it.uomId, unitCost: it.unitCost, lotName: it.lotName, expiryDate: it.expiryDate,
      fromLocationId: from, toLocationId: locationId,
    })),
    counter: { in: 'opening' }, inventoryAccountId: (row.inventoryAccountId as number | null) ?? null,
  });
  return { items, totalAmount: res.totalValue, entryId: res.entry?.id ?? null };
}

registerHooks(inventoryOpening, {
  beforeCreate: (ctx, tx, data) => check(ctx, tx, data, data),
  async beforeUpdate(ctx, tx, changes, before) {
    await check(ctx, tx, changes, { ...before, ...changes });
  },
  transitions: { post: (ctx, tx, row) => post(ctx, tx, row) },
});
