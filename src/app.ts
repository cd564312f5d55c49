import type { TrustProxy } from './core/http/trust-proxy';
import type { FastifyInstance } from 'fastify';
import type { Database } from './core/db/connect';
import './core/db/schema';
import { buildApp } from './core/http/app';
import { entities } from './modules/registry';
import { adminServer } from './modules/admin/server/plugin';
import './modules/contacts/server/demo';
import './modules/contacts/server/checklist';
import { accountingServer } from './modules/accounting/server/plugin';
import { inventoryServer } from './modules/inventory/server/plugin';
import { salesServer } from './modules/sales/server/plugin';
import { posServer } from './modules/pos/server/plugin';
import { Scheduler } from './core/jobs/scheduler';
import './core/jobs/housekeeping';

/** The composition root: the engine plus every module's server side. */
export const VERSION = process.env.npm_package_version ?? '0.1.0';

export async function createApp(db: Database, opts: { webDir?: string; logger?: boolean; demo?: boolean; trustProxy?: TrustProxy; jobs?: boolean } = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    db, entities, version: VERSION, webDir: opts.webDir, logger: opts.logger, trustProxy: opts.trustProxy,
    extend: (app) => {
      adminServer(app, db, { demo: opts.demo ?? true });
      accountingServer(app, db);
      inventoryServer(app, db);
      salesServer(app, db);
      posServer(app, db);
    },
  });
  // background work (core/jobs/scheduler.ts): every server runs the scheduler, each due job runs once among them
  if (opts.jobs) {
    const scheduler = new Scheduler(db, undefined, { onError: (job, e) => app.log.error(e, `job ${job} failed`) });
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }
  return app;
}
