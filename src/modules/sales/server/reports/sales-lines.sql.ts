import { type SQL, sql } from 'drizzle-orm';
import type { Period } from '../../../../core/documents/report-params';
import type { Ctx } from '../../../../core/http/context';
import { tr } from '../../../../core/i18n/locale';
import { categoryProductsSql, productLabelsSql } from '../../../inventory';
import { periodLabels } from './grouped';
import type { SalesReportParams } from './report-params';
import { srm } from './reports.messages';

/**
 * The SQL pieces every sales report is made of. A sale is an order in a counted state (confirmed or completed:
 * its goods delivered and its invoice posted); drafts, pending, cancelled and rejected orders never count.
 * Lines are read from sales_order_lines (alias `l`), orders from sales_orders (alias `o`).
 */
export const COUNTED = sql.raw(`('confirmed', 'completed')`);

/**
 * The first day of the period containing `col` (a date), as a date; weeks start on Monday (as periodsBetween). The
 * date is truncated as a timestamp without time zone: the same day, without a time zone conversion per row.
 */
export function bucketOf(col: SQL, p: Period | null): SQL {
  switch (p) {
    case null: return sql`NULL::date`;
    case 'daily': return col;
    case 'weekly': return sql`date_trunc('week', ${col}::timestamp)::date`;
    case 'monthly': return sql`date_trunc('month', ${col}::timestamp)::date`;
    case 'quarterly': return sql`date_trunc('quarter', ${col}::timestamp)::date`;
    case 'yearly': return sql`date_trunc('year', ${col}::timestamp)::date`;
  }
}

/** Filters of the lines `l` in [from, to] of counted orders (the semi-join on `o`), customer/salesperson/product/category. */
export function linesWhere(c: number, p: SalesReportParams, from: string, to: string = p.to): SQL {
  const parts = [sql`l.company_id = ${c}`, sql`l.order_date BETWEEN ${from} AND ${to}`,
    sql`l.order_id IN (SELECT o.id FROM sales_orders o WHERE o.company_id = ${c} AND o.status IN ${COUNTED} AND o.order_date BETWEEN ${from} AND ${to})`];
  if (p.customerId) parts.push(sql`l.customer_id = ${p.customerId}`);
  if (p.salespersonId) parts.push(sql`l.salesperson_id = ${p.salespersonId}`);
  if (p.productId) parts.push(sql`l.product_id = ${p.productId}`);
  if (p.categoryId) parts.push(sql`l.product_id IN ${categoryProductsSql(c, p.categoryId)}`);
  return sql.join(parts, sql` AND `);
}

/** Filters of the orders `o` in [from, to] in a counted state; a product or category keeps the orders that sold it. */
export function ordersWhere(c: number, p: SalesReportParams, from: string): SQL {
  const parts = [sql`o.company_id = ${c}`, sql`o.status IN ${COUNTED}`, sql`o.order_date BETWEEN ${from} AND ${p.to}`];
  if (p.customerId) parts.push(sql`o.customer_id = ${p.customerId}`);
  if (p.salespersonId) parts.push(sql`o.salesperson_id = ${p.salespersonId}`);
  if (p.productId || p.categoryId) {
    const lp = [sql`l.order_id = o.id`];
    if (p.productId) lp.push(sql`l.product_id = ${p.productId}`);
    if (p.categoryId) lp.push(sql`l.product_id IN ${categoryProductsSql(c, p.categoryId)}`);
    parts.push(sql`EXISTS (SELECT 1 FROM sales_order_lines l WHERE ${sql.join(lp, sql` AND `)})`);
  }
  return sql.join(parts, sql` AND `);
}

/** The display name in the caller's language of a row with `name` / `name_ar` columns under `alias`. */
export const nameSql = (locale: string, alias: string, en = 'name', ar = 'name_ar') =>
  locale === 'ar' ? sql.raw(`coalesce(nullif(${alias}.${ar}, ''), ${alias}.${en})`) : sql.raw(`${alias}.${en}`);

/** Labels of a report's rows (grouped-sql.ts `labels`): derived tables with `k` and the head columns, in the caller's language. */
export const customerLabels = (ctx: Ctx, as = 'customer') =>
  sql`(SELECT k.id AS k, ${nameSql(ctx.locale, 'k')} AS ${sql.identifier(as)}, k.phone FROM contacts k WHERE k.company_id = ${ctx.companyId})`;

/** Product categories by id (0: products without one, "Uncategorized"), from inventory's productLabelsSql. */
export const categoryLabels = (ctx: Ctx) =>
  sql`(SELECT DISTINCT coalesce(pl.category_id, 0) AS k, coalesce(${nameSql(ctx.locale, 'pl', 'category', 'category_ar')}, ${tr(srm.uncategorized, ctx.locale)}) AS category
    FROM ${productLabelsSql(ctx.companyId)} pl)`;

/** The periods of [from, to] as rows (k = the period's first day as text, period = its label): a report whose rows are periods. */
export function periodRowLabels(ctx: Ctx, from: string, to: string, period: Period): SQL {
  const rows = [...periodLabels(from, to, period)].map(([k, l]) => sql`(${k}, ${tr(l, ctx.locale)})`);
  return sql`(SELECT * FROM (VALUES ${sql.join(rows, sql`, `)}) v(k, period))`;
}
