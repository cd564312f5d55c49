import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { decimalsLiteral, intsLiteral } from '../../../core/db/prepared';
import { type Tx, withTx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { AppError } from '../../../core/http/errors';
import { tr } from '../../../core/i18n/locale';
import { q6 } from './stock.costing';
import { stockError } from './stock.input';
import { productName } from './stock.load';
import { sm } from './stock.messages';

/**
 * Reservations: a quantity of a product at an internal location held for a source document (a sales order), in
 * the caller's transaction (withTx joins it). Available = on hand - reserved, never below zero unless the
 * settings allow negative stock, under any concurrency: a reservation takes the locks postStock takes, in its
 * order (lock order of every poster: products -> quants -> layers ...): the product FOR NO KEY UPDATE, then the
 * pair's quants, its quant without a lot (created if missing; it holds the pair's reserved total,
 * `stock_quants.reserved_quantity`) and its lots with stock, FOR UPDATE ordered by lot (no lot first). postStock
 * locks the same rows for every line leaving an internal location and refuses to take what others reserved
 * (stock.quants.ts allocate). A document delivering its own reserved stock releases it first, in the same
 * transaction (its locks are then held to the commit, so nobody takes the stock in between).
 */
export interface SourceRef { type: string; id: number }
export interface ReserveInput { productId: number; locationId: number; quantity: string; source: SourceRef }
export interface ReleaseInput {
  source: SourceRef;
  /** Only this product's / location's reservations of the source (both needed with `quantity`). */
  productId?: number; locationId?: number;
  /** At most this much (else all of them); releasing more than is reserved releases what is reserved. */
  quantity?: string;
}
/** After a reservation: the source's reservation of the pair, and the pair's on hand, reserved and available. */
export interface Reserved { productId: number; locationId: number; source: SourceRef; quantity: string; onHand: string; reserved: string; available: string }
export interface Released { productId: number; locationId: number; quantity: string }

const ID_MAX = 2147483647;
const isId = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0 && x <= ID_MAX;
const QTY_RE = /^\d{1,14}(\.\d{1,6})?$/;

function cleanSource(ctx: Ctx, s: unknown): SourceRef {
  const src = s as SourceRef | null;
  const type = typeof src?.type === 'string' ? src.type.trim() : '';
  if (!type || type.length > 40 || !isId(src?.id)) throw stockError(sm.sourceInvalid, {}, ctx.locale, 'source');
  return { type, id: src!.id };
}

function cleanQty(ctx: Ctx, q: unknown): string {
  const v = typeof q === 'number' ? String(q) : typeof q === 'string' ? q.trim() : '';
  if (!QTY_RE.test(v) || !new Decimal(v).gt(0)) throw stockError(sm.reserveQuantity, {}, ctx.locale, 'quantity');
  return q6(v);
}

/** Reserves `quantity` (product unit, up to 6 dp) of a product at an internal location for a source; adds to its reservation. */
export async function reserveStock(ctx: Ctx, input: ReserveInput): Promise<Reserved> {
  const source = cleanSource(ctx, input?.source);
  if (!isId(input.productId)) throw stockError(sm.reserveProduct, {}, ctx.locale, 'productId');
  if (!isId(input.locationId)) throw stockError(sm.reserveLocation, {}, ctx.locale, 'locationId');
  const qty = cleanQty(ctx, input.quantity);
  const { productId: p, locationId: l } = input;
  return withTx(ctx.db, async (tx) => {
    const co = sql`${ctx.companyId}::int`;
    const head = (await tx.execute(sql`
      SELECT p.name, p.name_ar AS "nameAr", (p.is_active AND p.storable AND p.product_type = 'storable') AS ok,
        (SELECT kind = 'internal' AND NOT is_scrap AND is_active FROM locations WHERE company_id = ${co} AND id = ${l}::int) AS "locOk",
        coalesce((SELECT allow_negative_stock FROM inventory_settings WHERE company_id = ${co} LIMIT 1), false) AS neg
      FROM products p WHERE p.company_id = ${co} AND p.id = ${p}::int FOR NO KEY UPDATE OF p`)).rows[0] as
      { name: string; nameAr: string | null; ok: boolean; locOk: boolean | null; neg: boolean } | undefined;
    if (!head?.ok) throw stockError(sm.reserveProduct, {}, ctx.locale, 'productId');
    if (!head.locOk) throw stockError(sm.reserveLocation, {}, ctx.locale, 'locationId');
    const { stock, reserved } = await lockPair(tx, ctx, p, l);
    const free = stock.minus(reserved);
    if (!head.neg && free.lt(qty)) {
      const vars = { product: productName(head, ctx), available: Decimal.max(free, 0).toFixed(), requested: new Decimal(qty).toFixed(), line: 1 };
      throw new AppError(422, 'validation', sm.notAvailable, { quantity: tr(sm.notAvailableDetail, ctx.locale, vars) }, vars);
    }
    const w = (await tx.execute(sql`
      WITH r AS (
        INSERT INTO stock_reservations (company_id, source_type, source_id, product_id, location_id, quantity, created_by)
        VALUES (${co}, ${source.type}, ${source.id}::int, ${p}::int, ${l}::int, ${qty}::numeric, ${ctx.user.id}::int)
        ON CONFLICT (company_id, source_type, source_id, product_id, location_id)
          DO UPDATE SET quantity = stock_reservations.quantity + excluded.quantity, updated_at = now()
        RETURNING quantity),
      h AS (
        UPDATE stock_quants SET reserved_quantity = reserved_quantity + ${qty}::numeric, version = version + 1, updated_at = now(), updated_by = ${ctx.user.id}::int
        WHERE company_id = ${co} AND product_id = ${p}::int AND location_id = ${l}::int AND lot_id IS NULL RETURNING reserved_quantity)
      SELECT (SELECT quantity::text FROM r) AS mine, (SELECT reserved_quantity::text FROM h) AS reserved`)).rows[0] as { mine: string; reserved: string };
    return {
      productId: p, locationId: l, source, quantity: w.mine, onHand: q6(stock), reserved: w.reserved, available: q6(stock.minus(w.reserved)),
    };
  });
}

/**
 * The pair's quants locked as postStock locks them (stock.quants.ts lockStock): its quant without a lot, created
 * if missing, and its lots with stock, ordered by lot (no lot first). Returns the stock (on hand of quants with
 * stock, as postStock counts it) and the pair's reserved total.
 */
async function lockPair(tx: Tx, ctx: Ctx, p: number, l: number): Promise<{ stock: Decimal; reserved: Decimal }> {
  const co = sql`${ctx.companyId}::int`;
  const pair = sql`company_id = ${co} AND product_id = ${p}::int AND location_id = ${l}::int`;
  const r = await tx.execute(sql`
    WITH ins AS (
      INSERT INTO stock_quants (company_id, product_id, location_id, lot_id, quantity, reserved_quantity, created_by, updated_by)
      SELECT ${co}, ${p}::int, ${l}::int, NULL, 0, 0, ${ctx.user.id}::int, ${ctx.user.id}::int
      WHERE NOT EXISTS (SELECT 1 FROM stock_quants WHERE ${pair} AND lot_id IS NULL)
      ON CONFLICT (company_id, product_id, location_id, (coalesce(lot_id, 0))) DO NOTHING
      RETURNING lot_id),
    q AS (
      SELECT lot_id, quantity, reserved_quantity FROM stock_quants
      WHERE (SELECT count(*) FROM ins) >= 0 AND ${pair} AND (lot_id IS NULL OR quantity > 0)
      ORDER BY coalesce(lot_id, 0) FOR UPDATE)
    SELECT lot_id AS lot, quantity::text AS q, reserved_quantity::text AS r FROM q
    UNION ALL SELECT NULL, '0', '0' FROM ins`);
  let rows = r.rows as { lot: number | null; q: string; r: string }[];
  // a quant another transaction created while this one waited is not in this statement's snapshot: lock it now
  if (!rows.some((x) => x.lot === null)) {
    const again = await tx.execute(sql`SELECT lot_id AS lot, quantity::text AS q, reserved_quantity::text AS r FROM stock_quants WHERE ${pair} AND lot_id IS NULL FOR UPDATE`);
    rows = [...rows, ...(again.rows as typeof rows)];
  }
  const stock = rows.reduce((t, x) => (new Decimal(x.q).gt(0) ? t.plus(x.q) : t), new Decimal(0));
  return { stock, reserved: new Decimal(rows.find((x) => x.lot === null)?.r ?? 0) };
}

/** Releases a source's reservations (all, one pair's, or a quantity of one pair's); returns what was released. */
export async function releaseStock(ctx: Ctx, input: ReleaseInput): Promise<Released[]> {
  const source = cleanSource(ctx, input?.source);
  const { productId, locationId } = input;
  if (productId !== undefined && !isId(productId)) throw stockError(sm.reserveProduct, {}, ctx.locale, 'productId');
  if (locationId !== undefined && !isId(locationId)) throw stockError(sm.reserveLocation, {}, ctx.locale, 'locationId');
  let left: Decimal | null = null;
  if (input.quantity !== undefined) {
    if (productId === undefined) throw stockError(sm.reserveProduct, {}, ctx.locale, 'productId');
    if (locationId === undefined) throw stockError(sm.reserveLocation, {}, ctx.locale, 'locationId');
    left = new Decimal(cleanQty(ctx, input.quantity));
  }
  return withTx(ctx.db, async (tx) => {
    const co = sql`${ctx.companyId}::int`;
    const mine = sql`r.company_id = ${co} AND r.source_type = ${source.type} AND r.source_id = ${source.id}::int${productId ? sql` AND r.product_id = ${productId}::int` : sql``}${locationId ? sql` AND r.location_id = ${locationId}::int` : sql``}`;
    // postStock's order: the products, then the pairs' quants without a lot, then the reservations
    await tx.execute(sql`SELECT id FROM products WHERE company_id = ${co} AND id IN (SELECT r.product_id FROM stock_reservations r WHERE ${mine}) ORDER BY id FOR NO KEY UPDATE`);
    await tx.execute(sql`SELECT q.id FROM stock_quants q WHERE q.company_id = ${co} AND q.lot_id IS NULL
      AND (q.product_id, q.location_id) IN (SELECT r.product_id, r.location_id FROM stock_reservations r WHERE ${mine}) ORDER BY q.product_id, q.location_id FOR UPDATE`);
    const rows = (await tx.execute(sql`SELECT r.product_id AS p, r.location_id AS l, r.quantity::text AS q FROM stock_reservations r WHERE ${mine}
      ORDER BY r.product_id, r.location_id FOR UPDATE`)).rows as { p: number; l: number; q: string }[];
    const out: Released[] = [];
    for (const r of rows) {
      const take = left ? Decimal.min(left, r.q) : new Decimal(r.q);
      if (left) left = left.minus(take);
      if (take.gt(0)) out.push({ productId: r.p, locationId: r.l, quantity: q6(take) });
    }
    if (!out.length) return out;
    const x = sql`unnest(${intsLiteral(out.map((o) => o.productId))}::int[], ${intsLiteral(out.map((o) => o.locationId))}::int[],
      ${decimalsLiteral(out.map((o) => o.quantity))}::numeric[]) AS x(p, l, d)`;
    await tx.execute(sql`
      WITH d AS (
        DELETE FROM stock_reservations r USING ${x} WHERE ${mine} AND r.product_id = x.p AND r.location_id = x.l AND r.quantity <= x.d RETURNING 1),
      u AS (
        UPDATE stock_reservations r SET quantity = r.quantity - x.d, updated_at = now() FROM ${x}
        WHERE ${mine} AND r.product_id = x.p AND r.location_id = x.l AND r.quantity > x.d RETURNING 1)
      UPDATE stock_quants q SET reserved_quantity = q.reserved_quantity - x.d, version = q.version + 1, updated_at = now(), updated_by = ${ctx.user.id}::int
      FROM ${x} WHERE q.company_id = ${co} AND q.product_id = x.p AND q.location_id = x.l AND q.lot_id IS NULL
        AND (SELECT count(*) FROM d) + (SELECT count(*) FROM u) >= 0`);
    return out;
  });
}
