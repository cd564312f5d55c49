import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { AppError } from '../../../core/http/errors';
import { tr } from '../../../core/i18n/locale';
import { execPrepared, intsLiteral } from '../../../core/db/prepared';
import { type OpenLayer, q6 } from './stock.costing';
import { type Line, productName } from './stock.load';
import { sm } from './stock.messages';

/**
 * Quants (on hand per product, internal location and lot) and invariant 5. Quants exist only for internal
 * locations (stock the company holds, scrap included); vendor, customer and virtual locations are counterparts
 * whose on hand is not kept. Every quant a posting touches is created if missing (INSERT ... ON CONFLICT DO
 * NOTHING, sorted) and then locked in ONE statement ordered by (product id, location id, lot id, no lot first),
 * so two postings that cross the same quants wait for each other instead of deadlocking. Quantities are then
 * read from the locked rows: an outgoing line can never take a quant below zero unless negative stock is allowed
 * ("Quantity Not Available" otherwise). A line without a lot leaving an internal location takes the quant
 * without a lot first, then lots by earliest expiry (FEFO), one move per quant.
 */
export interface Move { line: Line; lotId: number | null; qty: string; uomQty: string }
interface Key { productId: number; locationId: number; lotId: number | null }
interface Candidate { lotId: number | null; expiryDate: string | null }

export const quantKey = (p: number, loc: number, lot: number | null) => `${p}:${loc}:${lot ?? 0}`;
const cmpKey = (a: Key, b: Key) => a.productId - b.productId || a.locationId - b.locationId || (a.lotId ?? 0) - (b.lotId ?? 0);

const pairList = (pairs: string[]) => sql.join(pairs.map((p) => { const [a, b] = p.split(':').map(Number); return sql`(${a}::int, ${b}::int)`; }), sql`, `);

/** Lots with stock at the source of lines that name no lot (read before locking, to know which quants to lock). */
async function candidatesOf(tx: Tx, companyId: number, pairs: string[]): Promise<{ productId: number; locationId: number; lotId: number; expiryDate: string | null }[]> {
  const r = await tx.execute(sql`
    SELECT q.product_id AS "productId", q.location_id AS "locationId", q.lot_id AS "lotId", s.expiry_date::text AS "expiryDate"
    FROM stock_quants q JOIN stock_lots s ON s.id = q.lot_id
    WHERE q.company_id = ${companyId} AND q.quantity > 0 AND (q.product_id, q.location_id) IN (${pairList(pairs)})`);
  return r.rows as { productId: number; locationId: number; lotId: number; expiryDate: string | null }[];
}

/**
 * What lockStock holds: on hand of every locked quant, the lots (FEFO) a line without a lot may take, the quantity
 * reserved per (product, location) leaving stock (`product:location`, held on its quant without a lot), the valued
 * products' open layers.
 */
export interface Locked { onHand: Map<string, Decimal>; cands: Map<string, Candidate[]>; reserved: Map<string, Decimal>; layers: Map<number, OpenLayer[]> }

/**
 * The quants of a posting, then the open layers of its valued products, locked in ONE statement and in the one
 * order: the quants no committed row exists for are created (only those, so no posting waits here for another one
 * holding a quant; ON CONFLICT DO NOTHING, sorted), the quants locked ordered by (product, location, lot, no lot
 * first): the lines' own, and the lots with stock where a line without a lot leaves an internal location; then the
 * open layers (FOR UPDATE, by product, id). The valued products are locked already (readRefs, the posting's first
 * lock), so this statement's snapshot holds every valuation of them committed before; the parts of the UNION ALL run
 * one after the other, and the quants wait on the insert through an uncorrelated subquery (run before their scan).
 * A line without a lot between two internal locations also needs the destination quants of those lots: then the
 * lots are read first (candidatesOf) and locked as the lines' own. A quant another posting created while this one
 * waited on it is not in this statement's snapshot: it is locked by a second statement (only then).
 */
