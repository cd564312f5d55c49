import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';
import './documents';
import './inventory.defaults';
import './checklist';
import { registerMasterDataRoutes } from './master-data';
import { registerInventoryDashboard } from './dashboard.routes';
import { registerInventoryReports } from './reports/reports.routes';

/** The inventory module's server side: hooks of master data and documents, stock routes and reports. */
export function inventoryServer(_app: FastifyInstance, _db: Database): void {
  registerMasterDataRoutes(_app, _db);
  registerInventoryReports(_app, _db);
  registerInventoryDashboard(_app, _db);
}
