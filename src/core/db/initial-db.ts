import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root';
import { MIGRATIONS_DIR, migrate, openPglite } from './connect';

/**
 * The embedded database's starting point, made once at build time instead of at every first start: a PGlite data
 * folder that initdb created and the repository's migrations (migrations/, through the same `migrate` as a start)
 * brought up to date, and nothing else. A first start copies it into its DATA_DIR before opening it (a file copy,
 * instead of initdb and every migration through the embedded engine: about half of a cold start), then runs
 * `migrate` as always, which finds nothing to apply.
 *
 * It can never be stale: its folder is named by a hash of every migration file (name and content) and PGlite's
 * version, so a changed, added or renumbered migration, or another PGlite, names a folder that does not exist yet,
 * and the start falls back to initdb and the migrations until the build makes the new one.
 * `initial-db.test.ts` proves a copy identical, catalogue for catalogue, to a database created and migrated at start.
 */
export const INITIAL_DB_PARENT = join(PROJECT_ROOT, 'dist-server');

/** A hash of the migrations (each .sql file's name and content), as the tests' templates are named too. */
export function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) h.update(f).update(readFileSync(join(MIGRATIONS_DIR, f)));
  return h.digest('hex').slice(0, 12);
}

function pgliteVersion(): string {
  const pkg = join(PROJECT_ROOT, 'node_modules/@electric-sql/pglite/package.json');
  return existsSync(pkg) ? String((JSON.parse(readFileSync(pkg, 'utf8')) as { version?: string }).version) : 'unknown';
}

/** The folder of the initial database for the current migrations and PGlite. */
export function initialDbDir(parent = INITIAL_DB_PARENT): string {
  return join(parent, `initial-db-${migrationsHash()}-pglite-${pgliteVersion()}`);
}

/**
 * Makes the initial database unless it exists (into a temporary folder, renamed when complete, so a build cut
 * short leaves nothing that looks usable); removes the folders of older migrations. Answers whether it built.
 */
export async function buildInitialDb(parent = INITIAL_DB_PARENT): Promise<boolean> {
  const dir = initialDbDir(parent);
  if (existsSync(join(dir, 'PG_VERSION'))) return false;
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const db = await openPglite({ dataDir: tmp });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  for (const f of readdirSync(parent)) if (f.startsWith('initial-db-') && join(parent, f) !== dir && !f.includes('.tmp-')) rmSync(join(parent, f), { recursive: true, force: true });
  return true;
}

/**
 * Before a first start opens `dataDir`: when it holds no database yet and the initial database of the current
 * migrations exists, copies it there. Answers whether it did (else PGlite runs initdb as before).
 */
export function seedDataDir(dataDir: string, parent = INITIAL_DB_PARENT): boolean {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length) return false; // something else is there: leave it to PGlite
  const dir = initialDbDir(parent);
  if (!existsSync(join(dir, 'PG_VERSION'))) return false;
  cpSync(dir, dataDir, { recursive: true });
  return true;
}