export async function lockStock(tx: Tx, ctx: Ctx, lines: Line[], valuedProducts: number[]): Promise<Locked> {
  const co = sql`${ctx.companyId}::int`;
  // Every (product, location) stock leaves: its quant without a lot (which holds the pair's reservations) and its
  // lots with stock are locked, so what is free of reservations is read under lock (reservations lock the same rows).
  const out = lines.filter((l) => l.from.internal);
  const free = out.filter((l) => !l.lotId);
  const pairs = [...new Set(out.map((l) => `${l.productId}:${l.fromLocationId}`))];
  const cands = new Map<string, Candidate[]>(pairs.map((p) => [p, [{ lotId: null, expiryDate: null }]]));
  const keys: Key[] = pairs.map((p) => { const [productId, locationId] = p.split(':').map(Number); return { productId: productId!, locationId: locationId!, lotId: null }; });
  const both = free.some((l) => l.to.internal);
  const early = both ? await candidatesOf(tx, ctx.companyId, pairs) : [];
  for (const c of early) {
    cands.get(`${c.productId}:${c.locationId}`)!.push({ lotId: c.lotId, expiryDate: c.expiryDate });
    keys.push({ productId: c.productId, locationId: c.locationId, lotId: c.lotId });
  }
  for (const l of lines) {
    const lots = l.from.internal && !l.lotId ? cands.get(`${l.productId}:${l.fromLocationId}`)!.map((c) => c.lotId) : [l.lotId];
    for (const lot of lots) {
      if (l.from.internal) keys.push({ productId: l.productId, locationId: l.fromLocationId, lotId: lot });
      if (l.to.internal) keys.push({ productId: l.productId, locationId: l.toLocationId, lotId: lot });
    }
  }
  const sorted = [...new Map(keys.map((k) => [quantKey(k.productId, k.locationId, k.lotId), k])).values()].sort(cmpKey);
  const onHand = new Map<string, Decimal>();
  const reserved = new Map<string, Decimal>();
  const layers = new Map<number, OpenLayer[]>(valuedProducts.map((p) => [p, []]));
  if (!sorted.length) return { onHand, cands, reserved, layers };
  // With the lots read first (both), every quant to lock is named; otherwise the statement finds the lots itself.
  // lists as array parameters (unnest): the statement's text does not change with the number of lines (execPrepared)
  const lotPairs = !both && pairs.length
    ? sql` OR ((q.product_id, q.location_id) IN (SELECT * FROM unnest(${intsLiteral(pairs.map((p) => Number(p.split(':')[0])))}::int[],
        ${intsLiteral(pairs.map((p) => Number(p.split(':')[1])))}::int[])) AND q.lot_id IS NOT NULL AND q.quantity > 0)`
    : sql``;
  const keyRows = sql`unnest(${intsLiteral(sorted.map((k) => k.productId))}::int[], ${intsLiteral(sorted.map((k) => k.locationId))}::int[],
    ${intsLiteral(sorted.map((k) => k.lotId))}::int[]) AS k(p, l, lot)`;
  const r = await execPrepared(tx, sql`
    WITH ins AS (
      INSERT INTO stock_quants (company_id, product_id, location_id, lot_id, quantity, reserved_quantity, created_by, updated_by)
      SELECT ${co}, k.p, k.l, k.lot, 0, 0, ${ctx.user.id}::int, ${ctx.user.id}::int
      FROM ${keyRows}
      WHERE NOT EXISTS (SELECT 1 FROM stock_quants q WHERE q.company_id = ${co} AND q.product_id = k.p AND q.location_id = k.l
        AND coalesce(q.lot_id, 0) = coalesce(k.lot, 0))
      ORDER BY k.p, k.l, coalesce(k.lot, 0)
      ON CONFLICT (company_id, product_id, location_id, (coalesce(lot_id, 0))) DO NOTHING
      RETURNING product_id, location_id, lot_id),
    q AS (
      SELECT q.product_id, q.location_id, q.lot_id, q.quantity::text AS quantity, q.reserved_quantity::text AS reserved, s.expiry_date::text AS expiry
      FROM stock_quants q LEFT JOIN stock_lots s ON s.id = q.lot_id
      WHERE (SELECT count(*) FROM ins) >= 0 AND q.company_id = ${co} AND q.product_id = ANY(${intsLiteral([...new Set(sorted.map((k) => k.productId))])}::int[])
        AND ((q.product_id, q.location_id, coalesce(q.lot_id, 0)) IN (SELECT k.p, k.l, coalesce(k.lot, 0) FROM ${keyRows})${lotPairs})
      ORDER BY q.product_id, q.location_id, coalesce(q.lot_id, 0) FOR UPDATE OF q),
    v AS (
      SELECT id, product_id, lot_id, account_id, remaining_qty::text AS remaining_qty, remaining_value::text AS remaining_value
      FROM stock_valuation_layers WHERE company_id = ${co} AND product_id = ANY(${intsLiteral(valuedProducts)}::int[]) AND remaining_qty <> 0
      ORDER BY product_id, id FOR UPDATE)
    SELECT 'q' AS k, product_id AS p, location_id AS l, lot_id AS lot, quantity AS q, expiry AS e, NULL::int AS id, NULL::int AS a, reserved AS v FROM q
    UNION ALL SELECT 'q', product_id, location_id, lot_id, '0', NULL, NULL, NULL, '0' FROM ins
    UNION ALL SELECT 'v', product_id, NULL, lot_id, remaining_qty, NULL, id, account_id, remaining_value FROM v`);
  // v: a layer's remaining value, or a quant's reserved quantity
  type R = { k: string; p: number; l: number; lot: number | null; q: string; e: string | null; id: number | null; a: number | null; v: string | null };
  const add = (x: R) => {
    if (x.k === 'v') {
      layers.get(x.p)!.push({ id: x.id!, lotId: x.lot, accountId: x.a!, remainingQty: x.q, remainingValue: x.v! });
      return;
    }
    onHand.set(quantKey(x.p, x.l, x.lot), new Decimal(x.q));
    if (x.lot === null && x.v !== null && new Decimal(x.v).gt(0)) reserved.set(`${x.p}:${x.l}`, new Decimal(x.v));
    const list = !both && x.lot !== null ? cands.get(`${x.p}:${x.l}`) : undefined;
    if (list && new Decimal(x.q).gt(0)) list.push({ lotId: x.lot, expiryDate: x.e });
  };
  for (const x of r.rows as R[]) add(x);
  const late = sorted.filter((k) => !onHand.has(quantKey(k.productId, k.locationId, k.lotId)));
  if (late.length) {
    const again = await tx.execute(sql`
      SELECT 'q' AS k, product_id AS p, location_id AS l, lot_id AS lot, quantity::text AS q, NULL AS e, reserved_quantity::text AS v FROM stock_quants
      WHERE company_id = ${co} AND (product_id, location_id, coalesce(lot_id, 0)) IN (${sql.join(late.map((k) => sql`(${k.productId}::int, ${k.locationId}::int, ${k.lotId ?? 0}::int)`), sql`, `)})
      ORDER BY product_id, location_id, coalesce(lot_id, 0) FOR UPDATE`);
    for (const x of again.rows as R[]) add(x);
  }
  for (const list of cands.values()) {
    list.sort((a, b) => (a.lotId === null ? -1 : b.lotId === null ? 1 : 0)
      || (a.expiryDate ?? '9999-12-31').localeCompare(b.expiryDate ?? '9999-12-31') || (a.lotId ?? 0) - (b.lotId ?? 0));
  }
  return { onHand, cands, reserved, layers };
}

