import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedBy, changes, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { documentsApp, hiddenFromOther, postDelivery } from './documents.test-kit';
import { otherCompany } from './master-data.test-kit';
import { type StockKit, stockKit } from './test-kit';

/**
 * Attack 1 (/work/shared/research/invariants-and-attacks.md) on the stock documents and the stock records:
 * - another company's user gets 404 on our delivery, transfer, scrap, adjustment and opening by id: reading, every
 *   transition (hiddenFromOther), PATCH and DELETE; and on our lots, stock moves, valuation layers and locations;
 *   the same PATCH and DELETE by us go through (so the 404 is the company's wall, not a missing route), except on
 *   stock moves and valuation layers (and a lot's DELETE), which nobody may change;
 * - their lot or unit on a line of our delivery (also validated in one request), transfer, scrap or adjustment, or
 *   their inventory account on our opening, on create and on PATCH of our draft: 422;
 * - `companyId`, `createdBy`, `updatedBy` in a create or PATCH body are not taken.
 * Every refusal is checked against a picture of the whole database (tests/support/db-diff.ts).
 */
let t: TestApp;
let k: StockKit;
let other: Client;
let k2: StockKit;
let shelf: number;
beforeAll(async () => {
  ({ t, k } = await documentsApp());
  other = await otherCompany(t, 'inv-attacker');
  k2 = await stockKit(t, other);
  shelf = await k.location('Shelf A1');
});
afterAll(async () => { await t?.close(); });

type Res = Awaited<ReturnType<Client['post']>>;
/** `fn` run, and not a row of any table changed (sign-in sessions aside). */
const writesNothing = async (fn: () => Promise<void>) => expect(await changedBy(t.db, fn)).toEqual({});
const created = (r: Res) => {
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: number; version: number };
};
const lotOf = async (c: Client, p: number) => (await c.get(`/api/inventory/lots?filter[productId]=${p}`)).json().items[0].id as number;

/** Our five draft documents of product `p` (10 in stock, lot `lotId`): url, id, transitions, a PATCH body. */
async function drafts(p: number, lotId: number) {
  const line = { productId: p, quantity: '1', lotId };
  return [
    ['/api/inventory/deliveries', created(await postDelivery(t.admin, k, [line])), ['validate', 'cancel'], { notes: 'changed' }],
    ['/api/inventory/transfers', created(await t.admin.post('/api/inventory/transfers', { fromLocationId: k.loc.stock, toLocationId: shelf, transferDate: '2026-04-03', items: [line] })), ['validate', 'cancel'], { notes: 'changed' }],
    ['/api/inventory/scraps', created(await t.admin.post('/api/inventory/scraps', { sourceLocationId: k.loc.stock, scrapLocationId: k.loc.scrap, scrapDate: '2026-04-04', reason: 'broken', items: [line] })), ['validate', 'cancel'], { reason: 'changed' }],
    ['/api/inventory/stock-adjustments', created(await t.admin.post('/api/inventory/stock-adjustments', { locationId: k.loc.stock, date: '2026-04-05', reason: 'physical_count', items: [{ productId: p, lotId, countedQuantity: '9' }] })), ['confirm', 'cancel'], { notes: 'changed' }],
    ['/api/inventory/beginning-balances', created(await t.admin.post('/api/inventory/beginning-balances', { referenceNumber: 'OB-1', date: '2026-01-01', locationId: k.loc.stock, items: [{ productId: p, quantity: '1', unitCost: '1' }] })), ['post', 'cancel'], { notes: 'changed' }],
  ] as const;
}

