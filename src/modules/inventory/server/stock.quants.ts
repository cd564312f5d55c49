import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { AppError } from '../../../core/http/errors';
import { tr } from '../../../core/i18n/locale';
import { q6 } from './stock.costing';
import { type Line, inList, productName } from './stock.load';
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

/** Lots with stock at the source of lines that name no lot (read before locking, to know which quants to lock). */
async function candidatesOf(tx: Tx, companyId: number, lines: Line[]): Promise<Map<string, Candidate[]>> {
  const pairs = [...new Set(lines.filter((l) => l.from.internal && !l.lotId).map((l) => `${l.productId}:${l.fromLocationId}`))];
  const out = new Map<string, Candidate[]>(pairs.map((p) => [p, [{ lotId: null, expiryDate: null }]]));
  if (!pairs.length) return out;
  const r = await tx.execute(sql`
    SELECT q.product_id AS "productId", q.location_id AS "locationId", q.lot_id AS "lotId", s.expiry_date::text AS "expiryDate"
    FROM stock_quants q JOIN stock_lots s ON s.id = q.lot_id
    WHERE q.company_id = ${companyId} AND q.quantity > 0
      AND (q.product_id, q.location_id) IN (${sql.join(pairs.map((p) => { const [a, b] = p.split(':').map(Number); return sql`(${a}::int, ${b}::int)`; }), sql`, `)})`);
  for (const row of r.rows as { productId: number; locationId: number; lotId: number; expiryDate: string | null }[]) {
    out.get(`${row.productId}:${row.locationId}`)!.push({ lotId: row.lotId, expiryDate: row.expiryDate });
  }
  for (const list of out.values()) {
    list.sort((a, b) => (a.lotId === null ? -1 : b.lotId === null ? 1 : 0)
      || (a.expiryDate ?? '9999-12-31').localeCompare(b.expiryDate ?? '9999-12-31') || (a.lotId ?? 0) - (b.lotId ?? 0));
  }
  return out;
}

/** Creates the missing quants and locks all of them in the one order; returns their locked quantities. */
async function lockQuants(tx: Tx, ctx: Ctx, keys: Key[]): Promise<Map<string, Decimal>> {
  const sorted = [...new Map(keys.map((k) => [quantKey(k.productId, k.locationId, k.lotId), k])).values()].sort(cmpKey);
  const out = new Map<string, Decimal>();
  if (!sorted.length) return out;
  // Only the quants no committed row exists for: ON CONFLICT alone would wait for every posting holding one.
  await tx.execute(sql`
    INSERT INTO stock_quants (company_id, product_id, location_id, lot_id, quantity, reserved_quantity, created_by, updated_by)
    SELECT ${ctx.companyId}::int, k.p, k.l, k.lot, 0, 0, ${ctx.user.id}::int, ${ctx.user.id}::int
    FROM (VALUES ${sql.join(sorted.map((k) => sql`(${k.productId}::int, ${k.locationId}::int, ${k.lotId}::int)`), sql`, `)}) AS k(p, l, lot)
    WHERE NOT EXISTS (SELECT 1 FROM stock_quants q WHERE q.company_id = ${ctx.companyId}::int AND q.product_id = k.p AND q.location_id = k.l
      AND coalesce(q.lot_id, 0) = coalesce(k.lot, 0))
    ORDER BY k.p, k.l, coalesce(k.lot, 0)
    ON CONFLICT (company_id, product_id, location_id, (coalesce(lot_id, 0))) DO NOTHING`);
  const r = await tx.execute(sql`
    SELECT product_id AS "productId", location_id AS "locationId", lot_id AS "lotId", quantity::text AS quantity
    FROM stock_quants WHERE company_id = ${ctx.companyId}
      AND (product_id, location_id, coalesce(lot_id, 0)) IN (${sql.join(sorted.map((k) => sql`(${k.productId}::int, ${k.locationId}::int, ${k.lotId ?? 0}::int)`), sql`, `)})
    ORDER BY product_id, location_id, coalesce(lot_id, 0) FOR UPDATE`);
  for (const q of r.rows as { productId: number; locationId: number; lotId: number | null; quantity: string }[]) {
    out.set(quantKey(q.productId, q.locationId, q.lotId), new Decimal(q.quantity));
  }
  return out;
}

function notAvailable(ctx: Ctx, line: Line, available: Decimal.Value): AppError {
  const vars = { product: productName(line.product, ctx), available: new Decimal(available).toFixed(), requested: new Decimal(line.qty).toFixed(), line: line.index + 1 };
  return new AppError(422, 'validation', sm.notAvailable, { quantity: tr(sm.notAvailableDetail, ctx.locale, vars) }, vars);
}

/** Splits lines into moves against the locked quants; returns the moves and the quant changes (key -> delta). */
export async function allocate(tx: Tx, ctx: Ctx, lines: Line[], allowNegative: boolean): Promise<{ moves: Move[]; deltas: Map<string, Decimal> }> {
  const cands = await candidatesOf(tx, ctx.companyId, lines);
  const keys: Key[] = [];
  for (const l of lines) {
    const lots = l.from.internal && !l.lotId ? cands.get(`${l.productId}:${l.fromLocationId}`)!.map((c) => c.lotId) : [l.lotId];
    for (const lot of lots) {
      if (l.from.internal) keys.push({ productId: l.productId, locationId: l.fromLocationId, lotId: lot });
      if (l.to.internal) keys.push({ productId: l.productId, locationId: l.toLocationId, lotId: lot });
    }
  }
  const onHand = await lockQuants(tx, ctx, keys);
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
      parts.push({ lotId: l.lotId, qty: new Decimal(l.qty) });
    } else {
      let left = new Decimal(l.qty);
      let available = new Decimal(0);
      for (const c of cands.get(`${l.productId}:${l.fromLocationId}`)!) {
        const have = onHand.get(quantKey(l.productId, l.fromLocationId, c.lotId)) ?? new Decimal(0);
        if (have.lte(0)) continue;
        available = available.plus(have);
        if (left.isZero()) continue;
        const t = Decimal.min(have, left);
        parts.push({ lotId: c.lotId, qty: t });
        left = left.minus(t);
      }
      if (left.gt(0)) {
        if (!allowNegative) throw notAvailable(ctx, l, available);
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
