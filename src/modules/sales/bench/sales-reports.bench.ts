/**
 * Sales benchmark on PostgreSQL (run by `BENCH_ONLY=sales npm run bench`, or
 * TEST_DB=postgres TEST_DATABASE_URL=postgres://... npx tsx src/modules/sales/bench/sales-reports.bench.ts [lines]):
 * the product sales report over N sales lines (default 1,000,000), a year by month, over HTTP, beside brute-force
 * SQL over sales_order_lines joined with their orders, in the same run and database; the numbers compared (each
 * product's quantity, orders, amount and amount per month over every page, and the totals).
 * Seed (set-based): 2,000 products, 5,000 customers, N/4 orders of 4 lines over 2025 (one in 20 left a draft,
 * one in 40 cancelled: they must not count); sales_product_months built by one INSERT ... SELECT (what the
 * triggers would have kept: the triggers are off while seeding), then VACUUM ANALYZE.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import globalSetup from '../../../../tests/support/global-setup';
import { ctxOf } from '../../../../tests/support/ctx';
import { type TestApp, testApp } from '../../../../tests/support/test-app';

const LINES = Number(process.argv[2] ?? 1_000_000);
const PRODUCTS = 2000;
const CUSTOMERS = 5000;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
async function time(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  const out: number[] = [];
  await fn();
  for (let i = 0; i < runs; i++) { const s = performance.now(); await fn(); out.push(performance.now() - s); }
  return out;
}

export async function seed(t: TestApp, c: number, userId: number, LINES: number): Promise<void> {
  const q = (s: ReturnType<typeof sql>) => t.db.orm.execute(s);
  const unit = (await q(sql`SELECT id FROM uoms WHERE company_id = ${c} AND name = 'Unit'`)).rows[0]!.id as number;
  const cat = (await q(sql`INSERT INTO product_categories (company_id, name) VALUES (${c}, 'Bench') RETURNING id`)).rows[0]!.id as number;
  await q(sql`INSERT INTO products (company_id, name, name_ar, category_id, product_type, uom_id, cost, sale_price, sku)
    SELECT ${c}, 'Bench product ' || g, 'منتج اختبار ' || g, ${cat}, 'storable', ${unit}, 1 + g % 50, 2 + g % 60, 'BENCH-' || g FROM generate_series(1, ${PRODUCTS}) g`);
  await q(sql`INSERT INTO contacts (company_id, kind, name, name_ar, is_customer) SELECT ${c}, 'individual', 'Bench customer ' || g, 'عميل اختبار ' || g, true FROM generate_series(1, ${CUSTOMERS}) g`);
  const orders = Math.ceil(LINES / 4);
  await t.db.orm.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`
      WITH k AS (SELECT array_agg(id ORDER BY id) AS ids FROM contacts WHERE company_id = ${c} AND name LIKE 'Bench customer %')
      INSERT INTO sales_orders (company_id, number, customer_id, order_date, payment_method, items, subtotal, discount, total_amount, paid_amount, due_amount, status, created_by, updated_by)
      SELECT ${c}, 'BENCH/' || g, k.ids[1 + g % ${CUSTOMERS}], DATE '2025-01-01' + (g::bigint * 37 % 365)::int, 'credit', '[]'::jsonb, 0, 0, 0, 0, 0,
        CASE WHEN g % 20 = 0 THEN 'draft' WHEN g % 40 = 1 THEN 'cancelled' WHEN g % 3 = 0 THEN 'completed' ELSE 'confirmed' END, ${userId}, ${userId}
      FROM generate_series(1, ${orders}) g, k`);
    const chunk = 250_000;
    for (let from = 1; from <= LINES; from += chunk) {
      const to = Math.min(LINES, from + chunk - 1);
      await tx.execute(sql`
        WITH p AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(sale_price ORDER BY id) AS prices FROM products WHERE company_id = ${c} AND sku LIKE 'BENCH-%'),
        o AS (SELECT id, customer_id, order_date, row_number() OVER (ORDER BY id) AS n FROM sales_orders WHERE company_id = ${c} AND number LIKE 'BENCH/%'),
        g AS (SELECT g, (g - 1) / 4 + 1 AS n, (g - 1) % 4 + 1 AS line_no, ((g::bigint * 7919) % ${PRODUCTS})::int + 1 AS pi, 1 + g % 7 AS qty FROM generate_series(${from}::int, ${to}::int) g)
        INSERT INTO sales_order_lines (company_id, order_id, line_no, order_date, customer_id, product_id, uom_id, quantity, base_quantity, price, subtotal)
        SELECT ${c}, o.id, g.line_no, o.order_date, o.customer_id, p.ids[g.pi], ${unit}, g.qty, g.qty, p.prices[g.pi], g.qty * p.prices[g.pi]
        FROM g JOIN o ON o.n = g.n, p`);
    }
    await tx.execute(sql`UPDATE sales_orders o SET subtotal = s.t, total_amount = s.t, due_amount = s.t
      FROM (SELECT order_id, sum(subtotal) AS t FROM sales_order_lines WHERE company_id = ${c} GROUP BY 1) s WHERE s.order_id = o.id`);
    await tx.execute(sql`INSERT INTO sales_product_months (company_id, product_id, month, quantity, amount, orders)
      SELECT l.company_id, l.product_id, date_trunc('month', l.order_date)::date, sum(l.base_quantity), sum(l.subtotal), count(DISTINCT l.order_id)::int
      FROM sales_order_lines l JOIN sales_orders o ON o.id = l.order_id WHERE l.company_id = ${c} AND o.status IN ('confirmed', 'completed') GROUP BY 1, 2, 3`);
  });
  await q(sql`VACUUM ANALYZE`);
}

/** Brute force: amount, quantity and orders per (product, month) of the counted orders' lines in 2025. */
export const bruteSql = (c: number) => sql`SELECT l.product_id AS p, date_trunc('month', l.order_date)::date::text AS m, sum(l.subtotal)::text AS a, sum(l.base_quantity)::text AS q,
    count(DISTINCT l.order_id)::int AS o
  FROM sales_order_lines l JOIN sales_orders o ON o.id = l.order_id
  WHERE l.company_id = ${c} AND o.status IN ('confirmed', 'completed') AND l.order_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY 1, 2`;

