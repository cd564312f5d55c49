import { join } from 'node:path';
import { openDatabase } from './core/db/connect';
import { PROJECT_ROOT } from './core/project-root';
import { createApp } from './app';
import { ensureFirstAdmin } from './modules/admin/server/bootstrap';

/**
 * Starts the server: opens (and on first start creates) the database, applies migrations, makes the first
 * admin and demo company when the database is empty, and serves the API and the web app.
 */
const env = process.env;
const t0 = performance.now();
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '0.0.0.0';
const db = await openDatabase({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR ?? './data' });
const first = await ensureFirstAdmin(db, env);
const webDir = join(PROJECT_ROOT, 'dist');
const app = await createApp(db, { webDir, logger: env.LOG !== 'off', demo: env.DEMO_DATA !== 'off', trustProxy: env.TRUST_PROXY === '1', jobs: true });
await app.listen({ port, host });
const ms = Math.round(performance.now() - t0);
console.log(`Daftar ERP is running at http://localhost:${port} (database: ${db.kind}, ready in ${ms} ms)`);
if (first.created) console.log(`First start: sign in as "${first.username}" with password "${first.password}" and change it under Settings > Profiles.`);
else console.log('Sign in with your account (the first administrator is "admin").');

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await db.close();
    process.exit(0);
  });
