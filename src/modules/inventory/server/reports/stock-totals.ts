import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../../../core/db/connect';
import { addDays } from '../../../../core/documents/report-params';
import type { InventoryReportParams } from './report-params';

/**
 * Where stock reports read their numbers: never stock_moves, but the totals the stock ledger keeps in the posting
 * transaction: stock_day_totals and, kept from it by a trigger (migration 0010), stock_month_totals (per month) and
 * stock_balances (today's balance). A balance at a date reads whichever side has fewer whole months: forward (the
 * months before it, then the days of its month up to it) or backward (today's balance minus the months after it
 * and the days after it in its month). A balance today is one row per (product, location).
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

/** First and last month (first days) and last day with stock totals, to choose how to read a balance. */
export interface Span { first: string | null; last: string | null; lastDay: string | null }
export async function stockSpan(db: Orm, companyId: number): Promise<Span> {
  const r = (await db.execute(sql`SELECT (SELECT min(month) FROM stock_month_totals WHERE company_id = ${companyId})::text AS first,
    (SELECT max(month) FROM stock_month_totals WHERE company_id = ${companyId})::text AS last,
    (SELECT max(day) FROM stock_day_totals WHERE company_id = ${companyId})::text AS "lastDay"`)).rows[0] as Span | undefined;
  return { first: r?.first ?? null, last: r?.last ?? null, lastDay: r?.lastDay ?? null };
}

const monthsFrom = (a: string, b: string) => (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

/** Backward when fewer whole months lie after `to`'s month than before it (pure, for the tests). */
export function readsBackward(to: string, span: Pick<Span, 'first' | 'last'>): boolean {
  if (!span.first || !span.last) return false;
  const m = monthStart(to);
  return Math.max(0, monthsFrom(m, span.last)) < Math.max(0, monthsFrom(span.first, m));
}

/**
 * One row (product_id, location_id, qty, value) per product and location: the balance at the end of `to`.
 * On or after the last day with stock totals it is stock_balances itself.
 */
export function balanceAt(companyId: number, to: string, where: SQL, span: Span): SQL {
  if (span.lastDay && to >= span.lastDay) return sql`SELECT product_id, location_id, qty, value FROM stock_balances WHERE company_id = ${companyId} AND ${where}`;
  let rows: SQL;
  if (!readsBackward(to, span)) {
    rows = sql`SELECT product_id, location_id, qty_in - qty_out AS qty, value_in - value_out AS value FROM (${totalsBetween(companyId, { from: null, to }, where)}) f`;
  } else {
    const next = nextMonth(to);
    const tail = addDays(next, -1) === to ? sql`` : sql`
      UNION ALL SELECT product_id, location_id, qty_out - qty_in, value_out - value_in FROM stock_day_totals
        WHERE company_id = ${companyId} AND day > ${to} AND day < ${next} AND ${where}`;
    rows = sql`SELECT product_id, location_id, qty, value FROM stock_balances WHERE company_id = ${companyId} AND ${where}
      UNION ALL SELECT product_id, location_id, qty_out - qty_in, value_out - value_in FROM stock_month_totals
        WHERE company_id = ${companyId} AND month >= ${next} AND ${where}${tail}`;
  }
  return sql`SELECT product_id, location_id, sum(qty) AS qty, sum(value) AS value FROM (${rows}) u GROUP BY product_id, location_id`;
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

/** SQL: the value of `vqty` valued units of product pv at its average cost (0 when the product has no valued quantity). */
export const shareOfValue = (vqty: SQL) => sql`CASE WHEN coalesce(pv.q, 0) <> 0 THEN round(pv.v * ${vqty} / pv.q, 2) ELSE 0 END`;

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
export const nameOf = (locale: string, alias: string) =>
  locale === 'ar' ? sql.raw(`coalesce(nullif(${alias}.name_ar, ''), ${alias}.name)`) : sql.raw(`${alias}.name`);
