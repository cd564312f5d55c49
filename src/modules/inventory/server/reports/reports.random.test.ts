import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../../tests/support/test-app';
import { type StockKit, stockKit } from '../test-kit';
import { rng } from '../../../../../tests/support/rng';

/**
 * Reports equal brute-force SQL over stock_moves on a random data set: receipts, deliveries (some refused for lack
 * of stock), transfers across two warehouses and scraps, posted in random date order over five months. The stock
 * balance (per location, at month ends and mid-month dates) and the monthly stock movement must match sums over
 * the moves; the month totals must equal the day totals (trigger) and their rebuild.
 * Replay with INVENTORY_REPORT_SEED=<seed>; INVENTORY_REPORT_STEPS sets the length.
 */
const SEED = Number(process.env.INVENTORY_REPORT_SEED ?? Date.now() % 1_000_000);
const STEPS = Number(process.env.INVENTORY_REPORT_STEPS ?? 70);
let t: TestApp;
let k: StockKit;
const products: number[] = [];
let internal: number[] = [];
let posted = 0;

beforeAll(async () => {
  t = await testApp();
  k = await stockKit(t);
  for (let i = 0; i < 4; i++) products.push(await k.product({ name: `Random ${i}`, cost: '3' }));
  const shelf = await k.location('Random shelf');
  const wh = (await t.admin.post('/api/inventory/warehouses', { name: 'Random warehouse', address: 'Dammam' })).json().id;
  const far = (await t.admin.post('/api/inventory/locations', { name: 'Far stock', warehouseId: wh, kind: 'internal' })).json().id;
  internal = [k.loc.stock, shelf, far];
  const r = rng(SEED);
  const pick = <T,>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const day = () => `2026-0${1 + Math.floor(r() * 5)}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
  const qty = () => (1 + Math.floor(r() * 40) + (r() < 0.3 ? 0.25 : 0)).toString();
  try {
    // an opening receipt of every product in every internal location, so the random deliveries, transfers and scraps
    // find stock more often than not whatever the seed (a seed once left 20 moves of 70 steps)
    for (const p of products) for (const to of internal) {
      await k.post({ date: '2026-01-01', moveType: 'incoming', lines: [{ productId: p, quantity: '30', unitCost: '2.50', fromLocationId: k.loc.vendors, toLocationId: to }] });
      posted++;
    }
    for (let i = 0; i < STEPS; i++) {
      const p = pick(products);
      const x = r();
      const date = day();
      const run = async () => {
        if (x < 0.35) return k.post({ date, moveType: 'incoming', lines: [{ productId: p, quantity: qty(), unitCost: (1 + Math.floor(r() * 900) / 100).toFixed(2), fromLocationId: k.loc.vendors, toLocationId: pick(internal) }] });
        if (x < 0.65) return k.post({ date, moveType: 'outgoing', lines: [{ productId: p, quantity: qty(), fromLocationId: pick(internal), toLocationId: k.loc.customers }] });
        if (x < 0.9) {
          const from = pick(internal);
          return k.post({ date, moveType: 'internal', lines: [{ productId: p, quantity: qty(), fromLocationId: from, toLocationId: pick(internal.filter((l) => l !== from)) }] });
        }
        return k.post({ date, moveType: 'scrap', lines: [{ productId: p, quantity: qty(), fromLocationId: pick(internal), toLocationId: k.loc.scrap }] });
      };
      await run().then(() => { posted++; }, (e: Error) => { if (!/Quantity Not Available/.test(e.message)) throw e; });
    }
  } catch (e) {
    console.error(`inventory report random run failed: INVENTORY_REPORT_SEED=${SEED}`);
    throw e;
  }
}, 300_000);
afterAll(async () => { await t?.close(); });

const get = async (path: string) => {
  const r = await t.admin.get(path);
  if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${r.body}`);
  return r.json();
};

/** Brute force at `to`: quantity per (product, internal location) and valued quantity/value per product, from the moves. */
async function bruteBalance(to: string) {
  const ids = sql.raw(internal.join(','));
  const qty = await k.q<{ p: number; l: number; q: string }>(sql`
    SELECT product_id AS p, loc AS l, sum(q)::text AS q FROM (
      SELECT product_id, to_location_id AS loc, quantity AS q FROM stock_moves WHERE date <= ${to}
      UNION ALL SELECT product_id, from_location_id, -quantity FROM stock_moves WHERE date <= ${to}) x
    WHERE loc IN (${ids}) GROUP BY 1, 2 HAVING sum(q) <> 0`);
  const val = await k.q<{ p: number; q: string; v: string }>(sql`
    SELECT m.product_id AS p,
      sum(CASE WHEN m.to_location_id IN (${ids}) THEN m.quantity ELSE 0 END) - sum(CASE WHEN m.from_location_id IN (${ids}) THEN m.quantity ELSE 0 END) AS q,
      sum(CASE WHEN m.to_location_id IN (${ids}) AND m.from_location_id NOT IN (${ids}) THEN m.value
               WHEN m.from_location_id IN (${ids}) AND m.to_location_id NOT IN (${ids}) THEN -m.value ELSE 0 END) AS v
    FROM stock_moves m WHERE m.date <= ${to} GROUP BY 1`);
  return { qty, val: new Map(val.map((v) => [Number(v.p), v])) };
}

