import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../../../core/db/connect';
import { addDays } from '../../../../core/documents/report-params';
import type { InventoryReportParams } from './report-params';

/**
 * Where stock reports read their numbers: never stock_moves, but the totals the stock ledger keeps in the posting
 * transaction: stock_day_totals and, kept from it by a trigger (migrations 0010, 0011), stock_month_totals (flows
 * per month), stock_period_balances (closing stock at the end of each half-month period, the 15th and the month's
 * end, dense from a pair's first period to its last) and stock_balances (today's balance and the pair's last period).
 *
 * A balance at a date costs the same however long the history: on or after the last day with totals it is
 * stock_balances itself; otherwise it is the closing rows of the nearest period end (before or after the date)
 * plus or minus the day totals in between, at most 8 days. A pair idle since before that period has no closing
 * row there: its balance is stock_balances'.
 *
 * Values: valuation is per product, not per location (a transfer between two valued locations moves quantity
 * only), so the value of a product is the sum over all valued locations (internal, not scrap), which equals its
 * valuation layers, and a location's or warehouse's share of it is at the product's average cost at that date:
 *   value(selection) = product value * valued quantity in the selection / valued quantity of the product.
 */
export interface Range { from: string | null; to: string }
export interface Split { months: Range | null; days: Range[] }

