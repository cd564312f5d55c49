import Decimal from 'decimal.js';
import { and, count, desc, eq, inArray, max, ne, sql, sum } from 'drizzle-orm';
import { files } from '../../../core/db/system.schema';
import { tableOf } from '../../../core/db/entity-table';
import { nextNumber } from '../../../core/db/sequences';
import type { Tx } from '../../../core/db/tx';
import type { Data, Row } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { validationError } from '../../../core/http/errors';
import { type Locale, tr } from '../../../core/i18n/locale';
import { messages } from '../../../core/i18n/messages';
import { loadSettings } from '../../accounting';
import { entityByName } from '../../registry';
import { location } from '../model/location.entity';
import { productCategory } from '../model/product-category.entity';
import { product } from '../model/product.entity';
import { uom } from '../model/uom.entity';
import { warehouse } from '../model/warehouse.entity';
import { randomInternalEan13 } from './barcode';
import { fieldError, mm } from './master-data.messages';
import { priceAdvice } from './product.pricing';
import { skuOf, skuStem } from './product.sku';

/**
 * Product rules and actions: the type decides the storable/consumable/service flags; accounts must be postable;
 * the unit active; the image an uploaded image of the company; barcodes generated in the internal EAN-13 range
 * and unique in the company (the unique index has the last word); SKUs from category + initials + a counter;
 * sale prices from cost and the default margin; statistics read from the stock ledger tables.
 */
const pt = () => tableOf(product);

/** storable / consumable / service are one choice, made by productType. */
export function typeFlags(productType: unknown): Data {
  return { storable: productType === 'storable', consumable: productType === 'consumable', service: productType === 'service' };
}

export async function productHasMoves(tx: Tx, productId: number): Promise<boolean> {
  const m = tableOf(entityByName('stockMove'));
  return (await tx.select({ id: m.id }).from(m).where(eq(m.productId, productId)).limit(1)).length > 0;
}

/** Checks of the references a product carries beyond "exists in the company" (the generic check). */
export async function checkProductRefs(ctx: Ctx, tx: Tx, data: Data): Promise<void> {
  await checkProductRefsOf(ctx, tx, [data]);
}

/**
 * The same checks for many products at once (an import's batch of 500): one statement per kind of reference
 * (accounts, units, images) whatever the number of rows, instead of a few per row; the first row that fails throws
 * what checkProductRefs would have thrown for it.
 */
export async function checkProductRefsOf(ctx: Ctx, tx: Tx, rows: Data[]): Promise<void> {
  const uomIds = [...new Set(rows.map((d) => d.uomId).filter((x): x is number => typeof x === 'number'))];
  const t = tableOf(uom);
  // FOR SHARE: a concurrent change of these units' factor or group waits for us, then sees the products.
  const units = uomIds.length
    ? new Map((await tx.select({ id: t.id, isActive: t.isActive }).from(t).where(and(inArray(t.id, uomIds), eq(t.companyId, ctx.companyId))).orderBy(t.id).for('share'))
      .map((u) => [u.id as number, u.isActive as boolean]))
    : new Map<number, boolean>();
  const imageIds = [...new Set(rows.map((d) => d.image).filter((x): x is string => typeof x === 'string'))];
  const images = imageIds.length
    ? new Map((await tx.select({ id: files.id, mime: files.mime }).from(files).where(and(inArray(files.id, imageIds), eq(files.companyId, ctx.companyId))))
      .map((f) => [f.id, f.mime]))
    : new Map<string, string>();
  for (const d of rows) {
    if (typeof d.uomId === 'number' && units.get(d.uomId) === false) throw fieldError(mm.uomInactive, ctx.locale, 'uomId');
    if (typeof d.image === 'string' && !images.get(d.image)?.startsWith('image/')) throw fieldError(mm.imageNotFound, ctx.locale, 'image');
  }
}

/** Blank codes are no codes (two products without a barcode must not collide on ''). */
export function normalizeCodes(data: Data): void {
  for (const k of ['barcode', 'sku']) if (typeof data[k] === 'string' && data[k].trim() === '') data[k] = null;
}

export async function generateBarcode(tx: Tx, companyId: number, locale: Ctx['locale']): Promise<string> {
  const t = pt();
  for (let i = 0; i < 20; i++) {
    const code = randomInternalEan13();
    const taken = await tx.select({ id: t.id }).from(t).where(and(eq(t.companyId, companyId), eq(t.barcode, code))).limit(1);
    if (!taken.length) return code;
  }
  throw fieldError(mm.codeExhausted, locale, 'barcode', 409);
}

