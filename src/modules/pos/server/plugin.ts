import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';
import './session.hooks';
import './settings.hooks';
import './pos.defaults';
import './demo';
import { registerPosRoutes } from './pos.routes';
import { registerCustomerRoutes } from './customers.routes';
import { registerSessionPrintRoute } from './session.print';
import { registerReturnRoutes } from './return.routes';

/** The point of sale's server side: session and settings hooks, company defaults and demo data, the till sale and summary routes, till returns. */
export function posServer(app: FastifyInstance, db: Database): void {
  registerPosRoutes(app, db);
  registerCustomerRoutes(app, db);
  registerSessionPrintRoute(app, db);
  registerReturnRoutes(app, db);
}