describe('another company, by id', () => {
  it('gets 404 on our draft delivery, transfer, scrap, adjustment and opening: GET, transitions, PATCH, DELETE; nothing changes', async () => {
    const p = await k.product({ name: 'Walled', cost: '2' });
    await k.receive(p, '10', '2', { lotName: 'W-1' });
    const docs = await drafts(p, await lotOf(t.admin, p));
    for (const [url, d, transitions] of docs) await hiddenFromOther(t, other, url, d.id, [...transitions]);
    await writesNothing(async () => {
      for (const [url, d, , body] of docs) {
        expect([url, (await other.patch(`${url}/${d.id}`, { ...body, version: d.version })).statusCode]).toEqual([url, 404]);
        expect([url, (await other.del(`${url}/${d.id}`)).statusCode]).toEqual([url, 404]);
      }
    });
    // the same PATCH and DELETE by us are taken
    for (const [url, d, , body] of docs) {
      const mine = await t.admin.patch(`${url}/${d.id}`, { ...body, version: d.version });
      expect([url, mine.statusCode, mine.json().status]).toEqual([url, 200, 'draft']);
      expect(mine.json()).toMatchObject(body);
      expect([url, (await t.admin.del(`${url}/${d.id}`)).statusCode]).toEqual([url, 204]);
    }
  });

  it('gets 404 on our lots, stock moves, valuation layers and locations, reading and changing; finds none of them in lists', async () => {
    const p = await k.product({ name: 'Ledgered', cost: '2' });
    await k.receive(p, '10', '2', { lotName: 'LG-1' });
    const lot = await lotOf(t.admin, p);
    const loc = await k.location('Shelf walled');
    const [move] = await k.q<{ id: number }>(sql`SELECT id FROM stock_moves WHERE product_id = ${p}`);
    const [layer] = await k.q<{ id: number }>(sql`SELECT id FROM stock_valuation_layers WHERE product_id = ${p}`);
    const records = [['lots', lot, { notes: 'theirs' }], ['locations', loc, { name: 'Theirs' }], ['stock-moves', move!.id, { notes: 'theirs' }], ['valuation-layers', layer!.id, { quantity: '0' }]] as const;
    for (const [path, id] of records) expect([path, (await t.admin.get(`/api/inventory/${path}/${id}`)).statusCode]).toEqual([path, 200]);
    await writesNothing(async () => {
      for (const [path, id, body] of records) {
        const url = `/api/inventory/${path}/${id}`;
        expect([path, (await other.get(url)).statusCode, (await other.patch(url, body)).statusCode, (await other.del(url)).statusCode]).toEqual([path, 404, 404, 404]);
      }
      for (const path of ['lots', 'stock-moves', 'valuation-layers']) {
        expect([path, (await other.get(`/api/inventory/${path}?filter[productId]=${p}`)).json().total]).toEqual([path, 0]);
      }
    });
    // what of them may be changed at all, we can change (their 404 is the company's wall); stock moves and valuation
    // layers have no PATCH or DELETE for anyone, and a lot no DELETE
    expect((await t.admin.patch(`/api/inventory/lots/${lot}`, { notes: 'ours' })).statusCode).toBe(200);
    expect((await t.admin.patch(`/api/inventory/locations/${loc}`, { name: 'Shelf renamed' })).statusCode).toBe(200);
    expect((await t.admin.del(`/api/inventory/locations/${loc}`)).statusCode).toBe(204);
    for (const [path, id, body] of records.slice(2)) {
      const url = `/api/inventory/${path}/${id}`;
      expect([path, (await t.admin.patch(url, body)).statusCode, (await t.admin.del(url)).statusCode]).toEqual([path, 404, 404]);
    }
    expect((await t.admin.del(`/api/inventory/lots/${lot}`)).statusCode).toBe(404);
  });
});

describe("another company's lot, unit or account on our documents", () => {
  it('422 on create and on PATCH of our draft, delivery validated in one request too; nothing written', async () => {
    const p = await k.product({ name: 'Ours', cost: '2' });
    await k.receive(p, '10', '2', { lotName: 'O-1' });
    const theirs = await k2.product({ name: 'Theirs', cost: '2' });
    await k2.receive(theirs, '5', '2', { lotName: 'T-1' });
    const theirLot = await lotOf(other, theirs);
    const theirUnit = k2.uom('Unit');
    const theirStockAccount = k2.acc('1104');
    const docs = await drafts(p, await lotOf(t.admin, p));
    const byUrl = (u: string) => docs.find(([url]) => url === u)![1];
    const lotMsg = 'Item 1: the lot does not belong to this product';
    const unitMsg = 'Item 1: the unit of measure does not exist';
    const move = (extra: Record<string, unknown>) => [{ productId: p, quantity: '1', ...extra }];
    const transfer = (items: unknown) => ({ fromLocationId: k.loc.stock, toLocationId: shelf, transferDate: '2026-04-03', items });
    const scrap = (items: unknown) => ({ sourceLocationId: k.loc.stock, scrapLocationId: k.loc.scrap, scrapDate: '2026-04-04', reason: 'x', items });
    const opening = (o: Record<string, unknown>) => ({ referenceNumber: 'OB-X', date: '2026-01-01', locationId: k.loc.stock, items: [{ productId: p, quantity: '1', unitCost: '1' }], ...o });
    const cases: [string, () => Promise<Res>, string][] = [
      ['delivery lot', () => postDelivery(t.admin, k, move({ lotId: theirLot })), lotMsg],
      ['delivery lot, validated at once', () => postDelivery(t.admin, k, move({ lotId: theirLot }), { validate: true }), lotMsg],
      ['delivery unit', () => postDelivery(t.admin, k, move({ uomId: theirUnit })), unitMsg],
      ['delivery unit, validated at once', () => postDelivery(t.admin, k, move({ uomId: theirUnit }), { validate: true }), unitMsg],
      ['transfer lot', () => t.admin.post('/api/inventory/transfers', transfer(move({ lotId: theirLot }))), lotMsg],
      ['transfer unit', () => t.admin.post('/api/inventory/transfers', transfer(move({ uomId: theirUnit }))), unitMsg],
      ['scrap lot', () => t.admin.post('/api/inventory/scraps', scrap(move({ lotId: theirLot }))), lotMsg],
      ['scrap unit', () => t.admin.post('/api/inventory/scraps', scrap(move({ uomId: theirUnit }))), unitMsg],
      ['adjustment lot', () => t.admin.post('/api/inventory/stock-adjustments', { locationId: k.loc.stock, date: '2026-04-05', reason: 'physical_count', items: [{ productId: p, lotId: theirLot, countedQuantity: '3' }] }), lotMsg],
      ['opening account', () => t.admin.post('/api/inventory/beginning-balances', opening({ inventoryAccountId: theirStockAccount })), ''],
      ['opening unit', () => t.admin.post('/api/inventory/beginning-balances', opening({ items: [{ productId: p, quantity: '1', unitCost: '1', uomId: theirUnit }] })), unitMsg],
      ['PATCH delivery lot', () => t.admin.patch(`/api/inventory/deliveries/${byUrl('/api/inventory/deliveries').id}`, { items: move({ lotId: theirLot }) }), lotMsg],
      ['PATCH delivery unit', () => t.admin.patch(`/api/inventory/deliveries/${byUrl('/api/inventory/deliveries').id}`, { items: move({ uomId: theirUnit }) }), unitMsg],
      ['PATCH transfer lot', () => t.admin.patch(`/api/inventory/transfers/${byUrl('/api/inventory/transfers').id}`, { items: move({ lotId: theirLot }) }), lotMsg],
      ['PATCH scrap lot', () => t.admin.patch(`/api/inventory/scraps/${byUrl('/api/inventory/scraps').id}`, { items: move({ lotId: theirLot }) }), lotMsg],
      ['PATCH adjustment lot', () => t.admin.patch(`/api/inventory/stock-adjustments/${byUrl('/api/inventory/stock-adjustments').id}`, { items: [{ productId: p, lotId: theirLot, countedQuantity: '3' }] }), lotMsg],
      ['PATCH opening account', () => t.admin.patch(`/api/inventory/beginning-balances/${byUrl('/api/inventory/beginning-balances').id}`, { inventoryAccountId: theirStockAccount }), ''],
    ];
    await writesNothing(async () => {
      for (const [name, send, msg] of cases) {
        const r = await send();
        const err = r.json().error;
        expect([name, r.statusCode], r.body).toEqual([name, 422]);
        if (msg) expect([name, err.message]).toEqual([name, msg]);
        else expect([name, Object.keys(err.fields ?? {})]).toEqual([name, ['inventoryAccountId']]);
      }
    });
    // our own account on the opening is taken
    expect(created(await t.admin.post('/api/inventory/beginning-balances', opening({ inventoryAccountId: k.acc('1104') })))).toMatchObject({ inventoryAccountId: k.acc('1104') });
  });
});

