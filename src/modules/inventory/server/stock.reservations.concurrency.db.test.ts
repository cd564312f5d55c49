import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { inTx, type Tx } from '../../../core/db/tx';
import { AppError } from '../../../core/http/errors';
import { reserveStock, stockQuantities, verifyStock } from '../index';
import { postStock } from './stock.post';
import { type StockKit, stockKit } from './test-kit';

/**
 * Reservations under concurrency: on PostgreSQL the transactions really overlap (on PGlite they queue). Each runs
 * in a transaction opened WITHOUT withTx's retry (inTx makes the services join it), so a deadlock fails the test.
 */
let t: TestApp;
let k: StockKit;
beforeAll(async () => { t = await testApp(); k = await stockKit(t); });
afterAll(async () => { await t?.close(); });

const once = <T>(fn: (tx: Tx) => Promise<T>) => t.db.orm.transaction((tx) => inTx(t.db, tx, () => fn(tx)));

it('parallel reservations and deliveries never make available negative, nor deadlock', async () => {
  const p = await k.product({ cost: '2' });
  await k.receive(p, '20', '2');
  const ops = Array.from({ length: 36 }, (_, i) => (i % 4 === 3
    ? once((tx) => postStock(tx, k.ctx, { date: '2026-03-10', reference: `D${i}`, moveType: 'outgoing', source: { type: 'test', id: i },
      lines: [{ productId: p, quantity: '1', fromLocationId: k.loc.stock, toLocationId: k.loc.customers }] }).then(() => ({ delivered: '1', reserved: '0' })))
    : once(() => reserveStock(k.ctx, { productId: p, locationId: k.loc.stock, quantity: String(1 + (i % 3)), source: { type: 'salesOrder', id: i + 1 } }))
      .then((r) => ({ delivered: '0', reserved: r.quantity }))));
  const results = await Promise.allSettled(ops);
  const unexpected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'
    && !(r.reason instanceof AppError && r.reason.messageIn('en') === 'Quantity Not Available'));
  expect(unexpected.map((r) => String(r.reason))).toEqual([]);
  const ok = results.filter((r): r is PromiseFulfilledResult<{ delivered: string; reserved: string }> => r.status === 'fulfilled').map((r) => r.value);
  const reserved = ok.reduce((s, r) => s + Number(r.reserved), 0);
  const delivered = ok.reduce((s, r) => s + Number(r.delivered), 0);
  expect(reserved + delivered).toBeLessThanOrEqual(20);
  expect(results.some((r) => r.status === 'rejected')).toBe(true);
  const q = (await stockQuantities(k.ctx, { productIds: [p] }))[0]!;
  expect([Number(q.onHand), Number(q.reserved)]).toEqual([20 - delivered, reserved]);
  expect(Number(q.available)).toBeGreaterThanOrEqual(0);
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
});
