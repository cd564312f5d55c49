import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { documentsApp, entryLines, fingerprint, movesOf, postDelivery, productWithTwoLayers, refusedInBoth } from './documents.test-kit';
import { userWith } from './master-data.test-kit';
import type { StockKit } from './test-kit';

/**
 * POST /deliveries with "validate": true creates and validates a delivery in one request: the same answer, moves,
 * layers and entry as draft + /validate, audited as create then validate; a refusal leaves nothing (no draft
 * either); it needs the validate permission besides add.
 */
let t: TestApp;
let k: StockKit;
let ar: Client;

beforeAll(async () => {
  ({ t, k, ar } = await documentsApp());
});
afterAll(async () => { await t?.close(); });

describe('delivery in one request', () => {
  it('answers 201 with the done delivery, numbered, at FIFO cost, with its moves, entry and two audit rows', async () => {
    const p = await productWithTwoLayers(k, 'Kettle');
    const r = await postDelivery(t.admin, k, [{ productId: p, quantity: '12' }], { validate: true });
    expect(r.statusCode, r.body).toBe(201);
    const d = r.json();
    // FIFO: 10 @ 5 + 2 @ 8 = 66
    expect(d).toMatchObject({ status: 'done', number: 'DEL/2026/00001', totalCost: '66.0000', version: 2 });
    expect(d.items[0]).toMatchObject({ unitCost: '5.5000', value: '66.0000' });
    expect(d._refs).toMatchObject({ locationId: expect.any(String), entryId: expect.stringMatching(/\//) });
    expect(await movesOf(t, 'delivery', d.id)).toMatchObject([{ productId: p, quantity: '12.000000', value: '66.0000', reference: 'DEL/2026/00001', moveType: 'outgoing' }]);
    expect(await entryLines(t, d.entryId)).toEqual(['1104 0.0000 66.0000', '5101 66.0000 0.0000']);
    expect(await k.onHand(p)).toBe('8.000000');
    const history = (await t.admin.get(`/api/inventory/deliveries/${d.id}/history`)).json().items.map((h: { action: string }) => h.action);
    expect(history).toEqual(['validate', 'create']);
    // the same answer as reading it back
    expect((await t.admin.get(`/api/inventory/deliveries/${d.id}`)).json()).toEqual(d);
  });

  it('without "validate": true it is a draft as before', async () => {
    const p = await k.product({ name: 'Cup', cost: '2' });
    const r = await postDelivery(t.admin, k, [{ productId: p, quantity: '1' }], { validate: 'yes' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ status: 'draft', number: null });
  });

  it('refuses short stock in both languages and leaves no draft, no number, no move', async () => {
    const p = await k.product({ name: 'Plate', cost: '3' });
    await k.receive(p, '2', '3', { date: '2026-03-01' });
    await refusedInBoth(t, (c) => postDelivery(c, k, [{ productId: p, quantity: '5' }], { validate: true }), t.admin, ar,
      { status: 422, en: 'Quantity Not Available', ar: 'الكمية غير متوفرة', field: 'quantity' });
  });

  it('needs the validate permission besides add', async () => {
    const p = await k.product({ name: 'Bowl', cost: '3' });
    await k.receive(p, '2', '3', { date: '2026-03-01' });
    const clerk = await userWith(t, 'clerk1', ['inventory.delivery.view', 'inventory.delivery.add']);
    const before = await fingerprint(t);
    const r = await postDelivery(clerk, k, [{ productId: p, quantity: '1' }], { validate: true });
    expect(r.statusCode).toBe(403);
    expect(await fingerprint(t)).toBe(before);
    const [n] = (await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM deliveries WHERE created_by <> 1`)).rows as { n: number }[];
    expect(n!.n).toBe(0);
  });
});
