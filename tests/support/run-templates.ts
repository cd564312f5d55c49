import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes, scryptSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../src/core/db/connect';
import { openPglite, openPostgres } from '../../src/core/db/connect';
import '../../src/app'; // the module registry the demo needs
import { ensureFirstAdmin } from '../../src/modules/admin/server/bootstrap';
import { cloneDatabase, createFromTemplate, freshDatabase, pgliteDump } from './test-db';
import { adminUrl, pgliteRunTemplatePath, pgRunTemplateName, pgTemplateName, type RunTemplate, testDbKind, urlFor } from './template';

/**
 * Two companies made ONCE per test run and cloned for every test file that asks for one, instead of each file
 * making its own:
 * - `demo`: the demo company (each module's demo data, a year of business; about 25 s on PGlite, the largest setup
 *   cost of the end-to-end tests);
 * - `co`: a company with its first admin and no demo data, what most API test files start from (its chart of
 *   accounts, taxes and the admin's password hash: about 0.45 s a file on PGlite, measured 2026-11-28).
 * The first file that needs one builds it under a lock (a directory made atomically; on PostgreSQL an advisory lock);
 * the others wait, then clone: a PGlite data dump, or a PostgreSQL template database. A template belongs to the run
 * (named by DAFTAR_TEST_RUN, set in global-setup.ts, which removes it at the end), so code changed between runs is
 * never served from an old copy.
 *
 * The administrator is `admin` / DEMO_ADMIN_PASSWORD in both.
 */
export const DEMO_ADMIN_PASSWORD = 'admin-pass-123';

async function build(kind: RunTemplate, db: Database): Promise<void> {
  await ensureFirstAdmin(db, { ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD, DEMO_DATA: kind === 'demo' ? 'on' : 'off' });
  await db.orm.execute(sql`UPDATE users SET password_hash = ${cheapHash(DEMO_ADMIN_PASSWORD)} WHERE username = 'admin'`);
}

/**
 * The templates' admin password stored at a scrypt cost of N=2^10 instead of the application's 2^15: every test
 * file signs the admin in once or more, and each check at 2^15 took about 0.2 s on this machine. verifyPassword
 * reads the cost from the stored hash (as it does for a hash made before a change of cost), so sign-in is the
 * application's own; users made during a test get the application's cost (auth.api.test.ts checks it).
 */
function cheapHash(password: string): string {
  const [n, r, p] = [1024, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N: n, r, p });
  return `scrypt$${n}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

async function pgliteCopy(kind: RunTemplate): Promise<Database> {
  const path = pgliteRunTemplatePath(kind);
  const lock = `${path}.lock`;
  for (const t0 = Date.now(); !existsSync(path); ) {
    try {
      mkdirSync(lock);
    } catch {
      if (Date.now() - t0 > 300_000) throw new Error(`the ${kind} template was not built within 5 minutes (${lock})`);
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (existsSync(path)) break;
      const db = await freshDatabase();
      try {
        await build(kind, db);
        await db.pglite!.exec('CHECKPOINT');
        const dump = await db.pglite!.dumpDataDir('none');
        writeFileSync(`${path}.tmp`, Buffer.from(await dump.arrayBuffer()));
        renameSync(`${path}.tmp`, path);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return openPglite({ loadDataDir: pgliteDump(path) });
}

async function postgresCopy(kind: RunTemplate): Promise<Database & { url?: string }> {
  const name = pgRunTemplateName(kind);
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) {
      // built on the direct connection (the pooler is for the application's pool only), under its final name
      await createFromTemplate(admin, name, pgTemplateName());
      const db = await openPostgres(urlFor(name), 4);
      try {
        await build(kind, db);
      } catch (e) {
        await db.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        throw e;
      }
      await db.close();
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
  return cloneDatabase(name);
}

/** A fresh database holding the demo company, for one test file. */
export function freshDemoDatabase(): Promise<Database & { url?: string }> {
  return testDbKind() === 'pglite' ? pgliteCopy('demo') : postgresCopy('demo');
}

/** A fresh database holding one company and its first admin (`admin` / DEMO_ADMIN_PASSWORD), no demo data. */
export function freshCompanyDatabase(): Promise<Database & { url?: string }> {
  return testDbKind() === 'pglite' ? pgliteCopy('co') : postgresCopy('co');
}
