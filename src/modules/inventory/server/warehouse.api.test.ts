import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { type MdKit, mdApp, otherCompany, stockRows } from './master-data.test-kit';

/** Warehouses and locations: required address and warehouse, same-company rules, locationsCount, guarded changes. */
let t: TestApp;
let k: MdKit;
let ar: Client;
let other: Client;
beforeAll(async () => {
  ({ t, k, ar } = await mdApp());
  other = await otherCompany(t);
});
afterAll(async () => { await t?.close(); });

let n = 0;
const warehouse = async (extra: Record<string, unknown> = {}) => {
  const r = await t.admin.post('/api/inventory/warehouses', { name: `WH ${++n}`, address: 'Riyadh', ...extra });
  expect(r.statusCode).toBe(201);
  return r.json() as { id: number; version: number; locationsCount: number; managers: number[] };
};
const location = (body: Record<string, unknown>, c: Client = t.admin) => c.post('/api/inventory/locations', { name: `Loc ${++n}`, kind: 'internal', ...body });
const count = async (id: number) => (await t.admin.get(`/api/inventory/warehouses/${id}`)).json().locationsCount as number;

describe('warehouses', () => {
  it('requires the address, in both languages, and counts the default locations', async () => {
    const before = await k.count('warehouses');
    const en = await t.admin.post('/api/inventory/warehouses', { name: 'No address' });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields.address).toBe('Address is required');
    expect((await ar.post('/api/inventory/warehouses', { name: 'No address', address: '   ' })).json().error.fields.address).toBe('العنوان مطلوب');
    expect(await k.count('warehouses')).toBe(before);
    expect(await count(k.wh('Main warehouse'))).toBe(2);
    const w = await t.admin.post('/api/inventory/warehouses', { name: 'Counted', address: 'Jeddah', locationsCount: 99 });
    expect(w.json().locationsCount).toBe(0);
  });

  it('takes managers among the users of the company only', async () => {
    const u = (await t.admin.post('/api/admin/users', { username: 'keeper', fullName: 'Store keeper', password: 'secret-pass-1' })).json();
    const theirs = (await other.get('/api/auth/me')).json().user.id;
    const foreign = await t.admin.post('/api/inventory/warehouses', { name: 'Managed', address: 'Dammam', managers: [u.id, theirs] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.fields.managers).toBe('Managers: the selected record does not exist');
    expect((await t.admin.post('/api/inventory/warehouses', { name: 'Managed', address: 'Dammam', managers: 'keeper' })).statusCode).toBe(422);
    const ok = await warehouse({ managers: [u.id, 1] });
    expect(ok.managers).toEqual([1, u.id].sort((a, b) => a - b));
  });

  it('keeps locationsCount right through adds, moves between warehouses and deletes', async () => {
    const a = await warehouse();
    const b = await warehouse();
    const l1 = (await location({ warehouseId: a.id })).json();
    const l2 = (await location({ warehouseId: a.id })).json();
    expect(await count(a.id)).toBe(2);
    expect((await t.admin.patch(`/api/inventory/locations/${l2.id}`, { warehouseId: b.id })).statusCode).toBe(200);
    expect([await count(a.id), await count(b.id)]).toEqual([1, 1]);
    expect((await t.admin.del(`/api/inventory/locations/${l1.id}`)).statusCode).toBe(204);
    expect([await count(a.id), await count(b.id)]).toEqual([0, 1]);
    // a vendor location outside any warehouse counts nowhere
    expect((await location({ kind: 'vendor' })).statusCode).toBe(201);
    expect(await count(b.id)).toBe(1);
  });

  it('counts right when locations are added in parallel', async () => {
    const w = await warehouse();
    const res = await Promise.all(Array.from({ length: 8 }, () => location({ warehouseId: w.id })));
    expect(res.every((r) => r.statusCode === 201)).toBe(true);
    expect(await count(w.id)).toBe(8);
  });

  it('refuses deleting a warehouse that has locations (409, both languages)', async () => {
    const w = await warehouse();
    await location({ warehouseId: w.id });
    const del = await t.admin.del(`/api/inventory/warehouses/${w.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('A warehouse with locations cannot be deleted');
    expect((await ar.del(`/api/inventory/warehouses/${w.id}`)).json().error.message).toBe('لا يمكن حذف مستودع يحتوي على مواقع');
    const empty = await warehouse();
    expect((await t.admin.del(`/api/inventory/warehouses/${empty.id}`)).statusCode).toBe(204);
    // the default warehouse is named by the settings
    expect((await t.admin.del(`/api/inventory/warehouses/${k.wh('Main warehouse')}`)).statusCode).toBe(409);
  });
});

describe('locations', () => {
  it('needs a warehouse for internal and scrap locations ("Warehouse is required"), none for counterparts', async () => {
    const before = await k.count('locations');
    const internal = await location({});
    expect(internal.statusCode).toBe(422);
    expect(internal.json().error.fields.warehouseId).toBe('Warehouse is required');
    expect((await location({ kind: 'virtual', isScrap: true }, ar)).json().error.fields.warehouseId).toBe('المستودع مطلوب');
    expect(await k.count('locations')).toBe(before);
    for (const kind of ['vendor', 'customer', 'virtual']) expect((await location({ kind })).statusCode, kind).toBe(201);
    const v = (await location({ kind: 'vendor' })).json();
    const toInternal = await t.admin.patch(`/api/inventory/locations/${v.id}`, { kind: 'internal' });
    expect(toInternal.json().error.fields.warehouseId).toBe('Warehouse is required');
  });

  it('refuses a warehouse of another company or an unknown one ("Invalid warehouse")', async () => {
    const theirs = (await other.get('/api/inventory/warehouses')).json().items[0].id;
    const r = await location({ warehouseId: theirs });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields.warehouseId).toBe('Invalid warehouse');
    expect((await location({ warehouseId: 999999 }, ar)).json().error.fields.warehouseId).toBe('مستودع غير صالح');
    const mine = (await location({ warehouseId: k.wh('Main warehouse') })).json();
    expect((await t.admin.patch(`/api/inventory/locations/${mine.id}`, { warehouseId: theirs })).json().error.fields.warehouseId).toBe('Invalid warehouse');
    expect(await count(k.wh('Main warehouse'))).toBe(3);
  });

  it('keeps a location with stock or moves: no delete, no change of type (409, both languages)', async () => {
    const w = await warehouse();
    const bin = (await location({ warehouseId: w.id })).json();
    const p = (await k.product()).body;
    await stockRows(t, k, { productId: p.id, from: k.loc('Vendors'), to: bin.id, qty: '3', date: '2026-01-10' });
    const del = await t.admin.del(`/api/inventory/locations/${bin.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('A location with stock or stock moves cannot be deleted');
    expect((await ar.del(`/api/inventory/locations/${bin.id}`)).json().error.message).toBe('لا يمكن حذف موقع عليه مخزون أو حركات مخزون');
    const kind = await t.admin.patch(`/api/inventory/locations/${bin.id}`, { kind: 'virtual' });
    expect(kind.statusCode).toBe(409);
    expect(kind.json().error.fields.kind).toBe('The type of a location with stock or stock moves cannot change');
    expect((await t.admin.patch(`/api/inventory/locations/${bin.id}`, { isScrap: true })).statusCode).toBe(409);
    expect(await count(w.id)).toBe(1);
    const renamed = await t.admin.patch(`/api/inventory/locations/${bin.id}`, { name: 'Bin 1', nameAr: 'رف ١' });
    expect(renamed.statusCode).toBe(200);
    // the vendors location has moves too (the other side)
    expect((await t.admin.patch(`/api/inventory/locations/${k.loc('Vendors')}`, { kind: 'customer' })).statusCode).toBe(409);
  });

  it('keeps the type and warehouse of locations the settings name', async () => {
    const w = await warehouse();
    const stock = k.loc('Stock');
    const kind = await t.admin.patch(`/api/inventory/locations/${stock}`, { kind: 'virtual' });
    expect(kind.statusCode).toBe(409);
    expect(kind.json().error.message).toBe('This location is used in the inventory settings; change the settings first');
    expect((await ar.patch(`/api/inventory/locations/${stock}`, { warehouseId: w.id })).json().error.message).toBe('هذا الموقع مستخدم في إعدادات المخزون؛ غيّر الإعدادات أولًا');
    expect((await t.admin.patch(`/api/inventory/locations/${k.loc('Scrap')}`, { isScrap: false })).statusCode).toBe(409);
    expect((await t.admin.del(`/api/inventory/locations/${k.loc('Customers')}`)).statusCode).toBe(409);
  });

  it('hides the locations of other companies', async () => {
    const theirs = (await other.get('/api/inventory/locations')).json().items[0].id;
    expect((await t.admin.get(`/api/inventory/locations/${theirs}`)).statusCode).toBe(404);
    expect((await t.admin.patch(`/api/inventory/locations/${theirs}`, { name: 'x' })).statusCode).toBe(404);
    expect((await t.admin.del(`/api/inventory/locations/${theirs}`)).statusCode).toBe(404);
  });
});
