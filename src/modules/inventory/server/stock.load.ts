import { type Column, type SQL, getTableColumns, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { tableOf } from '../../../core/db/entity-table';
import { execPrepared, intsLiteral } from '../../../core/db/prepared';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { settingsJsonSql } from '../../accounting';
import { inventorySettings } from '../model/inventory-settings.entity';
import { type InventorySettings, NO_SETTINGS } from './inventory-settings.service';
import { q6 } from './stock.costing';
import { type CleanLine, stockError } from './stock.input';
import { sm } from './stock.messages';

/**
 * Reads and checks what a posting refers to, all scoped to the caller's company: active locations, active
 * storable products (with their unit, cost and accounts), units of the product's UOM group (quantities converted
 * to the product unit, 6 dp half-even), and lots (found by id, or found or created by name, in one sorted insert).
 * readRefs reads all of it, and both settings rows, in ONE statement, and for a posting locks the products it
 * values (the first lock of a posting); a document that checks its lines on create and posts them in the same
 * transaction reads them once (delivery.hooks.ts).
 */
export interface Loc { id: number; name: string; nameAr: string | null; kind: string; isScrap: boolean; isActive: boolean; warehouseId: number | null; internal: boolean; valued: boolean }
export interface Prod {
  id: number; name: string; nameAr: string | null; productType: string; storable: boolean; isActive: boolean; cost: string; purchasePrice: string;
  uomId: number; uomFactor: string; uomGroup: number;
  stockAccountId: number | null; assetAccountId: number | null; expenseAccountId: number | null;
  catAssetAccountId: number | null; catExpenseAccountId: number | null;
}
export interface Lot { id: number; productId: number; name: string; isSerial: boolean; expiryDate: string | null }
export interface Line extends CleanLine { qty: string; uomQty: string; lot: Lot | null; product: Prod; from: Loc; to: Loc }
export interface Uom { id: number; name: string; nameAr: string | null; factor: string; groupId: number }
/** What postStock reads of the accounting settings. */
export interface StockAccSettings {
  lockDate: string | null; fiscalYearStartMonth: number; fiscalYearStartDay: number;
  inventoryAccountId: number | null; cogsAccountId: number | null; openingBalanceAccountId: number | null;
}
/** Everything a posting refers to, as read by readRefs. */
export interface Refs {
  acc: StockAccSettings; inv: InventorySettings;
  locs: Map<number, Loc>; prods: Map<number, Prod>; uoms: Map<number, Uom>; lots: Map<number, Lot>;
  /** Products this read locked FOR NO KEY UPDATE (ReadOptions.lock): this transaction values them, one at a time per product. */
  locked: Set<number>;
}

/**
 * What readRefs also locks, for a posting: the products whose stock is valued, FOR NO KEY UPDATE in ascending id
 * order, before any quant (lock order: core/db/lock-order.ts). `moves`: the posting's
 * lines, of which the statement locks the products moving between a valued location (internal, not scrap) and one
 * that is not; `products`: products to lock whatever their lines (a document whose lines are valued by
 * construction, e.g. a delivery's, read before its destination is known).
 */
export interface RefLock { products?: number[]; moves?: { productId: number; fromLocationId: number; toLocationId: number }[] }
export interface RefIds { locations: number[]; products: number[]; uoms: number[]; lots: number[] }
export interface RefReadOptions { settingLocations?: boolean; lock?: RefLock }

export const inList = (ids: number[]): SQL => sql.join(ids.map((i) => sql`${i}::int`), sql`, `);
const uniq = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);
export const productName = (p: { name: string; nameAr: string | null }, ctx: Ctx) => (ctx.locale === 'ar' && p.nameAr ? p.nameAr : p.name);

/** A category account of product `p`: its category's, else the nearest ancestor category's that names one. */
const categoryAccount = (col: 'asset_account_id' | 'expense_account_id') => sql.raw(`(WITH RECURSIVE up(parent_id, acc, depth) AS (
    SELECT parent_id, ${col}, 0 FROM product_categories WHERE id = p.category_id
    UNION ALL SELECT c.parent_id, c.${col}, up.depth + 1 FROM product_categories c JOIN up ON c.id = up.parent_id WHERE up.acc IS NULL AND up.depth < 100)
  SELECT acc FROM up WHERE acc IS NOT NULL ORDER BY depth LIMIT 1)`);

