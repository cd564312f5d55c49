import { type SQL, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import type { InventorySettings } from './inventory-settings.service';
import { q6 } from './stock.costing';
import { type CleanLine, stockError } from './stock.input';
import { sm } from './stock.messages';

/**
 * Reads and checks what a posting refers to, all scoped to the caller's company: active locations, active
 * storable products (with their unit, cost and accounts), units of the product's UOM group (quantities converted
 * to the product unit, 6 dp half-even), and lots (found by id, or found or created by name, in one sorted insert).
 */
export interface Loc { id: number; name: string; nameAr: string | null; kind: string; isScrap: boolean; isActive: boolean; internal: boolean; valued: boolean }
export interface Prod {
  id: number; name: string; nameAr: string | null; productType: string; storable: boolean; isActive: boolean; cost: string;
  uomId: number; uomFactor: string; uomGroup: number;
  stockAccountId: number | null; assetAccountId: number | null; expenseAccountId: number | null;
  catAssetAccountId: number | null; catExpenseAccountId: number | null;
}
export interface Lot { id: number; productId: number; name: string; isSerial: boolean; expiryDate: string | null }
export interface Line extends CleanLine { qty: string; uomQty: string; lot: Lot | null; product: Prod; from: Loc; to: Loc }

export const inList = (ids: number[]): SQL => sql.join(ids.map((i) => sql`${i}::int`), sql`, `);
const uniq = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);
export const productName = (p: { name: string; nameAr: string | null }, ctx: Ctx) => (ctx.locale === 'ar' && p.nameAr ? p.nameAr : p.name);

type Uom = { id: number; name: string; nameAr: string | null; factor: string; groupId: number };

/** A category account of product `p`: its category's, else the nearest ancestor category's that names one. */
const categoryAccount = (col: 'asset_account_id' | 'expense_account_id') => sql.raw(`(WITH RECURSIVE up(parent_id, acc, depth) AS (
    SELECT parent_id, ${col}, 0 FROM product_categories WHERE id = p.category_id
    UNION ALL SELECT c.parent_id, c.${col}, up.depth + 1 FROM product_categories c JOIN up ON c.id = up.parent_id WHERE up.acc IS NULL AND up.depth < 100)
  SELECT acc FROM up WHERE acc IS NOT NULL ORDER BY depth LIMIT 1)`);

/** Locations, products (with unit, category accounts) and units of the lines, in one round trip. */
async function loadRefs(tx: Tx, companyId: number, locIds: number[], prodIds: number[], uomIds: number[]) {
  const r = await tx.execute(sql`SELECT
    (SELECT coalesce(json_agg(x), '[]') FROM (SELECT id, name, name_ar AS "nameAr", kind, is_scrap AS "isScrap", is_active AS "isActive"
       FROM locations WHERE company_id = ${companyId} AND id IN (${inList(locIds)})) x) AS locs,
    (SELECT coalesce(json_agg(x), '[]') FROM (SELECT p.id, p.name, p.name_ar AS "nameAr", p.product_type AS "productType", p.storable,
       p.is_active AS "isActive", coalesce(p.cost, 0)::text AS cost, p.uom_id AS "uomId", u.conversion_factor::text AS "uomFactor",
       u.group_id AS "uomGroup", p.stock_account_id AS "stockAccountId", p.asset_account_id AS "assetAccountId",
       p.expense_account_id AS "expenseAccountId", ${categoryAccount('asset_account_id')} AS "catAssetAccountId",
       ${categoryAccount('expense_account_id')} AS "catExpenseAccountId"
       FROM products p JOIN uoms u ON u.id = p.uom_id
       WHERE p.company_id = ${companyId} AND p.id IN (${inList(prodIds)})) x) AS prods,
    (SELECT coalesce(json_agg(x), '[]') FROM (SELECT id, name, name_ar AS "nameAr", conversion_factor::text AS factor, group_id AS "groupId"
       FROM uoms WHERE company_id = ${companyId} AND id IN (${inList(uomIds.length ? uomIds : [0])})) x) AS uoms`);
  const row = r.rows[0] as { locs: Loc[]; prods: Prod[]; uoms: Uom[] };
  return {
    locs: new Map(row.locs.map((l) => [l.id, { ...l, internal: l.kind === 'internal', valued: l.kind === 'internal' && !l.isScrap }])),
    prods: new Map(row.prods.map((p) => [p.id, p])),
    uoms: new Map(row.uoms.map((u) => [u.id, u])),
  };
}

const LOT_COLS = sql`id, product_id AS "productId", name, is_serial AS "isSerial", expiry_date::text AS "expiryDate"`;

