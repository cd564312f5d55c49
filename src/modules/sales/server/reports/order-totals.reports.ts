import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { L, col, type ReportDef } from '../../../../core/documents/report.types';
import { tr } from '../../../../core/i18n/locale';
import { type Agg, groupedReport, periodLabels } from './grouped';
import type { SalesReportParams } from './report-params';
import { srm } from './reports.messages';
import { bucketOf, ordersWhere } from './sales-lines.sql';

/**
 * Reports over the counted orders' totals (sales_orders: subtotal, discount, total, paid, due), grouped by
 * customer, by salesperson, or by period (sales summary). A product or category filter keeps the orders that sold
 * it (their whole totals). Average order value = total / orders.
 */
const from0 = (p: SalesReportParams) => p.from ?? `${p.to.slice(0, 4)}-01-01`;
const avg = { column: col('average', 'Average order value', 'متوسط قيمة الطلب'), of: (m: Record<string, Decimal>) => (m.orders!.isZero() ? '0.00' : m.total!.div(m.orders!).toFixed(2)) };
const MONEY = sql.raw(`count(*) AS orders, sum(o.subtotal)::text AS subtotal, sum(o.discount)::text AS discount, sum(o.total_amount)::text AS total,
  sum(o.paid_amount)::text AS paid, sum(o.due_amount)::text AS due`);
const measures = () => [col('orders', 'Orders', 'الطلبات', 'int'), col('subtotal', 'Subtotal', 'المجموع الفرعي'), col('discount', 'Discount', 'الخصم'),
  col('total', 'Total', 'الإجمالي'), col('paid', 'Paid', 'المدفوع'), col('due', 'Due', 'المستحق')];

export const customerSalesReport: ReportDef<SalesReportParams> = {
  name: 'customer-sales',
  title: L('Customer sales', 'مبيعات العملاء'),
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const from = from0(p);
    const name = ctx.locale === 'ar' ? sql.raw(`coalesce(nullif(k.name_ar, ''), k.name)`) : sql.raw('k.name');
    const r = await db.execute(sql`SELECT o.customer_id AS k, ${bucketOf(sql`o.order_date`, p.period)}::text AS b, ${name} AS customer, k.phone, ${MONEY}
      FROM sales_orders o JOIN contacts k ON k.id = o.customer_id WHERE ${ordersWhere(c, p, from)} GROUP BY o.customer_id, 2, k.name, k.name_ar, k.phone`);
    return groupedReport(ctx, p, from, r.rows as Agg[], {
      name: this.name, title: this.title, amountKey: 'total',
      head: [col('customer', 'Customer', 'العميل', 'text'), col('phone', 'Phone', 'الهاتف', 'text')],
      measures: measures(), derived: [avg], share: true,
    });
  },
};

export const salespersonReport: ReportDef<SalesReportParams> = {
  name: 'salesperson',
  title: L('Salesperson sales', 'مبيعات المندوبين'),
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const from = from0(p);
    const r = await db.execute(sql`SELECT coalesce(o.salesperson_id, 0) AS k, ${bucketOf(sql`o.order_date`, p.period)}::text AS b,
        coalesce(s.name, ${tr(srm.noSalesperson, ctx.locale)}) AS salesperson, coalesce(s.sales_target, 0)::text AS target, count(DISTINCT o.customer_id) AS customers, ${MONEY}
      FROM sales_orders o LEFT JOIN salespersons s ON s.id = o.salesperson_id WHERE ${ordersWhere(c, p, from)} GROUP BY 1, 2, s.name, s.sales_target`);
    const rows = r.rows as Agg[];
    const targets = new Map(rows.map((x) => [String(x.k), new Decimal(String(x.target))]));
    const report = groupedReport(ctx, p, from, rows.map((x) => ({ ...x, target: undefined })), {
      name: this.name, title: this.title, amountKey: 'total',
      head: [col('salesperson', 'Salesperson', 'مندوب المبيعات', 'text')],
      measures: measures().filter((m) => m.key !== 'subtotal'), derived: [avg],
    });
    // target and progress: the salesperson's own figure, not summed over the periods
    report.columns.splice(report.columns.findIndex((x) => x.key === 'average') + 1, 0, col('target', 'Sales target', 'هدف المبيعات'), col('progress', 'Progress to target %', 'نسبة تحقيق الهدف %'));
    report.rows = report.rows.map((x) => {
      const t = targets.get(String(x.key)) ?? new Decimal(0);
      return { ...x, target: t.toFixed(2), progress: t.isZero() ? '' : new Decimal(String(x.total)).times(100).div(t).toFixed(2) };
    });
    return report;
  },
};

export const salesSummaryReport: ReportDef<SalesReportParams> = {
  name: 'sales-summary',
  title: L('Sales summary', 'ملخص المبيعات'),
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const from = from0(p);
    const period = p.period ?? 'monthly';
    const r = await db.execute(sql`SELECT ${bucketOf(sql`o.order_date`, period)}::text AS k, count(DISTINCT o.customer_id) AS customers, ${MONEY}
      FROM sales_orders o WHERE ${ordersWhere(c, p, from)} GROUP BY 1`);
    const label = periodLabels(from, p.to, period);
    const rows = (r.rows as Agg[]).map((x) => ({ ...x, b: null, period: tr(label.get(String(x.k)) ?? L(String(x.k), String(x.k)), ctx.locale) }));
    return groupedReport(ctx, { ...p, period: null }, from, rows, {
      name: this.name, title: this.title, amountKey: 'total', byKey: true,
      head: [col('period', 'Period', 'الفترة', 'text')],
      measures: [col('customers', 'Customers', 'العملاء', 'int'), ...measures()], derived: [avg],
    });
  },
};
