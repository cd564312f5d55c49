import type { FastifyInstance } from 'fastify';
import type { Database } from './core/db/connect';
import './core/db/schema';
import { buildApp } from './core/http/app';
import { entities } from './modules/registry';
import { adminServer } from './modules/admin/server/plugin';
import './modules/contacts/server/demo';
import { accountingServer } from './modules/accounting/server/plugin';
import { inventoryServer } from './modules/inventory/server/plugin';

/** The composition root: the engine plus every module's server side. */
export const VERSION = process.env.npm_package_version ?? '0.1.0';

export async function createApp(db: Database, opts: { webDir?: string; logger?: boolean; demo?: boolean; trustProxy?: boolean; jobs?: boolean } = {}): Promise<FastifyInstance> {
  return buildApp({
    db, entities, version: VERSION, webDir: opts.webDir, logger: opts.logger, trustProxy: opts.trustProxy,
    extend: (app) => {
      adminServer(app, db, { demo: opts.demo ?? true });
      accountingServer(app, db, { jobs: opts.jobs });
      inventoryServer(app, db);
    },
  });
}