describe('fields a client may not set', () => {
  it('companyId, createdBy and updatedBy in a create or PATCH body are not taken, on each of the five documents', async () => {
    const p = await k.product({ name: 'Owned', cost: '2' });
    await k.receive(p, '10', '2', { lotName: 'OW-1' });
    const me = (await t.admin.get('/api/auth/me')).json();
    const them = (await other.get('/api/auth/me')).json();
    const forged = { companyId: them.company.id, createdBy: them.user.id, updatedBy: them.user.id };
    expect([forged.companyId === me.company.id, forged.createdBy === me.user.id]).toEqual([false, false]);
    const line = { productId: p, quantity: '1' };
    const docs: [string, string, Record<string, unknown>][] = [
      ['deliveries', '/api/inventory/deliveries', { destinationType: 'customer', deliveryDate: '2026-04-02', locationId: k.loc.stock, items: [line] }],
      ['transfers', '/api/inventory/transfers', { fromLocationId: k.loc.stock, toLocationId: shelf, transferDate: '2026-04-03', items: [line] }],
      ['scraps', '/api/inventory/scraps', { sourceLocationId: k.loc.stock, scrapLocationId: k.loc.scrap, scrapDate: '2026-04-04', reason: 'x', items: [line] }],
      ['stock_adjustments', '/api/inventory/stock-adjustments', { locationId: k.loc.stock, date: '2026-04-05', reason: 'physical_count', items: [{ productId: p, countedQuantity: '9' }] }],
      ['inventory_openings', '/api/inventory/beginning-balances', { referenceNumber: 'OB-F', date: '2026-01-01', locationId: k.loc.stock, items: [{ productId: p, quantity: '1', unitCost: '1' }] }],
    ];
    const owner = [String(me.company.id), String(me.user.id), String(me.user.id)];
    for (const [table, url, body] of docs) {
      const d = created(await t.admin.post(url, { ...body, ...forged }));
      const row = async () => {
        const [r] = await k.q<{ c: number; cb: number; ub: number }>(sql`SELECT company_id AS c, created_by AS cb, updated_by AS ub FROM ${sql.identifier(table)} WHERE id = ${d.id}`);
        return [String(r!.c), String(r!.cb), String(r!.ub)];
      };
      expect([table, ...(await row())]).toEqual([table, ...owner]);
      expect((await other.get(`${url}/${d.id}`)).statusCode).toBe(404);
      const patched = await t.admin.patch(`${url}/${d.id}`, { ...forged, version: d.version });
      expect([table, patched.statusCode]).toEqual([table, 200]);
      expect([table, ...(await row())]).toEqual([table, ...owner]);
      expect((await t.admin.get(`${url}/${d.id}`)).statusCode).toBe(200);
    }
  });
});