async function main() {
  await globalSetup();
  const t = await testApp();
  const ctx = await ctxOf(t);
  const c = ctx.companyId;
  const s = performance.now();
  await seed(t, c, ctx.user.id, LINES);
  const counted = (await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM sales_order_lines l JOIN sales_orders o ON o.id = l.order_id WHERE l.company_id = ${c} AND o.status IN ('confirmed', 'completed')`)).rows[0]!.n as number;
  console.log(`product sales report over ${LINES.toLocaleString('en')} sales lines (${counted.toLocaleString('en')} of counted orders; seeded in ${((performance.now() - s) / 1000).toFixed(1)} s), 2025 by month:`);
  const url = '/api/sales/reports/product-sales?from=2025-01-01&to=2025-12-31&period=monthly&pageSize=1000';
  const get = async (path: string) => { const r = await t.admin.get(path); if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${r.body}`); return r.json(); };
  const rep = await time(() => get(url), 30);
  const brute = await time(() => t.db.orm.execute(bruteSql(c)), 10);
  // same numbers: every product's amount per month and quantity, over every page of the report
  const rows: Record<string, string>[] = [];
  let columns: { key: string; label: { en: string } }[] = [];
  for (let page = 1; ; page++) {
    const r = await get(`${url}&page=${page}`);
    rows.push(...r.rows); columns = r.columns;
    if (page * 1000 >= r.page.total) break;
  }
  const months = columns.filter((x) => /^p\d+$/.test(x.key)).map((x, i) => [x.key, `2025-${String(i + 1).padStart(2, '0')}-01`] as const);
  const b = (await t.db.orm.execute(bruteSql(c))).rows as { p: number; m: string; a: string; q: string; o: number }[];
  const want = new Map(b.map((x) => [`${x.p}:${x.m}`, x.a]));
  const per = new Map<number, { q: Decimal; a: Decimal; o: number }>();
  for (const x of b) {
    const e = per.get(Number(x.p)) ?? { q: new Decimal(0), a: new Decimal(0), o: 0 };
    per.set(Number(x.p), { q: e.q.plus(x.q), a: e.a.plus(x.a), o: e.o + Number(x.o) });
  }
  // every product's quantity, amount, orders and amount per month, and the totals (exact sums rounded once)
  let same = rows.length === per.size;
  for (const r of rows) {
    const w = per.get(Number(r.key));
    if (!w || !w.q.eq(r.quantity!) || w.a.toFixed(2) !== r.amount || w.o !== Number(r.orders)) same = false;
    for (const [k, m] of months) if (!new Decimal(r[k]!).eq(new Decimal(want.get(`${r.key}:${m}`) ?? 0).toFixed(2))) same = false;
  }
  const all = [...per.values()].reduce((x, w) => ({ q: x.q.plus(w.q), a: x.a.plus(w.a) }), { q: new Decimal(0), a: new Decimal(0) });
  const totals = (await get(url)).totals as Record<string, string>;
  if (totals.amount !== all.a.toFixed(2) || totals.quantity !== all.q.toFixed(6)) same = false;
  console.log(`  report over HTTP p95 ${p95(rep).toFixed(1)} ms (median ${[...rep].sort((x, y) => x - y)[15]!.toFixed(1)}); brute-force SQL over the lines p95 ${p95(brute).toFixed(1)} ms ` +
    `(load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}); ${rows.length.toLocaleString('en')} products x ${months.length} months, same numbers: ${same}`);
  await t.close();
}

if (process.argv[1]?.endsWith('sales-reports.bench.ts')) main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
