import pg from 'pg';
import { type Database, migrate, openPglite, openPostgres } from '../src/core/db/connect';

/** Fresh benchmark databases: an in-memory PGlite, or a dropped-and-recreated PostgreSQL database. */
export const BENCH_PG_ADMIN = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function benchDb(kind: 'pglite' | 'postgres', name = 'daftar_bench'): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return db;
  }
  const admin = new pg.Client({ connectionString: BENCH_PG_ADMIN });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(BENCH_PG_ADMIN);
  u.pathname = '/' + name;
  const db = await openPostgres(u.toString(), 16);
  await migrate(db, u.toString());
  return { ...db, url: u.toString() };
}

export async function pgAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: BENCH_PG_ADMIN });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
