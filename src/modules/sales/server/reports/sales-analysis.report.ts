import { sql } from 'drizzle-orm';
import { L, col, type ReportDef } from '../../../../core/documents/report.types';
import { tr } from '../../../../core/i18n/locale';
import { productLabelsSql } from '../../../inventory';
import { type Agg, groupedReport } from './grouped';
import type { SalesReportParams } from './report-params';
import { srm } from './reports.messages';
import { bucketOf, linesWhere } from './sales-lines.sql';

/**
 * Sales analysis: per product category, the counted orders' lines over [from, to]: products sold, quantity,
 * orders, amount and its share of the total, with `period` the amount per period (the chart).
 */
export const salesAnalysisReport: ReportDef<SalesReportParams> = {
  name: 'sales-analysis',
  title: L('Sales analysis', 'تحليل المبيعات'),
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const from = p.from ?? `${p.to.slice(0, 4)}-01-01`;
    const cat = ctx.locale === 'ar' ? sql.raw(`coalesce(nullif(pl.category_ar, ''), pl.category)`) : sql.raw('pl.category');
    const r = await db.execute(sql`SELECT coalesce(pl.category_id, 0) AS k, ${bucketOf(sql`l.order_date`, p.period)}::text AS b,
        coalesce(${cat}, ${tr(srm.uncategorized, ctx.locale)}) AS category, count(DISTINCT l.product_id) AS products,
        sum(l.base_quantity)::text AS quantity, count(DISTINCT l.order_id) AS orders, sum(l.subtotal)::text AS amount
      FROM sales_order_lines l JOIN ${productLabelsSql(c)} pl ON pl.id = l.product_id
      WHERE ${linesWhere(c, p, from)} GROUP BY 1, 2, pl.category, pl.category_ar`);
    return groupedReport(ctx, p, from, r.rows as Agg[], {
      name: this.name, title: this.title, share: true,
      head: [col('category', 'Category', 'الفئة', 'text')],
      measures: [col('quantity', 'Quantity', 'الكمية', 'qty'), col('orders', 'Orders', 'الطلبات', 'int'), col('amount', 'Amount', 'المبلغ')],
    });
  },
};
