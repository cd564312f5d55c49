import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root';
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
}

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'migrations');

// node-postgres returns NUMERIC as string already; keep int8 (bigint) as string too so no float sneaks in.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

// PGlite zero-fills its shared memory inside the WebAssembly heap at start, so the default 128 MB buffer pool
// is resident from the first second; 32 MB keeps an idle server small (its data files stay in the OS page cache).
const PGLITE_SHARED_BUFFERS = '32MB';

export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<Database> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const orm = drizzlePglite(client) as unknown as Orm;
  return { kind: 'pglite', orm, pglite: client, close: () => client.close() };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  // Named prepared statements (execPrepared, the list's search page, the session) are written to be planned once per
  // connection: a generic plan from their first run, not after five custom plans (each planned as an unnamed one).
  const pool = new pg.Pool({ connectionString: url, max, options: '-c plan_cache_mode=force_generic_plan' });
  pool.on('error', () => {});
  const orm = drizzlePg(pool) as unknown as Orm;
  return { kind: 'postgres', orm, close: () => pool.end() };
}

/** Applies the one migration set; concurrent starts against PostgreSQL serialise on an advisory lock. */
export async function migrate(db: Database, url?: string): Promise<void> {
  if (db.kind === 'pglite') {
    await migratePglite(db.orm as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7355608)');
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7355608)').catch(() => {});
    await client.end();
  }
}

export async function openDatabase(env: { DATABASE_URL?: string; DATA_DIR?: string }): Promise<Database> {
  if (env.DATABASE_URL) {
    const db = await openPostgres(env.DATABASE_URL);
    await migrate(db, env.DATABASE_URL);
    return db;
  }
  const db = await openPglite({ dataDir: env.DATA_DIR ?? './data' });
  await migrate(db);
  return db;
}