/** Lots by id (must be the line's product) and by name (created when missing, serial when serial tracking is on). */
async function resolveLots(tx: Tx, ctx: Ctx, lines: CleanLine[], s: InventorySettings): Promise<(Lot | null)[]> {
  const byId = new Map<number, Lot>();
  const ids = uniq(lines.map((l) => l.lotId).filter((x): x is number => x !== null));
  if (ids.length) {
    const r = await tx.execute(sql`SELECT ${LOT_COLS} FROM stock_lots WHERE company_id = ${ctx.companyId} AND id IN (${inList(ids)})`);
    for (const l of r.rows as unknown as Lot[]) byId.set(l.id, l);
  }
  const named = new Map<string, { productId: number; name: string; expiryDate: string | null }>();
  for (const l of lines) if (l.lotName && !l.lotId) named.set(`${l.productId}\u0000${l.lotName}`, { productId: l.productId, name: l.lotName, expiryDate: l.expiryDate });
  const byName = new Map<string, Lot>();
  if (named.size) {
    const wanted = [...named.values()].sort((a, b) => a.productId - b.productId || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const serial = s.enableSerialTracking;
    await tx.execute(sql`
      INSERT INTO stock_lots (company_id, product_id, name, is_serial, expiry_date, created_by, updated_by)
      VALUES ${sql.join(wanted.map((w) => sql`(${ctx.companyId}, ${w.productId}, ${w.name}, ${serial}, ${w.expiryDate}::date, ${ctx.user.id}, ${ctx.user.id})`), sql`, `)}
      ON CONFLICT (company_id, product_id, name) DO NOTHING`);
    const r = await tx.execute(sql`
      SELECT ${LOT_COLS} FROM stock_lots WHERE company_id = ${ctx.companyId}
        AND (product_id, name) IN (${sql.join(wanted.map((w) => sql`(${w.productId}::int, ${w.name}::varchar)`), sql`, `)})`);
    for (const l of r.rows as unknown as Lot[]) byName.set(`${l.productId}\u0000${l.name}`, l);
  }
  return lines.map((l) => {
    if (l.lotId) {
      const lot = byId.get(l.lotId);
      if (!lot || lot.productId !== l.productId) throw stockError(sm.lotNotFound, { line: l.index + 1 }, ctx.locale, 'lotId');
      return lot;
    }
    return l.lotName ? byName.get(`${l.productId}\u0000${l.lotName}`) ?? null : null;
  });
}

export async function loadLines(tx: Tx, ctx: Ctx, clean: CleanLine[], s: InventorySettings): Promise<Line[]> {
  const L = ctx.locale;
  const { locs, prods, uoms } = await loadRefs(tx, ctx.companyId, uniq(clean.flatMap((l) => [l.fromLocationId, l.toLocationId])),
    uniq(clean.map((l) => l.productId)), uniq(clean.map((l) => l.uomId).filter((x): x is number => x !== null)));
  const checked = clean.map((l) => {
    const line = l.index + 1;
    const product = prods.get(l.productId);
    if (!product) throw stockError(sm.productNotFound, { line }, L, 'productId');
    const pname = productName(product, ctx);
    if (!product.isActive) throw stockError(sm.productInactive, { line, product: pname }, L, 'productId');
    if (product.productType !== 'storable' || !product.storable) throw stockError(sm.productNotStorable, { line, product: pname }, L, 'productId');
    const from = locs.get(l.fromLocationId);
    const to = locs.get(l.toLocationId);
    for (const [loc, field] of [[from, 'fromLocationId'], [to, 'toLocationId']] as const) {
      if (!loc) throw stockError(sm.locationNotFound, { line }, L, field);
      if (!loc.isActive) throw stockError(sm.locationInactive, { line, location: L === 'ar' && loc.nameAr ? loc.nameAr : loc.name }, L, field);
    }
    let qty = l.quantity;
    if (l.uomId !== null && l.uomId !== product.uomId) {
      const u = uoms.get(l.uomId);
      if (!u) throw stockError(sm.uomNotFound, { line }, L, 'uomId');
      if (u.groupId !== product.uomGroup) throw stockError(sm.uomOtherGroup, { line, uom: L === 'ar' && u.nameAr ? u.nameAr : u.name }, L, 'uomId');
      qty = q6(new Decimal(l.quantity).mul(u.factor).div(product.uomFactor));
    } else qty = q6(l.quantity);
    if (!new Decimal(qty).gt(0)) throw stockError(sm.quantityPositive, { line }, L, 'quantity');
    const tracked = s.enableBatchTracking || s.enableSerialTracking;
    if (tracked && !l.lotId && !l.lotName && !from!.internal && to!.internal) throw stockError(sm.lotRequired, {}, L, 'lotName');
    return { ...l, qty, uomId: l.uomId ?? product.uomId, uomQty: q6(l.quantity), product, from: from!, to: to! };
  });
  const lots = await resolveLots(tx, ctx, clean, s);
  return checked.map((l, i) => {
    const lot = lots[i] ?? null;
    if (lot?.isSerial && !new Decimal(l.qty).eq(1)) throw stockError(sm.serialQuantity, { line: l.index + 1 }, L, 'quantity');
    return { ...l, lot, lotId: lot?.id ?? null };
  });
}

/**
 * A serial number enters stock at most once: the lots of serials coming in from outside are locked (ascending
 * id, before any quant) and must have no internal stock yet, and one posting brings each in once.
 */
export async function checkSerialsIn(tx: Tx, ctx: Ctx, lines: Line[]): Promise<void> {
  const incoming = lines.filter((l) => l.lot?.isSerial && !l.from.internal && l.to.internal);
  if (!incoming.length) return;
  const seen = new Set<number>();
  for (const l of incoming) {
    if (seen.has(l.lot!.id)) throw stockError(sm.serialInStock, { serial: l.lot!.name }, ctx.locale, 'lotName');
    seen.add(l.lot!.id);
  }
  const ids = uniq([...seen]);
  await tx.execute(sql`SELECT id FROM stock_lots WHERE id IN (${inList(ids)}) ORDER BY id FOR UPDATE`);
  const r = await tx.execute(sql`
    SELECT q.lot_id AS "lotId" FROM stock_quants q JOIN locations l ON l.id = q.location_id AND l.kind = 'internal'
    WHERE q.company_id = ${ctx.companyId} AND q.lot_id IN (${inList(ids)}) GROUP BY q.lot_id HAVING sum(q.quantity) > 0`);
  const inStock = (r.rows as { lotId: number }[])[0];
  if (inStock) throw stockError(sm.serialInStock, { serial: incoming.find((l) => l.lot!.id === inStock.lotId)!.lot!.name }, ctx.locale, 'lotName');
}
