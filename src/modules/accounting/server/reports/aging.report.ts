import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { col, L, money, type ReportDef } from './report.types';

/** Accounts receivable aging as of `to`: what each customer still owes on sale invoices, by days past due. */
const BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over90'] as const;
const bucketOf = (days: number) => (days <= 0 ? 'current' : days <= 30 ? 'd1_30' : days <= 60 ? 'd31_60' : days <= 90 ? 'd61_90' : 'over90');

export const agingReport: ReportDef = {
  name: 'accounts-receivable-aging',
  title: L('Accounts receivable aging', 'أعمار الذمم المدينة'),
  applies: ['contactId'],
  async run(db, ctx, p) {
    const r = await db.execute(sql`
      SELECT i.partner_id AS "partnerId", c.name, c.name_ar AS "nameAr", i.due_amount::text AS due,
        (${p.to}::date - coalesce(i.due_date, i.date))::int AS days
      FROM invoices i JOIN contacts c ON c.id = i.partner_id
      WHERE i.company_id = ${ctx.companyId} AND i.type IN ('SALE', 'OTHER') AND i.is_credit_note = false AND i.due_amount > 0
        AND i.status IN ('CONFIRMED', 'SENT', 'DELIVERED', 'OVERDUE', 'PARTIALLY_PAID', 'PROCESSING') AND i.date <= ${p.to}
        ${p.contactId ? sql`AND i.partner_id = ${p.contactId}` : sql``}`);
    const by = new Map<number, { name: string; v: Record<string, Decimal> }>();
    const total: Record<string, Decimal> = Object.fromEntries([...BUCKETS, 'total'].map((b) => [b, new Decimal(0)]));
    for (const x of r.rows as { partnerId: number; name: string; nameAr: string | null; due: string; days: number }[]) {
      const cur = by.get(x.partnerId) ?? { name: ctx.locale === 'ar' ? x.nameAr || x.name : x.name, v: Object.fromEntries([...BUCKETS, 'total'].map((b) => [b, new Decimal(0)])) };
      const b = bucketOf(Number(x.days));
      cur.v[b] = cur.v[b]!.plus(x.due); cur.v.total = cur.v.total!.plus(x.due);
      total[b] = total[b]!.plus(x.due); total.total = total.total!.plus(x.due);
      by.set(x.partnerId, cur);
    }
    const rows = [...by.entries()].map(([partnerId, { name, v }]) => ({ partnerId, name, ...Object.fromEntries(Object.entries(v).map(([k, d]) => [k, money(d)])) }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    return {
      name: this.name, title: this.title, params: p, rows,
      totals: { name: ctx.locale === 'ar' ? 'الإجمالي' : 'Total', ...Object.fromEntries(Object.entries(total).map(([k, d]) => [k, money(d)])) },
      columns: [col('name', 'Customer', 'العميل', 'text'), col('current', 'Current', 'غير مستحق'), col('d1_30', '1-30 days', '1-30 يومًا'),
        col('d31_60', '31-60 days', '31-60 يومًا'), col('d61_90', '61-90 days', '61-90 يومًا'), col('over90', 'Over 90 days', 'أكثر من 90 يومًا'), col('total', 'Total', 'الإجمالي')],
    };
  },
};
