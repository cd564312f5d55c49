import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { L, col, type ReportDef } from '../../../../core/documents/report.types';
import { tr } from '../../../../core/i18n/locale';
import { ORDER_STATES, PAYMENT_STATUSES } from '../../model/enums';
import type { SalesReportParams } from './report-params';
import { srm } from './reports.messages';
import { ordersWhere } from './sales-lines.sql';

/**
 * Sales orders: every counted order over [from, to] (oldest first), with its customer, salesperson, states and
 * amounts; min/max on the order's total; Top N keeps the N largest orders. Paged in SQL (count and totals of the
 * whole selection by window functions in the same statement).
 */
const label = (opts: typeof ORDER_STATES, v: unknown, locale: 'en' | 'ar') => { const o = opts.find((x) => x.value === v); return o ? tr(o.label, locale) : String(v ?? ''); };

export const salesOrderReport: ReportDef<SalesReportParams> = {
  name: 'sales-order',
  title: L('Sales orders', 'أوامر البيع'),
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const from = p.from ?? `${p.to.slice(0, 4)}-01-01`;
    const cust = ctx.locale === 'ar' ? sql.raw(`coalesce(nullif(k.name_ar, ''), k.name)`) : sql.raw('k.name');
    const where = [ordersWhere(c, p, from)];
    if (p.minAmount) where.push(sql`o.total_amount >= ${p.minAmount}`);
    if (p.maxAmount) where.push(sql`o.total_amount <= ${p.maxAmount}`);
    const picked = p.top
      ? sql`SELECT o.* FROM sales_orders o WHERE ${sql.join(where, sql` AND `)} ORDER BY o.total_amount DESC, o.id LIMIT ${p.top}`
      : sql`SELECT o.* FROM sales_orders o WHERE ${sql.join(where, sql` AND `)}`;
    const r = await db.execute(sql`SELECT o.id AS key, o.number, o.order_date::text AS date, ${cust} AS customer, s.name AS salesperson, o.status, o.payment_status AS "paymentStatus",
        o.subtotal::text AS subtotal, o.discount::text AS discount, o.total_amount::text AS total, o.paid_amount::text AS paid, o.due_amount::text AS due,
        count(*) OVER () AS n, sum(o.subtotal) OVER ()::text AS t_subtotal, sum(o.discount) OVER ()::text AS t_discount, sum(o.total_amount) OVER ()::text AS t_total,
        sum(o.paid_amount) OVER ()::text AS t_paid, sum(o.due_amount) OVER ()::text AS t_due
      FROM (${picked}) o JOIN contacts k ON k.id = o.customer_id LEFT JOIN salespersons s ON s.id = o.salesperson_id
      ORDER BY o.order_date, o.id LIMIT ${p.pageSize} OFFSET ${(p.page - 1) * p.pageSize}`);
    const rows = r.rows as Record<string, unknown>[];
    const first = rows[0];
    const m = (k: string) => new Decimal(String(first?.[`t_${k}`] ?? 0)).toFixed(2);
    let total = Number(first?.n ?? 0);
    if (!first && p.page > 1) total = Number(((await db.execute(sql`SELECT count(*) AS n FROM (${picked}) o`)).rows[0] as { n: number }).n);
    return {
      name: this.name, title: this.title, params: { ...p, from },
      columns: [col('number', 'Sequence', 'التسلسل', 'text'), col('date', 'Order date', 'تاريخ الطلب', 'date'), col('customer', 'Customer', 'العميل', 'text'),
        col('salesperson', 'Salesperson', 'مندوب المبيعات', 'text'), col('status', 'Status', 'الحالة', 'text'), col('paymentStatus', 'Payment status', 'حالة الدفع', 'text'),
        col('subtotal', 'Subtotal', 'المجموع الفرعي'), col('discount', 'Discount', 'الخصم'), col('total', 'Total', 'الإجمالي'), col('paid', 'Paid', 'المدفوع'), col('due', 'Due', 'المستحق')],
      rows: rows.map((x) => ({
        key: x.key, number: x.number, date: x.date, customer: x.customer, salesperson: x.salesperson ?? '',
        status: label(ORDER_STATES, x.status, ctx.locale), paymentStatus: label(PAYMENT_STATUSES, x.paymentStatus, ctx.locale),
        subtotal: new Decimal(String(x.subtotal)).toFixed(2), discount: new Decimal(String(x.discount)).toFixed(2), total: new Decimal(String(x.total)).toFixed(2),
        paid: new Decimal(String(x.paid)).toFixed(2), due: new Decimal(String(x.due)).toFixed(2),
      })),
      totals: { number: tr(srm.total, ctx.locale), subtotal: m('subtotal'), discount: m('discount'), total: m('total'), paid: m('paid'), due: m('due') },
      summary: { total: m('total'), due: m('due') },
      page: { page: p.page, pageSize: p.pageSize, total },
    };
  },
};
