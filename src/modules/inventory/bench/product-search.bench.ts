import { sql } from 'drizzle-orm';
import { normalizeSearch } from '../../../core/text/arabic-normalize';
import type { TestApp } from '../../../../tests/support/test-app';
import type { StockKit } from '../server/test-kit';
import { fmt, load } from './bench-kit';

/**
 * (b) The product list with an Arabic search over N products (default 100,000), 8 concurrent clients over real
 * HTTP, beside the same page and capped count sent as raw SQL by 8 clients in the same run (the baseline).
 * Queries differ from the stored names in hamza, taa marbuta and alef maqsura, as people type them.
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
  await t.db.orm.execute(sql`ANALYZE products`);
  const seeded = ((performance.now() - s) / 1000).toFixed(1);

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  const cookie = t.admin.cookie;
  const http = await load(8, durationMs, async (i) => {
    const q = encodeURIComponent(QUERIES[i % QUERIES.length]!);
    const r = await fetch(`http://127.0.0.1:${port}/api/inventory/products?search=${q}&page=1&pageSize=25&sort=name`, { headers: { cookie } });
    if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${await r.text()}`);
    await r.arrayBuffer();
  });
  const raw = await load(8, durationMs, async (i) => {
    const pattern = `%${normalizeSearch(QUERIES[i % QUERIES.length]!)}%`;
    // what the list answers in one round trip: the page with its titles and the count capped at 1,000
    await t.db.orm.execute(sql`SELECT p.*, pc.name AS category, u.name AS uom,
        (SELECT count(*) FROM (SELECT 1 FROM products WHERE company_id = ${c} AND search_text LIKE ${pattern} LIMIT 1001) x) AS total
      FROM products p JOIN product_categories pc ON pc.id = p.category_id JOIN uoms u ON u.id = p.uom_id
      WHERE p.company_id = ${c} AND p.search_text LIKE ${pattern} ORDER BY p.name, p.id LIMIT 25 OFFSET 0`);
  });
  return [
    `product list with Arabic search, ${rows.toLocaleString('en')} products (seeded in ${seeded} s), 8 clients:`,
    `  HTTP  GET /api/inventory/products?search=<arabic>: ${fmt(http)}`,
    `  raw SQL baseline (same page, titles, capped count): ${fmt(raw)}`,
  ];
}