/** The accounting settings a posting reads (StockAccSettings), in readRefs' statement through accounting's fragment. */
const ACC_KEYS = ['lockDate', 'fiscalYearStartMonth', 'fiscalYearStartDay', 'inventoryAccountId', 'cogsAccountId', 'openingBalanceAccountId'] as const;
const LOT_COLS = sql`id, product_id AS "productId", name, is_serial AS "isSerial", expiry_date::text AS "expiryDate"`;
const NO_ACC: StockAccSettings = { lockDate: null, fiscalYearStartMonth: 1, fiscalYearStartDay: 1, inventoryAccountId: null, cogsAccountId: null, openingBalanceAccountId: null };
/** `= ANY(...)` of ids as one parameter, so the statement's text does not change with the number of lines (execPrepared). */
const anyOf = (xs: number[]) => sql`ANY(${intsLiteral(uniq(xs))}::int[])`;
/** The inventory settings row as jsonb keyed by column name, numeric columns as text (as Drizzle reads them). */
let invColumns: [key: string, name: string][] | null = null;
let invJson: SQL | null = null;
function inventorySettingsJson(): SQL {
  if (!invJson) {
    const cols = Object.entries(getTableColumns(tableOf(inventorySettings))) as [string, Column][];
    invColumns = Object.keys(NO_SETTINGS).map((k) => [k, cols.find(([key]) => key === k)?.[1].name ?? k]);
    const numeric = cols.filter(([k, c]) => k in NO_SETTINGS && c.columnType === 'PgNumeric').map(([, c]) => `'${c.name}', s.${c.name}::text`);
    invJson = sql.raw(`to_jsonb(s)${numeric.length ? ` || jsonb_build_object(${numeric.join(', ')})` : ''}`);
  }
  return invJson;
}

/**
 * ONE statement: both settings rows, the locations (and, with `settingLocations`, the settings' vendor, customer and
 * adjustment locations), the products with their unit and accounts, the units of the lines and of the products, and
 * the lots named by id.
 */
export async function readRefs(tx: Tx, companyId: number, want: RefIds, opts: RefReadOptions = {}): Promise<Refs> {
  const r = await execPrepared(tx, readRefsSql(companyId, want, opts));
  const row = r.rows[0] as { locked: number[]; acc: StockAccSettings | null; inv: Record<string, unknown> | null; locs: Omit<Loc, 'internal' | 'valued'>[]; prods: Prod[]; uoms: Uom[]; lots: Lot[] };
  const inv: InventorySettings = { ...NO_SETTINGS };
  if (row.inv) {
    const out = inv as unknown as Record<string, unknown>;
    for (const [k, name] of invColumns!) out[k] = row.inv[name] ?? null;
  }
  return {
    acc: row.acc ?? { ...NO_ACC }, inv,
    locs: new Map(row.locs.map((l) => [l.id, { ...l, internal: l.kind === 'internal', valued: l.kind === 'internal' && !l.isScrap }])),
    prods: new Map(row.prods.map((p) => [p.id, p])),
    uoms: new Map(row.uoms.map((u) => [u.id, u])),
    lots: new Map(row.lots.map((l) => [l.id, l])),
    locked: new Set(row.locked),
  };
}

