import { type SQL, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { decimalsLiteral, intsLiteral } from '../../../core/db/prepared';
import type { Ctx } from '../../../core/http/context';
import { m4, q6 } from './stock.costing';
import type { Move } from './stock.quants';
import type { StockPostInput } from './stock.types';
import type { Valuation } from './stock.valuation';

/**
 * What a posting writes, around the ONE statement that writes its journal entry (or in a statement of their own
 * when nothing is valued):
 * - dayTotalsSql, its own statement just before it: stock_day_totals (upsert, rows sorted by product and location so
 *   concurrent posters take those row locks in one order). Its AFTER trigger (month totals, balances and period
 *   balances, migrations 0010-0011) fires at the end of the statement that writes the rows: inside the entry's
 *   statement it ran while that statement held the journal's chain, which every posting on the journal waits for
 *   (0.5 ms of a delivery's 3 ms there, measured with auto_explain), so it is a statement of its own;
 * - balancesSql, CTEs of the entry's statement run before the journal's chain is locked (LateWrite.before) under the
 *   locks already held: remaining quantity/value of the existing layers consumed or settled, and quants by delta.
 *   Each names its rows by id or product as well as by join (`= ANY(...)`), and the layers it updates are open ones
 *   (what lockStock read): a generic plan made while the company's tables were small can then at worst scan the
 *   company's open layers or its quants, never every layer the company ever had;
 * - movesSql, after the entry: the moves, with the entry id and reference of the CTE `posted` (each move carries its
 *   entry id, and moves are never updated), and their new layers. Both are new rows, so they take no lock another
 *   poster could hold.
 * Lists go in as array or jsonb parameters, so the statements' text does not change with the number of lines (they
 * are named prepared statements, execPrepared).
 */
export function balancesSql(ctx: Ctx, deltas: Map<string, Decimal>, v: Valuation): { ctes: SQL; names: string[] } | null {
  const parts: SQL[] = [];
  const names: string[] = [];
  const newIds = new Set(v.newLayers.map((l) => l.tempId));
  const layers = [...v.remaining.entries()].filter(([id]) => !newIds.has(id)).sort((a, b) => a[0] - b[0]);
  if (layers.length) {
    names.push('bal_layers');
    parts.push(sql`bal_layers AS (UPDATE stock_valuation_layers v SET remaining_qty = x.q, remaining_value = x.v, version = v.version + 1, updated_at = now()
      FROM unnest(${intsLiteral(layers.map(([id]) => id))}::int[], ${decimalsLiteral(layers.map(([, r]) => r.remainingQty))}::numeric[],
        ${decimalsLiteral(layers.map(([, r]) => r.remainingValue))}::numeric[]) AS x(id, q, v)
      WHERE v.id = x.id AND v.id = ANY(${intsLiteral(layers.map(([id]) => id))}::int[]) AND v.company_id = ${ctx.companyId}::int AND v.remaining_qty <> 0
        AND EXISTS (SELECT 1 FROM ready) RETURNING 1)`);
  }
  const quants = [...deltas.entries()].filter(([, d]) => !d.isZero())
    .map(([k, d]) => { const [p, l, lot] = k.split(':').map(Number); return { p: p!, l: l!, lot: lot!, d }; })
    .sort((a, b) => a.p - b.p || a.l - b.l || a.lot - b.lot);
  if (quants.length) {
    names.push('bal_quants');
    parts.push(sql`bal_quants AS (UPDATE stock_quants q SET quantity = q.quantity + x.d, version = q.version + 1, updated_at = now(), updated_by = ${ctx.user.id}::int
      FROM unnest(${intsLiteral(quants.map((r) => r.p))}::int[], ${intsLiteral(quants.map((r) => r.l))}::int[], ${intsLiteral(quants.map((r) => r.lot))}::int[],
        ${decimalsLiteral(quants.map((r) => q6(r.d)))}::numeric[]) AS x(p, l, lot, d)
      WHERE q.company_id = ${ctx.companyId}::int AND q.product_id = ANY(${intsLiteral([...new Set(quants.map((r) => r.p))])}::int[]) AND q.product_id = x.p AND q.location_id = x.l AND coalesce(q.lot_id, 0) = x.lot
        AND EXISTS (SELECT 1 FROM ready) RETURNING 1)`);
  }
  return parts.length ? { ctes: sql.join(parts, sql`, `), names } : null;
}

/** The posting's stock_day_totals rows, added to those of the same product, location and day (INSERT ... ON CONFLICT). */
export function dayTotalsSql(ctx: Ctx, date: string, moves: Move[], v: Valuation): SQL {
  const days = dayTotals(moves, v);
  return sql`INSERT INTO stock_day_totals (company_id, product_id, location_id, day, qty_in, qty_out, value_in, value_out, moves)
    SELECT ${ctx.companyId}::int, x.p, x.l, ${date}::date, x.qi, x.qo, x.vi, x.vo, x.n
    FROM unnest(${intsLiteral(days.map((r) => r.p))}::int[], ${intsLiteral(days.map((r) => r.l))}::int[], ${decimalsLiteral(days.map((r) => q6(r.qi)))}::numeric[],
      ${decimalsLiteral(days.map((r) => q6(r.qo)))}::numeric[], ${decimalsLiteral(days.map((r) => m4(r.vi)))}::numeric[], ${decimalsLiteral(days.map((r) => m4(r.vo)))}::numeric[],
      ${intsLiteral(days.map((r) => r.n))}::int[]) WITH ORDINALITY AS x(p, l, qi, qo, vi, vo, n, i)
    ORDER BY x.i
    ON CONFLICT (company_id, product_id, location_id, day) DO UPDATE SET
      qty_in = stock_day_totals.qty_in + excluded.qty_in, qty_out = stock_day_totals.qty_out + excluded.qty_out,
      value_in = stock_day_totals.value_in + excluded.value_in, value_out = stock_day_totals.value_out + excluded.value_out,
      moves = stock_day_totals.moves + excluded.moves`;
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

/**
 * The moves and their new layers as CTEs `m`, `o` (move ids numbered in move order) and `ml`, written only when the
 * CTE `posted` (entry_id, reference) has its one row; `select` is the answer's column `__move_ids` (ids in move order).
 */
export function movesSql(ctx: Ctx, input: StockPostInput, date: string, moves: Move[], v: Valuation): { ctes: SQL; select: SQL } {
  const u = ctx.user.id;
  // rows as one jsonb parameter: the statement's text does not change with the number of lines (execPrepared)
  const rows = moves.map((m, i) => ({
    n: i + 1, p: m.line.productId, lot: m.lotId, f: m.line.fromLocationId, t: m.line.toLocationId, q: m.qty, uom: m.line.uomId, uq: m.uomQty,
    c: v.moveValues[i]!.unitCost, v: v.moveValues[i]!.value, notes: m.line.notes,
  }));
  const layers = v.newLayers.map((l) => {
    const rem = v.remaining.get(l.tempId)!;
    const unit = new Decimal(l.quantity).isZero() ? m4(0) : m4(new Decimal(l.value).div(l.quantity));
    return { n: l.moveIndex + 1, p: l.productId, lot: l.lotId, q: l.quantity, c: unit, v: l.value, rq: rem.remainingQty, rv: rem.remainingValue, a: l.accountId };
  });
  // identity values are drawn in the order the rows are inserted (by n), so the n-th smallest id is the n-th move
  const ctes = sql`m AS (
      INSERT INTO stock_moves (company_id, date, reference, move_type, product_id, lot_id, from_location_id, to_location_id, quantity,
        uom_id, uom_quantity, unit_cost, value, source_type, source_id, entry_id, notes, created_by, updated_by)
      SELECT ${ctx.companyId}::int, ${date}::date, nullif(left(posted.reference, 120), ''), ${input.moveType}::text, x.p, x.lot, x.f, x.t, x.q,
        x.uom, x.uq, x.c, x.v, ${String(input.source?.type ?? '').slice(0, 40) || null}::text, ${input.source?.id ?? null}::int, posted.entry_id,
        x.notes, ${u}::int, ${u}::int
      FROM posted CROSS JOIN jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x(n int, p int, lot int, f int, t int, q numeric, uom int, uq numeric, c numeric, v numeric, notes text)
      ORDER BY x.n RETURNING id),
    o AS (SELECT id, row_number() OVER (ORDER BY id)::int AS n FROM m),
    ml AS (
      INSERT INTO stock_valuation_layers (company_id, date, product_id, lot_id, move_id, quantity, unit_cost, value, remaining_qty, remaining_value, account_id, created_by, updated_by)
      SELECT ${ctx.companyId}::int, ${date}::date, x.p, x.lot, o.id, x.q, x.c, x.v, x.rq, x.rv, x.a, ${u}::int, ${u}::int
      FROM jsonb_to_recordset(${JSON.stringify(layers)}::jsonb) AS x(n int, p int, lot int, q numeric, c numeric, v numeric, rq numeric, rv numeric, a int)
        JOIN o ON o.n = x.n)`;
  return { ctes, select: sql`(SELECT json_agg(id ORDER BY n) FROM o) AS "__move_ids"` };
}