function notAvailable(ctx: Ctx, line: Line, available: Decimal.Value): AppError {
  const vars = { product: productName(line.product, ctx), available: new Decimal(available).toFixed(), requested: new Decimal(line.qty).toFixed(), line: line.index + 1 };
  return new AppError(422, 'validation', sm.notAvailable, { quantity: tr(sm.notAvailableDetail, ctx.locale, vars) }, vars);
}

/** Splits lines into moves against the locked quants; returns the moves and the quant changes (key -> delta). */
export function allocate(ctx: Ctx, lines: Line[], locked: Locked, allowNegative: boolean, honourReservations = true): { moves: Move[]; deltas: Map<string, Decimal> } {
  const { onHand, cands } = locked;
  const reserved = honourReservations ? locked.reserved : new Map<string, Decimal>();
  // on hand of the lots of a line's source a line without a lot may take (its pair's quants with stock)
  const stockOf = (l: Line) => cands.get(`${l.productId}:${l.fromLocationId}`)!.reduce((t, c) => {
    const have = onHand.get(quantKey(l.productId, l.fromLocationId, c.lotId)) ?? new Decimal(0);
    return have.gt(0) ? t.plus(have) : t;
  }, new Decimal(0));
  // what reservations of the source leave free (reservations do not bind when negative stock is allowed, nor a
  // count or a scrap: those record goods already gone, and verifyStock's overReserved then names the shortfall)
  const freeOf = (l: Line, stock: Decimal) => (allowNegative ? stock : stock.minus(reserved.get(`${l.productId}:${l.fromLocationId}`) ?? 0));
  const deltas = new Map<string, Decimal>();
  const change = (k: string, d: Decimal) => {
    onHand.set(k, (onHand.get(k) ?? new Decimal(0)).plus(d));
    deltas.set(k, (deltas.get(k) ?? new Decimal(0)).plus(d));
  };
  const moves: Move[] = [];
  for (const l of lines) {
    const parts: { lotId: number | null; qty: Decimal }[] = [];
    if (!l.from.internal) parts.push({ lotId: l.lotId, qty: new Decimal(l.qty) });
    else if (l.lotId) {
      const have = onHand.get(quantKey(l.productId, l.fromLocationId, l.lotId)) ?? new Decimal(0);
      if (have.lt(l.qty) && !allowNegative) throw notAvailable(ctx, l, Decimal.max(have, 0));
      const free = freeOf(l, stockOf(l));
      if (free.lt(l.qty) && !allowNegative) throw notAvailable(ctx, l, Decimal.max(Decimal.min(have, free), 0));
      parts.push({ lotId: l.lotId, qty: new Decimal(l.qty) });
    } else {
      let left = new Decimal(l.qty);
      const available = freeOf(l, stockOf(l));
      if (left.gt(available) && !allowNegative) throw notAvailable(ctx, l, Decimal.max(available, 0));
      for (const c of cands.get(`${l.productId}:${l.fromLocationId}`)!) {
        const have = onHand.get(quantKey(l.productId, l.fromLocationId, c.lotId)) ?? new Decimal(0);
        if (have.lte(0) || left.isZero()) continue;
        const t = Decimal.min(have, left);
        parts.push({ lotId: c.lotId, qty: t });
        left = left.minus(t);
      }
      if (left.gt(0)) {
        const noLot = parts.find((p) => p.lotId === null);
        if (noLot) noLot.qty = noLot.qty.plus(left);
        else parts.unshift({ lotId: null, qty: left });
      }
    }
    let uomLeft = new Decimal(l.uomQty);
    parts.forEach((p, i) => {
      const uomQty = i === parts.length - 1 ? uomLeft : new Decimal(q6(p.qty.mul(l.uomQty).div(l.qty)));
      uomLeft = uomLeft.minus(uomQty);
      if (l.from.internal) change(quantKey(l.productId, l.fromLocationId, p.lotId), p.qty.neg());
      if (l.to.internal) change(quantKey(l.productId, l.toLocationId, p.lotId), p.qty);
      moves.push({ line: l, lotId: p.lotId, qty: q6(p.qty), uomQty: q6(uomQty) });
    });
  }
  return { moves, deltas };
}