describe(`reports vs brute force over the moves (seed ${SEED}, ${STEPS} steps)`, () => {
  for (const to of ['2026-01-31', '2026-02-14', '2026-03-31', '2026-04-01', '2026-05-17', '2026-06-30']) {
    it(`stock balance at ${to}`, async () => {
      const rep = await get(`/api/inventory/reports/stock-balance?to=${to}&pageSize=1000`);
      const { qty, val } = await bruteBalance(to);
      const shareOf = (p: number, q: string) => {
        const v = val.get(p)!;
        if (new Decimal(v.q).isZero()) return '0.00';
        return new Decimal(v.v).mul(q).div(v.q).toFixed(2, Decimal.ROUND_HALF_UP);
      };
      const want = qty.map((b) => ({ productId: Number(b.p), locationId: Number(b.l), quantity: String(Number(b.q)) })).sort((a, b) => a.productId - b.productId || a.locationId - b.locationId);
      const got = rep.rows.map((r: Record<string, unknown>) => ({ productId: r.productId, locationId: r.locationId, quantity: String(Number(r.quantity)) }))
        .sort((a: { productId: number; locationId: number }, b: { productId: number; locationId: number }) => a.productId - b.productId || a.locationId - b.locationId);
      expect(got, `seed ${SEED}`).toEqual(want);
      for (const r of rep.rows as { productId: number; quantity: string; value: string }[]) {
        expect(r.value, `value of ${r.productId} (seed ${SEED})`).toBe(shareOf(r.productId, r.quantity));
      }
      const byProduct = await get(`/api/inventory/reports/stock-balance?to=${to}&pageSize=1000&groupBy=product`);
      for (const r of byProduct.rows as { productId: number; value: string }[]) expect(r.value, `seed ${SEED}`).toBe(new Decimal(val.get(r.productId)!.v).toFixed(2, Decimal.ROUND_HALF_UP));
    });
  }

  it('monthly stock movement', async () => {
    const rep = await get('/api/inventory/reports/stock-movement?from=2026-02-01&to=2026-05-15&period=monthly&pageSize=1000');
    const ids = sql.raw(internal.join(','));
    const brute = await k.q<{ p: number; m: string; i: string; o: string }>(sql`
      SELECT product_id AS p, to_char(date, 'YYYY-MM') AS m,
        sum(CASE WHEN to_location_id IN (${ids}) THEN quantity ELSE 0 END)::text AS i, sum(CASE WHEN from_location_id IN (${ids}) THEN quantity ELSE 0 END)::text AS o
      FROM stock_moves WHERE date BETWEEN '2026-02-01' AND '2026-05-15' GROUP BY 1, 2`);
    const key = { '2026-02': 'p1', '2026-03': 'p2', '2026-04': 'p3', '2026-05': 'p4' } as Record<string, string>;
    for (const b of brute) {
      const row = rep.rows.find((r: { productId: number }) => r.productId === Number(b.p));
      expect(Number(row[`in_${key[b.m]}`]), `in ${b.p} ${b.m} (seed ${SEED})`).toBe(Number(b.i));
      expect(Number(row[`out_${key[b.m]}`]), `out ${b.p} ${b.m} (seed ${SEED})`).toBe(Number(b.o));
    }
    const opening = await bruteBalance('2026-01-31');
    for (const r of rep.rows as Record<string, string | number>[]) {
      const o = opening.qty.filter((x) => Number(x.p) === r.productId).reduce((s, x) => s + Number(x.q), 0);
      expect(Number(r.opening), `seed ${SEED}`).toBeCloseTo(o, 6);
      const flows = ['p1', 'p2', 'p3', 'p4'].reduce((s, p) => s + Number(r[`in_${p}`]) - Number(r[`out_${p}`]), 0);
      expect(Number(r.closing), `seed ${SEED}`).toBeCloseTo(o + flows, 6);
    }
  });

  it('month totals equal the day totals and their rebuild', async () => {
    const [n] = await k.q<{ moves: number; months: number }>(sql`SELECT (SELECT count(*)::int FROM stock_moves) AS moves, (SELECT count(*)::int FROM stock_month_totals) AS months`);
    expect(n!.moves, `seed ${SEED}: one move per posted document of one line`).toBe(posted);
    expect(posted, `seed ${SEED}: a real data set`).toBeGreaterThan(STEPS / 2);
    expect(n!.months).toBeGreaterThan(10);
    const diff = await k.q(sql`
      SELECT coalesce(m.product_id, d.product_id) AS p FROM stock_month_totals m FULL JOIN (
        SELECT company_id, product_id, location_id, date_trunc('month', day)::date AS month, sum(qty_in) qi, sum(qty_out) qo, sum(value_in) vi, sum(value_out) vo, sum(moves) n
        FROM stock_day_totals GROUP BY 1, 2, 3, 4) d USING (company_id, product_id, location_id, month)
      WHERE m.qty_in IS DISTINCT FROM d.qi OR m.qty_out IS DISTINCT FROM d.qo OR m.value_in IS DISTINCT FROM d.vi OR m.value_out IS DISTINCT FROM d.vo OR m.moves IS DISTINCT FROM d.n`);
    expect(diff, `seed ${SEED}`).toEqual([]);
    const before = await k.q(sql`SELECT * FROM stock_month_totals ORDER BY company_id, month, product_id, location_id`);
    await k.q(sql`SELECT stock_month_totals_rebuild(${k.ctx.companyId})`);
    expect(await k.q(sql`SELECT * FROM stock_month_totals ORDER BY company_id, month, product_id, location_id`)).toEqual(before);
  });
});