const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
const nextMonth = (d: string) => {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** [from, to] (from null: since the beginning) as whole months (first days, inclusive) and the days around them. */
export function splitRange(from: string | null, to: string, useMonths = true): Split {
  if (!useMonths) return { months: null, days: [{ from, to }] };
  const first = from === null ? null : from === monthStart(from) ? from : nextMonth(from);
  const last = addDays(nextMonth(to), -1) === to ? monthStart(to) : monthStart(addDays(monthStart(to), -1));
  if (first !== null && first > last) return { months: null, days: [{ from, to }] };
  const days: Range[] = [];
  if (from !== null && from < first!) days.push({ from, to: addDays(first!, -1) });
  const afterLast = nextMonth(last);
  if (afterLast <= to) days.push({ from: afterLast, to });
  return { months: { from: first, to: last }, days };
}

/** Last day with stock totals: on or after it a balance is stock_balances itself. */
export interface Span { lastDay: string | null }
export async function stockSpan(db: Orm, companyId: number): Promise<Span> {
  const r = (await db.execute(sql`SELECT max(day)::text AS "lastDay" FROM stock_day_totals WHERE company_id = ${companyId}`)).rows[0] as Span | undefined;
  return { lastDay: r?.lastDay ?? null };
}

/** The half-month period of a day (its first day: the 1st or the 16th) and its last day; SQL stock_period() twin. */
export function periodOf(day: string): { start: string; end: string } {
  const first = Number(day.slice(8, 10)) < 16;
  const start = `${day.slice(0, 8)}${first ? '01' : '16'}`;
  return { start, end: first ? `${day.slice(0, 8)}15` : addDays(nextMonth(day), -1) };
}

/**
 * How the balance at the end of `to` is read: the closing of `period` (its first day), then the day totals of
 * `days` added (forward, from the period end before `to`) or taken off (backward, from the end of `to`'s period),
 * whichever covers fewer days (at most 8); none at a period end.
 */
export interface BalanceRead { period: string; days: Range | null; backward: boolean }
export function balanceRead(to: string): BalanceRead {
  const { start, end } = periodOf(to);
  if (to === end) return { period: start, days: null, backward: false };
  const before = Number(to.slice(8, 10)) - Number(start.slice(8, 10)) + 1;
  const after = Number(end.slice(8, 10)) - Number(to.slice(8, 10));
  if (before <= after) return { period: periodOf(addDays(start, -1)).start, days: { from: start, to }, backward: false };
  return { period: start, days: { from: addDays(to, 1), to: end }, backward: true };
}

/** Closing stock at the end of `period` per pair: its closing row, or today's balance when idle since before it. */
function closingAt(companyId: number, period: string, where: SQL): SQL {
  return sql`SELECT product_id, location_id, qty, value FROM stock_period_balances WHERE company_id = ${companyId} AND period = ${period} AND ${where}
    UNION ALL SELECT product_id, location_id, qty, value FROM stock_balances WHERE company_id = ${companyId} AND last_period < ${period} AND ${where}`;
}

/**
 * One row (product_id, location_id, qty, value) per product and location: the balance at the end of `to`
 * (rows may hold 0). `where` narrows the pairs (over product_id and location_id).
 */
export function balanceAt(companyId: number, to: string, where: SQL, span: Span): SQL {
  if (span.lastDay && to >= span.lastDay) return sql`SELECT product_id, location_id, qty, value FROM stock_balances WHERE company_id = ${companyId} AND ${where}`;
  const r = balanceRead(to);
  if (!r.days) return closingAt(companyId, r.period, where);
  const [q, v] = r.backward ? [sql`qty_out - qty_in`, sql`value_out - value_in`] : [sql`qty_in - qty_out`, sql`value_in - value_out`];
  // the few days are summed per pair and joined to the closing rows (summing the closing rows too costs far more);
  // reading forward, a pair whose first period is the date's has days but no closing row
  return sql`WITH days AS (SELECT product_id, location_id, sum(${q}) AS qty, sum(${v}) AS value FROM stock_day_totals
      WHERE company_id = ${companyId} AND day >= ${r.days.from} AND day <= ${r.days.to} AND ${where} GROUP BY product_id, location_id)
    SELECT cl.product_id, cl.location_id, cl.qty + coalesce(days.qty, 0) AS qty, cl.value + coalesce(days.value, 0) AS value
    FROM (${closingAt(companyId, r.period, where)}) cl LEFT JOIN days ON days.product_id = cl.product_id AND days.location_id = cl.location_id${r.backward ? sql`` : sql`
    UNION ALL SELECT product_id, location_id, qty, value FROM days WHERE NOT EXISTS (SELECT 1 FROM stock_period_balances x
      WHERE x.company_id = ${companyId} AND x.period = ${r.period} AND x.location_id = days.location_id AND x.product_id = days.product_id)`}`;
}

/** Internal stock locations of the company (scrap locations only when named), narrowed by warehouse / location. */
export function locationScope(companyId: number, p: Pick<InventoryReportParams, 'warehouseId' | 'locationId'>): SQL {
  return sql`SELECT id FROM locations WHERE company_id = ${companyId} AND kind = 'internal'
    AND ${p.locationId ? sql`id = ${p.locationId}` : sql`NOT is_scrap`}${p.warehouseId ? sql` AND warehouse_id = ${p.warehouseId}` : sql``}`;
}

/**
 * CTEs at date `to`: loc (internal locations; s = selected by the filters, v = valued), b (quantity and value per
 * product and location, for selected or valued locations), pv (quantity and value per product over valued locations).
 */
export function balanceCtes(companyId: number, p: Pick<InventoryReportParams, 'warehouseId' | 'locationId' | 'categoryId' | 'productId'>, to: string, span: Span): SQL {
  const products = productScope(companyId, p);
  const where = sql`location_id IN (SELECT id FROM loc WHERE s OR v)${products ? sql` AND product_id IN (${products})` : sql``}`;
  return sql`loc AS (
      SELECT id, warehouse_id, id IN (${locationScope(companyId, p)}) AS s, NOT is_scrap AS v FROM locations WHERE company_id = ${companyId} AND kind = 'internal'
    ), b AS (${balanceAt(companyId, to, where, span)}), pv AS (
      SELECT b.product_id, sum(b.qty) AS q, sum(b.value) AS v FROM b JOIN loc ON loc.id = b.location_id AND loc.v GROUP BY b.product_id
    )`;
}

/**
 * SQL: the value of `vqty` valued units of product pv at its average cost (0 when the product has no valued quantity),
 * rounded to 2 decimals, or not rounded at all (`exact`) for a report that totals its rows: a total is the sum of
 * the exact shares rounded once, so it equals the valuation layers' figure however the rows are split.
 */
export const shareOfValue = (vqty: SQL, exact = false) => exact
  ? sql`CASE WHEN coalesce(pv.q, 0) <> 0 THEN pv.v * ${vqty} / pv.q ELSE 0 END`
  : sql`CASE WHEN coalesce(pv.q, 0) <> 0 THEN round(pv.v * ${vqty} / pv.q, 2) ELSE 0 END`;

/** Products of a category and its sub-categories, or one product; null when neither filter is set. */
export function productScope(companyId: number, p: Pick<InventoryReportParams, 'categoryId' | 'productId'>): SQL | null {
  if (!p.categoryId && !p.productId) return null;
  const cat = p.categoryId ? sql` AND category_id IN (WITH RECURSIVE t(id) AS (SELECT ${p.categoryId}::int
      UNION SELECT c.id FROM product_categories c JOIN t ON c.parent_id = t.id WHERE c.company_id = ${companyId}) SELECT id FROM t)` : sql``;
  return sql`SELECT id FROM products WHERE company_id = ${companyId}${p.productId ? sql` AND id = ${p.productId}` : sql``}${cat}`;
}

/**
 * Totals rows (product_id, location_id, day, qty_in, qty_out, value_in, value_out, moves) over [from, to]; month
 * rows carry the month's first day as `day` (so group them only by buckets made of whole months).
 */
export function totalsBetween(companyId: number, range: Range, where: SQL, useMonths = true): SQL {
  const s = splitRange(range.from, range.to, useMonths);
  const cols = sql`product_id, location_id, qty_in, qty_out, value_in, value_out, moves`;
  const parts: SQL[] = [];
  if (s.months) {
    parts.push(sql`SELECT ${cols}, month AS day FROM stock_month_totals WHERE company_id = ${companyId}
      ${s.months.from ? sql`AND month >= ${s.months.from} ` : sql``}AND month <= ${s.months.to} AND ${where}`);
  }
  for (const d of s.days) {
    parts.push(sql`SELECT ${cols}, day FROM stock_day_totals WHERE company_id = ${companyId}
      ${d.from ? sql`AND day >= ${d.from} ` : sql``}AND day <= ${d.to} AND ${where}`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

/** A record's name in the caller's language (SQL over `<alias>.name` / `<alias>.name_ar`), for display and ordering. */
/** A unit as reports show it: the abbreviation of the reader's language, else the unit's name in it. */
export const unitOf = (locale: string, alias: string) =>
  locale === 'ar'
    ? sql.raw(`coalesce(nullif(${alias}.abbreviation_ar, ''), nullif(${alias}.name_ar, ''), ${alias}.name)`)
    : sql.raw(`coalesce(nullif(${alias}.abbreviation, ''), ${alias}.name)`);

export const nameOf = (locale: string, alias: string) =>
  locale === 'ar' ? sql.raw(`coalesce(nullif(${alias}.name_ar, ''), ${alias}.name)`) : sql.raw(`${alias}.name`);
