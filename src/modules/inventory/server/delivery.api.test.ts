import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { documentsApp, entryLines, hiddenFromOther, layers, movesOf, postDelivery, productWithTwoLayers, refusedInBoth } from './documents.test-kit';
import { locationOf, otherCompany } from './master-data.test-kit';
import type { StockKit } from './test-kit';

/**
 * Deliveries through HTTP: a draft is estimated at the product's cost; validating numbers it, takes the stock
 * out by FIFO (layers of 10 @ 5 and 10 @ 8, by hand below) and posts Dr cost of sales / Cr inventory with the
 * customer on the lines. Short stock is "Quantity Not Available" (nothing written) until negative stock is allowed.
 */
let t: TestApp;
let k: StockKit;
let ar: Client;
let customerId: number;

beforeAll(async () => {
  ({ t, k, ar } = await documentsApp());
  customerId = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Customer One', isCustomer: true })).json().id;
});
afterAll(async () => { await t?.close(); });

const create = (items: unknown[], o: Record<string, unknown> = {}, c: Client = t.admin) =>
  postDelivery(c, k, items, { destinationName: 'Customer One', destinationContactId: customerId, ...o });

describe('delivery flow', () => {
  it('estimates the draft, validates with a number and FIFO cost, and posts the cost of sales', async () => {
    const p = await productWithTwoLayers(k, 'Lamp');
    const c = await create([{ productId: p, quantity: '1', uomId: k.uom('Dozen') }, { productId: p, quantity: 3 }], { totalCost: '1', entryId: 5, number: 'X' });
    expect(c.statusCode, c.body).toBe(201);
    // estimate at the product's cost 4: 12 x 4 + 3 x 4 = 60
    expect(c.json()).toMatchObject({ status: 'draft', number: null, totalCost: '60.0000', entryId: null });

    const v = await t.admin.post(`/api/inventory/deliveries/${c.json().id}/validate`, {});
    expect(v.statusCode, v.body).toBe(200);
    const d = v.json();
    // FIFO: the dozen takes 10 @ 5 + 2 @ 8 = 66; the 3 units take 3 @ 8 = 24
    expect(d).toMatchObject({ status: 'done', number: 'DEL/2026/00001', totalCost: '90.0000' });
    expect(d.items.map((i: { unitCost: string; value: string }) => [i.unitCost, i.value])).toEqual([['66.0000', '66.0000'], ['8.0000', '24.0000']]);
    expect(await k.onHand(p)).toBe('5.000000');
    expect(await layers(t, p)).toMatchObject({ qty: '5.000000', value: '40.0000', remainingQty: '5.000000', remainingValue: '40.0000' });
    const moves = await movesOf(t, 'delivery', d.id);
    expect(moves.map((m) => [m.quantity, m.value, m.fromLocationId, m.toLocationId, m.moveType])).toEqual([
      ['12.000000', '66.0000', k.loc.stock, k.loc.customers, 'outgoing'], ['3.000000', '24.0000', k.loc.stock, k.loc.customers, 'outgoing'],
    ]);
    expect(await entryLines(t, d.entryId)).toEqual(['1104 0.0000 90.0000', '5101 90.0000 0.0000']);
    const contacts = await k.q<{ c: number | null }>(sql`SELECT DISTINCT contact_id AS c FROM journal_lines WHERE entry_id = ${d.entryId}`);
    expect(contacts).toEqual([{ c: customerId }]);
    expect((await t.admin.post(`/api/inventory/deliveries/${d.id}/validate`, {})).statusCode).toBe(409);
    expect((await t.admin.patch(`/api/inventory/deliveries/${d.id}`, { notes: 'x', version: d.version })).statusCode).toBe(409);
    expect((await t.admin.del(`/api/inventory/deliveries/${d.id}`)).statusCode).toBe(409);
  });

  it('delivers a named lot, and a line without a lot across lots (earliest expiry first), costing each line by FIFO', async () => {
    const p = await k.product({ name: 'Milk', cost: '1' });
    await k.receive(p, '4', '2', { lotName: 'LATE', expiryDate: '2026-09-01' });
    await k.receive(p, '4', '3', { lotName: 'SOON', expiryDate: '2026-05-01' });
    const late = (await t.admin.get(`/api/inventory/lots?filter[productId]=${p}&search=LATE`)).json().items[0].id as number;
    const d = (await create([{ productId: p, quantity: '1', lotId: late }, { productId: p, quantity: '5' }])).json();
    const v = await t.admin.post(`/api/inventory/deliveries/${d.id}/validate`, {});
    expect(v.statusCode, v.body).toBe(200);
    // quants: line 1 takes 1 of LATE; line 2 takes 4 of SOON (earliest expiry) and 1 of LATE: three moves.
    // cost is FIFO over the layers in receipt order: line 1 takes 1 @ 2; line 2 takes 3 @ 2 + 2 @ 3 = 12
    expect((await movesOf(t, 'delivery', d.id)).map((m) => [m.lotId === late ? 'LATE' : 'SOON', m.quantity])).toEqual([['LATE', '1.000000'], ['SOON', '4.000000'], ['LATE', '1.000000']]);
    expect(v.json().items.map((i: { value: string }) => i.value)).toEqual(['2.0000', '12.0000']);
    expect(v.json().totalCost).toBe('14.0000');
    expect(await k.onHand(p)).toBe('2.000000');
  });

  it('refuses more than on hand with "Quantity Not Available" (nothing written), then delivers it with negative stock allowed', async () => {
    const p = await k.product({ name: 'Chair', nameAr: 'كرسي', cost: '20' });
    await k.receive(p, '2', '20');
    const d = (await create([{ productId: p, quantity: '3' }])).json();
    await refusedInBoth(t, (c) => c.post(`/api/inventory/deliveries/${d.id}/validate`, {}), t.admin, ar, {
      status: 422, en: 'Quantity Not Available', ar: 'الكمية غير متوفرة', field: 'quantity',
    });
    expect((await t.admin.get(`/api/inventory/deliveries/${d.id}`)).json()).toMatchObject({ status: 'draft', number: null });
    expect(await k.onHand(p)).toBe('2.000000');

    const s = (await t.admin.get('/api/inventory/settings')).json().items[0];
    const on = await t.admin.patch(`/api/inventory/settings/${s.id}`, { allowNegativeStock: true, version: s.version });
    expect(on.statusCode, on.body).toBe(200);
    try {
      const v = await t.admin.post(`/api/inventory/deliveries/${d.id}/validate`, {});
      expect(v.statusCode, v.body).toBe(200);
      expect(v.json().number).toMatch(/^DEL\/2026\/\d{5}$/);
      expect(await k.onHand(p)).toBe('-1.000000');
    } finally {
      const now = (await t.admin.get('/api/inventory/settings')).json().items[0];
      await t.admin.patch(`/api/inventory/settings/${s.id}`, { allowNegativeStock: false, version: now.version });
    }
  });
});

