import { existsSync, writeFileSync, renameSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, openPglite, openPostgres } from '../../src/core/db/connect';
import { stopSharedReplica } from './pg-replica';
import { adminUrl, pgliteRunTemplatePath, pgliteTemplatePath, pgRunTemplateName, pgTemplateName, testDbKind, urlFor } from './template';

/**
 * Migrates one template database per run (PGlite: a dumped data dir; PostgreSQL: a template database);
 * every test file then starts from a fresh copy of it instead of migrating again. On PostgreSQL, the run's
 * streaming replica (tests/support/pg-replica.ts) is made by the first test file that needs one, and stopped here
 * at the end of the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // this run's id: names the run's company templates (run-templates.ts), which are its own and dropped at its end
  const runId = process.env.DAFTAR_TEST_RUN ?? `${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  process.env.DAFTAR_TEST_RUN = runId;
  const stopReplica = await prepareTemplates();
  return async () => {
    for (const kind of ['demo', 'co'] as const) rmSync(pgliteRunTemplatePath(kind, runId), { force: true });
    if (testDbKind() === 'postgres') {
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      for (const kind of ['demo', 'co'] as const) await admin.query(`DROP DATABASE IF EXISTS ${pgRunTemplateName(kind, runId)} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    stopReplica?.();
  };
}

/**
 * What every test file loads, made small (the data dir is loaded from its dump by every PGlite test file: 49 MB took
 * 1.0-1.8 s to load, 2026-11-29): 1 MB WAL segments (openPglite's walSegmentMb), no more than 2 MB of WAL kept
 * for reuse (ALTER SYSTEM: the copies inherit it), and no template0 and template1 (nothing makes a database on
 * PGlite), then a checkpoint.
 */
async function compactForDump(db: Awaited<ReturnType<typeof openPglite>>): Promise<void> {
  for (const statement of [
    `ALTER SYSTEM SET min_wal_size = '2MB'`,
    `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
    'DROP DATABASE template0',
    'DROP DATABASE template1',
    'CHECKPOINT',
  ]) await db.pglite!.exec(statement);
}

async function prepareTemplates(): Promise<(() => void) | undefined> {
  if (testDbKind() === 'pglite') {
    const path = pgliteTemplatePath();
    if (existsSync(path)) return;
    const db = await openPglite({ walSegmentMb: 1 });
    await migrate(db);
    await compactForDump(db);
    const dump = await db.pglite!.dumpDataDir('none');
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
  // Drop the databases of earlier runs that were left behind: made over 3 hours ago (their name says when) and not
  // connected. A run going on beside this one (another worktree, a benchmark) may have made one a moment ago that
  // has no connection yet (a server process still starting): it is left alone.
  const old = await admin.query(`SELECT datname FROM pg_database d WHERE datname LIKE 'daftar\\_t\\_%'
    AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)`);
  const made = (n: string) => Number(/^daftar_t_(\d+)_/.exec(n)?.[1] ?? 0);
  for (const r of old.rows as { datname: string }[])
    if (Date.now() / 1000 - made(r.datname) > 3 * 3600) await admin.query(`DROP DATABASE IF EXISTS ${r.datname}`).catch(() => {});
  // company templates (run-templates.ts) of runs that ended without their teardown: named by their start, kept 6 hours
  const demos = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'daftar\\_demo\\_%' OR datname LIKE 'daftar\\_co\\_%'`);
  for (const r of demos.rows as { datname: string }[]) {
    const started = Number(r.datname.split('_')[2]);
    if (started && Date.now() / 1000 - started > 6 * 3600) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`).catch(() => {});
  }
  await admin.end();
  // where the run's replica, once made, is described (the test processes inherit this environment); one named by
  // the caller's DAFTAR_REPLICA_STATE is the caller's, kept after the run (e.g. to run a replica test again and again)
  if (process.env.DAFTAR_REPLICA_STATE) return;
  const replicaState = join(tmpdir(), `daftar-replica-${randomBytes(6).toString('hex')}.json`);
  process.env.DAFTAR_REPLICA_STATE = replicaState;
  return () => stopSharedReplica(replicaState);
}
