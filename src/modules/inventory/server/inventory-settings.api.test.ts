import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { loadInventorySettings } from './inventory-settings.service';
import { type MdKit, mdApp, mdKit, otherCompany, userWith } from './master-data.test-kit';

/** The inventory settings: one row per company, /current, locations of the right kinds, postable accounts. */
let t: TestApp;
let k: MdKit;
let ar: Client;
let jeddah: { wh: number; loc: number };
beforeAll(async () => {
  ({ t, k, ar } = await mdApp());
  const wh = (await t.admin.post('/api/inventory/warehouses', { name: 'Jeddah', address: 'Jeddah' })).json().id;
  const loc = (await t.admin.post('/api/inventory/locations', { name: 'Jeddah stock', kind: 'internal', warehouseId: wh })).json().id;
  jeddah = { wh, loc };
});
afterAll(async () => { await t?.close(); });

const current = async (c: Client = t.admin) => (await c.get('/api/inventory/settings/current')).json();
const patch = async (body: Record<string, unknown>, c: Client = t.admin) => c.patch(`/api/inventory/settings/${(await current()).id}`, body);

describe('inventory settings', () => {
  it('serves the company row at /current, made with the company, and no way to add or delete one', async () => {
    const s = await current();
    expect(s).toMatchObject({
      valuationMethod: 'fifo', allowNegativeStock: false, defaultWarehouseId: k.wh('Main warehouse'), defaultLocationId: k.loc('Stock'),
      vendorLocationId: k.loc('Vendors'), customerLocationId: k.loc('Customers'), adjustmentLocationId: k.loc('Inventory adjustment'),
      scrapLocationId: k.loc('Scrap'), defaultUomId: k.uom('Unit'),
    });
    expect(s._refs.defaultWarehouseId).toBe('Main warehouse');
    expect((await current(ar))._refs.defaultWarehouseId).toBe('المستودع الرئيسي');
    expect((await t.admin.post('/api/inventory/settings', { valuationMethod: 'lifo' })).statusCode).toBe(404);
    expect((await t.admin.del(`/api/inventory/settings/${s.id}`)).statusCode).toBe(404);
    const other = await otherCompany(t);
    const theirs = await current(other);
    expect(theirs.id).not.toBe(s.id);
    expect((await other.get(`/api/inventory/settings/${s.id}`)).statusCode).toBe(404);
    expect((await userWith(t, 'nosettings', ['inventory.product.view']).then((c) => c.get('/api/inventory/settings/current'))).statusCode).toBe(403);
    expect((await t.anon().get('/api/inventory/settings/current')).statusCode).toBe(401);
  });

  it('lets the valuation method change; later reads (the stock ledger) see it', async () => {
    for (const m of ['lifo', 'average', 'specific', 'fifo']) {
      const r = await patch({ valuationMethod: m });
      expect(r.statusCode, m).toBe(200);
      expect((await t.db.orm.transaction((tx) => loadInventorySettings(tx, k.companyId))).valuationMethod).toBe(m);
    }
    expect((await patch({ valuationMethod: 'newest' })).json().error.fields.valuationMethod).toBe('Valuation method has an unknown value');
  });

  it('keeps the default location an internal, non-scrap location of the default warehouse', async () => {
    const before = await current();
    const vendor = await patch({ defaultLocationId: k.loc('Vendors') });
    expect(vendor.statusCode).toBe(422);
    expect(vendor.json().error.fields.defaultLocationId).toBe('The default location must be an internal location of the default warehouse');
    expect((await patch({ defaultLocationId: k.loc('Scrap') }, ar)).json().error.fields.defaultLocationId).toBe('يجب أن يكون الموقع الافتراضي موقعًا داخليًا في المستودع الافتراضي');
    // a location of another warehouse, alone or with the warehouse changed but not the location
    expect((await patch({ defaultLocationId: jeddah.loc })).statusCode).toBe(422);
    expect((await patch({ defaultWarehouseId: jeddah.wh })).statusCode).toBe(422);
    expect((await current()).version).toBe(before.version);
    const both = await patch({ defaultWarehouseId: jeddah.wh, defaultLocationId: jeddah.loc });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ defaultWarehouseId: jeddah.wh, defaultLocationId: jeddah.loc });
    expect((await patch({ defaultWarehouseId: k.wh('Main warehouse'), defaultLocationId: k.loc('Stock') })).statusCode).toBe(200);
  });

  it('takes counterpart locations of the kind their role needs and a scrap location for scrap', async () => {
    const r = await patch({ vendorLocationId: k.loc('Customers') });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields.vendorLocationId).toBe('Vendors location must be a location of type Vendor');
    expect((await patch({ customerLocationId: k.loc('Stock') }, ar)).json().error.fields.customerLocationId).toBe('يجب أن يكون موقع العملاء موقعًا من نوع عميل');
    expect((await patch({ adjustmentLocationId: k.loc('Vendors') })).json().error.fields.adjustmentLocationId).toBe('Inventory adjustment location must be a location of type Virtual');
    const scrap = await patch({ scrapLocationId: k.loc('Stock') });
    expect(scrap.json().error.fields.scrapLocationId).toBe('The default scrap location must be a scrap location');
    const other = await otherCompany(t, 'other2');
    const theirVendors = (await mdKit(t, other)).loc('Vendors');
    expect((await patch({ vendorLocationId: theirVendors })).json().error.fields.vendorLocationId).toBe('Vendors location: the selected record does not exist');
    const newVendors = (await t.admin.post('/api/inventory/locations', { name: 'Importers', kind: 'vendor' })).json().id;
    expect((await patch({ vendorLocationId: newVendors })).statusCode).toBe(200);
    expect((await patch({ vendorLocationId: k.loc('Vendors') })).statusCode).toBe(200);
  });

  it('takes only postable accounts', async () => {
    const r = await patch({ lossAccountId: k.acc('5') });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields.lossAccountId).toBe('Inventory loss and scrap account: choose an active account without sub-accounts');
    expect((await patch({ gainAccountId: k.acc('4104'), stockInputAccountId: k.acc('2104') })).statusCode).toBe(200);
  });
});
