import { sql } from 'drizzle-orm';
import { L, col, type ReportDef } from '../../../../core/documents/report.types';
import { productLabelsSql } from '../../../inventory';
import { groupedSqlReport } from './grouped-sql';
import { GROUP_LIMITS, LINE_FILTERS, type SalesReportParams } from './report-params';
import { bucketOf, categoryLabels, linesWhere } from './sales-lines.sql';

/**
 * Sales analysis: per product category, the counted orders' lines over [from, to]: quantity, orders, amount and
 * its share of the total, with `period` the amount per period (the chart). One statement (grouped-sql.ts).
 */
export const salesAnalysisReport: ReportDef<SalesReportParams> = {
  name: 'sales-analysis',
  title: L('Sales analysis', 'تحليل المبيعات'),
  applies: [...LINE_FILTERS, ...GROUP_LIMITS],
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const from = p.from ?? `${p.to.slice(0, 4)}-01-01`;
    return groupedSqlReport(db, ctx, p, from, {
      name: this.name, title: this.title, share: true,
      head: [col('category', 'Category', 'الفئة', 'text')],
      measures: [col('quantity', 'Quantity', 'الكمية', 'qty'), col('orders', 'Orders', 'الطلبات', 'int'), col('amount', 'Amount', 'المبلغ')],
      source: sql`SELECT coalesce(pl.category_id, 0) AS k, ${bucketOf(sql`l.order_date`, p.period)} AS b,
          sum(l.base_quantity) AS quantity, count(DISTINCT l.order_id) AS orders, sum(l.subtotal) AS amount
        FROM sales_order_lines l JOIN ${productLabelsSql(c)} pl ON pl.id = l.product_id
        WHERE ${linesWhere(c, p, from)} GROUP BY 1, 2`,
      labels: categoryLabels(ctx),
    });
  },
};
