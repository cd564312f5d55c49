import { and, eq, inArray } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import type { Locale } from '../../../core/i18n/locale';
import { MAX_ITEMS, moveItemSchema } from '../model/items.schema';
import { product } from '../model/product.entity';
import { stockLot } from '../model/stock-lot.entity';
import { uom } from '../model/uom.entity';
import { type CostedLine, productQty } from './documents.costs';
import { dm, docError } from './documents.messages';

/**
 * The item checks every stock document shares: a well-formed array of lines, each naming an active storable
 * product of the caller's company, a unit of the product's unit group (the product's own unit when none is
 * given) and, when a lot is named, a lot of that product. A foreign id reads exactly like a missing one.
 */
export interface ProductInfo {
  id: number; name: string; nameAr: string | null; uomId: number; groupId: number; factor: string;
  cost: string; purchasePrice: string; productType: string; storable: boolean; isActive: boolean;
}
export interface UomInfo { id: number; name: string; nameAr: string | null; groupId: number; factor: string }
export interface LineRef { productId: number; uomId?: number | null; lotId?: number | null }
export interface CheckedLine { product: ProductInfo; uom: UomInfo }

export const productTitle = (p: Pick<ProductInfo, 'name' | 'nameAr'>, locale: Locale) => (locale === 'ar' && p.nameAr ? p.nameAr : p.name);

/** Parses the raw jsonb array with `schema`; the first bad line is named in the message. */
export function parseItems<S extends z.ZodType>(ctx: Ctx, raw: unknown, schema: S): z.infer<S>[] {
  if (!Array.isArray(raw) || raw.length === 0) throw docError(dm.noItems, {}, ctx.locale);
  if (raw.length > MAX_ITEMS) throw docError(dm.tooManyItems, { max: MAX_ITEMS }, ctx.locale);
  return raw.map((item, i) => {
    const p = schema.safeParse(item);
    if (!p.success) throw docError(dm.itemInvalid, { line: i + 1 }, ctx.locale);
    return p.data as z.infer<S>;
  });
}

async function loadUoms(tx: Tx, companyId: number, ids: number[]): Promise<Map<number, UomInfo>> {
  if (!ids.length) return new Map();
  const t = tableOf(uom);
  const rows = await tx.select({ id: t.id, name: t.name, nameAr: t.nameAr, groupId: t.groupId, factor: t.conversionFactor })
    .from(t).where(and(eq(t.companyId, companyId), inArray(t.id, ids)));
  return new Map(rows.map((r) => [r.id as number, r as UomInfo]));
}

/** Products, units and lots of the lines, checked in line order (the first problem is the one reported). */
export async function checkLines(ctx: Ctx, tx: Tx, lines: LineRef[]): Promise<CheckedLine[]> {
  const L = ctx.locale;
  const pt = tableOf(product);
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const rows = await tx.select({
    id: pt.id, name: pt.name, nameAr: pt.nameAr, uomId: pt.uomId, cost: pt.cost, purchasePrice: pt.purchasePrice,
    productType: pt.productType, storable: pt.storable, isActive: pt.isActive,
  }).from(pt).where(and(eq(pt.companyId, ctx.companyId), inArray(pt.id, productIds)));
  const uoms = await loadUoms(tx, ctx.companyId, [...new Set([...rows.map((r) => r.uomId as number), ...lines.map((l) => l.uomId).filter((x): x is number => typeof x === 'number')])]);
  const products = new Map(rows.map((r) => {
    const u = uoms.get(r.uomId as number);
    return [r.id as number, {
      ...r, cost: String(r.cost ?? '0'), purchasePrice: String(r.purchasePrice ?? '0'),
      groupId: u?.groupId ?? 0, factor: u?.factor ?? '1',
    } as ProductInfo];
  }));
  const lotIds = [...new Set(lines.map((l) => l.lotId).filter((x): x is number => typeof x === 'number'))];
  const lt = tableOf(stockLot);
  const lots = lotIds.length
    ? new Map((await tx.select({ id: lt.id, productId: lt.productId }).from(lt).where(and(eq(lt.companyId, ctx.companyId), inArray(lt.id, lotIds)))).map((r) => [r.id as number, r.productId as number]))
    : new Map<number, number>();
  return lines.map((l, i) => {
    const line = i + 1;
    const p = products.get(l.productId);
    if (!p) throw docError(dm.productNotFound, { line }, L);
    const name = productTitle(p, L);
    if (!p.isActive) throw docError(dm.productInactive, { line, product: name }, L);
    if (p.productType !== 'storable' || !p.storable) throw docError(dm.productNotStorable, { line, product: name }, L);
    const u = uoms.get(l.uomId ?? p.uomId);
    if (!u) throw docError(dm.uomNotFound, { line }, L);
    if (u.groupId !== p.groupId) throw docError(dm.uomOtherGroup, { line, uom: L === 'ar' && u.nameAr ? u.nameAr : u.name, product: name }, L);
    if (typeof l.lotId === 'number' && lots.get(l.lotId) !== p.id) throw docError(dm.lotNotFound, { line }, L);
    return { product: p, uom: u };
  });
}

/** The product's cost (per its own unit) expressed per `uomFactor` unit of the same group, to 4 decimals. */
export function costPerUnit(productCost: Decimal.Value, productFactor: Decimal.Value, uomFactor: Decimal.Value): string {
  return new Decimal(productCost).times(uomFactor).div(productFactor).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

export const isPositive = (v: string) => new Decimal(v).gt(0);

/** A move line as stored on a delivery, transfer or scrap: the unit resolved, and (once validated) its cost. */
export interface MoveItem { productId: number; quantity: string; uomId: number; lotId: number | null; notes: string | null; unitCost?: string; value?: string }

/** Lines of a delivery, transfer or scrap: checked, quantities > 0, with the estimated cost at the product's cost. */
export async function moveItems(ctx: Ctx, tx: Tx, raw: unknown): Promise<{ items: MoveItem[]; costed: CostedLine[]; estimate: string }> {
  const parsed = parseItems(ctx, raw, moveItemSchema);
  const checked = await checkLines(ctx, tx, parsed);
  let estimate = new Decimal(0);
  const costed: CostedLine[] = [];
  const items = parsed.map((it, i) => {
    if (!isPositive(it.quantity)) throw docError(dm.quantityPositive, { line: i + 1 }, ctx.locale);
    const c = checked[i]!;
    const quantity = new Decimal(it.quantity).toFixed();
    estimate = estimate.plus(new Decimal(quantity).times(costPerUnit(c.product.cost, c.product.factor, c.uom.factor)));
    costed.push({ productId: it.productId, quantity, productQty: productQty(quantity, c.uom.factor, c.product.factor) });
    return { productId: it.productId, quantity, uomId: c.uom.id, lotId: it.lotId, notes: it.notes };
  });
  return { items, costed, estimate: estimate.toFixed(4) };
}
