import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../../../core/db/tx';
import { type TestApp, testApp } from '../../../../../tests/support/test-app';
import { rebuildStockDayTotals, verifyStock } from '../stock.verify';
import { type StockKit, stockKit } from '../test-kit';
import { balanceAt, stockSpan } from './stock-totals';

/**
 * The closing rows (stock_period_balances), stock_balances and the month totals follow the day totals through the
 * trigger, whatever the order of the postings: back-dated ones, ones before a pair's first period, after idle periods,
 * inside an idle stretch, concurrent ones. After every posting verifyStock (which recomputes them all from the day
 * totals) finds nothing; a rebuild leaves them as they were; and the balance at every day equals the moves' sums.
 */
let t: TestApp;
let k: StockKit;
let shelf: number;
const products: number[] = [];
const c = () => k.ctx.companyId;

const snapshot = () => k.q(sql`SELECT 'm' AS t, month::text AS d, product_id, location_id, qty_in::text AS a, qty_out::text AS b, value_in::text AS x, value_out::text AS y, moves AS n FROM stock_month_totals WHERE company_id = ${c()}
  UNION ALL SELECT 'b', last_period::text, product_id, location_id, qty::text, NULL, value::text, NULL, NULL FROM stock_balances WHERE company_id = ${c()}
  UNION ALL SELECT 'c', period::text, product_id, location_id, qty::text, NULL, value::text, NULL, NULL FROM stock_period_balances WHERE company_id = ${c()}
  ORDER BY 1, 2, 3, 4`);

/** Quantity and value per (product, location) at the end of `to`, summed over the moves (value at valued locations only). */
const brute = (to: string) => k.q<{ p: number; l: number; q: string; v: string }>(sql`
  SELECT s.product_id AS p, s.loc AS l, sum(s.q)::numeric(20, 6)::text AS q, sum(CASE WHEN x.kind = 'internal' AND NOT x.is_scrap THEN s.v ELSE 0 END)::numeric(20, 4)::text AS v
  FROM (SELECT product_id, to_location_id AS loc, quantity AS q, coalesce(value, 0) AS v FROM stock_moves WHERE company_id = ${c()} AND date <= ${to}
    UNION ALL SELECT product_id, from_location_id, -quantity, -coalesce(value, 0) FROM stock_moves WHERE company_id = ${c()} AND date <= ${to}) s
  JOIN locations x ON x.id = s.loc
  GROUP BY 1, 2 HAVING sum(s.q) <> 0 OR sum(CASE WHEN x.kind = 'internal' AND NOT x.is_scrap THEN s.v ELSE 0 END) <> 0 ORDER BY 1, 2`);

async function totalsAt(to: string) {
  const span = await stockSpan(t.db.orm, c());
  return k.q<{ p: number; l: number; q: string; v: string }>(sql`
    SELECT product_id AS p, location_id AS l, qty::numeric(20, 6)::text AS q, value::numeric(20, 4)::text AS v
    FROM (${balanceAt(c(), to, sql`true`, span)}) b WHERE qty <> 0 OR value <> 0 ORDER BY 1, 2`);
}

async function expectClean(what: string) {
  expect(await verifyStock(t.db.orm, c()), what).toEqual([]);
}

beforeAll(async () => {
  t = await testApp();
  k = await stockKit(t);
  shelf = await k.location('Totals shelf');
  for (let i = 0; i < 3; i++) products.push(await k.product({ name: `Totals ${i}`, cost: '2' }));
});
afterAll(async () => { await t?.close(); });

