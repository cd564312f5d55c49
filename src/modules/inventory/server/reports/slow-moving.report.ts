import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { addDays, daysBetween } from '../../../../core/documents/report-params';
import { L, col, type ReportDef } from '../../../../core/documents/report.types';
import { tr } from '../../../../core/i18n/locale';
import { STOCK_FILTERS, type InventoryReportParams } from './report-params';
import { rm } from './reports.messages';
import { balanceCtes, nameOf, shareOfValue, stockSpan, unitOf } from './stock-totals';

/**
 * Products with stock on hand at `to` (selected locations, from the stock totals; value at the product's average
 * cost) and no outgoing move (delivery to a customer) from those locations in the `days` days up to `to`: the last
 * outgoing date is on or before to - days, or there is none. Never-sold first, then oldest first.
 */
export const slowMovingReport: ReportDef<InventoryReportParams> = {
  name: 'slow-moving-items',
  applies: [...STOCK_FILTERS, 'days'],
  title: L('Slow-moving items', 'الأصناف بطيئة الحركة'),
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const cutoff = addDays(p.to, -p.days);
    const span = await stockSpan(db, c);
    const r = await db.execute(sql`
      WITH ${balanceCtes(c, p, p.to, span)}, sb AS (
        SELECT b.product_id, sum(b.qty) AS q, ${shareOfValue(sql`sum(CASE WHEN loc.v THEN b.qty ELSE 0 END)`)} AS v
        FROM b JOIN loc ON loc.id = b.location_id AND loc.s LEFT JOIN pv ON pv.product_id = b.product_id
        GROUP BY b.product_id, pv.q, pv.v HAVING sum(b.qty) > 0
      ), lo AS (
        SELECT m.product_id, max(m.date) AS d FROM stock_moves m
        WHERE m.company_id = ${c} AND m.move_type = 'outgoing' AND m.date <= ${p.to}
          AND m.product_id IN (SELECT product_id FROM sb) AND m.from_location_id IN (SELECT id FROM loc WHERE s)
        GROUP BY m.product_id
      )
      SELECT sb.product_id AS "productId", p.sku, ${nameOf(ctx.locale, 'p')} AS product, ${nameOf(ctx.locale, 'pc')} AS category,
        ${unitOf(ctx.locale, 'u')} AS uom, sb.q::text AS "onHand", sb.v::text AS value, lo.d::text AS "lastOutgoing",
        count(*) OVER () AS n, (sum(sb.v) OVER ())::text AS "totalValue"
      FROM sb JOIN products p ON p.id = sb.product_id JOIN product_categories pc ON pc.id = p.category_id JOIN uoms u ON u.id = p.uom_id
        LEFT JOIN lo ON lo.product_id = sb.product_id
      WHERE lo.d IS NULL OR lo.d <= ${cutoff}::date
      ORDER BY lo.d NULLS FIRST, ${nameOf(ctx.locale, 'p')}, sb.product_id
      LIMIT ${p.pageSize} OFFSET ${(p.page - 1) * p.pageSize}`);
    const raw = r.rows as Record<string, unknown>[];
    const rows = raw.map(({ n: _n, totalValue: _t, ...row }) => ({
      ...row, onHand: new Decimal(String(row.onHand)).toFixed(), value: new Decimal(String(row.value)).toFixed(2),
      daysSince: row.lastOutgoing ? daysBetween(String(row.lastOutgoing), p.to) : tr(rm.never, ctx.locale),
      lastOutgoing: row.lastOutgoing ?? '',
    }));
    const totalValue = raw.length ? new Decimal(String(raw[0]!.totalValue)).toFixed(2) : '0.00';
    return {
      name: this.name, title: this.title, params: { from: cutoff, to: p.to }, rows,
      columns: [
        col('sku', 'SKU', 'رمز المنتج', 'text'), col('product', 'Product', 'المنتج', 'text'), col('category', 'Category', 'الفئة', 'text'),
        col('uom', 'Unit', 'الوحدة', 'text'), col('onHand', 'On hand', 'الكمية المتاحة', 'qty'), col('value', 'Value', 'القيمة'),
        col('lastOutgoing', 'Last outgoing', 'آخر صرف', 'date'), col('daysSince', 'Days without outgoing', 'أيام بلا صرف', 'text'),
      ],
      totals: { sku: '', product: tr(rm.total, ctx.locale), value: totalValue },
      summary: { totalValue },
      page: { page: p.page, pageSize: p.pageSize, total: raw.length ? Number(raw[0]!.n) : 0 },
    };
  },
};
