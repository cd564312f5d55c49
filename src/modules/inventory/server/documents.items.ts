import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import type { Locale } from '../../../core/i18n/locale';
import { lineProblem, lineValueProblem } from '../../../core/entity/line-fields';
import { MAX_ITEMS, itemLabels, moveItemSchema } from '../model/items.schema';
import { type CostedLine, productQty } from './documents.costs';
import { dm, docError } from './documents.messages';
import { type RefIds, type Refs, covers, readRefs } from './stock.load';

/**
 * The item checks every stock document shares: a well-formed array of lines, each naming an active storable
 * product of the caller's company, a unit of the product's unit group (the product's own unit when none is
 * given) and, when a lot is named, a lot of that product. A foreign id reads exactly like a missing one. Read with
 * the stock ledger's readRefs: one statement, or none when the caller read the lines' references already.
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
    if (!p.success) throw docError(lineProblem(p.error, i + 1, itemLabels) ?? dm.itemInvalid, { line: i + 1 }, ctx.locale);
    return p.data as z.infer<S>;
  });
}

/** Products, units and lots of the lines (read in one statement unless `refs` holds them), checked in line order (the first problem is the one reported). */
export async function checkLines(ctx: Ctx, tx: Tx, lines: LineRef[], given?: Refs): Promise<CheckedLine[]> {
  const L = ctx.locale;
  const want: RefIds = {
    locations: [], products: lines.map((l) => l.productId), uoms: lines.map((l) => l.uomId).filter((x): x is number => typeof x === 'number'),
    lots: lines.map((l) => l.lotId).filter((x): x is number => typeof x === 'number'),
  };
  const refs = given && covers(given, want) ? given : await readRefs(tx, ctx.companyId, want);
  return lines.map((l, i) => {
    const line = i + 1;
    const r = refs.prods.get(l.productId);
    if (!r) throw docError(dm.productNotFound, { line }, L);
    const own = refs.uoms.get(r.uomId);
    const p: ProductInfo = {
      id: r.id, name: r.name, nameAr: r.nameAr, uomId: r.uomId, groupId: own?.groupId ?? 0, factor: own?.factor ?? '1', cost: r.cost,
      purchasePrice: r.purchasePrice, productType: r.productType, storable: r.storable, isActive: r.isActive,
    };
    const name = productTitle(p, L);
    if (!p.isActive) throw docError(dm.productInactive, { line, product: name }, L);
    if (p.productType !== 'storable' || !p.storable) throw docError(dm.productNotStorable, { line, product: name }, L);
    const u = refs.uoms.get(l.uomId ?? p.uomId);
    if (!u) throw docError(dm.uomNotFound, { line }, L);
    if (u.groupId !== p.groupId) throw docError(dm.uomOtherGroup, { line, uom: L === 'ar' && u.nameAr ? u.nameAr : u.name, product: name }, L);
    if (typeof l.lotId === 'number' && refs.lots.get(l.lotId)?.productId !== p.id) throw docError(dm.lotNotFound, { line }, L);
    return { product: p, uom: { id: u.id, name: u.name, nameAr: u.nameAr, groupId: u.groupId, factor: u.factor } };
  });
}

/** The product's cost (per its own unit) expressed per `uomFactor` unit of the same group, to 4 decimals. */
export function costPerUnit(productCost: Decimal.Value, productFactor: Decimal.Value, uomFactor: Decimal.Value): string {
  return new Decimal(productCost).times(uomFactor).div(productFactor).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

/** A line's value (quantity x unit cost) within the platform's money bound (core/entity/bounds.ts), else a 422 naming the line. */
export function checkLineValue(ctx: Ctx, line: number, quantity: string, unitCost: string): void {
  const problem = lineValueProblem(line, quantity, unitCost, itemLabels.unitCost!);
  if (problem) throw docError(problem, {}, ctx.locale);
}

export const isPositive = (v: string) => new Decimal(v).gt(0);

/** A move line as stored on a delivery, transfer or scrap: the unit resolved, and (once validated) its cost. */
export interface MoveItem { productId: number; quantity: string; uomId: number; lotId: number | null; notes: string | null; unitCost?: string; value?: string }

/** Lines of a delivery, transfer or scrap: checked, quantities > 0, with the estimated cost at the product's cost. */
export async function moveItems(ctx: Ctx, tx: Tx, raw: unknown, refs?: Refs): Promise<{ items: MoveItem[]; costed: CostedLine[]; estimate: string }> {
  const parsed = parseItems(ctx, raw, moveItemSchema);
  const checked = await checkLines(ctx, tx, parsed, refs);
  let estimate = new Decimal(0);
  const costed: CostedLine[] = [];
  const items = parsed.map((it, i) => {
    if (!isPositive(it.quantity)) throw docError(dm.quantityPositive, { line: i + 1 }, ctx.locale);
    const c = checked[i]!;
    const quantity = new Decimal(it.quantity).toFixed();
    checkLineValue(ctx, i + 1, quantity, costPerUnit(c.product.cost, c.product.factor, c.uom.factor));
    estimate = estimate.plus(new Decimal(quantity).times(costPerUnit(c.product.cost, c.product.factor, c.uom.factor)));
    costed.push({ productId: it.productId, quantity, productQty: productQty(quantity, c.uom.factor, c.product.factor) });
    return { productId: it.productId, quantity, uomId: c.uom.id, lotId: it.lotId, notes: it.notes };
  });
  return { items, costed, estimate: estimate.toFixed(4) };
}
