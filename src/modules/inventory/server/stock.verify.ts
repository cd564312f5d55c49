import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Orm } from '../../../core/db/connect';
import type { Tx } from '../../../core/db/tx';
import { ledgerBalancesOf, loadSettings } from '../../accounting';
import { loadInventorySettings } from './inventory-settings.service';

/**
 * Checks the stock ledger of a company against its invariants and lists every violation (empty = all hold):
 * - quants: on hand per (product, internal location, lot) = sum of moves in - out (invariant 5); no quant at a
 *   counterpart location;
 * - negative: no internal quant below zero unless the company allows negative stock;
 * - reserved: per (product, location) the quant without a lot holds the sum of the reservations, other quants none;
 *   overReserved: reserved <= on hand (available >= 0) unless the company allows negative stock;
 * - accounts: per inventory account, sum of layer values = balance of its journal lines (invariant 6);
 * - remaining: per product, sum of remaining quantities = stock at valued locations and sum of remaining values =
 *   sum of layer values; a layer with nothing remaining has no remaining value;
 * - dayTotals: stock_day_totals = totals of the moves per (product, location, day);
 * - reportTotals: what the trigger keeps from the day totals (migrations 0010, 0011): stock_month_totals = their
 *   sums per month; stock_balances = their sums per pair, last_period = the pair's last half-month period;
 *   stock_period_balances = the running sum at each period end, one row for every period from the pair's first
 *   period to its last.
 * rebuildStockDayTotals makes stock_day_totals what the moves say, then recomputes the month totals, balances and
 * closing rows from them (callers lock the table when others post).
 */
export interface StockProblem { check: 'quants' | 'negative' | 'reserved' | 'overReserved' | 'accounts' | 'remaining' | 'dayTotals' | 'reportTotals'; detail: Record<string, unknown> }

const SIDES = (companyId: number) => sql`
  SELECT product_id, to_location_id AS location_id, coalesce(lot_id, 0) AS lot, date, quantity AS qty_in, 0::numeric AS qty_out, value, 'in' AS side
  FROM stock_moves WHERE company_id = ${companyId}
  UNION ALL
  SELECT product_id, from_location_id, coalesce(lot_id, 0), date, 0, quantity, value, 'out'
  FROM stock_moves WHERE company_id = ${companyId}`;

const DAY_TOTALS = (companyId: number) => sql`
  SELECT s.product_id, s.location_id, s.date AS day, sum(s.qty_in) AS qty_in, sum(s.qty_out) AS qty_out,
    sum(CASE WHEN s.side = 'in' AND l.kind = 'internal' AND NOT l.is_scrap THEN coalesce(s.value, 0) ELSE 0 END) AS value_in,
    sum(CASE WHEN s.side = 'out' AND l.kind = 'internal' AND NOT l.is_scrap THEN coalesce(s.value, 0) ELSE 0 END) AS value_out,
    count(*)::int AS moves
  FROM (${SIDES(companyId)}) s JOIN locations l ON l.id = s.location_id
  GROUP BY s.product_id, s.location_id, s.date`;

