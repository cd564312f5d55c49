import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { notFound } from '../../../core/http/errors';
import { routeDoc } from '../../../core/http/route-doc';
import { companyToday } from '../../../core/time/company-time';

/**
 * A salesperson's totals over a calendar year (default: the company's current one), from the orders they sold that
 * were confirmed (confirmed or completed: invoiced, goods delivered), in ONE set-based statement over sales_orders:
 * total sales (the orders' totals, tax included), net sales (the same before tax: total - tax), number of orders,
 * average order value (total sales / orders, half-up to 2 dp in SQL NUMERIC) and progress to the sales target
 * (total sales / target x 100, 1 dp; null without a target). Sales returns, once built, will lower net sales.
 */
export function registerSalespersonTotalsRoute(app: FastifyInstance, db: Database): void {
  app.get('/api/sales/salespersons/:id/totals', routeDoc('A salesperson\'s totals over a year: total and net sales, orders, average order value, progress to target', {
    responses: { 200: '{ year, totalSales, netSales, orders, averageOrderValue, salesTarget, progress }', 404: 'No such salesperson in the company' },
  }), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'sales.salesperson.view');
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) throw notFound('notFound');
    const q = (req.query ?? {}) as { year?: string };
    const year = typeof q.year === 'string' && /^\d{4}$/.test(q.year) ? Number(q.year) : Number(companyToday(ctx).slice(0, 4));
    const r = await ctx.db.orm.execute(sql`
      SELECT s.sales_target::text AS "salesTarget",
        coalesce(sum(o.total_amount), 0)::numeric(20,2)::text AS "totalSales",
        coalesce(sum(o.total_amount - coalesce(o.tax_amount, 0)), 0)::numeric(20,2)::text AS "netSales",
        count(o.id)::int AS orders,
        CASE WHEN count(o.id) > 0 THEN round(sum(o.total_amount) / count(o.id), 2)::text ELSE '0.00' END AS "averageOrderValue",
        CASE WHEN s.sales_target > 0 THEN round(coalesce(sum(o.total_amount), 0) * 100 / s.sales_target, 1)::text END AS progress
      FROM salespersons s
      LEFT JOIN sales_orders o ON o.company_id = s.company_id AND o.salesperson_id = s.id AND o.status IN ('confirmed', 'completed')
        AND o.order_date >= make_date(${year}::int, 1, 1) AND o.order_date < make_date(${year}::int + 1, 1, 1)
      WHERE s.company_id = ${ctx.companyId} AND s.id = ${Number(raw)}
      GROUP BY s.id, s.sales_target`);
    const row = r.rows[0];
    if (!row) throw notFound('notFound');
    return { year, ...row };
  });
}
