import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { documentsApp, entryLines, hiddenFromOther, layers, movesOf, refusedInBoth } from './documents.test-kit';
import { locationOf, otherCompany } from './master-data.test-kit';
import type { StockKit } from './test-kit';

/** Scraps: stock leaves valuation into a scrap location at FIFO cost and the loss is posted. */
let t: TestApp;
let k: StockKit;
let ar: Client;

beforeAll(async () => {
  ({ t, k, ar } = await documentsApp());
});
afterAll(async () => { await t?.close(); });

const create = (items: unknown[], o: Record<string, unknown> = {}, c: Client = t.admin) => c.post('/api/inventory/scraps', {
  sourceLocationId: k.loc.stock, scrapLocationId: k.loc.scrap, scrapDate: '2026-04-04', reason: 'Broken', items, ...o,
});

describe('scrap flow', () => {
  it('writes the stock off at FIFO cost into the scrap location and posts Dr loss / Cr inventory', async () => {
    const p = await k.product({ name: 'Glass', cost: '2' });
    await k.receive(p, '4', '2.5');
    await k.receive(p, '6', '3');
    const c = await create([{ productId: p, quantity: '5' }]);
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json().totalCost).toBe('10.0000');
    const v = await t.admin.post(`/api/inventory/scraps/${c.json().id}/validate`, {});
    expect(v.statusCode, v.body).toBe(200);
    // 4 @ 2.5 + 1 @ 3 = 13
    expect(v.json()).toMatchObject({ status: 'done', number: 'SCR/2026/00001', totalCost: '13.0000' });
    expect(v.json().items[0]).toMatchObject({ unitCost: '2.6000', value: '13.0000' });
    expect(await k.onHand(p, k.loc.stock)).toBe('5.000000');
    expect(await k.onHand(p, k.loc.scrap)).toBe('5.000000');
    expect(await layers(t, p)).toMatchObject({ qty: '5.000000', value: '15.0000', remainingValue: '15.0000' });
    expect((await movesOf(t, 'scrap', c.json().id)).map((m) => [m.toLocationId, m.moveType, m.value])).toEqual([[k.loc.scrap, 'scrap', '13.0000']]);
    expect(await entryLines(t, v.json().entryId)).toEqual(['1104 0.0000 13.0000', '5106 13.0000 0.0000']);
  });

  it('refuses more than on hand, nothing written', async () => {
    const p = await k.product();
    const d = (await create([{ productId: p, quantity: '1' }])).json();
    await refusedInBoth(t, (c) => c.post(`/api/inventory/scraps/${d.id}/validate`, {}), t.admin, ar, { status: 422, en: 'Quantity Not Available', ar: 'الكمية غير متوفرة' });
  });
});

describe('scrap bad input (both languages, nothing saved)', () => {
  it('refuses a destination that is not a scrap location and a scrap location as source', async () => {
    const p = await k.product();
    const shelf = await k.location('Shelf S');
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { scrapLocationId: shelf }, c), t.admin, ar, {
      status: 422, en: 'The location Shelf S is not a scrap location', ar: 'الموقع Shelf S ليس موقع إتلاف', field: 'scrapLocationId',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { sourceLocationId: k.loc.scrap }, c), t.admin, ar, {
      status: 422, en: 'Cannot take stock out of a scrap location', ar: 'لا يمكن صرف مخزون من موقع إتلاف', field: 'sourceLocationId',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { scrapLocationId: null }, c), t.admin, ar, {
      status: 422, en: /./, ar: /./, field: 'scrapLocationId',
    });
    expect((await create([{ productId: p, quantity: 1 }], { scrapLocationId: null })).json().error.fields.scrapLocationId).toBe('Scrap location is required');
    const other = await otherCompany(t, 'scr-other');
    const theirScrap = await locationOf(other, 'Scrap');
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { scrapLocationId: theirScrap }, c), t.admin, ar, {
      status: 422, en: 'The location does not exist', ar: 'الموقع غير موجود', field: 'scrapLocationId',
    });
    const d = (await create([{ productId: p, quantity: 1 }])).json();
    await hiddenFromOther(t, other, '/api/inventory/scraps', d.id, ['validate']);
  });
});
