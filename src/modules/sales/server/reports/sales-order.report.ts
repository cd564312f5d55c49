import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { L, col, type ReportDef } from '../../../../core/documents/report.types';
import { tr } from '../../../../core/i18n/locale';
import { ORDER_STATES, PAYMENT_STATUSES } from '../../model/enums';
import { GROUP_LIMITS, LINE_FILTERS, type SalesReportParams } from './report-params';
import { srm } from './reports.messages';
import { ordersWhere } from './sales-lines.sql';

/**
 * Sales orders: every counted order over [from, to] (oldest first), with its customer, salesperson, states and
 * amounts; min/max on the order's total; Top N keeps the N largest orders. One statement: the count and totals of
 * the whole selection as its first row, then the page's orders (paged in SQL, also past the last page).
 */
const label = (opts: typeof ORDER_STATES, v: unknown, locale: 'en' | 'ar') => { const o = opts.find((x) => x.value === v); return o ? tr(o.label, locale) : String(v ?? ''); };

export const salesOrderReport: ReportDef<SalesReportParams> = {
  name: 'sales-order',
  title: L('Sales orders', 'أوامر البيع'),
  applies: [...LINE_FILTERS, ...GROUP_LIMITS],
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
    const first = (p.page - 1) * p.pageSize;
    // one statement: the totals and count of the whole selection (rn 0), then the page's orders (oldest first)
    const r = await db.execute(sql`WITH picked AS MATERIALIZED (SELECT o.*, row_number() OVER (ORDER BY o.order_date, o.id) AS rn FROM (${picked}) o)
      SELECT 0::bigint AS rn, count(*)::int AS n, NULL::int AS key, NULL AS number, NULL AS date, NULL AS customer, NULL AS salesperson, NULL AS status, NULL AS "paymentStatus",
        coalesce(sum(subtotal), 0)::text AS subtotal, coalesce(sum(discount), 0)::text AS discount, coalesce(sum(total_amount), 0)::text AS total,
        coalesce(sum(paid_amount), 0)::text AS paid, coalesce(sum(due_amount), 0)::text AS due
      FROM picked
      UNION ALL
      SELECT o.rn, NULL, o.id, o.number, o.order_date::text, ${cust}, s.name, o.status, o.payment_status,
        o.subtotal::text, o.discount::text, o.total_amount::text, o.paid_amount::text, o.due_amount::text
      FROM picked o JOIN contacts k ON k.id = o.customer_id LEFT JOIN salespersons s ON s.id = o.salesperson_id
      WHERE o.rn > ${first} AND o.rn <= ${first + p.pageSize}
      ORDER BY 1`);
    const [sums, ...rows] = r.rows as Record<string, unknown>[];
    const m = (k: string) => new Decimal(String(sums?.[k] ?? 0)).toFixed(2);
    const total = Number(sums?.n ?? 0);
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
