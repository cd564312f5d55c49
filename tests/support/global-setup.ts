import { existsSync, writeFileSync, renameSync } from 'node:fs';
import pg from 'pg';
import { migrate, openPglite, openPostgres } from '../../src/core/db/connect';
import { adminUrl, pgliteTemplatePath, pgTemplateName, testDbKind, urlFor } from './template';

/**
 * Migrates one template database per run (PGlite: a dumped data dir; PostgreSQL: a template database);
 * every test file then starts from a fresh copy of it instead of migrating again.
 */
export default async function setup(): Promise<void> {
  if (testDbKind() === 'pglite') {
    const path = pgliteTemplatePath();
    if (existsSync(path)) return;
    const db = await openPglite();
    await migrate(db);
    const dump = await db.pglite!.dumpDataDir('gzip');
    writeFileSync(path + '.tmp', Buffer.from(await dump.arrayBuffer()));
    renameSync(path + '.tmp', path);
    await db.close();
    return;
  }
  const name = pgTemplateName();
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) {
    await admin.query(`CREATE DATABASE ${name}`);
    const db = await openPostgres(urlFor(name), 1);
    await migrate(db, urlFor(name));
    await db.close();
  }
  // Drop the databases of earlier runs that were left behind; one still connected belongs to a run going on
  // beside this one (another worktree, a benchmark) and is left alone.
  const old = await admin.query(`SELECT datname FROM pg_database d WHERE datname LIKE 'daftar\\_t\\_%'
    AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)`);
  for (const r of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname}`).catch(() => {});
  await admin.end();
}
