import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { TestApp } from '../../../../tests/support/test-app';
import type { StockKit } from '../server/test-kit';
import { getJson, p95, time } from './bench-kit';

/**
 * (a) Stock balance report over N stock moves (default 1,000,000) against brute-force SQL over stock_moves.
 * Seed: 2,000 products, three warehouses of two internal locations; moves spread over 2025-2026: 40% receipts,
 * 40% deliveries, 20% transfers, each at the product's cost. The day totals are built from the moves by one
 * INSERT ... SELECT (what postStock would have written), the month totals, balances and half-month closing rows
 * by stock_month_totals_rebuild (what the trigger would have kept).
 * Each line gives the machine's load average beside the figures (the run shares its cores).
 */
const PRODUCTS = 2000;

async function seed(t: TestApp, k: StockKit, n: number): Promise<number[]> {
  const c = k.ctx.companyId;
  const q = (s: ReturnType<typeof sql>) => t.db.orm.execute(s);
  const cat = (await q(sql`INSERT INTO product_categories (company_id, name) VALUES (${c}, 'Bench') RETURNING id`)).rows[0]!.id as number;
  await q(sql`INSERT INTO products (company_id, name, name_ar, category_id, product_type, uom_id, cost, sku)
    SELECT ${c}, 'Bench product ' || g, 'منتج اختبار ' || g, ${cat}, 'storable', ${k.uom('Unit')}, 1 + g % 50, 'BENCH-' || g FROM generate_series(1, ${PRODUCTS}) g`);
  const locs: number[] = [k.loc.stock, await k.location('Bench shelf')];
  for (const w of [1, 2]) {
    const wh = (await q(sql`INSERT INTO warehouses (company_id, name, address) VALUES (${c}, ${`Bench warehouse ${w}`}, 'Riyadh') RETURNING id`)).rows[0]!.id as number;
    for (const l of [1, 2]) locs.push((await q(sql`INSERT INTO locations (company_id, name, warehouse_id, kind) VALUES (${c}, ${`WH${w}-${l}`}, ${wh}, 'internal') RETURNING id`)).rows[0]!.id as number);
  }
  const arr = sql.raw(`ARRAY[${locs.join(',')}]`);
  const chunk = 200_000;
  for (let from = 1; from <= n; from += chunk) {
    const to = Math.min(n, from + chunk - 1);
    await q(sql`
      WITH p AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(cost ORDER BY id) AS costs FROM products WHERE company_id = ${c} AND sku LIKE 'BENCH-%'),
      g AS (SELECT g, (g::bigint * 7919 % ${PRODUCTS})::int + 1 AS pi, g % 10 AS kind, (g::bigint * 37 % 730)::int AS d, 1 + g % 5 AS qty,
              (${arr})[1 + g % ${locs.length}] AS l1, (${arr})[1 + (g / 7) % ${locs.length}] AS l2 FROM generate_series(${from}::int, ${to}::int) g)
      INSERT INTO stock_moves (company_id, date, reference, move_type, product_id, from_location_id, to_location_id, quantity, unit_cost, value, source_type)
      SELECT ${c}, DATE '2025-01-01' + g.d, 'BENCH/' || g.g,
        CASE WHEN g.kind < 4 THEN 'incoming' WHEN g.kind < 8 THEN 'outgoing' ELSE 'internal' END, p.ids[g.pi],
        CASE WHEN g.kind < 4 THEN ${k.loc.vendors} ELSE g.l1 END,
        CASE WHEN g.kind < 4 THEN g.l1 WHEN g.kind < 8 THEN ${k.loc.customers} WHEN g.l2 = g.l1 THEN (${arr})[1 + (g.g + 1) % ${locs.length}] ELSE g.l2 END,
        CASE WHEN g.kind < 4 THEN g.qty + 2 ELSE g.qty END, p.costs[g.pi],
        CASE WHEN g.kind < 8 THEN (CASE WHEN g.kind < 4 THEN g.qty + 2 ELSE g.qty END) * p.costs[g.pi] ELSE 0 END, 'bench'
      FROM g, p`);
  }
  await t.db.orm.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`); // the totals above them are rebuilt once below
    await tx.execute(sql`
      WITH v AS (SELECT id, kind = 'internal' AND NOT is_scrap AS valued FROM locations WHERE company_id = ${c})
      INSERT INTO stock_day_totals (company_id, product_id, location_id, day, qty_in, qty_out, value_in, value_out, moves)
      SELECT ${c}, product_id, loc, date, sum(qi), sum(qo), sum(vi), sum(vo), count(*) FROM (
        SELECT m.product_id, m.to_location_id AS loc, m.date, m.quantity AS qi, 0 AS qo, CASE WHEN v.valued THEN m.value ELSE 0 END AS vi, 0 AS vo
          FROM stock_moves m JOIN v ON v.id = m.to_location_id WHERE m.company_id = ${c} AND m.source_type = 'bench'
        UNION ALL
        SELECT m.product_id, m.from_location_id, m.date, 0, m.quantity, 0, CASE WHEN v.valued THEN m.value ELSE 0 END
          FROM stock_moves m JOIN v ON v.id = m.from_location_id WHERE m.company_id = ${c} AND m.source_type = 'bench') x
      GROUP BY product_id, loc, date
      ON CONFLICT (company_id, product_id, location_id, day) DO UPDATE SET qty_in = stock_day_totals.qty_in + excluded.qty_in,
        qty_out = stock_day_totals.qty_out + excluded.qty_out, value_in = stock_day_totals.value_in + excluded.value_in,
        value_out = stock_day_totals.value_out + excluded.value_out, moves = stock_day_totals.moves + excluded.moves`);
  });
  await q(sql`SELECT stock_month_totals_rebuild(${c})`);
  // settled as the other benchmarks settle their tables: without VACUUM, autovacuum took on the million rows just
  // written while the benchmarks after this one measured (the product search's p95 went from 22-25 ms alone to 31)
  await q(sql`VACUUM ANALYZE`);
  return locs;
}

/** Brute force over the moves: quantity per (product, internal location) and value per product at `to`. */
function bruteSql(c: number, locs: number[], to: string) {
  const ids = sql.raw(locs.join(','));
  return sql`
    SELECT product_id AS p, loc AS l, sum(q)::text AS q, sum(v)::text AS v FROM (
      SELECT product_id, to_location_id AS loc, quantity AS q, CASE WHEN from_location_id NOT IN (${ids}) THEN value ELSE 0 END AS v
        FROM stock_moves WHERE company_id = ${c} AND date <= ${to}
      UNION ALL
      SELECT product_id, from_location_id, -quantity, CASE WHEN to_location_id NOT IN (${ids}) THEN -value ELSE 0 END
        FROM stock_moves WHERE company_id = ${c} AND date <= ${to}) x
    WHERE loc IN (${ids}) GROUP BY 1, 2`;
}

export async function stockBalanceBench(t: TestApp, k: StockKit, n: number): Promise<string[]> {
  const s = performance.now();
  const locs = await seed(t, k, n);
  const { days, months, periods } = (await t.db.orm.execute(sql`SELECT (SELECT count(*) FROM stock_day_totals)::int AS days,
    (SELECT count(*) FROM stock_month_totals)::int AS months, (SELECT count(*) FROM stock_period_balances)::int AS periods`)).rows[0] as { days: number; months: number; periods: number };
  const out = [`stock balance over ${n.toLocaleString('en')} moves (seeded in ${((performance.now() - s) / 1000).toFixed(1)} s; ${days.toLocaleString('en')} day totals, ` +
    `${months.toLocaleString('en')} month totals, ${periods.toLocaleString('en')} half-month closing rows):`];
  const c = k.ctx.companyId;
  for (const [to, what] of [['2026-12-31', 'at a month end (the latest)'], ['2026-06-17', 'mid-month'], ['2025-03-10', 'early in the history']] as const) {
    const url = `/api/inventory/reports/stock-balance?to=${to}`;
    const rep = await time(() => getJson(t, url));
    const brute = await time(() => t.db.orm.execute(bruteSql(c, locs, to)), 5);
    // same numbers: every (product, location) quantity and the total value, paging through the whole report
    const rows: { productId: number; locationId: number; quantity: string }[] = [];
    let total = '';
    for (let page = 1; ; page++) {
      const r = await getJson(t, `${url}&pageSize=1000&page=${page}`);
      rows.push(...r.rows);
      total = r.totals.value;
      if (page * 1000 >= r.page.total) break;
    }
    const b = (await t.db.orm.execute(bruteSql(c, locs, to))).rows as { p: number; l: number; q: string; v: string }[];
    const want = new Map(b.filter((x) => !new Decimal(x.q).isZero()).map((x) => [`${x.p}:${x.l}`, new Decimal(x.q)]));
    const qtyOk = rows.length === want.size && rows.every((r) => want.get(`${r.productId}:${r.locationId}`)?.eq(r.quantity));
    const byProduct = new Map<number, { q: Decimal; v: Decimal }>();
    for (const x of b) { const e = byProduct.get(Number(x.p)) ?? { q: new Decimal(0), v: new Decimal(0) }; byProduct.set(Number(x.p), { q: e.q.plus(x.q), v: e.v.plus(x.v) }); }
    const valueTotal = [...byProduct.values()].filter((x) => !x.q.isZero()).reduce((a, x) => a.plus(x.v), new Decimal(0));
    const valueOk = new Decimal(total).minus(valueTotal).abs().lte(0.005 * rows.length); // each row's share is rounded to the cent
    out.push(`  ${what} (${to}): report over HTTP p95 ${p95(rep).toFixed(1)} ms; brute-force SQL over stock_moves p95 ${p95(brute).toFixed(1)} ms (load ${loadavg()[0]!.toFixed(1)}); ` +
      `${rows.length.toLocaleString('en')} rows, same quantities: ${qtyOk}, same total value (${total} vs ${valueTotal.toFixed(2)}): ${valueOk}`);
  }
  return out;
}
