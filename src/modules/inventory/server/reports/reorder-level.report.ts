import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Orm } from '../../../../core/db/connect';
import { L, col, type ReportDef } from '../../../../core/documents/report.types';
import type { Ctx } from '../../../../core/http/context';
import { tr } from '../../../../core/i18n/locale';
import { STOCK_FILTERS, type InventoryReportParams } from './report-params';
import { rm } from './reports.messages';
import { locationScope, nameOf, productScope, unitOf } from './stock-totals';

/**
 * Active storable products whose on hand now (quants of the selected internal locations) is at or below their
 * reorder level, or the settings' low stock threshold when the product has none. The settings' minimum stock
 * replenishment level is the least level an order brings stock back up to:
 *   suggested = max(max(level, minimum replenishment level) - on hand, 0)
 * and the estimated cost prices it at the purchase price (the cost when no purchase price is set).
 */
type Scope = Pick<InventoryReportParams, 'warehouseId' | 'locationId' | 'categoryId' | 'productId'>;

export async function lowStock(db: Orm, ctx: Ctx, scope: Scope, limit: number, offset: number) {
  const c = ctx.companyId;
  const products = productScope(c, scope);
  const r = await db.execute(sql`
    WITH s AS (SELECT low_stock_threshold AS t, minimum_replenishment_level AS m FROM inventory_settings WHERE company_id = ${c} ORDER BY id LIMIT 1),
    oh AS (SELECT product_id, sum(quantity) AS q FROM stock_quants WHERE company_id = ${c} AND location_id IN (${locationScope(c, scope)}) GROUP BY product_id),
    x AS (
      SELECT p.id, coalesce(oh.q, 0) AS q, coalesce(p.reorder_level, s.t, 0) AS lvl, coalesce(s.m, 0) AS m
      FROM products p LEFT JOIN s ON true LEFT JOIN oh ON oh.product_id = p.id
      WHERE p.company_id = ${c} AND p.is_active AND p.product_type = 'storable'${products ? sql` AND p.id IN (${products})` : sql``}
    ), y AS (
      SELECT x.*, greatest(greatest(x.lvl, x.m) - x.q, 0) AS sug FROM x WHERE x.q <= x.lvl
    )
    SELECT y.id AS "productId", p.sku, ${nameOf(ctx.locale, 'p')} AS product, ${nameOf(ctx.locale, 'pc')} AS category,
      ${unitOf(ctx.locale, 'u')} AS uom, y.q::text AS "onHand", y.lvl::text AS "reorderLevel", y.sug::text AS suggested,
      (y.sug * coalesce(nullif(p.purchase_price, 0), p.cost, 0))::text AS "estimatedCost",
      count(*) OVER () AS n, (sum(y.sug * coalesce(nullif(p.purchase_price, 0), p.cost, 0)) OVER ())::text AS "totalCost"
    FROM y JOIN products p ON p.id = y.id JOIN product_categories pc ON pc.id = p.category_id JOIN uoms u ON u.id = p.uom_id
    ORDER BY y.q - y.lvl, ${nameOf(ctx.locale, 'p')}, y.id
    LIMIT ${limit} OFFSET ${offset}`);
  const raw = r.rows as Record<string, unknown>[];
  const q = (v: unknown) => new Decimal(String(v)).toFixed();
  return {
    total: raw.length ? Number(raw[0]!.n) : 0,
    totalCost: raw.length ? new Decimal(String(raw[0]!.totalCost)).toFixed(2) : '0.00',
    rows: raw.map(({ n: _n, totalCost: _t, ...row }) => ({
      ...row, onHand: q(row.onHand), reorderLevel: q(row.reorderLevel), suggested: q(row.suggested), estimatedCost: new Decimal(String(row.estimatedCost)).toFixed(2),
    })),
  };
}

export const reorderLevelReport: ReportDef<InventoryReportParams> = {
  name: 'reorder-level',
  applies: [...STOCK_FILTERS],
  title: L('Reorder level', 'حد إعادة الطلب'),
  async run(db, ctx, p) {
    const { rows, total, totalCost } = await lowStock(db, ctx, p, p.pageSize, (p.page - 1) * p.pageSize);
    return {
      name: this.name, title: this.title, params: { to: p.to }, rows,
      columns: [
        col('sku', 'SKU', 'رمز المنتج', 'text'), col('product', 'Product', 'المنتج', 'text'), col('category', 'Category', 'الفئة', 'text'),
        col('uom', 'Unit', 'الوحدة', 'text'), col('onHand', 'On hand', 'الكمية المتاحة', 'qty'), col('reorderLevel', 'Reorder level', 'حد إعادة الطلب', 'qty'),
        col('suggested', 'Suggested quantity', 'الكمية المقترحة', 'qty'), col('estimatedCost', 'Estimated cost', 'التكلفة التقديرية'),
      ],
      totals: { sku: '', product: tr(rm.total, ctx.locale), estimatedCost: totalCost },
      summary: { estimatedCost: totalCost },
      page: { page: p.page, pageSize: p.pageSize, total },
    };
  },
};
