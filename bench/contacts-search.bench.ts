import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createApp } from '../src/app';
import { ensureFirstAdmin } from '../src/modules/admin/server/bootstrap';
import { countCap } from '../src/core/entity/crud.read';
import { normalizeSearch } from '../src/core/text/arabic-normalize';
import { benchDb } from './bench-db';
import { httpGet } from './http-client';
import { loadInWorker } from './load-worker';
import { searchPageSql } from './search-page';
import { fmt, load } from './stats';

/**
 * Contact list with Arabic search over 100k contacts, 8 concurrent HTTP clients, against the same statement sent
 * as raw SQL by 8 concurrent clients in the same run (the baseline): the page, its branch titles and the count
 * capped where the API caps it (countCap), in one round trip like the API (kept prepared on PostgreSQL, as the API
 * keeps it: see rawPage). Both answer the same rows and total, checked before the runs. The 8 HTTP clients run on a
 * worker thread (bench/load-worker.ts), so the server's thread only serves, as it serves browsers elsewhere; so do
 * the raw clients on PostgreSQL, on 8 connections of their own. PGlite lives in this thread, and so do its raw
 * clients. Until then every client ran on the server's thread.
 */
const FIRST = ['أحمد', 'إبراهيم', 'محمد', 'فاطمة', 'عائشة', 'يوسف', 'مصطفى', 'آمنة', 'خالد', 'سلمى', 'عمر', 'ليلى', 'حسن', 'نورة', 'طارق', 'هدى', 'زينب', 'سعيد', 'رقية', 'ماجد'];
const LAST = ['العتيبي', 'القحطاني', 'الشمري', 'الدوسري', 'الحربي', 'الزهراني', 'الغامدي', 'المطيري', 'السبيعي', 'الأنصاري'];
const QUERIES = ['احمد', 'ابراهيم', 'فاطمه', 'عايشه', 'مصطفي', 'امنه', 'الانصاري', 'نوره'];

export async function contactsSearchBench(kind: 'pglite' | 'postgres', rows = 100_000, durationMs = 8000): Promise<string[]> {
  const db = await benchDb(kind);
  await ensureFirstAdmin(db, { ADMIN_PASSWORD: 'bench-pass-1', DEMO_DATA: 'off' });
  const t0 = performance.now();
  const first = sql.raw(`ARRAY[${FIRST.map((x) => `'${x}'`).join(',')}]`);
  const last = sql.raw(`ARRAY[${LAST.map((x) => `'${x}'`).join(',')}]`);
  for (let start = 0; start < rows; start += 50_000) {
    await db.orm.execute(sql`
      INSERT INTO contacts (company_id, kind, name, name_ar, phone, is_customer)
      SELECT 1, CASE WHEN g % 5 = 0 THEN 'company' ELSE 'individual' END,
             'Contact ' || g, (${first})[1 + g % 20] || ' ' || (${last})[1 + (g / 20) % 10] || ' ' || g,
             '05' || lpad((g * 7919 % 100000000)::text, 8, '0'), g % 2 = 0
      FROM generate_series(${start + 1}::int, ${Math.min(rows, start + 50_000)}::int) g`);
  }
  // Settle the freshly loaded table first (hint bits, visibility map, statistics), so that neither run shares the
  // machine with autovacuum catching up on 100k new rows; the HTTP run, going first, used to pay for it alone.
  await db.orm.execute(sql`VACUUM ANALYZE contacts`);
  const seeded = ((performance.now() - t0) / 1000).toFixed(1);

  const app = await createApp(db, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'bench-pass-1' }) });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

  const path = (q: string) => `/api/contacts/contacts?search=${encodeURIComponent(q)}&page=1&pageSize=25&sort=name`;
  const get = async (q: string) => {
    const r = await httpGet(port, path(q), { cookie });
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
    return r;
  };
  const cap = countCap(true, 1, 25);
  const columns = sql.raw(`id, kind, name, name_ar, phone, email, address, tax_number, is_customer, is_vendor, branch_id, notes,
      version, created_at, updated_at, created_by, updated_by, (SELECT b.name FROM branches b WHERE b.id = contacts.branch_id) AS branch`);
  // The statement the API runs (core/entity/list-query.ts pageStatement): on PostgreSQL a first page searched is
  // planned once and kept prepared (bench/search-page.ts); PGlite prepares nothing and runs the statement planned
  // from its values.
  const rawPage = (q: string): SQL => {
    const term = normalizeSearch(q);
    if (kind === 'pglite') {
      return sql`SELECT ${columns},
        (SELECT count(*) FROM (SELECT 1 FROM contacts WHERE company_id = 1 AND search_text LIKE ${`%${term}%`} LIMIT ${cap + 1}) c) AS total
        FROM contacts WHERE company_id = 1 AND search_text LIKE ${`%${term}%`} ORDER BY name, id LIMIT 25 OFFSET 0`;
    }
    return searchPageSql('contacts', 'contacts', columns, 1, term, cap);
  };
  for (const q of QUERIES) {
    const api = (await get(q)).json() as { items: { id: number }[]; total: number; totalCapped: boolean };
    const got = (await db.orm.execute(rawPage(q))).rows;
    const n = Number(got[0]?.total ?? 0);
    const same = JSON.stringify(api.items.map((x) => x.id)) === JSON.stringify(got.map((r) => r.id))
      && api.total === Math.min(n, cap) && api.totalCapped === n > cap;
    if (!same) throw new Error(`contact search "${q}": the API and the raw SQL answer differently`);
  }

  const http = await loadInWorker({ kind: 'http', port, paths: QUERIES.map(path), headers: { cookie } }, 8, durationMs);
  const dialect = new PgDialect();
  const raw = db.url
    ? await loadInWorker({ kind: 'sql', url: db.url, statements: QUERIES.map((q) => dialect.sqlToQuery(rawPage(q))).map((x) => ({ text: x.sql, params: x.params, name: 'bench_contact_search' })) }, 8, durationMs)
    : await load(8, durationMs, async (i) => { await db.orm.execute(rawPage(QUERIES[i % QUERIES.length]!)); });
  await app.close();
  await db.close();
  return [
    `contact search, ${rows.toLocaleString('en')} contacts on ${kind} (seeded in ${seeded} s), 8 clients:`,
    `  HTTP  GET /api/contacts/contacts?search=<arabic>: ${fmt(http)}`,
    `  raw SQL baseline (same statement: page, titles, count capped at ${cap}): ${fmt(raw)}`,
  ];
}
