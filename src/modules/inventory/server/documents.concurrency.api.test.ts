import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { txCounters } from '../../../core/db/tx';
import { postDelivery } from './documents.test-kit';
import { verifyStock } from './stock.verify';
import { type StockKit, stockKit } from './test-kit';

/**
 * The stock documents under parallel HTTP requests (attack 5 and the lock order). On PostgreSQL the requests
 * really overlap; on PGlite they queue. Every transaction the server opens is watched: a deadlock (40P01) or
 * serialization failure (40001) would be retried away by withTx, so the test counts them and wants none.
 */
let t: TestApp;
let k: StockKit;
const retriedFrom = txCounters.retried.length;
const retried = () => txCounters.retried.slice(retriedFrom);

beforeAll(async () => {
  t = await testApp();
  k = await stockKit(t);
});
afterAll(async () => { await t?.close(); });

/**
 * What a race changed, for its refused requests: each request's first transaction writes the request's key
 * (core/db/request-key.ts), so a refused request that had committed anything would have left its key too. The race
 * must leave as many keys as it has answers of 200, and its other changes are its successes' (checked by each test).
 */
const keysOf = (c: ReturnType<typeof changes>) => c.idempotency_keys?.inserted.length ?? 0;

const numbers = async (prefix: string) => (await k.q<{ number: string }>(sql`
  SELECT number FROM deliveries WHERE number LIKE ${prefix + '%'} UNION ALL SELECT number FROM transfers WHERE number LIKE ${prefix + '%'}
  UNION ALL SELECT number FROM stock_adjustments WHERE number LIKE ${prefix + '%'} ORDER BY 1`)).map((r) => r.number);

it('20 parallel validations of deliveries of the last unit: one is done, 19 get "Quantity Not Available", on hand 0', async () => {
  const p = await k.product({ name: 'Last one', cost: '3' });
  await k.receive(p, '1', '4');
  const ids: number[] = [];
  for (let i = 0; i < 20; i++) {
    const r = await postDelivery(t.admin, k, [{ productId: p, quantity: '1' }], { deliveryDate: '2026-05-01' });
    expect(r.statusCode, r.body).toBe(201);
    ids.push(r.json().id);
  }
  const seen = txCounters.opened;
  const before = await picture(t.db);
  const res = await Promise.all(ids.map((id) => t.admin.post(`/api/inventory/deliveries/${id}/validate`, {})));
  expect(txCounters.opened - seen, 'every validation ran in a watched transaction').toBeGreaterThanOrEqual(20);
  expect(res.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(422)]);
  expect(res.filter((r) => r.statusCode === 422).map((r) => r.json().error.message)).toEqual(Array(19).fill('Quantity Not Available'));
  expect(await k.onHand(p)).toBe('0.000000');
  const done = res.find((r) => r.statusCode === 200)!.json();
  expect(done).toMatchObject({ status: 'done', number: 'DEL/2026/00001', totalCost: '4.0000' });
  expect(await numbers('DEL/')).toEqual(['DEL/2026/00001']);
  const drafts = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM deliveries WHERE status = 'draft' AND number IS NULL AND id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  expect(drafts[0]!.n).toBe(19);
  // the 19 refused validations left nothing behind (tests/support/db-diff.ts): one request's key, the done delivery
  // the only one changed, its one move the only move
  const raced = changes(before, await picture(t.db));
  expect(keysOf(raced)).toBe(1);
  expect(raced.deliveries).toEqual({ inserted: [], deleted: [], updated: [expect.objectContaining({ key: String(done.id) })] });
  expect(raced.stock_moves!.inserted.map((m) => [m.source_type, m.source_id])).toEqual([['delivery', String(done.id)]]);
  expect(await k.balance(k.acc('5101'))).toBe('4.0000');
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect(retried()).toEqual([]);
});

