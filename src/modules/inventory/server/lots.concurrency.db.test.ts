import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { AppError } from '../../../core/http/errors';
import { postDelivery } from './documents.test-kit';
import { verifyStock } from './stock.verify';
import { type StockKit, stockKit } from './test-kit';

/**
 * Invariant 5 and attack 5 with lots (/work/shared/research/invariants-and-attacks.md): parallel deliveries of the
 * last unit of a lot, naming the lot, naming none (the ledger picks the lot), or both at once. On PostgreSQL the
 * transactions really overlap (stock.concurrency.db.test.ts has the same without lots); on PGlite they queue, and the
 * outcome must be the same: exactly as many succeed as there are units, every other one is refused with
 * "Quantity Not Available", no quant below zero, and verifyStock (quants = moves, layers = ledger) finds nothing.
 */
let t: TestApp;
let k: StockKit;
beforeAll(async () => { t = await testApp(); k = await stockKit(t); });
afterAll(async () => { await t?.close(); });

const base = { date: '2026-03-10', reference: 'C', source: { type: 'test', id: 1 } };
const why = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? 'ok' : r.reason instanceof AppError ? r.reason.messageIn('en') : String(r.reason);
const negatives = () => k.q(sql`SELECT product_id, location_id, lot_id, quantity::text FROM stock_quants WHERE quantity < 0`);
const lotOf = async (p: number, name: string) =>
  (await k.q<{ id: number }>(sql`SELECT id FROM stock_lots WHERE product_id = ${p} AND name = ${name}`))[0]!.id;
/** How many outgoing/internal moves left the stock location for product `p`, and their lots. */
const movesOut = (p: number) => k.q<{ lot: number | null; q: string }>(sql`
  SELECT lot_id AS lot, quantity::text AS q FROM stock_moves WHERE product_id = ${p} AND from_location_id = ${k.loc.stock} ORDER BY id`);
/** `n` results: `ok` of them 'ok', the rest refused as Quantity Not Available (sorted, order of arrival aside). */
const outcome = (ok: number, n: number) => [...Array(ok).fill('ok'), ...Array(n - ok).fill('Quantity Not Available')].sort();

async function clean() {
  expect(await negatives()).toEqual([]);
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
}

it('12 parallel deliveries naming the lot of its last unit: exactly one succeeds', async () => {
  const p = await k.product({ cost: '3' });
  await k.receive(p, '1', '4', { lotName: 'L1' });
  await k.receive(p, '5', '4', { lotName: 'OTHER' });
  const lot = await lotOf(p, 'L1');
  const rs = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => k.post({ ...base, reference: `D${i}`, moveType: 'outgoing',
    lines: [{ productId: p, quantity: '1', lotId: lot, fromLocationId: k.loc.stock, toLocationId: k.loc.customers }] })));
  expect(rs.map(why).sort()).toEqual(outcome(1, 12));
  // the other lot was not touched to make up for it
  expect([await k.onHand(p, k.loc.stock, lot), await k.onHand(p, k.loc.stock, await lotOf(p, 'OTHER'))]).toEqual(['0.000000', '5.000000']);
  expect(await movesOut(p)).toEqual([{ lot, q: '1.000000' }]);
  await clean();
});

it('12 parallel deliveries of the last unit, half naming its lot and half naming none: exactly one succeeds', async () => {
  const p = await k.product({ cost: '3' });
  await k.receive(p, '1', '4', { lotName: 'L2' });
  const lot = await lotOf(p, 'L2');
  const rs = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => k.post({ ...base, reference: `M${i}`, moveType: 'outgoing',
    lines: [{ productId: p, quantity: '1', lotId: i % 2 ? lot : null, fromLocationId: k.loc.stock, toLocationId: k.loc.customers }] })));
  expect(rs.map(why).sort()).toEqual(outcome(1, 12));
  expect(await k.onHand(p)).toBe('0.000000');
  expect(await movesOut(p)).toEqual([{ lot, q: '1.000000' }]);
  await clean();
});

it('two lots of one unit each, 14 parallel no-lot deliveries and transfers of one unit: exactly two succeed, one per lot', async () => {
  const p = await k.product({ cost: '3' });
  await k.receive(p, '1', '4', { lotName: 'A', expiryDate: '2027-01-01' });
  await k.receive(p, '1', '5', { lotName: 'B', expiryDate: '2027-02-01' });
  const shelf = await k.location('Shelf lots');
  const rs = await Promise.allSettled(Array.from({ length: 14 }, (_, i) => k.post({ ...base, reference: `N${i}`, moveType: i % 2 ? 'outgoing' : 'internal',
    lines: [{ productId: p, quantity: '1', fromLocationId: k.loc.stock, toLocationId: i % 2 ? k.loc.customers : shelf }] })));
  expect(rs.map(why).sort()).toEqual(outcome(2, 14));
  expect(await k.onHand(p)).toBe('0.000000');
  expect((await movesOut(p)).map((m) => m.lot).sort()).toEqual([await lotOf(p, 'A'), await lotOf(p, 'B')].sort());
  await clean();
});

it('one line naming the lot and one naming none in each of 8 parallel deliveries of a product with 2 units: exactly one succeeds', async () => {
  const p = await k.product({ cost: '3' });
  await k.receive(p, '1', '4', { lotName: 'X' });
  await k.receive(p, '1', '6', { lotName: 'Y' });
  const x = await lotOf(p, 'X');
  const rs = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => k.post({ ...base, reference: `P${i}`, moveType: 'outgoing', lines: [
    { productId: p, quantity: '1', lotId: x, fromLocationId: k.loc.stock, toLocationId: k.loc.customers },
    { productId: p, quantity: '1', fromLocationId: k.loc.stock, toLocationId: k.loc.customers }] })));
  expect(rs.map(why).sort()).toEqual(outcome(1, 8));
  expect(await k.onHand(p)).toBe('0.000000');
  expect((await movesOut(p)).map((m) => m.lot).sort()).toEqual([x, await lotOf(p, 'Y')].sort());
  await clean();
});

it('through HTTP: 10 parallel one-request deliveries naming the last unit of a lot: one 201, nine 422 "Quantity Not Available"', async () => {
  const p = await k.product({ cost: '3' });
  await k.receive(p, '1', '4', { lotName: 'H1' });
  const lot = await lotOf(p, 'H1');
  const rs = await Promise.all(Array.from({ length: 10 }, () =>
    postDelivery(t.admin, k, [{ productId: p, quantity: '1', lotId: lot }], { validate: true, deliveryDate: '2026-05-01' })));
  const got = rs.map((r) => (r.statusCode === 201 ? `201 ${r.json().status}` : `${r.statusCode} ${r.json().error?.message}`)).sort();
  expect(got).toEqual(['201 done', ...Array(9).fill('422 Quantity Not Available')]);
  // the refused ones left no delivery behind
  const [d] = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM deliveries WHERE company_id = ${k.ctx.companyId}`);
  expect(d!.n).toBe(1);
  expect(await k.onHand(p, k.loc.stock, lot)).toBe('0.000000');
  await clean();
});
