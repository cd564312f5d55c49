import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../../core/db/connect';
import { registerReports } from '../../../../core/http/report.routes';
import { reorderLevelReport } from './reorder-level.report';
import { inventoryFilters, parseInventoryParams } from './report-params';
import { rm } from './reports.messages';
import { slowMovingReport } from './slow-moving.report';
import { stockBalanceReport } from './stock-balance.report';
import { stockMovementReport } from './stock-movement.report';

/**
 * GET /api/inventory/reports/<stock-balance|stock-movement|reorder-level|slow-moving-items>
 *   ?to=&from=&period=&warehouseId=&locationId=&categoryId=&productId=&moveType=&groupBy=&days=&page=&pageSize=&format=json|xlsx|pdf
 * GET /api/inventory/reports/combined.xlsx?names=a,b (default: stock balance + stock movement).
 * Permission inventory.stockMove.reports; a failure answers "Error downloading report. Please try again".
 */
export const INVENTORY_REPORTS = [stockBalanceReport, stockMovementReport, reorderLevelReport, slowMovingReport];

export function registerInventoryReports(app: FastifyInstance, db: Database): void {
  registerReports(app, db, {
    prefix: '/api/inventory/reports',
    permission: 'inventory.stockMove.reports',
    reports: INVENTORY_REPORTS,
    parse: parseInventoryParams,
    filters: inventoryFilters,
    combined: ['stock-balance', 'stock-movement'],
    messages: { failed: rm.downloadFailed, pdfFailed: rm.downloadFailed, unknown: rm.unknownReport },
    doc: {
      summary: 'Inventory report',
      query: {
        warehouseId: 'Warehouse', locationId: 'Location (a scrap location only when named)', categoryId: 'Category and its sub-categories', productId: 'Product',
        moveType: 'stock-movement: incoming|outgoing|internal|scrap|adjustment|opening', groupBy: 'stock-balance: location|warehouse|product',
        days: 'slow-moving-items: days without an outgoing move (default 90)',
      },
    },
  });
}
