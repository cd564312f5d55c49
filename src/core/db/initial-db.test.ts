import { sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../../tests/support/template';
import { freshDatabase } from '../../../tests/support/test-db';
import { type Database, migrate, openPglite } from './connect';
import { buildInitialDb, initialDbDir, seedDataDir } from './initial-db';

/**
 * The initial database a build makes (initial-db.ts) is, once copied into a new DATA_DIR and opened as a first start
 * opens it, the same database as one created and migrated at start (the tests' template is made that way): the same
 * tables, columns, constraints, indexes, functions, triggers, views, extensions, migrations applied and rows.
 */
const dir = mkdtempSync(join(tmpdir(), 'daftar-initial-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function fingerprint(db: Database): Promise<Record<string, unknown>> {
  const q = async (query: ReturnType<typeof sql>) => (await db.orm.execute(query)).rows;
  const tables = (await q(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).map((r) => String(r.tablename));
  const rows: Record<string, unknown> = {};
  for (const t of tables) rows[t] = (await q(sql.raw(`SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t}" x`)))[0];
  return {
    columns: await q(sql`SELECT table_name, column_name, data_type, is_nullable, column_default, ordinal_position FROM information_schema.columns
      WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`),
    constraints: await q(sql`SELECT c.conrelid::regclass::text AS t, c.conname, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
      JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' ORDER BY 1, 2`),
    indexes: await q(sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`),
    functions: await q(sql`SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p') ORDER BY 1, 2`),
    triggers: await q(sql`SELECT tgname, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t WHERE NOT tgisinternal ORDER BY 1, 2`),
    views: await q(sql`SELECT viewname, definition FROM pg_views WHERE schemaname = 'public' ORDER BY 1`),
    sequences: await q(sql`SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`),
    extensions: await q(sql`SELECT extname, extversion FROM pg_extension ORDER BY 1`),
    migrations: await q(sql`SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY id`),
    rows,
  };
}

// the embedded engine's starting point: compared with the PGlite template, so it runs in the PGlite pass only
describe.skipIf(testDbKind() !== 'pglite')('the initial database', () => {
  it('is, copied into a new data folder and opened as a first start opens it, the migrated database', async () => {
    expect(await buildInitialDb(dir)).toBe(true);
    expect(await buildInitialDb(dir)).toBe(false); // made once per migrations
    const dataDir = join(dir, 'data');
    expect(seedDataDir(dataDir, dir)).toBe(true);
    const copied = await openPglite({ dataDir });
    const reference = await freshDatabase();
    try {
      await migrate(copied);
      const [a, b] = [await fingerprint(copied), await fingerprint(reference)];
      expect((a.migrations as unknown[]).length).toBeGreaterThan(20);
      expect(Object.keys(a.rows as object).length).toBeGreaterThan(50);
      expect(a).toEqual(b);
    } finally {
      await copied.close();
      await reference.close();
    }
    // never over a database, nor into a folder with something else in it
    expect(seedDataDir(dataDir, dir)).toBe(false);
    const other = join(dir, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'notes.txt'), 'mine');
    expect(seedDataDir(other, dir)).toBe(false);
  }, 600_000);

  it('is named by the migrations and PGlite: another set of migrations finds none to copy', () => {
    expect(initialDbDir(dir)).toMatch(/initial-db-[0-9a-f]{12}-pglite-\d+\.\d+\.\d+$/);
    expect(seedDataDir(join(dir, 'elsewhere'), join(dir, 'no-such-build'))).toBe(false);
  });
});