describe('delivery bad input (both languages, nothing saved)', () => {
  it('refuses a scrap or counterpart source, a location of another company, and a product of another company', async () => {
    const p = await k.product({ name: 'Desk' });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { locationId: k.loc.scrap }, c), t.admin, ar, {
      status: 422, en: 'Cannot take stock out of a scrap location', ar: 'لا يمكن صرف مخزون من موقع إتلاف', field: 'locationId',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { locationId: k.loc.customers }, c), t.admin, ar, {
      status: 422, en: 'The location Customers is not an internal stock location', ar: 'الموقع العملاء ليس موقع مخزون داخليًا', field: 'locationId',
    });
    const other = await otherCompany(t, 'del-other');
    const foreignLoc = await locationOf(other, 'Stock');
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1 }], { locationId: foreignLoc }, c), t.admin, ar, {
      status: 422, en: 'The location does not exist', ar: 'الموقع غير موجود', field: 'locationId',
    });
    const cat = (await other.post('/api/inventory/categories', { name: 'Theirs' })).json().id;
    const unit = (await other.get('/api/inventory/uoms?search=Unit')).json().items.find((u: { name: string }) => u.name === 'Unit').id;
    const foreignProduct = (await other.post('/api/inventory/products', { name: 'Theirs', categoryId: cat, productType: 'storable', uomId: unit })).json().id;
    await refusedInBoth(t, (c) => create([{ productId: foreignProduct, quantity: 1 }], {}, c), t.admin, ar, {
      status: 422, en: 'Item 1: the product does not exist', ar: 'الصنف 1: المنتج غير موجود', field: 'items',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1, uomId: unit }], {}, c), t.admin, ar, {
      status: 422, en: 'Item 1: the unit of measure does not exist', ar: 'الصنف 1: وحدة القياس غير موجودة', field: 'items',
    });
  });

  it('refuses a unit of another group and a non-positive quantity', async () => {
    const p = await k.product({ name: 'Rope', nameAr: 'حبل', uomId: k.uom('Metre') });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: 1, uomId: k.uom('Litre') }], {}, c), t.admin, ar, {
      status: 422, en: 'Item 1: the unit Litre is not in the unit group of Rope', ar: 'الصنف 1: الوحدة لتر ليست من مجموعة وحدات حبل', field: 'items',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: '0' }], {}, c), t.admin, ar, {
      status: 422, en: 'Item 1: the quantity must be greater than zero', ar: 'الصنف 1: يجب أن تكون الكمية أكبر من صفر',
    });
    const ok = await create([{ productId: p, quantity: '150', uomId: k.uom('Centimetre') }]);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a user of another company gets 404 on the delivery and cannot validate it', async () => {
    const p = await k.product();
    await k.receive(p, '1', '1');
    const d = (await create([{ productId: p, quantity: 1 }])).json();
    const other = await otherCompany(t, 'del-spy');
    await hiddenFromOther(t, other, '/api/inventory/deliveries', d.id, ['validate', 'cancel']);
    expect((await t.admin.post(`/api/inventory/deliveries/${d.id}/cancel`, {})).json().status).toBe('cancelled');
    expect((await t.admin.del(`/api/inventory/deliveries/${d.id}`)).statusCode).toBe(204);
  });
});
