import { sql } from 'drizzle-orm';
import type { Orm } from '../../../core/db/connect';
import type { Tx } from '../../../core/db/tx';
import { loadInventorySettings } from './inventory-settings.service';

/**
 * Checks the stock ledger of a company against its invariants and lists every violation (empty = all hold):
 * - quants: on hand per (product, internal location, lot) = sum of moves in - out (invariant 5); no quant at a
 *   counterpart location;
 * - negative: no internal quant below zero unless the company allows negative stock;
 * - accounts: per inventory account, sum of layer values = balance of its journal lines (invariant 6);
 * - remaining: per product, sum of remaining quantities = stock at valued locations and sum of remaining values =
 *   sum of layer values; a layer with nothing remaining has no remaining value;
 * - dayTotals: stock_day_totals = totals of the moves per (product, location, day).
 * rebuildStockDayTotals recomputes stock_day_totals from the moves (callers lock the table when others post).
 */
export interface StockProblem { check: 'quants' | 'negative' | 'accounts' | 'remaining' | 'dayTotals'; detail: Record<string, unknown> }

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

  add('accounts', await rows(sql`
    WITH l AS (SELECT account_id, sum(value) AS v FROM stock_valuation_layers WHERE company_id = ${companyId} GROUP BY account_id),
    accts AS (SELECT account_id FROM l UNION SELECT inventory_account_id FROM accounting_settings WHERE company_id = ${companyId} AND inventory_account_id IS NOT NULL),
    b AS (SELECT account_id, sum(debit - credit) AS v FROM journal_lines WHERE company_id = ${companyId} AND account_id IN (SELECT account_id FROM accts) GROUP BY account_id)
    SELECT a.account_id AS "accountId", coalesce(l.v, 0)::text AS layers, coalesce(b.v, 0)::text AS balance
    FROM accts a LEFT JOIN l ON l.account_id = a.account_id LEFT JOIN b ON b.account_id = a.account_id
    WHERE coalesce(l.v, 0) <> coalesce(b.v, 0)`));

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
  return problems;
}

export async function rebuildStockDayTotals(tx: Tx, companyId: number): Promise<number> {
  await tx.execute(sql`DELETE FROM stock_day_totals WHERE company_id = ${companyId}`);
  const r = await tx.execute(sql`
    INSERT INTO stock_day_totals (company_id, product_id, location_id, day, qty_in, qty_out, value_in, value_out, moves)
    SELECT ${companyId}, product_id, location_id, day, qty_in, qty_out, value_in, value_out, moves
    FROM (${DAY_TOTALS(companyId)}) d ORDER BY product_id, location_id, day`);
  return (r as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0;
}
