import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { AppError } from '../../../core/http/errors';
import { postStock } from './stock.post';
import type { StockPostInput } from './stock.types';
import { verifyStock } from './stock.verify';
import { type StockKit, stockKit } from './test-kit';

/**
 * Concurrency of the stock ledger (attack 5 and the lock order): on PostgreSQL the transactions really overlap
 * (a pool of 12 connections); on PGlite they queue. Transactions here are opened WITHOUT the retry of withTx
 * where a deadlock must not happen at all, so one would fail the test instead of being retried away.
 */
let t: TestApp;
let k: StockKit;
beforeAll(async () => { t = await testApp(); k = await stockKit(t); });
afterAll(async () => { await t?.close(); });

const once = (input: StockPostInput) => t.db.orm.transaction((tx) => postStock(tx, k.ctx, input));
const base = { date: '2026-03-10', reference: 'C', source: { type: 'test', id: 1 } };

it('20 parallel deliveries of the last unit: exactly one succeeds, the others get "Quantity Not Available"', async () => {
  const p = await k.product({ cost: '3' });
  await k.receive(p, '1', '4');
  const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) =>
    k.post({ ...base, reference: `D${i}`, moveType: 'outgoing', lines: [{ productId: p, quantity: '1', fromLocationId: k.loc.stock, toLocationId: k.loc.customers }] })));
  const ok = results.filter((r) => r.status === 'fulfilled');
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(ok).toHaveLength(1);
  expect(refused.map((r) => (r.reason instanceof AppError ? r.reason.messageIn('en') : String(r.reason)))).toEqual(Array(19).fill('Quantity Not Available'));
  expect(await k.onHand(p)).toBe('0.000000');
  const [m] = await k.q<{ n: number; v: string }>(sql`SELECT count(*)::int AS n, sum(value)::text AS v FROM stock_moves WHERE product_id = ${p} AND move_type = 'outgoing'`);
  expect([m!.n, Number(m!.v)]).toEqual([1, 4]);
  expect(await k.balance(k.acc('5101'))).toBe('4.0000');
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
});

it('crossing transfers A -> B and B -> A of the same products never deadlock', async () => {
  const shelf = await k.location('Crossing shelf');
  const p1 = await k.product();
  const p2 = await k.product();
  for (const loc of [k.loc.stock, shelf]) {
    await k.post({ ...base, moveType: 'incoming', lines: [p1, p2].map((p) => ({ productId: p, quantity: '100', unitCost: '1', fromLocationId: k.loc.vendors, toLocationId: loc })) });
  }
  // the lines name the products in opposite orders in the two directions
  const ab = () => once({ ...base, moveType: 'internal', lines: [
    { productId: p2, quantity: '1', fromLocationId: k.loc.stock, toLocationId: shelf }, { productId: p1, quantity: '1', fromLocationId: k.loc.stock, toLocationId: shelf }] });
  const ba = () => once({ ...base, moveType: 'internal', lines: [
    { productId: p1, quantity: '1', fromLocationId: shelf, toLocationId: k.loc.stock }, { productId: p2, quantity: '1', fromLocationId: shelf, toLocationId: k.loc.stock }] });
  const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => (i % 2 ? ab() : ba())));
  expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
  expect([await k.onHand(p1), await k.onHand(p1, shelf), await k.onHand(p2), await k.onHand(p2, shelf)]).toEqual(['100.000000', '100.000000', '100.000000', '100.000000']);
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
});

it('parallel receipts, deliveries, scraps and transfers of shared products keep every invariant', async () => {
  const shelf = await k.location('Busy shelf');
  const ps = [await k.product({ cost: '2' }), await k.product({ cost: '3' }), await k.product({ cost: '5' })];
  for (const p of ps) await k.receive(p, '30', '2');
  await k.settings({ valuationMethod: 'average' });
  try {
    const ops = Array.from({ length: 40 }, (_, i) => {
      const p = ps[i % 3]!;
      const q = ps[(i + 1) % 3]!;
      const kind = i % 4;
      if (kind === 0) return once({ ...base, moveType: 'incoming', lines: [{ productId: p, quantity: '2', unitCost: String(1 + (i % 5)), fromLocationId: k.loc.vendors, toLocationId: k.loc.stock }] });
      if (kind === 1) return once({ ...base, moveType: 'outgoing', lines: [{ productId: p, quantity: '3', fromLocationId: k.loc.stock, toLocationId: k.loc.customers }, { productId: q, quantity: '1', fromLocationId: k.loc.stock, toLocationId: k.loc.customers }] });
      if (kind === 2) return once({ ...base, moveType: 'scrap', lines: [{ productId: q, quantity: '1', fromLocationId: k.loc.stock, toLocationId: k.loc.scrap }] });
      return once({ ...base, moveType: 'internal', lines: [{ productId: q, quantity: '1', fromLocationId: k.loc.stock, toLocationId: shelf }, { productId: p, quantity: '1', fromLocationId: k.loc.stock, toLocationId: shelf }] });
    });
    const results = await Promise.allSettled(ops);
    const unexpected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected' && !(r.reason instanceof AppError && r.reason.messageIn('en') === 'Quantity Not Available'));
    expect(unexpected.map((r) => String(r.reason))).toEqual([]);
    expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  } finally { await k.settings({ valuationMethod: 'fifo' }); }
});
