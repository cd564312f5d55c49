import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';
import './master.hooks';
import './order.hooks';
import './sales.defaults';
import './demo';
import { registerPriceRoutes } from './price.routes';
import { registerBulkPaymentRoutes } from './bulk-payment.routes';
import { registerSalespersonTotalsRoute } from './salesperson.totals';
import { registerSalesReports } from './reports/reports.routes';
import './return.hooks';
import { registerReturnRoutes } from './return.routes';

/** The sales module's server side: master data and order hooks, company defaults and demo data, the quote route. */
export function salesServer(app: FastifyInstance, db: Database): void {
  registerPriceRoutes(app, db);
  registerBulkPaymentRoutes(app, db);
  registerSalespersonTotalsRoute(app, db);
  registerSalesReports(app, db);
  registerReturnRoutes(app, db);
}
