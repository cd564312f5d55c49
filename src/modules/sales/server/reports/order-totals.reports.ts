import { type SQL, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { L, col, type ReportDef } from '../../../../core/documents/report.types';
import { tr } from '../../../../core/i18n/locale';
import { groupedSqlReport } from './grouped-sql';
import { GROUP_LIMITS, LINE_FILTERS, type SalesReportParams } from './report-params';
import { srm } from './reports.messages';
import { bucketOf, customerLabels, ordersWhere, periodRowLabels } from './sales-lines.sql';

/**
 * Reports over the counted orders' totals (sales_orders: subtotal, discount, total, paid, due), grouped by
 * customer, by salesperson, or by period (sales summary). A product or category filter keeps the orders that sold
 * it (their whole totals). Average order value = total / orders. Each is ONE statement (grouped-sql.ts): the sums
 * per key and period, the min/max band on the total, the order, Top N, the page and the totals in SQL; tested equal
 * to the node computation they replaced (grouped.ts) over random sales (reports.sql.api.test.ts).
 */
const from0 = (p: SalesReportParams) => p.from ?? `${p.to.slice(0, 4)}-01-01`;
const avg = { column: col('average', 'Average order value', 'متوسط قيمة الطلب'), of: (m: Record<string, Decimal>) => (m.orders!.isZero() ? '0.00' : m.total!.div(m.orders!).toFixed(2)) };
const MONEY = sql.raw(`count(*) AS orders, sum(o.subtotal) AS subtotal, sum(o.discount) AS discount, sum(o.total_amount) AS total,
  sum(o.paid_amount) AS paid, sum(o.due_amount) AS due`);
const measures = () => [col('orders', 'Orders', 'الطلبات', 'int'), col('subtotal', 'Subtotal', 'المجموع الفرعي'), col('discount', 'Discount', 'الخصم'),
  col('total', 'Total', 'الإجمالي'), col('paid', 'Paid', 'المدفوع'), col('due', 'Due', 'المستحق')];
/** The counted orders' totals per key `k` and period start `b`. */
const orderSums = (key: SQL, b: SQL, extra: SQL, where: SQL) => sql`SELECT ${key} AS k, ${b} AS b${extra}, ${MONEY} FROM sales_orders o WHERE ${where} GROUP BY 1, 2`;

export const customerSalesReport: ReportDef<SalesReportParams> = {
  name: 'customer-sales',
  title: L('Customer sales', 'مبيعات العملاء'),
  applies: [...LINE_FILTERS, ...GROUP_LIMITS],
  async run(db, ctx, p) {
    const from = from0(p);
    return groupedSqlReport(db, ctx, p, from, {
      name: this.name, title: this.title, amountKey: 'total',
      head: [col('customer', 'Customer', 'العميل', 'text'), col('phone', 'Phone', 'الهاتف', 'text')],
      measures: measures(), derived: [avg], share: true,
      source: orderSums(sql`o.customer_id`, bucketOf(sql`o.order_date`, p.period), sql``, ordersWhere(ctx.companyId, p, from)),
      labels: customerLabels(ctx),
    });
  },
};

export const salespersonReport: ReportDef<SalesReportParams> = {
  name: 'salesperson',
  title: L('Salesperson sales', 'مبيعات المندوبين'),
  applies: [...LINE_FILTERS, ...GROUP_LIMITS],
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const from = from0(p);
    const target = col('target', 'Sales target', 'هدف المبيعات');
    const report = await groupedSqlReport(db, ctx, p, from, {
      name: this.name, title: this.title, amountKey: 'total',
      // the target is the salesperson's own figure (a label, not summed over the periods); its column moves below
      head: [col('salesperson', 'Salesperson', 'مندوب المبيعات', 'text'), target],
      measures: measures().filter((m) => m.key !== 'subtotal'), derived: [avg],
      source: orderSums(sql`coalesce(o.salesperson_id, 0)`, bucketOf(sql`o.order_date`, p.period), sql``, ordersWhere(c, p, from)),
      labels: sql`(SELECT s.id AS k, s.name AS salesperson, round(coalesce(s.sales_target, 0), 2)::text AS target FROM salespersons s WHERE s.company_id = ${c}
        UNION ALL SELECT 0, ${tr(srm.noSalesperson, ctx.locale)}, '0.00')`,
    });
    report.columns = report.columns.filter((x) => x.key !== 'target');
    report.columns.splice(report.columns.findIndex((x) => x.key === 'average') + 1, 0, target, col('progress', 'Progress to target %', 'نسبة تحقيق الهدف %'));
    report.rows = report.rows.map((x) => {
      const t = new Decimal(String(x.target || 0));
      return { ...x, target: t.toFixed(2), progress: t.isZero() ? '' : new Decimal(String(x.total)).times(100).div(t).toFixed(2) };
    });
    return report;
  },
};

export const salesSummaryReport: ReportDef<SalesReportParams> = {
  name: 'sales-summary',
  title: L('Sales summary', 'ملخص المبيعات'),
  applies: [...LINE_FILTERS, ...GROUP_LIMITS],
  async run(db, ctx, p) {
    const from = from0(p);
    const period = p.period ?? 'monthly';
    return groupedSqlReport(db, ctx, { ...p, period: null }, from, {
      name: this.name, title: this.title, amountKey: 'total', byKey: true,
      head: [col('period', 'Period', 'الفترة', 'text')],
      measures: [col('customers', 'Customers', 'العملاء', 'int'), ...measures()], derived: [avg],
      source: orderSums(sql`${bucketOf(sql`o.order_date`, period)}::text`, sql`NULL::date`, sql`, count(DISTINCT o.customer_id) AS customers`, ordersWhere(ctx.companyId, p, from)),
      labels: periodRowLabels(ctx, from, p.to, period),
    });
  },
};
