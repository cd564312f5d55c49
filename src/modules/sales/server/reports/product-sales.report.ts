import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../../../core/documents/report-params';
import { L, col, type ReportDef } from '../../../../core/documents/report.types';
import { categoryProductsSql, productLabelsSql } from '../../../inventory';
import type Decimal from 'decimal.js';
import type { Ctx } from '../../../../core/http/context';
import type { Label } from '../../../../core/i18n/locale';
import { groupedSqlReport } from './grouped-sql';
import { GROUP_LIMITS, LINE_FILTERS, type SalesReportParams } from './report-params';
import { bucketOf, linesWhere, nameSql } from './sales-lines.sql';

/**
 * Product sales: per product, quantity (in the product's unit), orders and amount (line subtotals before the
 * order's discount) of counted orders over [from, to], with `period` the amount per period. Whole months come from
 * sales_product_months (kept by triggers: sales-totals.schema.ts), the edge days and any customer or salesperson
 * filter or a daily/weekly period from sales_order_lines; tested equal to brute force over the lines.
 */
function nextMonth(d: string): string {
  const y = Number(d.slice(0, 4)); const m = Number(d.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
const monthEnd = (d: string) => addDays(nextMonth(d), -1);

/** [from, to] as whole months [first, last] (month starts) and the days outside them; null months when none is whole. */
export function splitMonths(from: string, to: string): { months: [string, string] | null; edges: [string, string][] } {
  const first = from.endsWith('-01') ? from : nextMonth(from);
  const lastStart = monthEnd(to) === to ? `${to.slice(0, 7)}-01` : `${addDays(`${to.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  if (first > lastStart) return { months: null, edges: [[from, to]] };
  const edges: [string, string][] = [];
  if (from < first) edges.push([from, addDays(first, -1)]);
  if (monthEnd(lastStart) < to) edges.push([addDays(monthEnd(lastStart), 1), to]);
  return { months: [first, lastStart], edges };
}

function fromLines(c: number, p: SalesReportParams, from: string, to: string): SQL {
  return sql`SELECT l.product_id AS k, ${bucketOf(sql`l.order_date`, p.period)} AS b, sum(l.base_quantity) AS quantity, sum(l.subtotal) AS amount, count(DISTINCT l.order_id) AS orders
    FROM sales_order_lines l WHERE ${linesWhere(c, p, from, to)} GROUP BY 1, 2`;
}

/**
 * Rows (k = product, b = period start, quantity, amount, orders) whose sums per product and period are the report's:
 * whole months from sales_product_months (a month row is its own monthly bucket), the rest from the lines.
 */
export function productAggSql(c: number, p: SalesReportParams, from: string): SQL {
  const monthly = !p.customerId && !p.salespersonId && p.period !== 'daily' && p.period !== 'weekly';
  const split = monthly ? splitMonths(from, p.to) : { months: null, edges: [[from, p.to] as [string, string]] };
  const parts: SQL[] = split.edges.map(([f, t]) => fromLines(c, p, f, t));
  if (split.months) {
    const w = [sql`t.company_id = ${c}`, sql`t.month BETWEEN ${split.months[0]} AND ${split.months[1]}`, sql`t.quantity <> 0`];
    if (p.productId) w.push(sql`t.product_id = ${p.productId}`);
    if (p.categoryId) w.push(sql`t.product_id IN ${categoryProductsSql(c, p.categoryId)}`);
    const b = p.period === 'monthly' ? sql`t.month` : bucketOf(sql`t.month`, p.period);
    parts.push(sql`SELECT t.product_id AS k, ${b} AS b, t.quantity, t.amount, t.orders FROM sales_product_months t WHERE ${sql.join(w, sql` AND `)}`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

/** Head columns of a row per product, and their labels (sku, name and category in the caller's language) by product `k`. */
export const productHead = () => [col('sku', 'SKU', 'رمز المنتج', 'text'), col('product', 'Product', 'المنتج', 'text'), col('category', 'Category', 'الفئة', 'text')];
export const productLabels = (ctx: Ctx) =>
  sql`(SELECT pl.id AS k, pl.sku, ${nameSql(ctx.locale, 'pl')} AS product, ${nameSql(ctx.locale, 'pl', 'category', 'category_ar')} AS category FROM ${productLabelsSql(ctx.companyId)} pl)`;

/** The product sales report's columns and labels. */
export function productSalesSpec(ctx: Ctx, name: string, title: Label) {
  return {
    name, title, head: productHead(),
    measures: [col('quantity', 'Quantity', 'الكمية', 'qty'), col('orders', 'Orders', 'الطلبات', 'int'), col('amount', 'Amount', 'المبلغ')],
    derived: [{ column: col('avgPrice', 'Average price', 'متوسط السعر'), of: (m: Record<string, Decimal>) => (m.quantity!.isZero() ? '0.00' : m.amount!.div(m.quantity!).toFixed(2)) }],
    labels: productLabels(ctx),
  };
}

export const productSalesReport: ReportDef<SalesReportParams> = {
  name: 'product-sales',
  title: L('Product sales', 'مبيعات المنتجات'),
  applies: [...LINE_FILTERS, ...GROUP_LIMITS],
  async run(db, ctx, p) {
    const from = p.from ?? `${p.to.slice(0, 4)}-01-01`;
    return groupedSqlReport(db, ctx, p, from, { ...productSalesSpec(ctx, this.name, this.title), source: productAggSql(ctx.companyId, p, from) });
  },
};
