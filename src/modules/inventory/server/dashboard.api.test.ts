import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { type StockKit, stockKit } from './test-kit';

/**
 * The dashboard on a small data set worked out by hand (FIFO), as of 2026-03-31:
 *  Tea (Drinks)    in 10 @ 4 (03-02), in 10 @ 6 (03-03), deliver 15 (03-20: 10x4 + 5x6 = 70) -> 5 @ 6 = 30; 2 moved to WH2
 *  Rice (Food)     in 50 @ 2 (03-05) lot R1 expiring 04-20, in 30 @ 2 lot R2 expiring 2026-09-01 -> 160
 *  Salt (Food)     no stock, reorder level 3
 * On hand value 190; low stock: Tea (5 <= 10) and Salt (0 <= 3); expiring within 30 days: lot R1 (20 days left).
 */
let t: TestApp;
let k: StockKit;
const id: Record<string, number> = {};
let wh2 = 0;

beforeAll(async () => {
  t = await testApp();
  k = await stockKit(t);
  const drinks = (await t.admin.post('/api/inventory/categories', { name: 'Drinks', nameAr: 'مشروبات' })).json().id;
  const food = (await t.admin.post('/api/inventory/categories', { name: 'Food', nameAr: 'أغذية' })).json().id;
  id.tea = await k.product({ name: 'Tea', nameAr: 'شاي', categoryId: drinks, cost: '5' });
  id.rice = await k.product({ name: 'Rice', nameAr: 'أرز', categoryId: food, cost: '2' });
  id.salt = await k.product({ name: 'Salt', nameAr: 'ملح', categoryId: food, reorderLevel: '3' });
  wh2 = (await t.admin.post('/api/inventory/warehouses', { name: 'North', nameAr: 'الشمال', address: 'Tabuk' })).json().id;
  const north = (await t.admin.post('/api/inventory/locations', { name: 'North stock', warehouseId: wh2, kind: 'internal' })).json().id;
  await k.receive(id.tea!, '10', '4', { date: '2026-03-02' });
  await k.receive(id.tea!, '10', '6', { date: '2026-03-03' });
  await k.receive(id.rice!, '50', '2', { date: '2026-03-05', lotName: 'R1', expiryDate: '2026-04-20' });
  await k.receive(id.rice!, '30', '2', { date: '2026-03-05', lotName: 'R2', expiryDate: '2026-09-01' });
  await k.deliver(id.tea!, '15', { date: '2026-03-20' });
  await k.post({ date: '2026-03-21', moveType: 'internal', lines: [{ productId: id.tea!, quantity: '2', fromLocationId: k.loc.stock, toLocationId: north }] });
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('inventory dashboard', () => {
  it('KPIs, values by category and warehouse, low stock and expiring lots', async () => {
    const r = await t.admin.get('/api/inventory/dashboard?to=2026-03-31');
    expect(r.statusCode).toBe(200);
    const d = r.json();
    expect(d.kpis).toEqual({ products: 3, onHandValue: '190.00', lowStock: 2, expiringLots: 1, expiryAlertDays: 30 });
    expect(d.valueByCategory.map((x: { name: string; value: string }) => [x.name, x.value])).toEqual([['Food', '160.00'], ['Drinks', '30.00']]);
    expect(d.valueByWarehouse.map((x: { name: string; value: string }) => [x.name, x.value])).toEqual([['Main warehouse', '178.00'], ['North', '12.00']]);
    expect(d.lowStock.map((x: { productId: number; onHand: string; suggested: string }) => [x.productId, x.onHand, x.suggested])).toEqual([[id.tea, '5', '5'], [id.salt, '0', '3']]);
    expect(d.expiringLots).toEqual([{ lotId: expect.any(Number), lot: 'R1', productId: id.rice, product: 'Rice', expiryDate: '2026-04-20', quantity: '50', daysLeft: 20 }]);
    expect(d.movesOverTime).toHaveLength(30);
    expect(d.movesOverTime[0].day).toBe('2026-03-02');
    expect(d.movesOverTime.find((x: { day: string }) => x.day === '2026-03-05')).toEqual({ day: '2026-03-05', incoming: 2 });
    expect(d.movesOverTime.find((x: { day: string }) => x.day === '2026-03-21')).toEqual({ day: '2026-03-21', internal: 1 });
  });

  it('follows the date, the alert days and the language', async () => {
    await k.settings({ stockExpiryAlertDays: 200 });
    const early = (await t.admin.req('GET', '/api/inventory/dashboard?to=2026-03-04', undefined, { cookie: t.admin.cookie.replace('locale=en', 'locale=ar') })).json();
    expect(early.kpis).toMatchObject({ onHandValue: '100.00', expiringLots: 2, expiryAlertDays: 200 }); // lots on hand now, expiring by 09-20
    expect(early.valueByCategory).toEqual([{ categoryId: expect.any(Number), name: 'مشروبات', value: '100.00' }]);
    const late = (await t.admin.get('/api/inventory/dashboard?to=2026-03-31')).json();
    expect(late.expiringLots.map((x: { lot: string; daysLeft: number }) => [x.lot, x.daysLeft])).toEqual([['R1', 20], ['R2', 154]]);
    await k.settings({ stockExpiryAlertDays: 10 });
    expect((await t.admin.get('/api/inventory/dashboard?to=2026-04-25')).json().expiringLots.map((x: { lot: string; daysLeft: number }) => [x.lot, x.daysLeft])).toEqual([['R1', -5]]);
    expect((await t.admin.get('/api/inventory/dashboard?to=31-03-2026')).statusCode).toBe(400);
  });
});
