import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/core/db/connect';
import { adminUrl, pgliteTemplatePath, pgTemplateName, poolerUrlFor, testDbKind, urlFor } from './template';

/**
 * A fresh database for one test file, cloned from the migrated template (see global-setup.ts). With TEST_POOLER_URL
 * (a PgBouncer in transaction mode, tests/support/pgbouncer.ts) the database is still made and dropped on the direct
 * connection, and the application's pool reaches it through the pooler; `url` stays the direct one (for what needs a
 * session: a proxy in front of it, a benchmark's baseline).
 */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind() === 'pglite') return openPglite({ loadDataDir: pgliteDump(pgliteTemplatePath()) });
  return cloneDatabase(pgTemplateName());
}

const dumps = new Map<string, Blob>();

/**
 * A PGlite template's dump, read once per process (a worker runs many files; a Blob is immutable): reading the file
 * took 0.3-0.5 s a time.
 */
export function pgliteDump(path: string): Blob {
  let b = dumps.get(path);
  if (!b) dumps.set(path, (b = new Blob([readFileSync(path)])));
  return b;
}

/**
 * CREATE DATABASE name TEMPLATE template, retried while another clone holds the template for a moment (PostgreSQL
 * refuses a template with another session in it).
 */
export async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (e) {
      if (i > 20) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/** A new PostgreSQL database copied from `template`, dropped on close. */
export async function cloneDatabase(template: string): Promise<Database & { url?: string }> {
  // named by its creation time: another run's setup drops only those left behind long ago (global-setup.ts)
  const name = `daftar_t_${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await createFromTemplate(admin, name, template);
  } finally {
    await admin.end();
  }
  const db = await openPostgres(poolerUrlFor(name) ?? urlFor(name), 12);
  return {
    ...db,
    url: urlFor(name),
    async close() {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl() });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await a.end();
    },
  };
}
