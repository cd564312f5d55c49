import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { documentsApp, entryLines, hiddenFromOther, layers, movesOf, refusedInBoth } from './documents.test-kit';
import { otherCompany } from './master-data.test-kit';
import type { StockKit } from './test-kit';

/** Inventory beginning balances: the draft's total, posting stock + layers + the opening entry, cancel only a draft. */
let t: TestApp;
let k: StockKit;
let ar: Client;

beforeAll(async () => {
  ({ t, k, ar } = await documentsApp());
});
afterAll(async () => { await t?.close(); });

const create = (items: unknown[], o: Record<string, unknown> = {}, c: Client = t.admin) => c.post('/api/inventory/beginning-balances', {
  referenceNumber: 'OPEN-2026', date: '2026-01-01', locationId: k.loc.stock, items, ...o,
});

describe('inventory beginning balance', () => {
  it('totals the draft, posts stock, layers and the opening entry, and cannot be cancelled once posted', async () => {
    const p1 = await k.product({ name: 'Nail' });
    const p2 = await k.product({ name: 'Screw' });
    const c = await create([
      { productId: p1, quantity: '10', unitCost: '3.25' },
      { productId: p2, quantity: '2', uomId: k.uom('Dozen'), unitCost: '30', lotName: 'B-7', expiryDate: '2027-01-31' },
    ], { totalAmount: '5', entryId: 3 });
    expect(c.statusCode, c.body).toBe(201);
    // 10 x 3.25 = 32.5; 2 dozen x 30 = 60
    expect(c.json()).toMatchObject({ status: 'draft', totalAmount: '92.5000', entryId: null });
    const p = await t.admin.post(`/api/inventory/beginning-balances/${c.json().id}/post`, {});
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ status: 'posted', totalAmount: '92.5000' });
    expect(await k.onHand(p1)).toBe('10.000000');
    expect(await k.onHand(p2)).toBe('24.000000');
    expect(await layers(t, p2)).toMatchObject({ qty: '24.000000', value: '60.0000', remainingValue: '60.0000' });
    expect((await movesOf(t, 'inventoryOpening', c.json().id)).map((m) => [m.fromLocationId, m.moveType, m.reference, m.value])).toEqual([
      [k.loc.adjustment, 'opening', 'OPEN-2026', '32.5000'], [k.loc.adjustment, 'opening', 'OPEN-2026', '60.0000'],
    ]);
    expect(await entryLines(t, p.json().entryId)).toEqual(['1104 92.5000 0.0000', '3103 0.0000 92.5000']);
    const lot = (await t.admin.get(`/api/inventory/lots?filter[productId]=${p2}`)).json().items[0];
    expect(lot).toMatchObject({ name: 'B-7', expiryDate: '2027-01-31' });
    await refusedInBoth(t, (cl) => cl.post(`/api/inventory/beginning-balances/${c.json().id}/cancel`, {}), t.admin, ar, {
      status: 409, en: 'Cannot Cancel a record in state posted', ar: 'لا يمكن تنفيذ إلغاء على سجل في الحالة posted',
    });
    expect((await t.admin.del(`/api/inventory/beginning-balances/${c.json().id}`)).statusCode).toBe(409);
  });

  it('posts to the chosen inventory account; a draft is edited, cancelled and deleted', async () => {
    const acc = await t.admin.post('/api/accounting/accounts', { code: '1106', nameEn: 'Raw materials', nameAr: 'مواد خام', type: 'asset', subtype: 'inventory', parentId: k.acc('11') });
    expect(acc.statusCode, acc.body).toBe(201);
    const p1 = await k.product();
    const d = (await create([{ productId: p1, quantity: '4', unitCost: '2.5' }], { inventoryAccountId: acc.json().id })).json();
    const e = await t.admin.patch(`/api/inventory/beginning-balances/${d.id}`, { items: [{ productId: p1, quantity: '6', unitCost: '2.5' }], version: d.version });
    expect(e.json().totalAmount).toBe('15.0000');
    const p = await t.admin.post(`/api/inventory/beginning-balances/${d.id}/post`, {});
    expect(await entryLines(t, p.json().entryId)).toEqual(['1106 15.0000 0.0000', '3103 0.0000 15.0000']);
    const d2 = (await create([{ productId: p1, quantity: '1', unitCost: '1' }])).json();
    expect((await t.admin.post(`/api/inventory/beginning-balances/${d2.id}/cancel`, {})).json().status).toBe('cancelled');
    expect((await t.admin.del(`/api/inventory/beginning-balances/${d2.id}`)).statusCode).toBe(204);
  });

  it('refuses bad lines and locations in both languages, and hides the balance from another company', async () => {
    const p = await k.product({ name: 'Hinge', nameAr: 'مفصلة' });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: '1', unitCost: '-2' }], {}, c), t.admin, ar, {
      status: 422, en: 'Item 1: the unit cost cannot be negative', ar: 'الصنف 1: لا يمكن أن تكون تكلفة الوحدة سالبة',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: '0', unitCost: '2' }], {}, c), t.admin, ar, {
      status: 422, en: 'Item 1: the quantity must be greater than zero', ar: 'الصنف 1: يجب أن تكون الكمية أكبر من صفر',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: '1', unitCost: '2', uomId: k.uom('Gram') }], {}, c), t.admin, ar, {
      status: 422, en: 'Item 1: the unit Gram is not in the unit group of Hinge', ar: 'الصنف 1: الوحدة غرام ليست من مجموعة وحدات مفصلة',
    });
    await refusedInBoth(t, (c) => create([{ productId: p, quantity: '1', unitCost: '2' }], { locationId: k.loc.scrap }, c), t.admin, ar, {
      status: 422, en: 'Cannot receive into a scrap location', ar: 'لا يمكن الاستلام في موقع إتلاف', field: 'locationId',
    });
    const other = await otherCompany(t, 'open-other');
    const d = (await create([{ productId: p, quantity: '1', unitCost: '2' }])).json();
    await hiddenFromOther(t, other, '/api/inventory/beginning-balances', d.id, ['post']);
  });
});