export async function generateSku(ctx: Ctx, tx: Tx, name: unknown, categoryId: unknown, selfId?: number): Promise<string> {
  if (typeof name !== 'string' || !name.trim()) throw fieldError(mm.skuNeedsName, ctx.locale, 'name');
  if (categoryId === null || categoryId === undefined || categoryId === '') throw fieldError(mm.skuNeedsCategory, ctx.locale, 'categoryId');
  const ct = tableOf(productCategory);
  const id = Number(categoryId);
  const [cat] = Number.isInteger(id) && id > 0 && id <= 2147483647
    ? await tx.select({ name: ct.name }).from(ct).where(and(eq(ct.id, id), eq(ct.companyId, ctx.companyId)))
    : [];
  if (!cat) throw validationError({ categoryId: tr(messages.refNotFound, ctx.locale, { field: tr(product.fields.categoryId.label, ctx.locale) }) });
  const stem = skuStem(String(cat.name), name);
  if (!stem) throw fieldError(mm.skuNeedsName, ctx.locale, 'name');
  const t = pt();
  for (let i = 0; i < 50; i++) {
    const { value } = await nextNumber(tx, ctx.companyId, `product.sku:${stem}`.slice(0, 60), 0, 'SKU');
    const sku = skuOf(stem, value);
    const cond = and(eq(t.companyId, ctx.companyId), eq(t.sku, sku), selfId ? ne(t.id, selfId) : undefined);
    if (!(await tx.select({ id: t.id }).from(t).where(cond).limit(1)).length) return sku;
  }
  throw fieldError(mm.codeExhausted, ctx.locale, 'sku', 409);
}

export interface SalePrice { salePrice: string; margin: string; currentMargin: string | null; warning: string | null }

/** cost x (1 + default margin %), warning in the caller's language when the margin is under the minimum. */
export async function computeSalePrice(ctx: Ctx, tx: Tx, cost: string, currentPrice: string | null): Promise<SalePrice> {
  if (!new Decimal(cost).gt(0)) throw fieldError(mm.costRequired, ctx.locale, 'cost');
  const s = await loadSettings(tx, ctx.companyId);
  const co = (await tx.execute(sql`SELECT currency_decimals AS d FROM companies WHERE id = ${ctx.companyId}`)).rows[0] as { d: number | null } | undefined;
  const advice = priceAdvice({
    cost, currentPrice, decimals: Number(co?.d ?? 2),
    defaultMargin: (s.defaultMarginProfit as string | null) ?? '0', minimumMargin: (s.minimumMarginProfit as string | null) ?? null,
  });
  return { ...advice, warning: advice.warning ? tr(advice.warning.label, ctx.locale, advice.warning.vars) : null };
}

/** Sets fields of a product outside the generic update (actions), with version, audit columns and history. */
export async function setProductFields(ctx: Ctx, tx: Tx, row: Row, values: Data): Promise<void> {
  const t = pt();
  await tx.update(t).set({ ...values, version: sql`${t.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.user.id }).where(eq(t.id, row.id));
}

export interface ProductStatistics {
  productId: number;
  onHand: string;
  stockValue: string;
  movesCount: number;
  lastMoveDate: string | null;
  locations: { locationId: number; locationName: string; locationNameAr: string | null; warehouseId: number | null; warehouseName: string | null; quantity: string }[];
}

/**
 * On hand in internal (not scrap) locations, value of the valuation layers, and the moves of one product. Warehouse
 * names come in the caller's language (the Arabic name when it has one).
 */
export async function productStatistics(tx: Tx | Ctx['db']['orm'], companyId: number, productId: number, locale: Locale = 'en'): Promise<ProductStatistics> {
  const q = tableOf(entityByName('stockItem'));
  const v = tableOf(entityByName('valuationLayer'));
  const m = tableOf(entityByName('stockMove'));
  const l = tableOf(location);
  const w = tableOf(warehouse);
  const qty = sum(q.quantity);
  const [perLocation, [value], [moves]] = await Promise.all([
    tx.select({ locationId: l.id, locationName: l.name, locationNameAr: l.nameAr, warehouseId: w.id, warehouseName: w.name, warehouseNameAr: w.nameAr, quantity: qty })
      .from(q).innerJoin(l, eq(l.id, q.locationId)).leftJoin(w, eq(w.id, l.warehouseId))
      .where(and(eq(q.companyId, companyId), eq(q.productId, productId), eq(l.kind, 'internal'), eq(l.isScrap, false)))
      .groupBy(l.id, l.name, l.nameAr, w.id, w.name, w.nameAr).having(ne(qty, '0')).orderBy(desc(qty), l.id),
    tx.select({ value: sum(v.value) }).from(v).where(and(eq(v.companyId, companyId), eq(v.productId, productId))),
    tx.select({ n: count(), last: max(m.date) }).from(m).where(and(eq(m.companyId, companyId), eq(m.productId, productId))),
  ]);
  const locations = perLocation.map((r) => ({
    locationId: r.locationId as number, locationName: r.locationName as string, locationNameAr: (r.locationNameAr as string | null) ?? null,
    warehouseId: (r.warehouseId as number | null) ?? null, warehouseName: ((locale === 'ar' ? r.warehouseNameAr || r.warehouseName : r.warehouseName) as string | null) ?? null,
    quantity: new Decimal(String(r.quantity)).toFixed(6),
  }));
  return {
    productId,
    onHand: locations.reduce((a, r) => a.plus(r.quantity), new Decimal(0)).toFixed(6),
    stockValue: new Decimal(String(value?.value ?? '0')).toFixed(4),
    movesCount: Number(moves?.n ?? 0),
    lastMoveDate: (moves?.last as string | null) ?? null,
    locations,
  };
}
