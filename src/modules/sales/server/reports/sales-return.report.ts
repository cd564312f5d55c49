import { type SQL, sql } from 'drizzle-orm';
import { L, col, type Column, type ReportDef } from '../../../../core/documents/report.types';
import type { Ctx } from '../../../../core/http/context';
import { tr } from '../../../../core/i18n/locale';
import { categoryProductsSql, productLabelsSql } from '../../../inventory';
import { groupedSqlReport } from './grouped-sql';
import { productHead, productLabels } from './product-sales.report';
import { GROUP_LIMITS, LINE_FILTERS, type ReturnGroupBy, type SalesReportParams } from './report-params';
import { srm } from './reports.messages';
import { bucketOf, categoryLabels, customerLabels, nameSql, periodRowLabels } from './sales-lines.sql';

/**
 * Sales returns: the lines of CONFIRMED returns (sales_return_lines, dated by the return's confirmation) over
 * [from, to], per product (default), customer, product category, return reason (the return's sales reason; "No
 * reason" when none) or period (`groupBy`): quantity returned (the product's unit), amount returned (the lines'
 * credited subtotals: the order's unit price with its discount shared, before tax) and its share, with `period`
 * the amount per period; the number of returns where each return falls in one row (customer, reason, period; a
 * return of several products is in several product or category rows). Filters: customer, product, category (with
 * its sub-categories), reason, salesperson (the order's), Top N, min and max amount. Drafts and cancelled returns
 * never count. Tested equal to brute force over the return lines (reports/sales-return.api.test.ts).
 */
function returnLinesWhere(c: number, p: SalesReportParams, from: string): SQL {
  const parts = [sql`l.company_id = ${c}`, sql`l.return_date BETWEEN ${from} AND ${p.to}`, sql`r.company_id = ${c}`, sql`r.status = 'confirmed'`];
  if (p.customerId) parts.push(sql`l.customer_id = ${p.customerId}`);
  if (p.productId) parts.push(sql`l.product_id = ${p.productId}`);
  if (p.categoryId) parts.push(sql`l.product_id IN ${categoryProductsSql(c, p.categoryId)}`);
  if (p.reasonId) parts.push(sql`r.reason_id = ${p.reasonId}`);
  if (p.salespersonId) parts.push(sql`l.order_id IN (SELECT o.id FROM sales_orders o WHERE o.company_id = ${c} AND o.salesperson_id = ${p.salespersonId})`);
  return sql.join(parts, sql` AND `);
}

const returns = () => col('returns', 'Returns', 'المرتجعات', 'int');
const measures = (withReturns: boolean): Column[] => [
  ...(withReturns ? [returns()] : []), col('quantity', 'Quantity returned', 'الكمية المرتجعة', 'qty'), col('amount', 'Amount returned', 'المبلغ المرتجع'),
];

/** Per group: the key of a line, the columns shown before the measures, their labels by key, and whether returns add up. */
function grouping(ctx: Ctx, by: Exclude<ReturnGroupBy, 'period'>): { key: SQL; join?: SQL; head: Column[]; labels: SQL; returns: boolean } {
  const c = ctx.companyId;
  switch (by) {
    case 'product': return { key: sql`l.product_id`, head: productHead(), labels: productLabels(ctx), returns: false };
    case 'customer': return {
      key: sql`l.customer_id`, returns: true, labels: customerLabels(ctx),
      head: [col('customer', 'Customer', 'العميل', 'text'), col('phone', 'Phone', 'الهاتف', 'text')],
    };
    case 'category': return {
      key: sql`coalesce(pl.category_id, 0)`, join: sql`JOIN ${productLabelsSql(c)} pl ON pl.id = l.product_id`, returns: false,
      head: [col('category', 'Category', 'الفئة', 'text')], labels: categoryLabels(ctx),
    };
    case 'reason': return {
      key: sql`coalesce(r.reason_id, 0)`, returns: true,
      head: [col('reason', 'Reason', 'السبب', 'text')],
      labels: sql`(SELECT s.id AS k, ${nameSql(ctx.locale, 's')} AS reason FROM sales_reasons s WHERE s.company_id = ${c} UNION ALL SELECT 0, ${tr(srm.noReason, ctx.locale)})`,
    };
  }
}

export const salesReturnReport: ReportDef<SalesReportParams> = {
  name: 'sales-return',
  title: L('Sales returns', 'مرتجعات المبيعات'),
  applies: [...LINE_FILTERS, 'reasonId', ...GROUP_LIMITS],
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const from = p.from ?? `${p.to.slice(0, 4)}-01-01`;
    const by = p.groupBy ?? 'product';
    const lines = sql`FROM sales_return_lines l JOIN sales_returns r ON r.id = l.return_id`;
    const sums = sql`count(DISTINCT l.return_id) AS returns, sum(l.base_quantity) AS quantity, sum(l.subtotal) AS amount`;
    if (by === 'period') {
      // one row per period (monthly unless said), in period order, like the sales summary
      const period = p.period ?? 'monthly';
      return groupedSqlReport(db, ctx, { ...p, period: null }, from, {
        name: this.name, title: this.title, byKey: true, share: true, head: [col('period', 'Period', 'الفترة', 'text')], measures: measures(true),
        source: sql`SELECT ${bucketOf(sql`l.return_date`, period)}::text AS k, NULL::date AS b, ${sums} ${lines} WHERE ${returnLinesWhere(c, p, from)} GROUP BY 1`,
        labels: periodRowLabels(ctx, from, p.to, period),
      });
    }
    const g = grouping(ctx, by);
    const source = sql`SELECT ${g.key} AS k, ${bucketOf(sql`l.return_date`, p.period)} AS b, ${sums} ${lines} ${g.join ?? sql``}
      WHERE ${returnLinesWhere(c, p, from)} GROUP BY 1, 2`;
    // a return of several products falls in several product or category rows: no "returns" column there
    return groupedSqlReport(db, ctx, p, from, {
      name: this.name, title: this.title, share: true, head: g.head, measures: measures(g.returns), source, labels: g.labels,
    });
  },
};
