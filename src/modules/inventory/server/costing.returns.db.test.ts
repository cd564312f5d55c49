import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { receiveReturn } from './return.entry';
import { verifyStock } from './stock.verify';
import { type StockKit, stockKit } from './test-kit';

/**
 * Costing with a customer return in the middle, on the database (PGlite and PostgreSQL), for each valuation method:
 * receive 10 @ 5 then 10 @ 7 (same day), deliver 12, the customer returns 2 at the unit cost they left at
 * (return.entry.ts, as sales returns call it), deliver 9. Every number below is computed by hand in the comment beside
 * it: the values of both deliveries and of the return, what is left in the layers, and the ledger (cost of sales
 * 5101 and inventory 1104 moved by exactly those amounts; invariant 6 by verifyStock).
 */
let t: TestApp;
let k: StockKit;
beforeAll(async () => { t = await testApp(); k = await stockKit(t); });
afterAll(async () => { await t?.close(); });

const ret = (p: number, qty: string, unitCost: string, lotId: number | null = null) => receiveReturn(k.ctx, {
  reference: 'RET', date: '2026-03-12', locationId: k.loc.stock, contactId: null, source: { type: 'test', id: 2 },
  items: [{ productId: p, quantity: qty, unitCost, lotId }],
});
const remaining = async (p: number) => (await k.q<{ q: string; v: string }>(sql`
  SELECT sum(remaining_qty)::text AS q, sum(remaining_value)::text AS v FROM stock_valuation_layers WHERE product_id = ${p}`))[0]!;
const balances = async () => ({ stock: Number(await k.balance(k.acc('1104'))), cogs: Number(await k.balance(k.acc('5101'))) });
/** Change of a balance, to 4 decimals (exact: the balances themselves are numeric(…, 4)). */
const delta = (after: number, before: number) => (after - before).toFixed(4);

interface Case { d1: string; unit: string; ret: string; d2: string; left: { q: string; v: string } }
// FIFO: d1 = 10x5 + 2x7 = 64, unit 64/12 = 5.3333; return 2 x 5.3333 = 10.6666 (a new layer dated 03-12);
//       d2 = oldest first: the 8 left @ 7 = 56 + 1 of the return @ 5.3333 = 61.3333; left 1 @ 5.3333
// LIFO: d1 = 10x7 + 2x5 = 80, unit 80/12 = 6.6667; return 2 x 6.6667 = 13.3334 (the newest layer);
//       d2 = the return 13.3334 + 7 of the 8 left @ 5 = 35 -> 48.3334; left 1 @ 5
// average: 20 for 120 -> 6; d1 = 12 x 6 = 72; 8 left for 48, return 2 x 6 = 12 -> 10 for 60 (still 6);
//       d2 = 9 x 6 = 54; left 1 @ 6
const cases: Record<'fifo' | 'lifo' | 'average', Case> = {
  fifo: { d1: '64.0000', unit: '5.3333', ret: '10.6666', d2: '61.3333', left: { q: '1.000000', v: '5.3333' } },
  lifo: { d1: '80.0000', unit: '6.6667', ret: '13.3334', d2: '48.3334', left: { q: '1.000000', v: '5.0000' } },
  average: { d1: '72.0000', unit: '6.0000', ret: '12.0000', d2: '54.0000', left: { q: '1.000000', v: '6.0000' } },
};

describe('receipt -> delivery -> customer return -> delivery', () => {
  for (const [method, want] of Object.entries(cases)) {
    it(`${method}: the hand-computed values, layers and ledger`, async () => {
      await k.settings({ valuationMethod: method });
      try {
        const p = await k.product({ cost: '1' });
        const b0 = await balances();
        await k.receive(p, '10', '5', { date: '2026-03-10' });
        await k.receive(p, '10', '7', { date: '2026-03-10' });
        const d1 = await k.deliver(p, '12', { date: '2026-03-11' });
        expect([d1.totalValue, d1.moves[0]!.unitCost]).toEqual([want.d1, want.unit]);
        const r = await ret(p, '2', d1.moves[0]!.unitCost);
        expect(r.totalValue).toBe(want.ret);
        const d2 = await k.deliver(p, '9', { date: '2026-03-13' });
        expect(d2.totalValue).toBe(want.d2);
        expect(await remaining(p)).toEqual(want.left);
        expect(await k.onHand(p)).toBe('1.000000');
        // cost of sales = d1 - return + d2; inventory = 120 received - that = what the layers hold
        const b1 = await balances();
        const cogs = (Number(want.d1) - Number(want.ret) + Number(want.d2)).toFixed(4);
        expect([delta(b1.cogs, b0.cogs), delta(b1.stock, b0.stock)]).toEqual([cogs, want.left.v]);
        expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
      } finally { await k.settings({ valuationMethod: 'fifo' }); }
    });
  }

  it('specific: each lot at its own cost, the returned units back in their lot at the cost they left at', async () => {
    await k.settings({ valuationMethod: 'specific' });
    try {
      const p = await k.product({ cost: '1' });
      const b0 = await balances();
      await k.receive(p, '10', '5', { date: '2026-03-10', lotName: 'A' });
      await k.receive(p, '10', '7', { date: '2026-03-10', lotName: 'B' });
      const lots = await k.q<{ id: number; name: string }>(sql`SELECT id, name FROM stock_lots WHERE product_id = ${p}`);
      const A = lots.find((l) => l.name === 'A')!.id;
      const B = lots.find((l) => l.name === 'B')!.id;
      const out = (date: string, lines: [number, string][]) => k.post({ date, moveType: 'outgoing', reference: 'DEL',
        lines: lines.map(([lotId, quantity]) => ({ productId: p, quantity, lotId, fromLocationId: k.loc.stock, toLocationId: k.loc.customers })) });
      // d1: 10 of B @ 7 = 70 + 2 of A @ 5 = 10 -> 80
      const d1 = await out('2026-03-11', [[B, '10'], [A, '2']]);
      expect([d1.totalValue, ...d1.moves.map((m) => m.value)]).toEqual(['80.0000', '70.0000', '10.0000']);
      // the customer returns 2 of B, at the 7 they left at: 14
      expect((await ret(p, '2', d1.moves[0]!.unitCost, B)).totalValue).toBe('14.0000');
      expect([await k.onHand(p, k.loc.stock, A), await k.onHand(p, k.loc.stock, B)]).toEqual(['8.000000', '2.000000']);
      // d2: 2 of B (the returned units) @ 7 = 14 + 7 of A @ 5 = 35 -> 49; left 1 of A @ 5
      const d2 = await out('2026-03-13', [[B, '2'], [A, '7']]);
      expect([d2.totalValue, ...d2.moves.map((m) => m.value)]).toEqual(['49.0000', '14.0000', '35.0000']);
      expect(await remaining(p)).toEqual({ q: '1.000000', v: '5.0000' });
      expect([await k.onHand(p, k.loc.stock, A), await k.onHand(p, k.loc.stock, B)]).toEqual(['1.000000', '0.000000']);
      // cost of sales 80 - 14 + 49 = 115; inventory 120 - 115 = 5
      const b1 = await balances();
      expect([delta(b1.cogs, b0.cogs), delta(b1.stock, b0.stock)]).toEqual(['115.0000', '5.0000']);
      expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
    } finally { await k.settings({ valuationMethod: 'fifo' }); }
  });
});