it('crossing transfers (A -> B and B -> A, products in opposite orders) all finish, without deadlock or retry', async () => {
  const shelf = await k.location('Crossing shelf');
  const p1 = await k.product({ name: 'Cross 1' });
  const p2 = await k.product({ name: 'Cross 2' });
  for (const loc of [k.loc.stock, shelf]) {
    for (const p of [p1, p2]) await k.receive(p, '50', '1', { toLocationId: loc });
  }
  const make = async (from: number, to: number, order: number[]) => (await t.admin.post('/api/inventory/transfers', {
    fromLocationId: from, toLocationId: to, transferDate: '2026-05-02', items: order.map((productId) => ({ productId, quantity: '1' })),
  })).json().id as number;
  const ids: number[] = [];
  for (let i = 0; i < 12; i++) ids.push(i % 2 ? await make(k.loc.stock, shelf, [p2, p1]) : await make(shelf, k.loc.stock, [p1, p2]));
  const res = await Promise.all(ids.map((id) => t.admin.post(`/api/inventory/transfers/${id}/validate`, {})));
  expect(res.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
  expect([await k.onHand(p1), await k.onHand(p1, shelf), await k.onHand(p2), await k.onHand(p2, shelf)]).toEqual(['50.000000', '50.000000', '50.000000', '50.000000']);
  const nums = await numbers('TRF/');
  expect(nums).toEqual(Array.from({ length: 12 }, (_, i) => `TRF/2026/${String(i + 1).padStart(5, '0')}`));
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect(retried()).toEqual([]);
});

it('parallel partial receipts of one receipt never receive more than ordered', async () => {
  const p = await k.product({ name: 'Parallel receipt' });
  const r = (await t.admin.post('/api/inventory/receipts', { receiptDate: '2026-05-03', locationId: k.loc.stock, items: [{ productId: p, quantity: '3', unitCost: '2' }] })).json();
  expect((await t.admin.post(`/api/inventory/receipts/${r.id}/approve`, {})).statusCode).toBe(200);
  const before = await picture(t.db);
  const res = await Promise.all(Array.from({ length: 6 }, () => t.admin.post(`/api/inventory/receipts/${r.id}/receivePartial`, { items: [{ index: 0, quantity: '1' }] })));
  expect(res.map((x) => x.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
  // the three refused (409) left nothing behind (tests/support/db-diff.ts): three requests' keys, three moves of 1
  const raced = changes(before, await picture(t.db));
  expect(keysOf(raced)).toBe(3);
  expect(raced.stock_moves!.inserted.map((m) => m.quantity)).toEqual(['1.000000', '1.000000', '1.000000']);
  const after = (await t.admin.get(`/api/inventory/receipts/${r.id}`)).json();
  expect(after).toMatchObject({ status: 'received' });
  expect(after.items[0].receivedQuantity).toBe('3');
  expect(await k.onHand(p)).toBe('3.000000');
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
});

it('parallel confirms of one adjustment post it once; deliveries during a count leave on hand = counted', async () => {
  const p = await k.product({ name: 'Counted', cost: '2' });
  await k.receive(p, '40', '2');
  const ac = await t.admin.post('/api/inventory/stock-adjustments', { locationId: k.loc.stock, date: '2026-05-04', reason: 'physical_count', items: [{ productId: p, countedQuantity: '30' }] });
  expect(ac.statusCode, ac.body).toBe(201);
  const a = ac.json();
  const dels: number[] = [];
  for (let i = 0; i < 4; i++) {
    dels.push((await postDelivery(t.admin, k, [{ productId: p, quantity: '1' }], { destinationType: 'other', deliveryDate: '2026-05-04' })).json().id);
  }
  const before = await picture(t.db);
  const res = await Promise.all([
    ...Array.from({ length: 4 }, () => t.admin.post(`/api/inventory/stock-adjustments/${a.id}/confirm`, {})),
    ...dels.map((id) => t.admin.post(`/api/inventory/deliveries/${id}/validate`, {})),
  ]);
  const confirms = res.slice(0, 4).map((r) => r.statusCode).sort();
  expect(confirms).toEqual([200, 409, 409, 409]);
  expect(res.slice(4).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  // the three refused confirms (409) left nothing behind (tests/support/db-diff.ts): five requests' keys (one
  // confirm, four deliveries), the adjustment's moves those of one confirm
  const raced = changes(before, await picture(t.db));
  expect(keysOf(raced)).toBe(5);
  expect(raced.stock_moves!.inserted.filter((m) => m.source_type === 'stockAdjustment').map((m) => m.source_id)).toEqual([String(a.id)]);
  expect(raced.stock_moves!.inserted.filter((m) => m.source_type === 'delivery')).toHaveLength(4);
  // the count fixed on hand at 30 when it was confirmed; the deliveries validated after it took 1 each
  const adj = (await t.admin.get(`/api/inventory/stock-adjustments/${a.id}`)).json();
  const deliveredAfter = (await k.q<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM stock_moves m WHERE m.source_type = 'delivery' AND m.product_id = ${p}
      AND m.id > (SELECT max(id) FROM stock_moves WHERE source_type = 'stockAdjustment' AND source_id = ${a.id})`))[0]!.n;
  expect(await k.onHand(p)).toBe(`${30 - deliveredAfter}.000000`);
  expect(Number(adj.items[0].currentQuantity) + Number(adj.items[0].differenceQuantity)).toBe(30);
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect(retried()).toEqual([]);
});
