import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { documentsApp, entryLines, hiddenFromOther, layers, movesOf, refusedInBoth } from './documents.test-kit';
import { locationOf, otherCompany } from './master-data.test-kit';
import type { StockKit } from './test-kit';

/**
 * Stock adjustments: current quantities come from the quants when the draft is saved and again at confirm;
 * confirm posts the gains at the given cost (or the product's) and the losses at FIFO cost, once.
 */
let t: TestApp;
let k: StockKit;
let ar: Client;

beforeAll(async () => {
  ({ t, k, ar } = await documentsApp());
});
afterAll(async () => { await t?.close(); });

const create = (items: unknown[], o: Record<string, unknown> = {}, c: Client = t.admin) => c.post('/api/inventory/stock-adjustments', {
  locationId: k.loc.stock, date: '2026-04-05', reason: 'physical_count', items, ...o,
});

describe('stock adjustment flow', () => {
  it('counts against the quants, recounts at confirm, posts gain and loss, and cannot be confirmed twice', async () => {
    const p1 = await k.product({ name: 'Pen', cost: '5' });
    const p2 = await k.product({ name: 'Ink', cost: '9' });
    await k.receive(p1, '10', '5');
    const c = await create([{ productId: p1, countedQuantity: '7' }, { productId: p2, countedQuantity: '4', unitCost: '6' }], { totalDifferenceValue: '0', confirmedById: 1 });
    expect(c.statusCode, c.body).toBe(201);
    const a = c.json();
    // p1: 7 - 10 = -3 at the product cost 5 = -15; p2: 4 - 0 = +4 at 6 = +24
    expect(a.items.map((i: Record<string, string>) => [i.currentQuantity, i.differenceQuantity, i.unitCost, i.differenceValue])).toEqual([
      ['10', '-3', '5.0000', '-15.0000'], ['0', '4', '6.0000', '24.0000'],
    ]);
    expect(a).toMatchObject({ status: 'draft', number: null, totalDifferenceValue: '9.0000', confirmedById: null });

    await k.deliver(p1, '2');
    const conf = await t.admin.post(`/api/inventory/stock-adjustments/${a.id}/confirm`, {});
    expect(conf.statusCode, conf.body).toBe(200);
    const done = conf.json();
    // recounted: p1 has 8 now, so only 1 is lost, at FIFO 5; p2 gains 4 @ 6
    expect(done.items.map((i: Record<string, string>) => [i.currentQuantity, i.differenceQuantity, i.differenceValue])).toEqual([['8', '-1', '-5.0000'], ['0', '4', '24.0000']]);
    expect(done).toMatchObject({ status: 'confirmed', number: 'ADJ/2026/00001', totalDifferenceValue: '19.0000', confirmedById: expect.any(Number) });
    expect(done.confirmedAt).toBeTruthy();
    expect(await k.onHand(p1)).toBe('7.000000');
    expect(await k.onHand(p2)).toBe('4.000000');
    expect(await layers(t, p2)).toMatchObject({ qty: '4.000000', value: '24.0000' });
    const moves = await movesOf(t, 'stockAdjustment', a.id);
    expect(moves.map((m) => [m.productId, m.fromLocationId, m.toLocationId, m.quantity, m.value])).toEqual([
      [p1, k.loc.stock, k.loc.adjustment, '1.000000', '5.0000'], [p2, k.loc.adjustment, k.loc.stock, '4.000000', '24.0000'],
    ]);
    expect(await entryLines(t, done.entryId)).toEqual(['1104 0.0000 5.0000', '1104 24.0000 0.0000', '4104 0.0000 24.0000', '5106 5.0000 0.0000']);

    await refusedInBoth(t, (cl) => cl.post(`/api/inventory/stock-adjustments/${a.id}/confirm`, {}), t.admin, ar, {
      status: 409, en: 'Cannot Confirm a record in state confirmed', ar: 'لا يمكن تنفيذ تأكيد على سجل في الحالة confirmed',
    });
    expect((await t.admin.post(`/api/inventory/stock-adjustments/${a.id}/cancel`, {})).statusCode).toBe(409);
  });

  it('counts a lot on its own, confirms a count with no difference without moving anything', async () => {
    const p = await k.product({ name: 'Serum', cost: '2' });
    await k.receive(p, '3', '2', { lotName: 'S1' });
    await k.receive(p, '5', '2', { lotName: 'S2' });
    const s1 = (await t.admin.get(`/api/inventory/lots?filter[productId]=${p}&search=S1`)).json().items[0].id;
    const a = (await create([{ productId: p, lotId: s1, countedQuantity: '3' }])).json();
    expect(a.items[0]).toMatchObject({ currentQuantity: '3', differenceQuantity: '0', differenceValue: '0.0000' });
    const c = await t.admin.post(`/api/inventory/stock-adjustments/${a.id}/confirm`, {});
    expect(c.json()).toMatchObject({ status: 'confirmed', entryId: null, totalDifferenceValue: '0.0000' });
    expect(await movesOf(t, 'stockAdjustment', a.id)).toEqual([]);
    const whole = (await create([{ productId: p, countedQuantity: '6' }])).json();
    expect(whole.items[0]).toMatchObject({ currentQuantity: '8', differenceQuantity: '-2' });
  });
});

describe('stock adjustment bad input (both languages, nothing saved)', () => {
  it('refuses a product counted twice, a negative count, a scrap or foreign location', async () => {
    const p = await k.product({ name: 'Cup', nameAr: 'كوب' });
    await k.receive(p, '1', '1', { lotName: 'C1' });
    const lot = (await t.admin.get(`/api/inventory/lots?filter[productId]=${p}`)).json().items[0].id;
    await refusedInBoth(t, (c) => create([{ productId: p, countedQuantity: '1' }, { productId: p, countedQuantity: '2' }], {}, c), t.admin, ar, {
      status: 422, en: 'Item 2: Cup is already counted in this adjustment', ar: 'الصنف 2: كوب معدود مسبقًا في هذه التسوية', field: 'items',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, lotId: lot, countedQuantity: '1' }, { productId: p, countedQuantity: '2' }], {}, c), t.admin, ar, {
      status: 422, en: 'Item 2: Cup is already counted in this adjustment', ar: 'الصنف 2: كوب معدود مسبقًا في هذه التسوية',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, countedQuantity: '-1' }], {}, c), t.admin, ar, {
      status: 422, en: 'Item 1: the counted quantity cannot be negative', ar: 'الصنف 1: لا يمكن أن تكون الكمية المعدودة سالبة',
    });
    const other = await otherCompany(t, 'adj-other');
    await refusedInBoth(t, (c) => create([{ productId: p, lotId: 999999, countedQuantity: '1' }], {}, c), t.admin, ar, {
      status: 422, en: 'Item 1: the lot does not belong to this product', ar: 'الصنف 1: الدفعة لا تخص هذا المنتج',
    });
    const foreign = await locationOf(other, 'Stock');
    await refusedInBoth(t, (c) => create([{ productId: p, countedQuantity: '1' }], { locationId: foreign }, c), t.admin, ar, {
      status: 422, en: 'The location does not exist', ar: 'الموقع غير موجود', field: 'locationId',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, countedQuantity: '1' }], { locationId: k.loc.scrap }, c), t.admin, ar, {
      status: 422, en: 'Cannot adjust the stock of a scrap location', ar: 'لا يمكن تسوية مخزون موقع إتلاف', field: 'locationId',
    });
    const a = (await create([{ productId: p, countedQuantity: '1' }])).json();
    await hiddenFromOther(t, other, '/api/inventory/stock-adjustments', a.id, ['confirm']);
  });
});
