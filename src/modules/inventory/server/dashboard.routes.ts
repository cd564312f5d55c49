import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';
import { queryReader, today } from '../../../core/documents/report-params';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { routeDoc } from '../../../core/http/route-doc';
import { inventoryDashboard } from './dashboard.service';
import { rm } from './reports/reports.messages';

/** GET /api/inventory/dashboard?to=YYYY-MM-DD (default today): KPIs and chart series (dashboard.service.ts). */
export function registerInventoryDashboard(app: FastifyInstance, db: Database): void {
  app.get('/api/inventory/dashboard', routeDoc('Inventory dashboard: KPIs, stock value by category and warehouse, moves per day, low stock, expiring lots', {
    query: { to: 'As of (YYYY-MM-DD, default today)' }, responses: { 200: '{ asOf, kpis, valueByCategory, valueByWarehouse, movesOverTime, lowStock, expiringLots }', 400: 'Invalid date' },
  }), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'inventory.stockItem.view');
    const asOf = queryReader(req.query as Record<string, unknown>, rm.badParam).date('to') ?? today();
    return inventoryDashboard(db.orm, ctx, asOf);
  });
}
