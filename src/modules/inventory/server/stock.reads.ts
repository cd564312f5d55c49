import { sql } from 'drizzle-orm';
import { readInCallersTx } from '../../../core/db/callers-tx';
import { intsLiteral } from '../../../core/db/prepared';
import type { Ctx } from '../../../core/http/context';
import type { SourceRef } from './stock.reservations';

/**
 * Stock reads for other modules (through inventory's index.ts), in the caller's transaction when there is one (so
 * they see its uncommitted postings and reservations). Quantities are in the product's unit, 6 dp strings.
 */
export interface QuantityQuery {
  productIds: number[];
  /** One internal location (scrap included if named); else the warehouse's stock locations; else all of the company's. */
  locationId?: number; warehouseId?: number;
  /** One row per (product, location) with stock or reservations instead of one per product. */
  perLocation?: boolean;
}
/** available = onHand - reserved (negative only when negative stock is allowed). */
export interface StockQuantity { productId: number; locationId: number | null; onHand: string; reserved: string; available: string }
export interface SourceMove {
  id: number; date: string; reference: string | null; moveType: string; productId: number; lotId: number | null;
  fromLocationId: number; toLocationId: number; quantity: string; uomId: number | null; uomQuantity: string | null;
  unitCost: string | null; value: string | null; entryId: number | null;
}
export interface SourceReservation { productId: number; locationId: number; quantity: string }

const ID_MAX = 2147483647;
const ids = (xs: unknown[]) => [...new Set(xs.filter((x): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0 && x <= ID_MAX))];
const okSource = (s: SourceRef) => typeof s?.type === 'string' && Number.isInteger(s.id) && s.id > 0 && s.id <= ID_MAX;

/** On hand, reserved and available per product (each product asked for gets a row, zeros when it has no stock). */
export function stockQuantities(ctx: Ctx, query: QuantityQuery): Promise<StockQuantity[]> {
  const products = ids(query.productIds ?? []);
  if (!products.length) return Promise.resolve([]);
  const co = sql`${ctx.companyId}::int`;
  const where = ids([query.locationId]).length
    ? sql`l.id = ${query.locationId!}::int AND l.kind = 'internal'`
    : ids([query.warehouseId]).length
      ? sql`l.warehouse_id = ${query.warehouseId!}::int AND l.kind = 'internal' AND NOT l.is_scrap`
      : sql`l.kind = 'internal' AND NOT l.is_scrap`;
  const per = query.perLocation === true;
  return readInCallersTx(ctx.db, async (q) => {
    const r = await q.execute(sql`
      WITH s AS (
        SELECT q.product_id, ${per ? sql`q.location_id` : sql`NULL::int`} AS location_id, sum(q.quantity) AS on_hand, sum(q.reserved_quantity) AS reserved
        FROM stock_quants q JOIN locations l ON l.id = q.location_id AND l.company_id = ${co} AND ${where}
        WHERE q.company_id = ${co} AND q.product_id = ANY(${intsLiteral(products)}::int[])
        GROUP BY 1, 2)
      SELECT p.id AS "productId", s.location_id AS "locationId", coalesce(s.on_hand, 0)::numeric(20, 6)::text AS "onHand",
        coalesce(s.reserved, 0)::numeric(20, 6)::text AS reserved, (coalesce(s.on_hand, 0) - coalesce(s.reserved, 0))::numeric(20, 6)::text AS available
      FROM unnest(${intsLiteral(products)}::int[]) WITH ORDINALITY AS p(id, n) LEFT JOIN s ON s.product_id = p.id
      ${per ? sql`WHERE s.product_id IS NULL OR s.on_hand <> 0 OR s.reserved <> 0` : sql``}
      ORDER BY p.n, s.location_id`);
    return r.rows as unknown as StockQuantity[];
  });
}

/** The stock moves a document posted (postStock's `source`), in the order they were written. */
export function movesOfSource(ctx: Ctx, source: SourceRef): Promise<SourceMove[]> {
  if (!okSource(source)) return Promise.resolve([]);
  return readInCallersTx(ctx.db, async (q) => {
    const r = await q.execute(sql`
      SELECT id, date::text AS date, reference, move_type AS "moveType", product_id AS "productId", lot_id AS "lotId",
        from_location_id AS "fromLocationId", to_location_id AS "toLocationId", quantity::text AS quantity, uom_id AS "uomId",
        uom_quantity::text AS "uomQuantity", unit_cost::text AS "unitCost", value::text AS value, entry_id AS "entryId"
      FROM stock_moves WHERE company_id = ${ctx.companyId}::int AND source_type = ${source.type} AND source_id = ${source.id}::int
      ORDER BY id`);
    return r.rows as unknown as SourceMove[];
  });
}

/** A source's current reservations. */
export function reservationsOf(ctx: Ctx, source: SourceRef): Promise<SourceReservation[]> {
  if (!okSource(source)) return Promise.resolve([]);
  return readInCallersTx(ctx.db, async (q) => {
    const r = await q.execute(sql`
      SELECT product_id AS "productId", location_id AS "locationId", quantity::text AS quantity FROM stock_reservations
      WHERE company_id = ${ctx.companyId}::int AND source_type = ${source.type} AND source_id = ${source.id}::int ORDER BY product_id, location_id`);
    return r.rows as unknown as SourceReservation[];
  });
}
