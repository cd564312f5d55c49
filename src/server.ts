import { join } from 'node:path';
import { trustProxyOf } from './core/http/trust-proxy';
import { checkSecretsKey, SecretsKeyInvalid } from './core/crypto/secrets';
import { openDatabase } from './core/db/connect';
import { seedDataDir } from './core/db/initial-db';
import { POOLED } from './core/db/statement-names';
import { drainAndClose } from './core/http/drain';
import { PROJECT_ROOT } from './core/project-root';
import { formatTimings, type Timings, timed } from './core/start-timings';
import { createApp } from './app';
import { ensureFirstAdmin } from './modules/admin/server/bootstrap';
import { checkListen, DEFAULT_HOST } from './modules/admin/server/listen-guard';

/**
 * Starts the server: opens (and on first start creates) the database, applies migrations, makes the first
 * admin and demo company when the database is empty, and serves the API and the web app: on 127.0.0.1 unless
 * HOST says otherwise, and on no other address while the administrator has the demo password (listen-guard.ts).
 * On SIGTERM or SIGINT it drains (core/http/drain.ts): readiness answers 503, the listener closes, what started finishes (bounded by
 * SHUTDOWN_TIMEOUT_MS), the pool closes, and the process exits 0 (1 when the bound cut requests short).
 */
const env = process.env;
const t0 = performance.now();
// SECRETS_KEY (core/crypto/secrets.ts): malformed, the server does not start; missing, it says what that means
let secretsWarning: string | null;
try {
  secretsWarning = checkSecretsKey(env);
} catch (e) {
  if (!(e instanceof SecretsKeyInvalid)) throw e;
  console.error(e.message);
  process.exit(1);
}
const port = Number(env.PORT ?? 3000);
const host = env.HOST || DEFAULT_HOST;
const timings: Timings = [['modules', t0, (process.cpuUsage().user + process.cpuUsage().system) / 1000]];
const setupTimings: Timings = [];
// a first start on the embedded database begins from the initial database the build made (core/db/initial-db.ts)
if (!env.DATABASE_URL) {
  const t = performance.now();
  if (seedDataDir(env.DATA_DIR ?? './data')) timings.push(['initial database copied', performance.now() - t]);
}
const db = await openDatabase({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR ?? './data', DATABASE_REPLICA_URL: env.DATABASE_REPLICA_URL, DATABASE_POOL_MAX: env.DATABASE_POOL_MAX }, timings);
const first = await timed(timings, 'first company', () => ensureFirstAdmin(db, env, setupTimings));
const listen = await checkListen(db, host, env);
if (listen.refusal) {
  console.error(listen.refusal);
  await db.close();
  process.exit(1);
}
if (listen.replaced) console.log('The administrator\'s demo password was replaced by ADMIN_PASSWORD.');
const webDir = join(PROJECT_ROOT, 'dist');
const app = await timed(timings, 'app', () => createApp(db, { webDir, logger: env.LOG !== 'off', demo: env.DEMO_DATA !== 'off', trustProxy: trustProxyOf(env.TRUST_PROXY), jobs: true }));
await timed(timings, 'listen', () => app.listen({ port, host }));
const ms = Math.round(performance.now());
console.log(`Daftar ERP is running at http://localhost:${port} (listening on ${host}; database: ${db.kind}${db.replica ? ', reports from the replica' : ''}, ready in ${ms} ms: ${formatTimings(timings)})`);
if (db.kind === 'postgres') {
  console.log(`PostgreSQL pool: at most ${db.pool!.options.max} connections${POOLED
    ? '; behind a transaction pooler (DATABASE_POOLER=transaction): no named prepared statements, no session state; migrations took their lock on '
      + (env.DATABASE_MIGRATION_URL ? 'the direct connection of DATABASE_MIGRATION_URL' : 'DATABASE_URL, inside one transaction')
    : ''}.`);
}
if (secretsWarning) console.log(secretsWarning);
if (setupTimings.length) console.log(`First company's setup steps: ${formatTimings(setupTimings)}.`);
if (first.demo) console.log(`Demo company: ${Object.entries(first.demo).map(([k, n]) => `${n} ${k}`).join(', ')}.`);
if (first.created) console.log(`First start: sign in as "${first.username}" with password "${first.password}" and change it under Settings > Profiles.`);
else console.log('Sign in with your account (the first administrator is "admin").');

const ms0 = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : fallback);
let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    const outcome = await drainAndClose(app, db, { delayMs: ms0(env.SHUTDOWN_DELAY_MS, 0), timeoutMs: ms0(env.SHUTDOWN_TIMEOUT_MS, 10_000) });
    if (outcome === 'forced') console.error(`${sig}: requests still running after ${ms0(env.SHUTDOWN_TIMEOUT_MS, 10_000)} ms were cut short (their transactions roll back).`);
    process.exit(outcome === 'drained' ? 0 : 1);
  });
