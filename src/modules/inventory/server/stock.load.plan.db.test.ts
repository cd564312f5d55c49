import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { readRefsSql } from './stock.load';
import { type StockKit, stockKit } from './test-kit';

/**
 * The read that starts a posting (readRefs) finds and locks the posting's products by id: in a company of thousands
 * of products it reads those rows only. It once locked them with `id = ANY(...) OR id IN (...)`, which no index
 * serves, so every delivery read all of the company's products (100,000 in the benchmark, 20 ms of PostgreSQL a
 * delivery). Checked on the executed plan (EXPLAIN ANALYZE) after ANALYZE, on both engines.
 */
let t: TestApp;
let k: StockKit;
beforeAll(async () => { t = await testApp(); k = await stockKit(t); });
afterAll(async () => { await t?.close(); });

interface PlanNode { 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; 'Rows Removed by Filter'?: number; 'Rows Removed by Index Recheck'?: number; Plans?: PlanNode[] }

/** Rows the plan read from `table`: what its scans returned and what their filters dropped, over every loop. */
function rowsRead(node: PlanNode, table: string): number {
  const own = node['Relation Name'] === table
    ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1)
    : 0;
  return own + (node.Plans ?? []).reduce((n, p) => n + rowsRead(p, table), 0);
}

it("a delivery's first read reads its products, not the company's 3,000 others", async () => {
  const p = await k.product({ name: 'Plan probe' });
  await t.db.orm.execute(sql`INSERT INTO products (company_id, name, category_id, product_type, uom_id)
    SELECT company_id, 'Plan filler ' || g, category_id, product_type, uom_id FROM products, generate_series(1, 3000) g WHERE id = ${p}`);
  await t.db.orm.execute(sql`ANALYZE products`);
  const read = readRefsSql(k.ctx.companyId, { locations: [k.loc.stock], products: [p], uoms: [], lots: [] },
    { settingLocations: true, lock: { products: [p] } });
  const plan = await t.db.orm.transaction(async (tx) => {
    const row = (await tx.execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${read}`)).rows[0] as Record<string, unknown>;
    const out = row['QUERY PLAN'];
    return (typeof out === 'string' ? JSON.parse(out) : out) as { Plan: PlanNode }[];
  });
  const rows = rowsRead(plan[0]!.Plan, 'products');
  // the product locked, read with its unit and accounts, and its unit's product: a handful of rows
  expect(rows).toBeGreaterThan(0);
  expect(rows).toBeLessThan(20);
});
