import { sql } from 'drizzle-orm';
import type { Database } from '../../src/core/db/connect';

/**
 * Every row of every table of the public schema, and what an operation changed between two such pictures: rows
 * inserted, updated (the columns that changed, before and after) and deleted, table by table. Values are PostgreSQL's
 * own text of each column (numerics exact, JSON columns as their text), rows keyed by their primary key (a table
 * without one by its whole text). For tests that must see ALL an operation wrote, not a few counts: a refused request
 * leaves every table as it was; a sale writes exactly the rows of its pinned picture (pos/server/sale.rows.db.test.ts).
 * For a test company's database (thousands of rows): one statement per table.
 */
export type Picture = Map<string, Map<string, Record<string, string | null>>>;

export interface TableChange {
  inserted: Record<string, string | null>[];
  updated: { key: string; before: Record<string, string | null>; after: Record<string, string | null> }[];
  deleted: Record<string, string | null>[];
}

/** Tables whose rows change with any request, whatever it does: sign-in sessions (their last use). */
const ALWAYS_CHANGING = new Set(['sessions']);

export async function picture(db: Database): Promise<Picture> {
  const rows = async <T,>(q: ReturnType<typeof sql>) => (await db.orm.execute(q)).rows as T[];
  const tables = await rows<{ name: string; key: string[] | null }>(sql`
    SELECT c.relname AS name,
      (SELECT array_agg(a.attname::text ORDER BY k.n) FROM pg_constraint con CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY k(attnum, n)
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum WHERE con.conrelid = c.oid AND con.contype = 'p') AS key
    FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
    WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`);
  const out: Picture = new Map();
  for (const t of tables) {
    if (ALWAYS_CHANGING.has(t.name)) continue;
    const found = await rows<{ r: Record<string, string | null> }>(sql`
      SELECT (SELECT jsonb_object_agg(key, value) FROM jsonb_each_text(to_jsonb(x))) AS r FROM ${sql.identifier(t.name)} x`);
    const keyOf = (r: Record<string, string | null>) => (t.key ? t.key.map((c) => r[c]).join('|') : JSON.stringify(r));
    const keyed = new Map<string, Record<string, string | null>>();
    for (const { r } of found) {
      const k = keyOf(r ?? {});
      // a table without a primary key may hold the same row twice: number the copies
      let n = 0;
      while (keyed.has(n ? `${k}#${n}` : k)) n++;
      keyed.set(n ? `${k}#${n}` : k, r ?? {});
    }
    out.set(t.name, keyed);
  }
  return out;
}

/** Keys in a stable order whatever order the table's rows were read in: numbers by value, part by part. */
const byKey = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** What changed from `before` to `after`, only the tables that changed, in table order. */
export function changes(before: Picture, after: Picture): Record<string, TableChange> {
  const out: Record<string, TableChange> = {};
  for (const [table, rows] of after) {
    const was = before.get(table) ?? new Map();
    const c: TableChange = { inserted: [], updated: [], deleted: [] };
    for (const key of [...rows.keys()].sort(byKey)) {
      const row = rows.get(key)!;
      const old = was.get(key);
      if (!old) { c.inserted.push(row); continue; }
      const cols = Object.keys({ ...old, ...row }).filter((col) => old[col] !== row[col]).sort();
      if (cols.length) c.updated.push({ key, before: Object.fromEntries(cols.map((col) => [col, old[col] ?? null])), after: Object.fromEntries(cols.map((col) => [col, row[col] ?? null])) });
    }
    for (const key of [...was.keys()].sort(byKey)) if (!rows.has(key)) c.deleted.push(was.get(key)!);
    if (c.inserted.length || c.updated.length || c.deleted.length) out[table] = c;
  }
  return out;
}

/** Runs `fn` and answers what it changed, table by table (`{}`: nothing; what a refused request must leave). */
export async function changedBy(db: Database, fn: () => Promise<unknown>): Promise<Record<string, TableChange>> {
  const before = await picture(db);
  await fn();
  return changes(before, await picture(db));
}
