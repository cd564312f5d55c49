import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../../tests/support/test-app';
import { roundMoney } from '../../../../core/money/round';
import { type StockKit, stockKit } from '../test-kit';

/**
 * Reports total what the ledger holds (issue 21 §5): four products received at unit costs of four decimals, each
 * split between two locations, so every row's value has a half cent that rounding row by row would add up wrong
 * (2 x 0.5025 shows 0.50 + 0.50, the layer holds 1.0050 -> 1.01). The stock balance's total, grouped by location,
 * warehouse or product, equals the valuation layers' sum and the inventory account's balance, rounded once.
 */
let t: TestApp;
let k: StockKit;

beforeAll(async () => {
  t = await testApp();
  k = await stockKit(t);
  const shelf = await k.location('Shelf');
  for (const [i, cost] of ['0.5025', '1.2575', '3.3335', '7.0045'].entries()) {
    const p = await k.product({ name: `Split ${i}`, cost });
    await k.receive(p, '2', cost, { date: '2026-03-01' });
    await k.post({ moveType: 'internal', date: '2026-03-02', lines: [{ productId: p, quantity: '1', fromLocationId: k.loc.stock, toLocationId: shelf }] });
  }
});
afterAll(async () => { await t?.close(); });

describe('stock balance total', () => {
  it('equals the valuation layers and the inventory account, in every grouping', async () => {
    const [layers] = await k.q<{ v: string }>(sql`SELECT sum(remaining_value)::text AS v FROM stock_valuation_layers`);
    // 2 x (0.5025 + 1.2575 + 3.3335 + 7.0045) = 24.1960 -> 24.20; the rows, rounded first, give 24.18
    expect(layers!.v).toBe('24.1960');
    expect(await k.balance(k.acc('1104'))).toBe('24.1960');
    for (const groupBy of ['location', 'warehouse', 'product']) {
      const r = await t.admin.get(`/api/inventory/reports/stock-balance?to=2026-03-31&groupBy=${groupBy}`);
      expect(r.statusCode, r.body).toBe(200);
      const body = r.json();
      expect(body.summary.totalValue, groupBy).toBe(roundMoney(layers!.v, 2));
      expect(body.totals.value, groupBy).toBe('24.20');
      if (groupBy === 'location') expect(body.rows.map((x: { value: string }) => x.value)).toEqual(['0.50', '0.50', '1.26', '1.26', '3.33', '3.33', '7.00', '7.00']);
    }
  });
});
