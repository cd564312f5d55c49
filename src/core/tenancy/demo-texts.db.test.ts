import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/connect';
import { freshDemoDatabase } from '../../../tests/support/run-templates';

/**
 * The demo company's free texts (notes, descriptions, addresses, references, line descriptions, reasons) are written
 * as its people would type them, in its default language (company-setup.ts inLanguage), never as "English / عربي"
 * joined in one field: an Arabic page would show the English half, an English page the Arabic half. Every text,
 * varchar and jsonb column of every table is read; names have their own Arabic field (`nameAr`).
 */
let db: Database;
beforeAll(async () => { db = await freshDemoDatabase(); }, 300_000);
afterAll(async () => { await db?.close(); });

it('holds no free text joining English and Arabic in one field', async () => {
  // every column of text, varchar or jsonb in the application's tables (generated search texts left out)
  const cols = (await db.orm.execute(sql`SELECT c.relname AS t, a.attname AS c FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      AND a.atttypid IN ('text'::regtype, 'varchar'::regtype, 'jsonb'::regtype)`)).rows as { t: string; c: string }[];
  expect(cols.length).toBeGreaterThan(100);
  const tables = new Map<string, string[]>();
  for (const { t, c } of cols) tables.set(t, [...(tables.get(t) ?? []), c]);
  const JOINED = `'[A-Za-z][^/"]* / [^/"]*[\\u0600-\\u06FF]'`;
  // one pass over each table: the first of its columns that joins both languages, with its value
  const found: { v: string }[] = [];
  for (const [t, cs] of tables) {
    const v = `coalesce(${cs.map((c) => `CASE WHEN "${c}"::text ~ ${JOINED} THEN '${t}.${c}: ' || left("${c}"::text, 120) END`).join(', ')})`;
    found.push(...((await db.orm.execute(sql.raw(`SELECT v FROM (SELECT ${v} AS v FROM "${t}") x WHERE v IS NOT NULL LIMIT 3`))).rows as { v: string }[]));
  }
  expect(found).toEqual([]);
});
