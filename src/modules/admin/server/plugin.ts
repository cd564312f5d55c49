import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';
import './user.hooks';
import './group.hooks';
import './company.hooks';
import './checklist';
import './demo';
import { registerAdminRoutes } from './admin.routes';
import { registerAuthRoutes } from './auth.routes';

/** The admin module's server side: auth, users, groups, profiles, instance settings. */
export function adminServer(app: FastifyInstance, db: Database, opts: { demo: boolean }): void {
  registerAuthRoutes(app, db, opts);
  registerAdminRoutes(app, db);
}
