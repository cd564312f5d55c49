import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PgliteDatabase, PgliteSession } from 'drizzle-orm/pglite';
import { NodePgDatabase, NodePgSession, drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root';
import { type Timings, timed } from '../start-timings';
import { POOLED } from './statement-names';
import { poolClient } from './builder-names';
import { FastPgDialect } from './sql-render';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * One database handle for both engines: PGlite (embedded, a folder on disk or memory) and PostgreSQL (pg Pool).
 * Everything above this file uses `db.orm` (Drizzle) and never asks which engine it is, except for reporting and
 * the list's prepared search statement (PGlite prepares nothing: core/entity/crud.service.ts listRecords).
 */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: { rows: Record<string, unknown>[] };
}
export type Orm = PgDatabase<RowsResultHKT>;

export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  close(): Promise<void>;
  /** PGlite only: the raw instance (used to dump a migrated template for tests). */
  pglite?: PGlite;
  /** PostgreSQL only: the pool the transactions of tx.ts check clients out of. */
  pool?: pg.Pool;
  /** A streaming replica (`DATABASE_REPLICA_URL`) for reports, exports, dashboards and lists: core/db/replica.ts. */
  replica?: Replica;
}

/** A read-only standby of the primary: its own pool, used only through core/db/replica.ts. */
export interface Replica {
  orm: Orm;
  pool: pg.Pool;
}

/**
 * Drizzle over node-postgres (a pool, or one client) or PGlite, as `drizzle(client)` makes it but with the fast
 * renderer's dialect (sql-render.ts). NodePgDatabase / NodePgSession and PgliteDatabase / PgliteSession are the
 * classes Drizzle's own `drizzle()` constructs, exported by the same entry points.
 */
export function ormOver(client: pg.Pool | pg.PoolClient | pg.Client): Orm {
  const dialect = new FastPgDialect();
  const db = new NodePgDatabase(dialect, new NodePgSession(client, dialect, undefined), undefined);
  return Object.assign(db, { $client: client }) as unknown as Orm;
}

function ormOverPglite(client: PGlite): Orm {
  const dialect = new FastPgDialect();
  const db = new PgliteDatabase(dialect, new PgliteSession(client, dialect, undefined), undefined);
  return Object.assign(db, { $client: client }) as unknown as Orm;
}

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'migrations');

// node-postgres returns NUMERIC as string already; keep int8 (bigint) as string too so no float sneaks in.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

// PGlite zero-fills its shared memory inside the WebAssembly heap at start, so the default 128 MB buffer pool
// is resident from the first second; 32 MB keeps an idle server small (its data files stay in the OS page cache).
const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * `walSegmentMb`: the WAL segment size given to initdb when a new database is made (PostgreSQL's default is 16 MB).
 * The test templates use 1 MB: their data dir is dumped once and loaded by every test file, and a 16 MB segment was a
 * third of it (tests/support/global-setup.ts).
 */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob | File; walSegmentMb?: number } = {}): Promise<Database> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(opts.walSegmentMb ? { initDbStartParams: [`--wal-segsize=${opts.walSegmentMb}`] } : {}),
  });
  const orm = ormOverPglite(client);
  return { kind: 'pglite', orm, pglite: client, close: () => client.close() };
}

export async function openPostgres(url: string, max = 10, connectTimeoutMs = 5000): Promise<Database> {
  // Named prepared statements (execPrepared, the list's search page, the session) are written to be planned once per
  // connection: a generic plan from their first run, not after five custom plans (each planned as an unnamed one).
  // connectionTimeoutMillis: while PostgreSQL is down a request waits 5 s for a connection at most, then gets 503.
  // Behind a transaction pooler nothing is named and no startup option is sent (PgBouncer refuses `options`).
  const pool = new pg.Pool({
    connectionString: url, max, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true, Client: poolClient(),
    ...(POOLED ? {} : { options: '-c plan_cache_mode=force_generic_plan' }),
  });
  // A connection that breaks (a network blip, a failover, a pooler or PostgreSQL restart) emits 'error' on its
  // client, idle or checked out; with no listener Node would end the process. The pool listens only while a client
  // is idle, so every client gets a listener of its own for its whole life: the query that was running fails with
  // the error, and the broken client is thrown away when it is released (tx.ts, or the pool's own query).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const orm = ormOver(pool);
  return { kind: 'postgres', orm, pool, close: () => pool.end() };
}

/**
 * Applies the one migration set. Concurrent starts against PostgreSQL serialise on an advisory lock held by ONE
 * transaction (so it works through a transaction pooler too, and dies with the connection): BEGIN, the lock, then
 * Drizzle's migrator on the same connection, whose own BEGIN only warns and whose COMMIT (or ROLLBACK) ends the
 * transaction and the lock. `DATABASE_MIGRATION_URL` may name a direct connection for it.
 */
export async function migrate(db: Database, url?: string): Promise<void> {
  if (db.kind === 'pglite') {
    await migratePglite(db.orm as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_MIGRATION_URL || url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(7355608)');
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * Gives `db` a replica pool (a second pool on the standby). Nothing connects until a read needs it, so a replica
 * that is down at start is only "down" (reads go to the primary, /api/health/ready says so). A checkout waits 1 s
 * at most: a read that cannot get a replica connection soon goes to the primary instead.
 */
export async function attachReplica(db: Database, url: string, max = 10): Promise<Database> {
  if (db.kind !== 'postgres') throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL (PostgreSQL)');
  const r = await openPostgres(url, max, 1000);
  const close = db.close;
  return Object.assign(db, { replica: { orm: r.orm, pool: r.pool! }, close: async () => { await r.close(); await close(); } });
}


/**
 * The pool's size from DATABASE_POOL_MAX (default 10): the most PostgreSQL (or pooler) connections this process
 * opens, plus one more while it migrates at start. docs/DEPLOY.md adds them up over the servers.
 */
export function poolMax(value: string | undefined): number {
  if (value === undefined || value === '') return 10;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`DATABASE_POOL_MAX must be a whole number from 1 to 1000, not "${value}"`);
  return n;
}

export async function openDatabase(env: { DATABASE_URL?: string; DATA_DIR?: string; DATABASE_REPLICA_URL?: string; DATABASE_POOL_MAX?: string }, timings?: Timings): Promise<Database> {
  if (env.DATABASE_URL) {
    const db = await openPostgres(env.DATABASE_URL, poolMax(env.DATABASE_POOL_MAX));
    await timed(timings, 'migrations', () => migrate(db, env.DATABASE_URL));
    return env.DATABASE_REPLICA_URL ? attachReplica(db, env.DATABASE_REPLICA_URL) : db;
  }
  if (env.DATABASE_REPLICA_URL) throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL (PostgreSQL)');
  const db = await timed(timings, 'database', () => openPglite({ dataDir: env.DATA_DIR ?? './data' }));
  await timed(timings, 'migrations', () => migrate(db));
  return db;
}
