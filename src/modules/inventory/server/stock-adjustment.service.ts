import { and, eq, inArray, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import type { Data, Row } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { now } from '../../../core/time/company-time';
import { adjustmentItemSchema } from '../model/items.schema';
import { stockItem } from '../model/stock-item.entity';
import { lineCosts, sum4 } from './documents.costs';
import { checkLineValue, checkLines, parseItems, productTitle } from './documents.items';
import { loadLocations, settingLocation, stockLocation } from './documents.locations';
import { dm, docError } from './documents.messages';
import { docNumber } from './documents.number';
import { loadInventorySettings } from './inventory-settings.service';
import { m4, q6 } from './stock.costing';
import { lockProducts } from './stock.load';
import { postStock, type StockLineInput } from './stock.post';

/**
 * Stock adjustments (a count of one location). Each item's currentQuantity is read from the quants when the
 * draft is saved and again at confirm; difference = counted - current. Confirming (once; the state machine
 * answers 409 to a second confirm) moves the gains in from the inventory adjustment location at the given unit
 * cost or the product's cost, the losses out at their valuation cost, and posts one gain / loss entry; the items
 * then carry the ledger's values. An item without a lot counts every lot of the product at the location, so a
 * product is counted either as a whole or lot by lot, never both, and never twice. At confirm the quants are
 * locked before they are read (lock order: core/db/lock-order.ts) and
 * on hand is checked to equal the count after posting.
 */
export interface AdjustmentItem {
  productId: number; lotId: number | null; countedQuantity: string; currentQuantity: string; differenceQuantity: string;
  unitCost: string; differenceValue: string; notes: string | null; costGiven: boolean;
}

/**
 * On hand per (product, lot) at the location; the key `${productId}:` sums every lot of the product. With `lock`
 * the products and then the quants are locked in the stock ledger's order (products ascending; quants by product,
 * location, lot, no lot first), so a confirm counts what nobody else can move until it commits.
 */
async function onHand(tx: Tx, ctx: Ctx, locationId: number, productIds: number[], lock = false): Promise<Map<string, Decimal>> {
  // the stock ledger's lock order: the products it values (ascending), then the quants
  if (lock) await lockProducts(tx, ctx.companyId, productIds);
  const q = tableOf(stockItem);
  let query = tx.select({ productId: q.productId, lotId: q.lotId, qty: q.quantity }).from(q)
    .where(and(eq(q.companyId, ctx.companyId), eq(q.locationId, locationId), inArray(q.productId, [...productIds].sort((a, b) => a - b))))
    .orderBy(q.productId, q.locationId, sql`coalesce(${q.lotId}, 0)`).$dynamic();
  if (lock) query = query.for('update');
  const out = new Map<string, Decimal>();
  for (const r of await query) {
    const all = `${r.productId}:`;
    out.set(all, (out.get(all) ?? new Decimal(0)).plus(String(r.qty)));
    if (r.lotId !== null) out.set(`${r.productId}:${r.lotId}`, (out.get(`${r.productId}:${r.lotId}`) ?? new Decimal(0)).plus(String(r.qty)));
  }
  return out;
}

const key = (it: { productId: number; lotId: number | null }) => `${it.productId}:${it.lotId ?? ''}`;

/** Checked items with current, difference and estimated values, and their total. */
export async function adjustmentItems(ctx: Ctx, tx: Tx, raw: unknown, locationId: number, lock = false): Promise<{ items: AdjustmentItem[]; total: string }> {
  const L = ctx.locale;
  const parsed = parseItems(ctx, raw, adjustmentItemSchema);
  const checked = await checkLines(ctx, tx, parsed);
  const whole = new Set<number>();
  const byLot = new Set<number>();
  const seen = new Set<string>();
  parsed.forEach((it, i) => {
    const line = i + 1;
    const product = productTitle(checked[i]!.product, L);
    if (seen.has(key(it)) || (it.lotId === null ? byLot.has(it.productId) : whole.has(it.productId))) throw docError(dm.countedTwice, { line, product }, L);
    seen.add(key(it));
    (it.lotId === null ? whole : byLot).add(it.productId);
    if (new Decimal(it.countedQuantity).isNeg()) throw docError(dm.countedNegative, { line }, L);
    if (it.unitCost !== null && new Decimal(it.unitCost).isNeg()) throw docError(dm.costNegative, { line }, L);
  });
  const have = await onHand(tx, ctx, locationId, [...new Set(parsed.map((it) => it.productId))], lock);
  const items = parsed.map((it, i): AdjustmentItem => {
    const current = have.get(key(it)) ?? new Decimal(0);
    const diff = new Decimal(it.countedQuantity).minus(current);
    const unitCost = new Decimal(it.unitCost ?? checked[i]!.product.cost).toFixed(4);
    checkLineValue(ctx, i + 1, diff.abs().toFixed(), unitCost);
    return {
      productId: it.productId, lotId: it.lotId, countedQuantity: new Decimal(it.countedQuantity).toFixed(), currentQuantity: current.toFixed(),
      differenceQuantity: diff.toFixed(), unitCost, differenceValue: m4(diff.times(unitCost)),
      notes: it.notes, costGiven: it.unitCost !== null,
    };
  });
  return { items, total: sum4(items.map((it) => it.differenceValue)) };
}

/** Client input of stored items: the cost is sent back only when the user gave it. */
export const adjustmentInput = (items: AdjustmentItem[]) => items.map((it) => ({ ...it, unitCost: it.costGiven ? it.unitCost : null }));

export async function checkAdjustment(ctx: Ctx, tx: Tx, target: Data, v: Data): Promise<void> {
  stockLocation(ctx, await loadLocations(tx, ctx, [v.locationId as number]), v.locationId, 'locationId', { scrapMessage: dm.adjustScrap });
  const { items, total } = await adjustmentItems(ctx, tx, v.items, v.locationId as number);
  Object.assign(target, { items, totalDifferenceValue: total });
}

/** After posting, on hand must be what was counted; a quant created meanwhile by another posting is a 409 (confirm again). */
async function assertCounted(ctx: Ctx, tx: Tx, locationId: number, items: AdjustmentItem[]): Promise<void> {
  const have = await onHand(tx, ctx, locationId, [...new Set(items.map((it) => it.productId))]);
  const bad = items.findIndex((it) => !(have.get(key(it)) ?? new Decimal(0)).eq(it.countedQuantity));
  if (bad >= 0) throw docError(dm.countChanged, { line: bad + 1 }, ctx.locale, 'items', 409);
}

export async function confirmAdjustment(ctx: Ctx, tx: Tx, row: Row): Promise<Data> {
  const locationId = row.locationId as number;
  stockLocation(ctx, await loadLocations(tx, ctx, [locationId]), locationId, 'locationId', { scrapMessage: dm.adjustScrap });
  const settings = await loadInventorySettings(tx, ctx.companyId);
  const adj = settingLocation(ctx, settings, 'adjustmentLocationId');
  const number = await docNumber(tx, ctx, 'stockAdjustment', row.date as string);
  const { items } = await adjustmentItems(ctx, tx, adjustmentInput(row.items as AdjustmentItem[]), locationId, true);
  const moved = items.filter((it) => !new Decimal(it.differenceQuantity).isZero());
  const lines: StockLineInput[] = moved.map((it) => {
    const diff = new Decimal(it.differenceQuantity);
    const gain = diff.gt(0);
    return {
      productId: it.productId, quantity: diff.abs().toFixed(), lotId: it.lotId, notes: it.notes,
      fromLocationId: gain ? adj : locationId, toLocationId: gain ? locationId : adj, unitCost: gain ? it.unitCost : null,
    };
  });
  let entryId: number | null = null;
  if (lines.length) {
    const res = await postStock(tx, ctx, {
      date: row.date as string, reference: number, moveType: 'adjustment', source: { type: 'stockAdjustment', id: row.id },
      lines, counter: { in: 'gain', out: 'loss' },
    });
    entryId = res.entry?.id ?? null;
    const costs = lineCosts(lines.map((l) => ({ productId: l.productId, quantity: l.quantity, productQty: q6(l.quantity) })), res.moves);
    moved.forEach((it, i) => {
      const neg = new Decimal(it.differenceQuantity).isNeg();
      it.unitCost = costs[i]!.unitCost;
      it.differenceValue = neg ? new Decimal(costs[i]!.value).neg().toFixed(4) : costs[i]!.value;
    });
  }
  await assertCounted(ctx, tx, locationId, items);
  return {
    number, items, totalDifferenceValue: sum4(items.map((it) => it.differenceValue)), entryId,
    confirmedById: ctx.user.id, confirmedAt: now().toISOString(),
  };
}
