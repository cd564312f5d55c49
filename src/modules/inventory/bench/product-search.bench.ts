import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { httpGet } from '../../../../bench/http-client';
import { loadInWorker } from '../../../../bench/load-worker';
import { searchPageSql } from '../../../../bench/search-page';
import { countCap } from '../../../core/entity/crud.read';
import { normalizeSearch } from '../../../core/text/arabic-normalize';
import type { TestApp } from '../../../../tests/support/test-app';
import type { StockKit } from '../server/test-kit';
import { fmt } from './bench-kit';

/**
 * (b) The product list with an Arabic search over N products (default 100,000), 8 concurrent clients over real
 * HTTP, beside the statement the API runs sent as raw SQL by 8 clients in the same run (the baseline): the page,
 * the titles of its references and the count capped where the API caps it (countCap), in one round trip, kept
 * prepared per connection as the API keeps it (see rawPage). Both answer the same rows, titles and total, checked
 * before the runs. Queries differ from the stored names in hamza, taa marbuta and alef maqsura, as people type them.
 * In both runs the 8 clients run on a worker thread (bench/load-worker.ts): the server's thread only serves, as it
 * serves browsers elsewhere, and the raw clients hold 8 connections of their own. Until then both ran on the
 * server's thread, which paid for the client side of every request too.
 */
const NOUNS = ['أرز', 'سكر', 'زيت', 'شاي', 'قهوة', 'حليب', 'عصير', 'ماء', 'طحين', 'ملح', 'تمر', 'عسل', 'جبنة', 'زبدة', 'خبز', 'معكرونة', 'صابون', 'منظف', 'مناديل', 'إسفنجة'];
const KINDS = ['بسمتي', 'أبيض', 'بني', 'عضوي', 'فاخر', 'اقتصادي', 'مستورد', 'محلي', 'كبير', 'صغير'];
const QUERIES = ['ارز', 'قهوه', 'عصير مستورد', 'اسفنجه', 'فاخر', 'معكرونه', 'زبده', 'منظف'];

export async function productSearchBench(t: TestApp, k: StockKit, rows: number, durationMs = 8000): Promise<string[]> {
  const c = k.ctx.companyId;
  const s = performance.now();
  const cats = (await t.db.orm.execute(sql`INSERT INTO product_categories (company_id, name, name_ar)
    SELECT ${c}, 'Search category ' || g, 'فئة ' || g FROM generate_series(1, 20) g RETURNING id`)).rows.map((r) => r.id as number);
  const nouns = sql.raw(`ARRAY[${NOUNS.map((x) => `'${x}'`).join(',')}]`);
  const kinds = sql.raw(`ARRAY[${KINDS.map((x) => `'${x}'`).join(',')}]`);
  const catArr = sql.raw(`ARRAY[${cats.join(',')}]`);
  for (let from = 1; from <= rows; from += 50_000) {
    await t.db.orm.execute(sql`
      INSERT INTO products (company_id, name, name_ar, category_id, product_type, uom_id, cost, sale_price, sku, barcode)
      SELECT ${c}, 'Item ' || g, (${nouns})[1 + g % 20] || ' ' || (${kinds})[1 + (g / 20) % 10] || ' ' || g, (${catArr})[1 + g % 20], 'storable',
        ${k.uom('Unit')}, 1 + g % 90, 2 + g % 120, 'SKU-' || lpad(g::text, 7, '0'), '629' || lpad((g::bigint * 7919 % 1000000000)::text, 10, '0')
      FROM generate_series(${from}::int, ${Math.min(rows, from + 49_999)}::int) g`);
  }
  // Settle the freshly loaded table first (as the contact search bench does): vacuum merges the trigram index's
  // pending entries and sets the visibility map, so neither run shares the machine with autovacuum catching up.
  await t.db.orm.execute(sql`VACUUM ANALYZE products`);
  const seeded = ((performance.now() - s) / 1000).toFixed(1);

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  const cookie = t.admin.cookie;
  const path = (q: string) => `/api/inventory/products?search=${encodeURIComponent(q)}&page=1&pageSize=25&sort=name`;
  const get = async (q: string) => {
    const r = await httpGet(port, path(q), { cookie });
    if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.body.toString()}`);
    return r;
  };
  const cap = countCap(true, 1, 25);
  const title = (table: string, col: string, name = 'name') => sql.raw(`(SELECT r.${name} FROM ${table} r WHERE r.id = p.${col})`);
  // The statement the API runs for a first page searched on PostgreSQL (bench/search-page.ts); both runs keep it
  // prepared per connection.
  const rawPage = (q: string): SQL => {
    const term = normalizeSearch(q);
    return searchPageSql('products', 'p', sql`id, name, name_ar, description, category_id, product_type, uom_id, cost, sale_price,
        purchase_price, barcode, sku, expiry_date, image, is_active, salable, purchasable, consumable, storable, service, raw_material,
        finished_product, income_account_id, expense_account_id, asset_account_id, stock_account_id, country_of_origin_id,
        classification_id, grade_id, manufacturing_company_id, base_weight, reorder_level, version, created_at, updated_at, created_by, updated_by,
        ${title('product_categories', 'category_id')} AS category, ${title('uoms', 'uom_id')} AS uom,
        ${title('accounts', 'income_account_id', 'name_en')}, ${title('accounts', 'expense_account_id', 'name_en')},
        ${title('accounts', 'asset_account_id', 'name_en')}, ${title('accounts', 'stock_account_id', 'name_en')},
        ${title('countries_of_origin', 'country_of_origin_id')}, ${title('product_classifications', 'classification_id')},
        ${title('product_grades', 'grade_id')}, ${title('manufacturing_companies', 'manufacturing_company_id')}`, c, term, cap);
  };
  for (const q of QUERIES) {
    const api = (await get(q)).json() as { items: { id: number; _refs: { categoryId: string; uomId: string } }[]; total: number; totalCapped: boolean };
    const got = (await t.db.orm.execute(rawPage(q))).rows;
    const n = Number(got[0]?.total ?? 0);
    const same = JSON.stringify(api.items.map((x) => [x.id, x._refs.categoryId, x._refs.uomId])) === JSON.stringify(got.map((r) => [r.id, r.category, r.uom]))
      && api.total === Math.min(n, cap) && api.totalCapped === n > cap;
    if (!same) throw new Error(`product search "${q}": the API and the raw SQL answer differently`);
  }

  const http = await loadInWorker({ kind: 'http', port, paths: QUERIES.map(path), headers: { cookie } }, 8, durationMs);
  const dialect = new PgDialect();
  const statements = QUERIES.map((q) => dialect.sqlToQuery(rawPage(q))).map((x) => ({ text: x.sql, params: x.params, name: 'bench_product_search' }));
  const raw = await loadInWorker({ kind: 'sql', url: (t.db as { url?: string }).url!, statements }, 8, durationMs);
  return [
    `product list with Arabic search, ${rows.toLocaleString('en')} products (seeded in ${seeded} s), 8 clients:`,
    `  HTTP  GET /api/inventory/products?search=<arabic>: ${fmt(http)}`,
    `  raw SQL baseline (same statement: page, titles, count capped at ${cap}): ${fmt(raw)}`,
  ];
}