describe('closing rows kept by the trigger', () => {
  it('follow postings in any date order, and equal their rebuild', async () => {
    const [a, b, x] = products as [number, number, number];
    const steps: [string, () => Promise<unknown>][] = [
      ['first receipt, May', () => k.receive(a, '10', '3', { date: '2026-05-12' })],
      ['back-dated before the first period', () => k.receive(a, '4', '5', { date: '2026-02-03' })],
      ['after idle periods', () => k.deliver(a, '3', { date: '2026-09-30' })],
      ['inside the idle stretch', () => k.post({ date: '2026-07-01', lines: [{ productId: a, quantity: '2', fromLocationId: k.loc.stock, toLocationId: shelf }] })],
      ['same month as the last, an earlier period', () => k.deliver(a, '1', { date: '2026-09-02' })],
      ['across a year end', () => k.receive(b, '7.5', '1.25', { date: '2025-12-31' })],
      ['the first day after it', () => k.deliver(b, '0.5', { date: '2026-01-01' })],
      ['a scrap (not valued there)', () => k.post({ date: '2026-03-15', moveType: 'scrap', lines: [{ productId: b, quantity: '1', fromLocationId: k.loc.stock, toLocationId: k.loc.scrap }] })],
      ['back from the shelf, back-dated', () => k.post({ date: '2026-08-20', lines: [{ productId: a, quantity: '1', fromLocationId: shelf, toLocationId: k.loc.stock }] })],
      ['a second product in one posting', () => k.post({ date: '2026-04-30', moveType: 'incoming', lines: [
        { productId: x, quantity: '6', unitCost: '4', fromLocationId: k.loc.vendors, toLocationId: shelf },
        { productId: b, quantity: '2', unitCost: '1.5', fromLocationId: k.loc.vendors, toLocationId: k.loc.stock }] })],
    ];
    for (const [what, post] of steps) {
      await post();
      await expectClean(what);
    }
    const [periods] = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_period_balances WHERE company_id = ${c()} AND product_id = ${a} AND location_id = ${k.loc.stock}`);
    expect(periods!.n, 'February to September, idle periods included').toBe(16);
    const before = await snapshot();
    expect(await withTx(t.db, (tx) => rebuildStockDayTotals(tx, c())), 'no day total was wrong').toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('concurrent postings of one product and location in a new month', async () => {
    const p = products[2]!;
    await Promise.all(['2026-11-03', '2026-11-17', '2026-10-09', '2026-12-01', '2026-11-29'].map((date) =>
      k.receive(p, '1', '2', { date, toLocationId: shelf })));
    await expectClean('after concurrent receipts');
  });

  it('the balance at every day equals the moves\' sums', async () => {
    const bad: string[] = [];
    for (let d = new Date('2025-12-20T00:00:00Z'); d <= new Date('2027-01-10T00:00:00Z'); d.setUTCDate(d.getUTCDate() + 1)) {
      const day = d.toISOString().slice(0, 10);
      const [got, want] = await Promise.all([totalsAt(day), brute(day)]);
      if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(`${day}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
    }
    expect(bad).toEqual([]);
    expect((await brute('2026-09-15')).length).toBeGreaterThan(4);
  });
});

describe('verifyStock and the rebuild', () => {
  it('find and repair closing rows, balances and month totals changed behind the trigger', async () => {
    const [a, b] = products as [number, number];
    await k.q(sql`UPDATE stock_period_balances SET qty = qty + 1 WHERE company_id = ${c()} AND product_id = ${a} AND location_id = ${k.loc.stock} AND period = '2026-06-01'`);
    await k.q(sql`DELETE FROM stock_period_balances WHERE company_id = ${c()} AND product_id = ${b} AND location_id = ${k.loc.stock} AND period = '2026-02-01'`);
    await k.q(sql`UPDATE stock_balances SET last_period = '2026-10-01' WHERE company_id = ${c()} AND product_id = ${a} AND location_id = ${shelf}`);
    await k.q(sql`UPDATE stock_month_totals SET moves = moves + 1 WHERE company_id = ${c()} AND product_id = ${b} AND month = '2026-01-01' AND location_id = ${k.loc.stock}`);
    const problems = await verifyStock(t.db.orm, c());
    expect(problems.map((x) => `${x.check} ${x.detail.table} ${x.detail.day}`).sort()).toEqual([
      'reportTotals stock_balances 2026-08-16', 'reportTotals stock_month_totals 2026-01-01',
      'reportTotals stock_period_balances 2026-02-01', 'reportTotals stock_period_balances 2026-06-01']);
    expect(await withTx(t.db, (tx) => rebuildStockDayTotals(tx, c())), 'the day totals were right').toBe(0);
    await expectClean('after the rebuild');
  });

  it('a wrong day total is rewritten from the moves and the totals above it follow', async () => {
    const a = products[0]!;
    await k.q(sql`UPDATE stock_day_totals SET qty_in = qty_in + 5 WHERE company_id = ${c()} AND product_id = ${a} AND location_id = ${k.loc.stock} AND day = '2026-05-12'`);
    await k.q(sql`INSERT INTO stock_day_totals (company_id, product_id, location_id, day, qty_in, moves) VALUES (${c()}, ${a}, ${shelf}, '2026-01-20', 9, 1)`);
    expect((await verifyStock(t.db.orm, c())).map((x) => x.check)).toEqual(['dayTotals', 'dayTotals']); // the trigger kept the rest in step
    const before = (await totalsAt('2026-06-10')).find((r) => r.p === a && r.l === k.loc.stock)!.q;
    expect(await withTx(t.db, (tx) => rebuildStockDayTotals(tx, c()))).toBe(2);
    await expectClean('after the rebuild');
    expect(Number((await totalsAt('2026-06-10')).find((r) => r.p === a && r.l === k.loc.stock)!.q)).toBe(Number(before) - 5);
    expect(await totalsAt('2026-06-10')).toEqual(await brute('2026-06-10'));
  });
});
