import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedBy, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { documentsApp, movesOf, postDelivery } from './documents.test-kit';
import { verifyStock } from './stock.verify';
import type { StockKit } from './test-kit';

/**
 * Invariant 9 and attack 4 (/work/shared/research/invariants-and-attacks.md) on the two stock postings a client
 * retries most: a delivery created and validated in one request, and a receipt's receivePartial. The same
 * Idempotency-Key with the same body, again or several times at once, gets the first answer (Idempotent-Replayed) and
 * writes nothing more: one delivery, one move, one received quantity. The same key with another body, or on another
 * route, is refused with 422 in English and Arabic and writes nothing (a picture of the whole database).
 */
let t: TestApp;
let k: StockKit;
let ar: Client;
beforeAll(async () => { ({ t, k, ar } = await documentsApp()); });
afterAll(async () => { await t?.close(); });

const key = (v: string) => ({ 'idempotency-key': v });
const mismatch = { en: 'This Idempotency-Key was already used with a different request', ar: 'مفتاح عدم التكرار هذا استُخدم مسبقًا مع طلب مختلف' };
const deliveriesOf = async (p: number) => (await k.q<{ id: number }>(sql`
  SELECT DISTINCT d.id FROM deliveries d, jsonb_array_elements(d.items) i WHERE (i->>'productId')::int = ${p} ORDER BY d.id`)).map((r) => r.id);
/** `fn` run, and not a row of any table changed (sign-in sessions aside). */
const writesNothing = async (fn: () => Promise<void>) => expect(await changedBy(t.db, fn)).toEqual({});
/** The same request as `send` in English and Arabic: 422 with the mismatch message in each. */
async function refusedMismatch(send: (c: Client) => ReturnType<Client['post']>) {
  await writesNothing(async () => {
    for (const [c, msg] of [[t.admin, mismatch.en], [ar, mismatch.ar]] as const) {
      const r = await send(c);
      expect([r.statusCode, r.json().error?.message]).toEqual([422, msg]);
    }
  });
}

describe('a delivery created and validated in one request', () => {
  const deliver = (c: Client, p: number, quantity: string, k2: string) => c.post('/api/inventory/deliveries', {
    destinationType: 'customer', deliveryDate: '2026-04-02', locationId: k.loc.stock, items: [{ productId: p, quantity }], validate: true,
  }, key(k2));

  it('replayed with the same key and body: the first answer, one delivery, one move, stock taken once', async () => {
    const p = await k.product({ name: 'Replayed', cost: '2' });
    await k.receive(p, '10', '2');
    const first = await deliver(t.admin, p, '3', 'del-seq');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'done', totalCost: '6.0000' });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    await writesNothing(async () => {
      for (let i = 0; i < 2; i++) {
        const again = await deliver(t.admin, p, '3', 'del-seq');
        expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
        expect(again.json()).toEqual(first.json());
      }
    });
    expect(await deliveriesOf(p)).toEqual([first.json().id]);
    expect(await movesOf(t, 'delivery', first.json().id)).toHaveLength(1);
    expect(await k.onHand(p)).toBe('7.000000');
  });

  it('6 requests at once with one key: one delivery, every answer that delivery', async () => {
    const p = await k.product({ name: 'Raced', cost: '2' });
    await k.receive(p, '10', '2');
    const rs = await Promise.all(Array.from({ length: 6 }, () => deliver(t.admin, p, '1', 'del-par')));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const ids = await deliveriesOf(p);
    expect(ids).toHaveLength(1);
    expect(rs.map((r) => r.json().id)).toEqual(Array(6).fill(ids[0]));
    expect(await k.onHand(p)).toBe('9.000000');
    expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  });

  it('the same key with another body, or on another route: 422 in both languages, nothing written', async () => {
    const p = await k.product({ name: 'Other body', cost: '2' });
    await k.receive(p, '10', '2');
    expect((await deliver(t.admin, p, '1', 'del-other')).statusCode).toBe(201);
    await refusedMismatch((c) => deliver(c, p, '2', 'del-other'));
    const shelf = await k.location('Idem shelf');
    await refusedMismatch((c) => c.post('/api/inventory/transfers', {
      fromLocationId: k.loc.stock, toLocationId: shelf, transferDate: '2026-04-02', items: [{ productId: p, quantity: '1' }] }, key('del-other')));
    expect(await deliveriesOf(p)).toHaveLength(1);
    expect(await k.onHand(p)).toBe('9.000000');
  });
});

describe('a receipt received in part', () => {
  async function approved(p: number) {
    const rc = (await t.admin.post('/api/inventory/receipts', { receiptDate: '2026-03-05', locationId: k.loc.stock, items: [{ productId: p, quantity: '10', unitCost: '2' }] })).json();
    expect((await t.admin.post(`/api/inventory/receipts/${rc.id}/approve`, {})).statusCode).toBe(200);
    return rc.id as number;
  }
  const part = (c: Client, id: number, quantity: string, k2: string) =>
    c.post(`/api/inventory/receipts/${id}/receivePartial`, { items: [{ index: 0, quantity }] }, key(k2));
  const received = async (id: number) => (await t.admin.get(`/api/inventory/receipts/${id}`)).json().items[0].receivedQuantity;

  it('replayed with the same key and body: the first answer, received once, one move', async () => {
    const p = await k.product({ name: 'Part seq', cost: '2' });
    const id = await approved(p);
    const first = await part(t.admin, id, '1', 'rp-seq');
    expect(first.statusCode, first.body).toBe(200);
    await writesNothing(async () => {
      for (let i = 0; i < 2; i++) {
        const again = await part(t.admin, id, '1', 'rp-seq');
        expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
        expect(again.json()).toEqual(first.json());
      }
    });
    expect(Number(await received(id))).toBe(1);
    expect(await movesOf(t, 'receipt', id)).toHaveLength(1);
    expect(await k.onHand(p)).toBe('1.000000');
    // without a key the same body is another part: received again
    expect((await t.admin.post(`/api/inventory/receipts/${id}/receivePartial`, { items: [{ index: 0, quantity: '1' }] })).statusCode).toBe(200);
    expect(Number(await received(id))).toBe(2);
  });

  it('5 requests at once with one key: received once', async () => {
    const p = await k.product({ name: 'Part par', cost: '2' });
    const id = await approved(p);
    const rs = await Promise.all(Array.from({ length: 5 }, () => part(t.admin, id, '1', 'rp-par')));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(Number(await received(id))).toBe(1);
    expect(await movesOf(t, 'receipt', id)).toHaveLength(1);
    expect(await k.onHand(p)).toBe('1.000000');
    expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  });

  it('the same key with another body, or on another route: 422 in both languages, nothing written', async () => {
    const p = await k.product({ name: 'Part other', cost: '2' });
    const id = await approved(p);
    expect((await part(t.admin, id, '1', 'rp-other')).statusCode).toBe(200);
    await refusedMismatch((c) => part(c, id, '2', 'rp-other'));
    await refusedMismatch((c) => c.post(`/api/inventory/receipts/${id}/receive`, {}, key('rp-other')));
    expect(Number(await received(id))).toBe(1);
    expect(await k.onHand(p)).toBe('1.000000');
  });
});
