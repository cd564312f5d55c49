import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { documentsApp, entriesOf, hiddenFromOther, layers, movesOf, refusedInBoth } from './documents.test-kit';
import { locationOf, otherCompany } from './master-data.test-kit';
import type { StockKit } from './test-kit';

/** Transfers: quantities move between two internal locations, valuation and the ledger stay as they were. */
let t: TestApp;
let k: StockKit;
let ar: Client;
let shelf: number;

beforeAll(async () => {
  ({ t, k, ar } = await documentsApp());
  shelf = await k.location('Shelf B');
});
afterAll(async () => { await t?.close(); });

const create = (items: unknown[], o: Record<string, unknown> = {}, c: Client = t.admin) => c.post('/api/inventory/transfers', {
  fromLocationId: k.loc.stock, toLocationId: shelf, transferDate: '2026-04-03', items, ...o,
});

describe('transfer flow', () => {
  it('moves the quantities with a number, no entry, and the same valuation', async () => {
    const p = await k.product({ name: 'Tile', cost: '3' });
    await k.receive(p, '30', '3');
    const inv = await k.balance(k.acc('1104'));
    const c = await create([{ productId: p, quantity: '1', uomId: k.uom('Dozen') }, { productId: p, quantity: '2.5' }]);
    expect(c.statusCode, c.body).toBe(201);
    const v = await t.admin.post(`/api/inventory/transfers/${c.json().id}/validate`, {});
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({ status: 'done', number: 'TRF/2026/00001' });
    expect(await k.onHand(p, k.loc.stock)).toBe('15.500000');
    expect(await k.onHand(p, shelf)).toBe('14.500000');
    expect((await movesOf(t, 'transfer', c.json().id)).map((m) => [m.quantity, m.uomQuantity, m.value, m.moveType])).toEqual([
      ['12.000000', '1.000000', '0.0000', 'internal'], ['2.500000', '2.500000', '0.0000', 'internal'],
    ]);
    expect(await entriesOf(t, 'transfer', c.json().id)).toEqual([]);
    expect(await k.balance(k.acc('1104'))).toBe(inv);
    expect(await layers(t, p)).toMatchObject({ qty: '30.000000', value: '90.0000' });
    // and back again, the whole of it
    const back = (await create([{ productId: p, quantity: '14.5' }], { fromLocationId: shelf, toLocationId: k.loc.stock })).json();
    expect((await t.admin.post(`/api/inventory/transfers/${back.id}/validate`, {})).json().number).toBe('TRF/2026/00002');
    expect(await k.onHand(p, shelf)).toBe('0.000000');
    expect(await k.onHand(p, k.loc.stock)).toBe('30.000000');
  });

  it('refuses moving more than is at the source ("Quantity Not Available"), nothing written', async () => {
    const p = await k.product({ name: 'Brick' });
    await k.receive(p, '1', '1');
    const d = (await create([{ productId: p, quantity: '2' }])).json();
    await refusedInBoth(t, (c) => c.post(`/api/inventory/transfers/${d.id}/validate`, {}), t.admin, ar, {
      status: 422, en: 'Quantity Not Available', ar: 'الكمية غير متوفرة',
    });
  });
});

describe('transfer bad input (both languages, nothing saved)', () => {
  it('refuses the same location, a scrap destination, a counterpart and a foreign location', async () => {
    const p = await k.product();
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { toLocationId: k.loc.stock }, c), t.admin, ar, {
      status: 422, en: 'The source and destination locations must be different', ar: 'يجب أن يختلف موقع المصدر عن موقع الوجهة', field: 'toLocationId',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { toLocationId: k.loc.scrap }, c), t.admin, ar, {
      status: 422, en: 'Use a scrap to move stock into a scrap location', ar: 'استخدم مستند إتلاف لنقل المخزون إلى موقع إتلاف', field: 'toLocationId',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { fromLocationId: k.loc.scrap }, c), t.admin, ar, {
      status: 422, en: 'Cannot take stock out of a scrap location', ar: 'لا يمكن صرف مخزون من موقع إتلاف', field: 'fromLocationId',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { fromLocationId: k.loc.adjustment }, c), t.admin, ar, {
      status: 422, en: 'The location Inventory adjustment is not an internal stock location', ar: 'الموقع تسويات المخزون ليس موقع مخزون داخليًا', field: 'fromLocationId',
    });
    const other = await otherCompany(t, 'trf-other');
    const foreign = await locationOf(other, 'Stock');
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { toLocationId: foreign }, c), t.admin, ar, {
      status: 422, en: 'The location does not exist', ar: 'الموقع غير موجود', field: 'toLocationId',
    });
    const inactive = await k.location('Old shelf');
    const loc = (await t.admin.get(`/api/inventory/locations/${inactive}`)).json();
    expect((await t.admin.patch(`/api/inventory/locations/${inactive}`, { isActive: false, version: loc.version })).statusCode).toBe(200);
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { toLocationId: inactive }, c), t.admin, ar, {
      status: 422, en: 'The location Old shelf is inactive', ar: 'الموقع Old shelf غير نشط', field: 'toLocationId',
    });
  });

  it('a draft is edited (checked again), a done transfer is not; another company sees 404', async () => {
    const p = await k.product();
    await k.receive(p, '5', '1');
    const d = (await create([{ productId: p, quantity: 1 }])).json();
    const e = await t.admin.patch(`/api/inventory/transfers/${d.id}`, { items: [{ productId: p, quantity: '2' }], version: d.version });
    expect(e.statusCode, e.body).toBe(200);
    await refusedInBoth(t, (c) => c.patch(`/api/inventory/transfers/${d.id}`, { toLocationId: k.loc.stock, version: e.json().version }), t.admin, ar, {
      status: 422, en: 'The source and destination locations must be different', ar: 'يجب أن يختلف موقع المصدر عن موقع الوجهة',
    });
    const other = await otherCompany(t, 'trf-spy');
    await hiddenFromOther(t, other, '/api/inventory/transfers', d.id, ['validate']);
    const v = await t.admin.post(`/api/inventory/transfers/${d.id}/validate`, {});
    expect(v.json().items[0].quantity).toBe('2');
    const done = await t.admin.patch(`/api/inventory/transfers/${d.id}`, { notes: 'x', version: v.json().version });
    expect(done.statusCode).toBe(409);
    expect(done.json().error.message).toBe('Only a Draft document can be changed or deleted');
  });
});
