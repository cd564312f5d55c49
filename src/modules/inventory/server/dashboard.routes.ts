import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';
import { queryReader } from '../../../core/documents/report-params';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { readFromReplica } from '../../../core/http/replica-read';
import { routeDoc } from '../../../core/http/route-doc';
import { companyToday } from '../../../core/time/company-time';
import { inventoryDashboard } from './dashboard.service';
import { rm } from './reports/reports.messages';

/** GET /api/inventory/dashboard?to=YYYY-MM-DD (default: the company's today): KPIs and chart series (dashboard.service.ts). */
export function registerInventoryDashboard(app: FastifyInstance, db: Database): void {
  app.get('/api/inventory/dashboard', routeDoc('Inventory dashboard: KPIs, stock value by category and warehouse, moves per day, low stock, expiring lots', {
    query: { to: 'As of (YYYY-MM-DD, default today)' }, responses: { 200: '{ asOf, kpis, valueByCategory, valueByWarehouse, movesOverTime, lowStock, expiringLots }', 400: 'Invalid date' },
  }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'inventory.stockItem.view');
    const asOf = queryReader(req.query as Record<string, unknown>, rm.badParam).date('to') ?? companyToday(ctx);
    // from the replica when there is one (one snapshot; X-Data-As-Of says how fresh)
    return (await readFromReplica(reply, ctx, (rc) => inventoryDashboard(rc.db.orm, rc, asOf), { snapshot: true })).value;
  });
}