export async function verifyStock(tx: Tx | Orm, companyId: number): Promise<StockProblem[]> {
  const problems: StockProblem[] = [];
  const rows = async (q: ReturnType<typeof sql>) => (await tx.execute(q)).rows as Record<string, unknown>[];
  const add = (check: StockProblem['check'], list: Record<string, unknown>[]) => { for (const detail of list) problems.push({ check, detail }); };

  add('quants', await rows(sql`
    WITH m AS (
      SELECT s.product_id, s.location_id, s.lot, sum(s.qty_in - s.qty_out) AS qty
      FROM (${SIDES(companyId)}) s JOIN locations l ON l.id = s.location_id AND l.kind = 'internal'
      GROUP BY s.product_id, s.location_id, s.lot),
    q AS (SELECT product_id, location_id, coalesce(lot_id, 0) AS lot, quantity FROM stock_quants WHERE company_id = ${companyId})
    SELECT coalesce(m.product_id, q.product_id) AS "productId", coalesce(m.location_id, q.location_id) AS "locationId",
      coalesce(m.lot, q.lot) AS "lotId", coalesce(m.qty, 0)::text AS moves, coalesce(q.quantity, 0)::text AS quant
    FROM m FULL JOIN q ON q.product_id = m.product_id AND q.location_id = m.location_id AND q.lot = m.lot
    WHERE coalesce(m.qty, 0) <> coalesce(q.quantity, 0)`));

  const s = await loadInventorySettings(tx, companyId);
  if (!s.allowNegativeStock) {
    add('negative', await rows(sql`
      SELECT product_id AS "productId", location_id AS "locationId", lot_id AS "lotId", quantity::text AS quantity
      FROM stock_quants WHERE company_id = ${companyId} AND quantity < 0`));
  }

  add('reserved', await rows(sql`
    WITH r AS (SELECT product_id, location_id, sum(quantity) AS s FROM stock_reservations WHERE company_id = ${companyId} GROUP BY product_id, location_id),
    h AS (SELECT product_id, location_id, reserved_quantity AS s FROM stock_quants WHERE company_id = ${companyId} AND lot_id IS NULL)
    SELECT product_id AS "productId", location_id AS "locationId", NULL::int AS "lotId", coalesce(h.s, 0)::text AS quant, coalesce(r.s, 0)::text AS reservations
    FROM h FULL JOIN r USING (product_id, location_id) WHERE coalesce(h.s, 0) <> coalesce(r.s, 0)
    UNION ALL SELECT product_id, location_id, lot_id, reserved_quantity::text, '0' FROM stock_quants
    WHERE company_id = ${companyId} AND lot_id IS NOT NULL AND reserved_quantity <> 0`));
  if (!s.allowNegativeStock) {
    add('overReserved', await rows(sql`
      SELECT product_id AS "productId", location_id AS "locationId", sum(quantity)::text AS "onHand", sum(reserved_quantity)::text AS reserved
      FROM stock_quants WHERE company_id = ${companyId} GROUP BY product_id, location_id HAVING sum(reserved_quantity) > 0 AND sum(reserved_quantity) > sum(quantity)`));
  }

  // invariant 6 against the ledger, read through accounting's index.ts
  const layerSums = await rows(sql`SELECT account_id AS a, sum(value)::text AS v FROM stock_valuation_layers WHERE company_id = ${companyId} GROUP BY account_id`) as { a: number; v: string }[];
  const inventoryAccount = (await loadSettings(tx, companyId)).inventoryAccountId;
  const accts = [...new Set([...layerSums.map((l) => l.a), ...(typeof inventoryAccount === 'number' ? [inventoryAccount] : [])])].sort((a, b) => a - b);
  const ledger = await ledgerBalancesOf(tx, companyId, accts);
  add('accounts', accts.flatMap((a) => {
    const layers = new Decimal(layerSums.find((l) => l.a === a)?.v ?? 0);
    const balance = new Decimal(ledger.get(a) ?? 0);
    return layers.eq(balance) ? [] : [{ accountId: a, layers: layers.toFixed(4), balance: balance.toFixed(4) }];
  }));

  add('remaining', await rows(sql`
    WITH l AS (
      SELECT product_id, sum(remaining_qty) AS rq, sum(remaining_value) AS rv, sum(value) AS v,
        count(*) FILTER (WHERE remaining_qty = 0 AND remaining_value <> 0) AS stale
      FROM stock_valuation_layers WHERE company_id = ${companyId} GROUP BY product_id),
    q AS (
      SELECT q.product_id, sum(q.quantity) AS qty FROM stock_quants q
      JOIN locations x ON x.id = q.location_id AND x.kind = 'internal' AND NOT x.is_scrap
      WHERE q.company_id = ${companyId} GROUP BY q.product_id)
    SELECT coalesce(l.product_id, q.product_id) AS "productId", coalesce(l.rq, 0)::text AS "remainingQty", coalesce(q.qty, 0)::text AS "valuedOnHand",
      coalesce(l.rv, 0)::text AS "remainingValue", coalesce(l.v, 0)::text AS value, coalesce(l.stale, 0)::int AS "staleLayers"
    FROM l FULL JOIN q ON q.product_id = l.product_id
    WHERE coalesce(l.rq, 0) <> coalesce(q.qty, 0) OR coalesce(l.rv, 0) <> coalesce(l.v, 0) OR coalesce(l.stale, 0) > 0`));

  add('dayTotals', await rows(sql`
    WITH m AS (${DAY_TOTALS(companyId)}),
    t AS (SELECT * FROM stock_day_totals WHERE company_id = ${companyId})
    SELECT coalesce(m.product_id, t.product_id) AS "productId", coalesce(m.location_id, t.location_id) AS "locationId",
      coalesce(m.day, t.day)::text AS day
    FROM m FULL JOIN t ON t.product_id = m.product_id AND t.location_id = m.location_id AND t.day = m.day
    WHERE coalesce(m.qty_in, 0) <> coalesce(t.qty_in, 0) OR coalesce(m.qty_out, 0) <> coalesce(t.qty_out, 0)
      OR coalesce(m.value_in, 0) <> coalesce(t.value_in, 0) OR coalesce(m.value_out, 0) <> coalesce(t.value_out, 0)
      OR coalesce(m.moves, 0) <> coalesce(t.moves, 0)`));

  add('reportTotals', await rows(sql`
    WITH d AS (
      SELECT product_id, location_id, stock_period(day) AS period, date_trunc('month', day)::date AS month, sum(qty_in) AS qi, sum(qty_out) AS qo,
        sum(value_in) AS vi, sum(value_out) AS vo, sum(moves) AS n
      FROM stock_day_totals WHERE company_id = ${companyId} GROUP BY 1, 2, 3, 4),
    m AS (SELECT product_id, location_id, month, sum(qi) AS qi, sum(qo) AS qo, sum(vi) AS vi, sum(vo) AS vo, sum(n) AS n FROM d GROUP BY 1, 2, 3),
    mt AS (SELECT * FROM stock_month_totals WHERE company_id = ${companyId}),
    b AS (SELECT product_id, location_id, sum(qi - qo) AS qty, sum(vi - vo) AS value, max(period) AS last_period FROM d GROUP BY 1, 2),
    sb AS (SELECT * FROM stock_balances WHERE company_id = ${companyId}),
    e AS (
      SELECT s.product_id, s.location_id, x AS period, sum(coalesce(d.qi - d.qo, 0)) OVER w AS qty, sum(coalesce(d.vi - d.vo, 0)) OVER w AS value
      FROM (SELECT product_id, location_id, min(period) AS first, max(period) AS last FROM d GROUP BY 1, 2) s
      CROSS JOIN LATERAL stock_periods(s.first, s.last) x
      LEFT JOIN d ON d.product_id = s.product_id AND d.location_id = s.location_id AND d.period = x
      WINDOW w AS (PARTITION BY s.product_id, s.location_id ORDER BY x)),
    pb AS (SELECT * FROM stock_period_balances WHERE company_id = ${companyId})
    SELECT 'stock_month_totals' AS "table", coalesce(m.product_id, mt.product_id) AS "productId", coalesce(m.location_id, mt.location_id) AS "locationId",
      coalesce(m.month, mt.month)::text AS day
    FROM m FULL JOIN mt ON mt.product_id = m.product_id AND mt.location_id = m.location_id AND mt.month = m.month
    WHERE coalesce(m.qi, 0) <> coalesce(mt.qty_in, 0) OR coalesce(m.qo, 0) <> coalesce(mt.qty_out, 0) OR coalesce(m.vi, 0) <> coalesce(mt.value_in, 0)
      OR coalesce(m.vo, 0) <> coalesce(mt.value_out, 0) OR coalesce(m.n, 0) <> coalesce(mt.moves, 0)
    UNION ALL
    SELECT 'stock_balances', coalesce(b.product_id, sb.product_id), coalesce(b.location_id, sb.location_id), coalesce(b.last_period, sb.last_period)::text
    FROM b FULL JOIN sb ON sb.product_id = b.product_id AND sb.location_id = b.location_id
    WHERE b.qty IS DISTINCT FROM sb.qty OR b.value IS DISTINCT FROM sb.value OR b.last_period IS DISTINCT FROM sb.last_period
    UNION ALL
    SELECT 'stock_period_balances', coalesce(e.product_id, pb.product_id), coalesce(e.location_id, pb.location_id), coalesce(e.period, pb.period)::text
    FROM e FULL JOIN pb ON pb.product_id = e.product_id AND pb.location_id = e.location_id AND pb.period = e.period
    WHERE e.qty IS DISTINCT FROM pb.qty OR e.value IS DISTINCT FROM pb.value`));
  return problems;
}

