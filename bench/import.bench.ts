import { createWriteStream, openAsBlob } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/app';
import { ensureFirstAdmin } from '../src/modules/admin/server/bootstrap';
import { benchDb } from './bench-db';

/**
 * Imports (issue 26): `rows` products from a CSV file and from an .xlsx file through the HTTP import (one
 * transaction, the generic write path with the product's hooks and audit), rows per second beside PostgreSQL's
 * COPY of the same rows (ids instead of names, no hooks, no audit) in the same run, and the peak resident memory
 * of the process serving them (the server runs in this process; the files are streamed from disk, not loaded).
 */
async function write(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const l of lines) if (!out.write(l)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
}

function* productLines(rows: number, ids?: { company: number; category: number; uom: number; user: number }): Generator<string> {
  if (!ids) yield 'Name,SKU,Category,Unit of measure,Product type,Cost,Sale price,Expiry date\n';
  for (let i = 1; i <= rows; i++) {
    const cost = `${i % 997}.25`;
    yield ids
      ? `${ids.company},Product ${i},SKU-${i},${ids.category},${ids.uom},storable,${cost},${cost},2027-01-0${1 + (i % 9)},${ids.user},${ids.user}\n`
      : `Product ${i},SKU-${i},Food,Unit,storable,${cost},${cost},0${1 + (i % 9)}/01/2027\n`;
  }
}

async function xlsxFile(path: string, rows: number): Promise<void> {
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Products');
  ws.addRow(['Name', 'SKU', 'Category', 'Unit of measure', 'Product type', 'Cost', 'Sale price', 'Expiry date']).commit();
  for (let i = 1; i <= rows; i++) ws.addRow([`Product ${i}`, `SKU-${i}`, 'Food', 'Unit', 'storable', (i % 997) + 0.25, (i % 997) + 0.25, `2027-01-0${1 + (i % 9)}`]).commit();
  ws.commit();
  await wb.commit();
}

export async function importBench(kind: 'pglite' | 'postgres', rows: number): Promise<string[]> {
  const db = await benchDb(kind, 'daftar_bench_import');
  await ensureFirstAdmin(db, { ADMIN_PASSWORD: 'bench-pass-1', DEMO_DATA: 'off' });
  const app = await createApp(db, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'bench-pass-1' }) });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });
  const category = await (await post('/api/inventory/categories', { name: 'Food' })).json() as { id: number };
  const q = async (s: ReturnType<typeof sql>) => (await db.orm.execute(s)).rows as Record<string, unknown>[];
  const [ids] = await q(sql`SELECT c.company_id AS company, c.id AS category, (SELECT id FROM uoms WHERE name = 'Unit' AND company_id = c.company_id) AS uom, c.created_by AS "user" FROM product_categories c WHERE c.id = ${category.id}`);
  const csv = join(tmpdir(), `daftar-bench-import-${process.pid}.csv`);
  const xlsx = join(tmpdir(), `daftar-bench-import-${process.pid}.xlsx`);
  const copyCsv = join(tmpdir(), `daftar-bench-copy-${process.pid}.csv`);
  await write(csv, productLines(rows));
  await xlsxFile(xlsx, rows);
  await write(copyCsv, productLines(rows, ids as never));
  await chmod(copyCsv, 0o644);
  const clear = async () => { await q(sql`DELETE FROM products`); await q(sql`DELETE FROM audit_log WHERE entity = 'product'`); };

  const out: string[] = [`imports on ${kind}, ${rows.toLocaleString('en')} products:`];
  const rssBase = process.memoryUsage().rss;
  for (const [label, path, type] of [['CSV', csv, 'text/csv'], ['.xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']] as const) {
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
    const form = new FormData();
    form.append('file', await openAsBlob(path, { type }), label === 'CSV' ? 'products.csv' : 'products.xlsx');
    const t0 = performance.now();
    const res = await fetch(`${base}/api/inventory/products/import`, { method: 'POST', headers: { cookie, origin: base }, body: form });
    const body = await res.json() as { inserted?: number; failed?: number; committed?: boolean };
    const secs = (performance.now() - t0) / 1000;
    clearInterval(timer);
    if (!body.committed || body.inserted !== rows) throw new Error(`import ${label}: ${JSON.stringify(body).slice(0, 300)}`);
    out.push(`  import from ${label.padEnd(5)} ${secs.toFixed(1).padStart(6)} s  ${Math.round(rows / secs).toLocaleString('en').padStart(7)} rows/s  peak RSS ${Math.round(peak / 1048576)} MB (at start ${Math.round(rssBase / 1048576)} MB)`);
    await clear();
  }
  const cols = sql.raw('company_id, name, sku, category_id, uom_id, product_type, cost, sale_price, expiry_date, created_by, updated_by');
  const t0 = performance.now();
  if (kind === 'postgres') await q(sql`COPY products (${cols}) FROM ${sql.raw(`'${copyCsv}'`)} WITH (FORMAT csv)`);
  else await db.pglite!.query(`COPY products (company_id, name, sku, category_id, uom_id, product_type, cost, sale_price, expiry_date, created_by, updated_by) FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: await openAsBlob(copyCsv) });
  const secs = (performance.now() - t0) / 1000;
  const [n] = await q(sql`SELECT count(*)::int AS n FROM products`);
  if (Number(n!.n) !== rows) throw new Error(`COPY stored ${String(n!.n)} rows`);
  out.push(`  COPY (baseline)   ${secs.toFixed(1).padStart(6)} s  ${Math.round(rows / secs).toLocaleString('en').padStart(7)} rows/s  (ids, no hooks, no audit, no validation)`);
  await app.close();
  await db.close();
  for (const p of [csv, xlsx, copyCsv]) await rm(p, { force: true });
  return out;
}
