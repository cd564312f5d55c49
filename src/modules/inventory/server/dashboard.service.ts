import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Orm } from '../../../core/db/connect';
import { addDays, daysBetween } from '../../../core/documents/report-params';
import type { Ctx } from '../../../core/http/context';
import { lowStock } from './reports/reorder-level.report';
import { balanceCtes, locationScope, nameOf, shareOfValue, stockSpan } from './reports/stock-totals';

/**
 * The inventory dashboard at a date (today by default): KPIs (active products, on hand value, low stock count,
 * lots expiring within the settings' alert days, expired included) and chart series (stock value by category and
 * by warehouse, moves per day over the last 30 days by type, the most urgent low stock products and expiring lots).
 * Values come from the stock totals like the stock balance report, so both always agree: per category the
 * product values, per warehouse their share at average cost (stock-totals.ts). Low stock and expiring lots are
 * about the stock on hand now (quants); the date sets the expiry window.
 */
const ALL = { warehouseId: null, locationId: null, categoryId: null, productId: null };
const MOVE_DAYS = 30;
const LIST = 10;

export async function inventoryDashboard(db: Orm, ctx: Ctx, asOf: string) {
  const c = ctx.companyId;
  const settings = (await db.execute(sql`SELECT coalesce(stock_expiry_alert_days, 30) AS days FROM inventory_settings WHERE company_id = ${c} ORDER BY id LIMIT 1`)).rows[0] as { days: number } | undefined;
  const alertDays = Number(settings?.days ?? 30);
  const expiryLimit = addDays(asOf, alertDays);

  const span = await stockSpan(db, c);
  const values = await db.execute(sql`
    WITH ${balanceCtes(c, ALL, asOf, span)}, pw AS (
      SELECT b.product_id, loc.warehouse_id, ${shareOfValue(sql`sum(b.qty)`)} AS value
      FROM b JOIN loc ON loc.id = b.location_id AND loc.v LEFT JOIN pv ON pv.product_id = b.product_id
      GROUP BY b.product_id, loc.warehouse_id, pv.q, pv.v
    )
    SELECT 1 AS gc, 0 AS gw, NULL::int AS "categoryId", pw.warehouse_id AS "warehouseId", NULL AS category, min(${nameOf(ctx.locale, 'w')}) AS warehouse, sum(pw.value)::text AS value
      FROM pw LEFT JOIN warehouses w ON w.id = pw.warehouse_id GROUP BY pw.warehouse_id
    UNION ALL
    SELECT GROUPING(p.category_id), 1, p.category_id, NULL, min(${nameOf(ctx.locale, 'pc')}), NULL, sum(pv.v)::text
      FROM pv JOIN products p ON p.id = pv.product_id JOIN product_categories pc ON pc.id = p.category_id
      GROUP BY GROUPING SETS ((p.category_id), ())`);
  type V = { gc: number; gw: number; categoryId: number | null; warehouseId: number | null; category: string; warehouse: string | null; value: string };
  const vrows = values.rows as unknown as V[];
  const m2 = (v: unknown) => new Decimal(String(v ?? 0)).toFixed(2);
  const byValue = (a: { value: string }, b: { value: string }) => new Decimal(b.value).cmp(a.value);
  const valueByCategory = vrows.filter((r) => Number(r.gc) === 0).map((r) => ({ categoryId: r.categoryId, name: r.category, value: m2(r.value) }))
    .filter((r) => r.value !== '0.00').sort(byValue);
  const valueByWarehouse = vrows.filter((r) => Number(r.gw) === 0).map((r) => ({ warehouseId: r.warehouseId, name: r.warehouse ?? '', value: m2(r.value) }))
    .filter((r) => r.value !== '0.00').sort(byValue);
  const onHandValue = m2(vrows.find((r) => Number(r.gc) === 1 && Number(r.gw) === 1)?.value);

  const counts = (await db.execute(sql`
    SELECT (SELECT count(*)::int FROM products WHERE company_id = ${c} AND is_active) AS products`)).rows[0] as { products: number };

  const lots = await db.execute(sql`
    WITH q AS (
      SELECT lot_id, product_id, sum(quantity) AS qty FROM stock_quants
      WHERE company_id = ${c} AND lot_id IS NOT NULL AND location_id IN (${locationScope(c, ALL)}) GROUP BY lot_id, product_id HAVING sum(quantity) > 0
    )
    SELECT s.id AS "lotId", s.name AS lot, q.product_id AS "productId", ${nameOf(ctx.locale, 'p')} AS product, s.expiry_date::text AS "expiryDate",
      q.qty::text AS quantity, count(*) OVER () AS n
    FROM q JOIN stock_lots s ON s.id = q.lot_id JOIN products p ON p.id = q.product_id
    WHERE s.expiry_date IS NOT NULL AND s.expiry_date <= ${expiryLimit}::date
    ORDER BY s.expiry_date, s.id LIMIT ${LIST}`);
  const lotRows = lots.rows as Record<string, unknown>[];
  const expiringLots = lotRows.map(({ n: _n, ...r }) => ({ ...r, quantity: new Decimal(String(r.quantity)).toFixed(), daysLeft: daysBetween(asOf, String(r.expiryDate)) }));

  const since = addDays(asOf, -(MOVE_DAYS - 1));
  const moves = await db.execute(sql`
    SELECT date::text AS day, move_type AS type, count(*)::int AS n FROM stock_moves
    WHERE company_id = ${c} AND date BETWEEN ${since}::date AND ${asOf}::date GROUP BY 1, 2`);
  const perDay = new Map<string, Record<string, number | string>>();
  for (let d = since; d <= asOf; d = addDays(d, 1)) perDay.set(d, { day: d });
  for (const r of moves.rows as { day: string; type: string; n: number }[]) perDay.get(r.day)![r.type] = Number(r.n);

  const low = await lowStock(db, ctx, ALL, LIST, 0);
  return {
    asOf,
    kpis: { products: Number(counts.products), onHandValue, lowStock: low.total, expiringLots: lotRows.length ? Number(lotRows[0]!.n) : 0, expiryAlertDays: alertDays },
    valueByCategory, valueByWarehouse,
    movesOverTime: [...perDay.values()],
    lowStock: low.rows,
    expiringLots,
  };
}