/** readRefs' statement (tests explain it). */
export function readRefsSql(companyId: number, want: RefIds, opts: RefReadOptions = {}): SQL {
  const co = sql`${companyId}::int`;
  const settingLocs = opts.settingLocations
    ? sql` OR id IN (SELECT unnest(ARRAY[vendor_location_id, customer_location_id, adjustment_location_id]) FROM inventory_settings WHERE company_id = ${co})`
    : sql``;
  const moves = opts.lock?.moves ?? [];
  const valued = (l: string) => sql.raw(`(${l}.kind = 'internal' AND NOT ${l}.is_scrap)`);
  const lock = opts.lock
    ? sql`(SELECT coalesce(json_agg(id), '[]') FROM (SELECT id FROM products WHERE company_id = ${co} AND id IN (SELECT unnest(${intsLiteral(uniq(opts.lock.products ?? []))}::int[])
        UNION SELECT x.p FROM unnest(${intsLiteral(moves.map((m) => m.productId))}::int[], ${intsLiteral(moves.map((m) => m.fromLocationId))}::int[],
          ${intsLiteral(moves.map((m) => m.toLocationId))}::int[]) AS x(p, f, t)
          JOIN locations lf ON lf.id = x.f AND lf.company_id = ${co} JOIN locations lt ON lt.id = x.t AND lt.company_id = ${co}
          WHERE ${valued('lf')} <> ${valued('lt')})
        ORDER BY id FOR NO KEY UPDATE) z)`
    : sql`'[]'::json`;
  return sql`SELECT ${lock} AS locked,
    ${settingsJsonSql(co, ACC_KEYS)} AS acc,
    (SELECT ${inventorySettingsJson()} FROM inventory_settings s WHERE company_id = ${co} LIMIT 1) AS inv,
    (SELECT coalesce(json_agg(x), '[]') FROM (SELECT id, name, name_ar AS "nameAr", kind, is_scrap AS "isScrap", is_active AS "isActive",
       warehouse_id AS "warehouseId" FROM locations WHERE company_id = ${co} AND (id = ${anyOf(want.locations)}${settingLocs})) x) AS locs,
    (SELECT coalesce(json_agg(x), '[]') FROM (SELECT p.id, p.name, p.name_ar AS "nameAr", p.product_type AS "productType", p.storable,
       p.is_active AS "isActive", coalesce(p.cost, 0)::text AS cost, coalesce(p.purchase_price, 0)::text AS "purchasePrice", p.uom_id AS "uomId",
       u.conversion_factor::text AS "uomFactor", u.group_id AS "uomGroup", p.stock_account_id AS "stockAccountId", p.asset_account_id AS "assetAccountId",
       p.expense_account_id AS "expenseAccountId", ${categoryAccount('asset_account_id')} AS "catAssetAccountId",
       ${categoryAccount('expense_account_id')} AS "catExpenseAccountId"
       FROM products p JOIN uoms u ON u.id = p.uom_id
       WHERE p.company_id = ${co} AND p.id = ${anyOf(want.products)}) x) AS prods,
    (SELECT coalesce(json_agg(x), '[]') FROM (SELECT id, name, name_ar AS "nameAr", conversion_factor::text AS factor, group_id AS "groupId"
       FROM uoms WHERE company_id = ${co} AND (id = ${anyOf(want.uoms)}
         OR id IN (SELECT uom_id FROM products WHERE company_id = ${co} AND id = ${anyOf(want.products)}))) x) AS uoms,
    (SELECT coalesce(json_agg(x), '[]') FROM (SELECT ${LOT_COLS} FROM stock_lots WHERE company_id = ${co} AND id = ${anyOf(want.lots)}) x) AS lots`;
}

/** Locks products a posting values that its read did not (ascending; still before any quant). */
export async function lockProducts(tx: Tx, companyId: number, ids: number[]): Promise<void> {
  await tx.execute(sql`SELECT id FROM products WHERE company_id = ${companyId}::int AND id = ${anyOf(ids)} ORDER BY id FOR NO KEY UPDATE`);
}

/** The ids a posting's lines refer to. */
export const refIdsOf = (lines: CleanLine[]): RefIds => ({
  locations: lines.flatMap((l) => [l.fromLocationId, l.toLocationId]), products: lines.map((l) => l.productId),
  uoms: lines.map((l) => l.uomId).filter((x): x is number => x !== null), lots: lines.map((l) => l.lotId).filter((x): x is number => x !== null),
});

/** Whether `refs` (read earlier in the transaction) holds every id of `want` that exists (a missing one is read again). */
export const covers = (refs: Refs, want: RefIds) => want.locations.every((i) => refs.locs.has(i)) && want.products.every((i) => refs.prods.has(i))
  && want.uoms.every((i) => refs.uoms.has(i)) && want.lots.every((i) => refs.lots.has(i));

/** Lots by id (must be the line's product) and by name (created when missing, serial when serial tracking is on). */
async function resolveLots(tx: Tx, ctx: Ctx, lines: CleanLine[], s: InventorySettings, byId: Map<number, Lot>): Promise<(Lot | null)[]> {
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

/** The lines checked against `refs` (readRefs of refIdsOf(clean)); lots named by name found or created. */
export async function loadLines(tx: Tx, ctx: Ctx, clean: CleanLine[], refs: Refs): Promise<Line[]> {
  const L = ctx.locale;
  const { locs, prods, uoms, inv: s } = refs;
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
  const lots = await resolveLots(tx, ctx, clean, s, refs.lots);
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