/**
 * Makes stock_day_totals what the moves say: rows that differ are written and rows no move explains are removed
 * (the trigger carries each change on), then the month totals, balances and closing rows are recomputed from the
 * day totals. Returns the number of day-total rows that were wrong (0 when all held).
 */
export async function rebuildStockDayTotals(tx: Tx, companyId: number): Promise<number> {
  const count = (r: unknown) => (r as { rowCount?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0;
  const removed = await tx.execute(sql`
    WITH m AS (${DAY_TOTALS(companyId)})
    DELETE FROM stock_day_totals t WHERE t.company_id = ${companyId}
      AND NOT EXISTS (SELECT 1 FROM m WHERE m.product_id = t.product_id AND m.location_id = t.location_id AND m.day = t.day)`);
  const written = await tx.execute(sql`
    INSERT INTO stock_day_totals AS t (company_id, product_id, location_id, day, qty_in, qty_out, value_in, value_out, moves)
    SELECT ${companyId}, product_id, location_id, day, qty_in, qty_out, value_in, value_out, moves
    FROM (${DAY_TOTALS(companyId)}) d ORDER BY product_id, location_id, day
    ON CONFLICT (company_id, product_id, location_id, day) DO UPDATE SET qty_in = EXCLUDED.qty_in, qty_out = EXCLUDED.qty_out,
      value_in = EXCLUDED.value_in, value_out = EXCLUDED.value_out, moves = EXCLUDED.moves
    WHERE (t.qty_in, t.qty_out, t.value_in, t.value_out, t.moves) IS DISTINCT FROM (EXCLUDED.qty_in, EXCLUDED.qty_out, EXCLUDED.value_in, EXCLUDED.value_out, EXCLUDED.moves)`);
  await tx.execute(sql`SELECT stock_month_totals_rebuild(${companyId})`);
  return count(removed) + count(written);
}
