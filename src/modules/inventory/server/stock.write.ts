import { type SQL, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { m4, q6 } from './stock.costing';
import type { Move } from './stock.quants';
import type { StockPostInput } from './stock.types';
import type { Valuation } from './stock.valuation';

/**
 * Writes a valued posting in two statements.
 * - writeBalances, before the journal entry, under the locks already held: remaining quantity/value of the
 *   existing layers consumed or settled, quants by delta, and stock_day_totals (upsert, rows sorted by product
 *   and location so concurrent posters take those new row locks in one order).
 * - insertMoves, after the entry (each move carries its entry id, and moves are never updated): the moves and
 *   their new layers. Both are new rows, so this takes no lock another poster could hold.
 */
export async function writeBalances(tx: Tx, ctx: Ctx, date: string, moves: Move[], deltas: Map<string, Decimal>, v: Valuation): Promise<void> {
  const parts: SQL[] = [];
  const newIds = new Set(v.newLayers.map((l) => l.tempId));
  const layers = [...v.remaining.entries()].filter(([id]) => !newIds.has(id)).sort((a, b) => a[0] - b[0]);
  if (layers.length) {
    parts.push(sql`l AS (UPDATE stock_valuation_layers v SET remaining_qty = x.q, remaining_value = x.v, version = v.version + 1, updated_at = now()
      FROM (VALUES ${sql.join(layers.map(([id, r]) => sql`(${id}::int, ${r.remainingQty}::numeric, ${r.remainingValue}::numeric)`), sql`, `)}) AS x(id, q, v)
      WHERE v.id = x.id AND v.company_id = ${ctx.companyId} RETURNING 1)`);
  }
  const quants = [...deltas.entries()].filter(([, d]) => !d.isZero())
    .map(([k, d]) => { const [p, l, lot] = k.split(':').map(Number); return { p: p!, l: l!, lot: lot!, d }; })
    .sort((a, b) => a.p - b.p || a.l - b.l || a.lot - b.lot);
  if (quants.length) {
    parts.push(sql`q AS (UPDATE stock_quants q SET quantity = q.quantity + x.d, version = q.version + 1, updated_at = now(), updated_by = ${ctx.user.id}
      FROM (VALUES ${sql.join(quants.map((r) => sql`(${r.p}::int, ${r.l}::int, ${r.lot}::int, ${q6(r.d)}::numeric)`), sql`, `)}) AS x(p, l, lot, d)
      WHERE q.company_id = ${ctx.companyId} AND q.product_id = x.p AND q.location_id = x.l AND coalesce(q.lot_id, 0) = x.lot RETURNING 1)`);
  }
  const days = dayTotals(moves, v);
  await tx.execute(sql`
    ${parts.length ? sql`WITH ${sql.join(parts, sql`, `)}` : sql``}
    INSERT INTO stock_day_totals (company_id, product_id, location_id, day, qty_in, qty_out, value_in, value_out, moves)
    VALUES ${sql.join(days.map((r) => sql`(${ctx.companyId}::int, ${r.p}::int, ${r.l}::int, ${date}::date, ${q6(r.qi)}::numeric, ${q6(r.qo)}::numeric, ${m4(r.vi)}::numeric, ${m4(r.vo)}::numeric, ${r.n}::int)`), sql`, `)}
    ON CONFLICT (company_id, product_id, location_id, day) DO UPDATE SET
      qty_in = stock_day_totals.qty_in + excluded.qty_in, qty_out = stock_day_totals.qty_out + excluded.qty_out,
      value_in = stock_day_totals.value_in + excluded.value_in, value_out = stock_day_totals.value_out + excluded.value_out,
      moves = stock_day_totals.moves + excluded.moves`);
}

/** Per (product, location): quantity and value in/out and move count; value only at valued locations. */
function dayTotals(moves: Move[], v: Valuation) {
  const acc = new Map<string, { p: number; l: number; qi: Decimal; qo: Decimal; vi: Decimal; vo: Decimal; n: number }>();
  const at = (p: number, l: number) => {
    const k = `${p}:${l}`;
    let r = acc.get(k);
    if (!r) acc.set(k, (r = { p, l, qi: new Decimal(0), qo: new Decimal(0), vi: new Decimal(0), vo: new Decimal(0), n: 0 }));
    return r;
  };
  moves.forEach((m, i) => {
    const value = v.moveValues[i]!.value;
    const to = at(m.line.productId, m.line.toLocationId);
    to.qi = to.qi.plus(m.qty); to.n += 1;
    if (m.line.to.valued) to.vi = to.vi.plus(value);
    const from = at(m.line.productId, m.line.fromLocationId);
    from.qo = from.qo.plus(m.qty); from.n += 1;
    if (m.line.from.valued) from.vo = from.vo.plus(value);
  });
  return [...acc.values()].sort((a, b) => a.p - b.p || a.l - b.l);
}

/** Inserts the moves (with the entry id) and their new layers; returns the move ids in move order. */
export async function insertMoves(tx: Tx, ctx: Ctx, input: StockPostInput, date: string, moves: Move[], v: Valuation, entryId: number | null): Promise<number[]> {
  const u = ctx.user.id;
  const rows = moves.map((m, i) => sql`(${ctx.companyId}::int, ${date}::date, ${String(input.reference ?? '').slice(0, 120) || null}, ${input.moveType}, ${m.line.productId}::int,
    ${m.lotId}::int, ${m.line.fromLocationId}::int, ${m.line.toLocationId}::int, ${m.qty}::numeric, ${m.line.uomId}::int, ${m.uomQty}::numeric,
    ${v.moveValues[i]!.unitCost}::numeric, ${v.moveValues[i]!.value}::numeric, ${String(input.source?.type ?? '').slice(0, 40) || null},
    ${input.source?.id ?? null}::int, ${entryId}::int, ${m.line.notes}, ${u}::int, ${u}::int)`);
  const layers = v.newLayers.map((l) => {
    const rem = v.remaining.get(l.tempId)!;
    const unit = new Decimal(l.quantity).isZero() ? m4(0) : m4(new Decimal(l.value).div(l.quantity));
    return sql`(${l.moveIndex + 1}::int, ${l.productId}::int, ${l.lotId}::int, ${l.quantity}::numeric, ${unit}::numeric, ${l.value}::numeric,
      ${rem.remainingQty}::numeric, ${rem.remainingValue}::numeric, ${l.accountId}::int)`;
  });
  // identity values are drawn in VALUES order, so the n-th smallest id is the n-th move
  const r = await tx.execute(sql`
    WITH m AS (
      INSERT INTO stock_moves (company_id, date, reference, move_type, product_id, lot_id, from_location_id, to_location_id, quantity,
        uom_id, uom_quantity, unit_cost, value, source_type, source_id, entry_id, notes, created_by, updated_by)
      VALUES ${sql.join(rows, sql`, `)} RETURNING id),
    o AS (SELECT id, row_number() OVER (ORDER BY id)::int AS n FROM m)
    ${layers.length ? sql`, l AS (
      INSERT INTO stock_valuation_layers (company_id, date, product_id, lot_id, move_id, quantity, unit_cost, value, remaining_qty, remaining_value, account_id, created_by, updated_by)
      SELECT ${ctx.companyId}::int, ${date}::date, x.p, x.lot, o.id, x.q, x.c, x.v, x.rq, x.rv, x.a, ${u}::int, ${u}::int
      FROM (VALUES ${sql.join(layers, sql`, `)}) AS x(n, p, lot, q, c, v, rq, rv, a) JOIN o ON o.n = x.n
      RETURNING 1)` : sql``}
    SELECT id FROM o ORDER BY n`);
  return (r.rows as { id: number }[]).map((x) => x.id);
}
