import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { INTERNAL_PREFIXES, isValidEan13 } from './barcode';
import { type MdKit, mdApp, mdKit, otherCompany, stockRows, userWith } from './master-data.test-kit';

/** Products through HTTP: the spec's messages in both languages, flags, barcodes, references, image, actions. */
let t: TestApp;
let k: MdKit;
let ar: Client;
let other: Client;
let ko: MdKit;
beforeAll(async () => {
  ({ t, k, ar } = await mdApp());
  other = await otherCompany(t);
  ko = await mdKit(t, other);
});
afterAll(async () => { await t?.close(); });

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a1ed3a8a0000000049454e44ae426082', 'hex');
async function upload(c: Client, filename: string, content: Buffer, type: string) {
  const boundary = '----md' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: '/api/files', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: c.cookie } });
}

describe('product validation', () => {
  it('answers the spec messages for the four required fields, in English and Arabic, and saves nothing', async () => {
    const before = await k.count('products');
    const en = await t.admin.post('/api/inventory/products', {});
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields).toMatchObject({
      name: 'Name is required', uomId: 'UOM is required', categoryId: 'Category is required', productType: 'Product type is required',
    });
    const a = await ar.post('/api/inventory/products', { name: '  ', uomId: '', categoryId: null, productType: '' });
    expect(a.statusCode).toBe(422);
    expect(a.json().error.fields).toMatchObject({
      name: 'الاسم مطلوب', uomId: 'وحدة القياس مطلوبة', categoryId: 'الفئة مطلوبة', productType: 'نوع المنتج مطلوب',
    });
    expect(await k.count('products')).toBe(before);
  });

  it('lets the product type decide the storable / consumable / service flags', async () => {
    const s = await k.product({ productType: 'storable', storable: false, service: true });
    expect(s.statusCode).toBe(201);
    expect(s.body).toMatchObject({ storable: true, consumable: false, service: false });
    const c = await k.product({ productType: 'consumable', storable: true });
    expect(c.body).toMatchObject({ productType: 'consumable', storable: false, consumable: true, service: false });
    const sv = await k.product({ productType: 'service' });
    expect(sv.body).toMatchObject({ storable: false, consumable: false, service: true });
    const up = await t.admin.patch(`/api/inventory/products/${s.body.id}`, { productType: 'service', version: s.body.version });
    expect(up.json()).toMatchObject({ productType: 'service', storable: false, service: true });
    const flagOnly = await t.admin.patch(`/api/inventory/products/${s.body.id}`, { storable: true, version: up.json().version });
    expect(flagOnly.json()).toMatchObject({ productType: 'service', storable: false, service: true });
  });

  it('refuses references of another company on every reference field, and saves nothing', async () => {
    const foreignCat = await ko.category('Foreign');
    const foreignCountry = (await other.post('/api/inventory/countries-of-origin', { code: 'FR', name: 'France' })).json().id;
    const before = await k.count('products');
    const cases: [string, number, string][] = [
      ['categoryId', foreignCat, 'Category: the selected record does not exist'],
      ['uomId', ko.uom('Unit'), 'Unit of measure: the selected record does not exist'],
      ['incomeAccountId', ko.acc('4101'), 'Income account: the selected record does not exist'],
      ['countryOfOriginId', foreignCountry, 'Country of origin: the selected record does not exist'],
    ];
    for (const [field, id, message] of cases) {
      const r = await k.product({ [field]: id });
      expect(r.statusCode, field).toBe(422);
      expect(r.body.error.fields[field]).toBe(message);
    }
    const a = await ar.post('/api/inventory/products', { name: 'x', productType: 'storable', uomId: ko.uom('Unit'), categoryId: await k.category('c-ar') });
    expect(a.json().error.fields.uomId).toBe('وحدة القياس: السجل المحدد غير موجود');
    expect(await k.count('products')).toBe(before);
  });

  it('accepts only active leaf accounts', async () => {
    const parent = await k.product({ stockAccountId: k.acc('11') });
    expect(parent.statusCode).toBe(422);
    expect(parent.body.error.message).toBe('Stock (inventory) account: choose an active account without sub-accounts');
    const a = await ar.post('/api/inventory/products', { name: 'x', productType: 'storable', uomId: k.uom('Unit'), categoryId: await k.category('acc-ar'), incomeAccountId: k.acc('4') });
    expect(a.json().error.fields.incomeAccountId).toBe('حساب الإيرادات: اختر حسابًا نشطًا ليس له حسابات فرعية');
    const acc = (await t.admin.post('/api/accounting/accounts', { code: '4199', nameEn: 'Old sales', nameAr: 'مبيعات قديمة', type: 'income', parentId: k.acc('4') })).json();
    expect((await t.admin.post(`/api/accounting/accounts/${acc.id}/deactivate`, {})).statusCode).toBe(200);
    expect((await k.product({ incomeAccountId: acc.id })).statusCode).toBe(422);
    const ok = await k.product({ incomeAccountId: k.acc('4101'), expenseAccountId: k.acc('5101'), assetAccountId: k.acc('1104'), stockAccountId: k.acc('1104') });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an inactive unit', async () => {
    const g = (await t.admin.get('/api/inventory/uom-groups?search=Units')).json().items[0].id;
    const u = (await t.admin.post('/api/inventory/uoms', { name: 'Crate', conversionFactor: '6', groupId: g, isActive: false })).json();
    const r = await k.product({ uomId: u.id });
    expect(r.statusCode).toBe(422);
    expect(r.body.error.fields.uomId).toBe('The unit of measure is inactive');
  });

  it('takes only an uploaded image of the company as image', async () => {
    const notImage = await upload(t.admin, 'photo.png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(notImage.statusCode).toBe(422);
    const notImageAr = await upload(ar, 'photo.png', Buffer.from('GIF88 not really'), 'image/gif');
    expect(notImageAr.json().error.fields.file).toBe('الملف ليس صورة مقبولة');
    const fake = await k.product({ image: 'deadbeef.png' });
    expect(fake.statusCode).toBe(422);
    expect(fake.body.error.fields.image).toBe('Upload the image first (png, jpeg, webp or gif)');
    expect((await k.product({ image: '../../etc/passwd' })).statusCode).toBe(422);
    const theirs = (await upload(other, 'x.png', PNG, 'image/png')).json().id;
    expect((await k.product({ image: theirs })).statusCode).toBe(422);
    const mine = (await upload(t.admin, 'x.png', PNG, 'image/png')).json().id;
    const ok = await k.product({ image: mine });
    expect(ok.statusCode).toBe(201);
    expect(ok.body.image).toBe(mine);
  });
});

describe('barcodes', () => {
  it('refuses a barcode already used in the company, in both languages; other companies may use it', async () => {
    const first = await k.product({ barcode: '4006381333931' });
    expect(first.statusCode).toBe(201);
    const before = await k.count('products');
    const dup = await k.product({ barcode: '4006381333931' });
    expect(dup.statusCode).toBe(422);
    expect(dup.body.error.fields.barcode).toBe('Barcode already used');
    const dupAr = await ar.post('/api/inventory/products', { name: 'x', productType: 'storable', uomId: k.uom('Unit'), categoryId: first.body.categoryId, barcode: '4006381333931' });
    expect(dupAr.json().error.fields.barcode).toBe('الباركود مستخدم بالفعل');
    const second = await k.product({ barcode: '5901234123457' });
    const upd = await t.admin.patch(`/api/inventory/products/${second.body.id}`, { barcode: '4006381333931', version: second.body.version });
    expect(upd.statusCode).toBe(422);
    expect(upd.json().error.fields.barcode).toBe('Barcode already used');
    expect(await k.count('products')).toBe(before + 1);
    expect((await ko.product({ barcode: '4006381333931' })).statusCode).toBe(201);
    // blank barcodes are no barcodes: any number of products may have none
    expect((await k.product({ barcode: '  ' })).body.barcode).toBeNull();
    expect((await k.product({ barcode: '' })).body.barcode).toBeNull();
  });

  it('lets the unique index decide between racing requests: one product, the others "Barcode already used"', async () => {
    const categoryId = await k.category('Race');
    const res = await Promise.all(Array.from({ length: 6 }, (_, i) => t.admin.post('/api/inventory/products', {
      name: `Racer ${i}`, productType: 'storable', uomId: k.uom('Unit'), categoryId, barcode: '2900000000019',
    })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    for (const r of res.filter((x) => x.statusCode === 422)) expect(r.json().error.fields.barcode).toBe('Barcode already used');
    const n = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM products WHERE barcode = '2900000000019'`);
    expect(n[0]!.n).toBe(1);
  });

  it('generates valid EAN-13 codes in the internal range, unique, on the record and for the form', async () => {
    const p = (await k.product()).body;
    const r = await t.admin.post(`/api/inventory/products/${p.id}/generateBarcode`, {});
    expect(r.statusCode).toBe(200);
    const code = r.json().barcode as string;
    expect(isValidEan13(code)).toBe(true);
    expect(INTERNAL_PREFIXES).toContain(code.slice(0, 2));
    const saved = (await t.admin.get(`/api/inventory/products/${p.id}`)).json();
    expect(saved).toMatchObject({ barcode: code, version: p.version + 1 });
    const history = (await t.admin.get(`/api/inventory/products/${p.id}/history`)).json().items;
    expect(history.some((h: { action: string; after: Record<string, unknown> | null }) => h.action === 'update' && h.after?.barcode === code)).toBe(true);
    const codes = new Set<string>([code]);
    for (let i = 0; i < 10; i++) {
      const f = await t.admin.post('/api/inventory/products/generate-barcode', {});
      expect(f.statusCode).toBe(200);
      expect(isValidEan13(f.json().barcode)).toBe(true);
      codes.add(f.json().barcode);
    }
    expect(codes.size).toBe(11);
  });

  it('lets only users who may add or change products generate codes and prices', async () => {
    const viewer = await userWith(t, 'pviewer', ['inventory.product.view']);
    const adder = await userWith(t, 'padder', ['inventory.product.add']);
    for (const path of ['generate-barcode', 'generate-sku', 'compute-sale-price']) {
      expect((await viewer.post(`/api/inventory/products/${path}`, {})).statusCode, path).toBe(403);
      expect((await t.anon().post(`/api/inventory/products/${path}`, {})).statusCode, path).toBe(401);
    }
    expect((await adder.post('/api/inventory/products/generate-barcode', {})).statusCode).toBe(200);
    const p = (await k.product()).body;
    expect((await viewer.post(`/api/inventory/products/${p.id}/generateBarcode`, {})).statusCode).toBe(403);
    expect((await other.post(`/api/inventory/products/${p.id}/generateBarcode`, {})).statusCode).toBe(404);
  });
});

describe('SKUs', () => {
  it('builds SKUs from the category and the name initials with a counter that skips codes already taken', async () => {
    const categoryId = await k.category('Electronics');
    const gen = (body: Record<string, unknown>, c: Client = t.admin) => c.post('/api/inventory/products/generate-sku', body);
    expect((await gen({ name: 'Wireless Mouse M2', categoryId })).json()).toEqual({ sku: 'ELE-WMM-0001' });
    expect((await gen({ name: 'wireless mouse m2', categoryId })).json()).toEqual({ sku: 'ELE-WMM-0002' });
    await k.product({ name: 'Manual', categoryId, sku: 'ELE-WMM-0003' });
    expect((await gen({ name: 'Wireless Mouse M2', categoryId })).json()).toEqual({ sku: 'ELE-WMM-0004' });
    const noName = await gen({ name: ' ', categoryId });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().error.fields.name).toBe('Enter the product name before generating an SKU');
    expect((await gen({ name: 'x' }, ar)).json().error.fields.categoryId).toBe('اختر الفئة قبل توليد رمز SKU');
    const foreign = await gen({ name: 'x', categoryId: await ko.category('Theirs') });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.fields.categoryId).toBe('Category: the selected record does not exist');
    expect((await gen({ name: 'x', categoryId: 'abc' })).statusCode).toBe(422);
    const p = (await k.product({ name: 'Gaming Keyboard', categoryId })).body;
    const onRecord = await t.admin.post(`/api/inventory/products/${p.id}/generateSku`, {});
    expect(onRecord.json()).toEqual({ sku: 'ELE-GK-0001' });
    expect((await t.admin.get(`/api/inventory/products/${p.id}`)).json().sku).toBe('ELE-GK-0001');
  });
});

describe('sale price from cost', () => {
  it('prices cost x (1 + default margin) and warns under the minimum margin, in both languages', async () => {
    const cp = (body: Record<string, unknown>, c: Client = t.admin) => c.post('/api/inventory/products/compute-sale-price', body);
    // default chart: default margin 20 %, minimum 5 %
    expect((await cp({ cost: '80' })).json()).toEqual({ salePrice: '96.00', margin: '20.00', currentMargin: null, warning: null });
    expect((await cp({ cost: 80, salePrice: '100' })).json()).toMatchObject({ salePrice: '96.00', currentMargin: '25.00', warning: null });
    // 82 on a cost of 80 is a 2.5 % margin, under the 5 % minimum
    expect((await cp({ cost: '80', salePrice: '82' })).json()).toMatchObject({ salePrice: '96.00', currentMargin: '2.50', warning: 'The current margin 2.50% is below the minimum margin 5.00%' });
    expect((await cp({ cost: '80', salePrice: '82' }, ar)).json().warning).toBe('هامش الربح الحالي 2.50% أقل من الحد الأدنى لهامش الربح 5.00%');
    const bad = await cp({ cost: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.cost).toBe('Cost must be a number');
    expect((await cp({ cost: '-5' })).json().error.fields.cost).toBe('Cost cannot be negative');
    expect((await cp({})).json().error.fields.cost).toBe('Enter a cost greater than zero to compute the sale price');
    expect((await cp({ cost: '0' }, ar)).json().error.fields.cost).toBe('أدخل تكلفة أكبر من صفر لحساب سعر البيع');

    const s = (await t.admin.get('/api/accounting/settings/current')).json();
    expect((await t.admin.patch(`/api/accounting/settings/${s.id}`, { defaultMarginProfit: '25', minimumMarginProfit: '30', version: s.version })).statusCode).toBe(200);
    // 10.125 x 1.25 = 12.65625 -> 12.66; the default margin itself is under the minimum
    expect((await cp({ cost: '10.125' })).json()).toEqual({ salePrice: '12.66', margin: '25.00', currentMargin: null, warning: 'The default margin 25.00% is below the minimum margin 30.00%' });
    const s2 = (await t.admin.get('/api/accounting/settings/current')).json();
    await t.admin.patch(`/api/accounting/settings/${s2.id}`, { defaultMarginProfit: '20', minimumMarginProfit: '5', version: s2.version });
  });

  it('sets the computed price on the record and refuses a product without cost', async () => {
    const p = (await k.product({ cost: '80', salePrice: '82' })).body;
    const r = await t.admin.post(`/api/inventory/products/${p.id}/computeSalePrice`, {});
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ salePrice: '96.00', margin: '20.00', warning: 'The current margin 2.50% is below the minimum margin 5.00%' });
    expect((await t.admin.get(`/api/inventory/products/${p.id}`)).json().salePrice).toBe('96.0000');
    const free = (await k.product()).body;
    const none = await t.admin.post(`/api/inventory/products/${free.id}/computeSalePrice`, {});
    expect(none.statusCode).toBe(422);
    expect((await t.admin.get(`/api/inventory/products/${free.id}`)).json().salePrice).toBe(free.salePrice);
  });
});

describe('statistics and the stock ledger', () => {
  it('reports on hand per internal location, stock value from the layers and the moves', async () => {
    const p = (await k.product({ cost: '10' })).body;
    const empty = (await t.admin.get(`/api/inventory/products/${p.id}/statistics`)).json();
    expect(empty).toEqual({ productId: p.id, onHand: '0.000000', stockValue: '0.0000', movesCount: 0, lastMoveDate: null, locations: [] });

    const wh = (await t.admin.post('/api/inventory/warehouses', { name: 'Stats WH', address: 'Riyadh' })).json();
    const shelf = (await t.admin.post('/api/inventory/locations', { name: 'Shelf A', kind: 'internal', warehouseId: wh.id })).json();
    const [vendors, stock, scrap] = [k.loc('Vendors'), k.loc('Stock'), k.loc('Scrap')];
    await stockRows(t, k, { productId: p.id, from: vendors, to: stock, qty: '10', date: '2026-03-01', value: '100' });
    await stockRows(t, k, { productId: p.id, from: stock, to: shelf.id, qty: '4', date: '2026-03-02' });
    await stockRows(t, k, { productId: p.id, from: stock, to: scrap, qty: '1.5', date: '2026-03-05', value: '-15' });
    // stock 10 - 4 - 1.5 = 4.5, shelf 4, scrap 1.5 (not on hand); value 100 - 15 = 85
    const stats = (await t.admin.get(`/api/inventory/products/${p.id}/statistics`)).json();
    expect(stats).toEqual({
      productId: p.id, onHand: '8.500000', stockValue: '85.0000', movesCount: 3, lastMoveDate: '2026-03-05',
      locations: [
        { locationId: stock, locationName: 'Stock', locationNameAr: 'المخزون', warehouseId: k.wh('Main warehouse'), warehouseName: 'Main warehouse', quantity: '4.500000' },
        { locationId: shelf.id, locationName: 'Shelf A', locationNameAr: null, warehouseId: wh.id, warehouseName: 'Stats WH', quantity: '4.000000' },
      ],
    });
    const arStats = (await ar.get(`/api/inventory/products/${p.id}/statistics`)).json();
    expect(arStats.locations.map((l: { warehouseName: string }) => l.warehouseName)).toEqual(['المستودع الرئيسي', 'Stats WH']); // no Arabic name: the English one
    // A read: no audit row, no POST twin (an action would lock the product and write one).
    const audits = async () => (await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'product' AND record_id = ${p.id}`))[0]!.n;
    const before = await audits();
    expect((await t.admin.get(`/api/inventory/products/${p.id}/statistics`)).statusCode).toBe(200);
    expect(await audits()).toBe(before);
    expect((await t.admin.post(`/api/inventory/products/${p.id}/statistics`, {})).statusCode).toBe(404);
    expect(await audits()).toBe(before);
    expect((await other.get(`/api/inventory/products/${p.id}/statistics`)).statusCode).toBe(404);
    const viewer = await userWith(t, 'statviewer', ['inventory.product.view']);
    expect((await viewer.get(`/api/inventory/products/${p.id}/statistics`)).statusCode).toBe(403);
  });

  it('keeps a product with stock moves: no delete, no change of type or unit (409, both languages)', async () => {
    const p = (await k.product()).body;
    await stockRows(t, k, { productId: p.id, from: k.loc('Vendors'), to: k.loc('Stock'), qty: '2', date: '2026-03-01' });
    const del = await t.admin.del(`/api/inventory/products/${p.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('A product with stock moves cannot be deleted; deactivate it instead');
    expect((await ar.del(`/api/inventory/products/${p.id}`)).json().error.message).toBe('لا يمكن حذف منتج له حركات مخزون؛ يمكنك إيقافه بدلًا من ذلك');
    const type = await t.admin.patch(`/api/inventory/products/${p.id}`, { productType: 'consumable' });
    expect(type.statusCode).toBe(409);
    expect(type.json().error.fields.productType).toBe('The product type cannot change once the product has stock moves');
    const unit = await ar.patch(`/api/inventory/products/${p.id}`, { uomId: k.uom('Dozen') });
    expect(unit.statusCode).toBe(409);
    expect(unit.json().error.fields.uomId).toBe('لا يمكن تغيير وحدة القياس بعد أن أصبحت للمنتج حركات مخزون');
    expect((await t.admin.get(`/api/inventory/products/${p.id}`)).json()).toMatchObject({ productType: 'storable', uomId: k.uom('Unit'), storable: true });
    expect((await t.admin.patch(`/api/inventory/products/${p.id}`, { salePrice: '5', isActive: false })).statusCode).toBe(200);
    const fresh = (await k.product()).body;
    expect((await t.admin.patch(`/api/inventory/products/${fresh.id}`, { uomId: k.uom('Dozen') })).statusCode).toBe(200);
    expect((await t.admin.del(`/api/inventory/products/${fresh.id}`)).statusCode).toBe(204);
  });
});

describe('lookups and search', () => {
  it('keeps lookup names unique per company, refuses deleting one in use and finds Arabic names by any hamza form', async () => {
    for (const [path, body] of [
      ['countries-of-origin', { code: 'SA', name: 'Saudi Arabia', nameAr: 'السعودية' }],
      ['product-classifications', { name: 'Imported', nameAr: 'مستورد' }],
      ['product-grades', { name: 'Grade A', nameAr: 'الدرجة الأولى' }],
      ['companies', { name: 'Nour Electronics', nameAr: 'نور للإلكترونيات' }],
    ] as const) {
      const r = await t.admin.post(`/api/inventory/${path}`, body);
      expect(r.statusCode, path).toBe(201);
      const dup = await t.admin.post(`/api/inventory/${path}`, body);
      expect(dup.statusCode, path).toBe(422);
      expect(dup.json().error.fields.name ?? dup.json().error.fields.code).toMatch(/is already used/);
      expect((await other.post(`/api/inventory/${path}`, body)).statusCode, path).toBe(201);
    }
    const grade = (await t.admin.get('/api/inventory/product-grades?search=grade')).json().items[0].id;
    const p = (await k.product({ name: 'Basmati rice', nameAr: 'أرز بسمتي', gradeId: grade })).body;
    expect((await t.admin.del(`/api/inventory/product-grades/${grade}`)).statusCode).toBe(409);
    for (const term of ['ارز', 'أرز', 'إرز', 'بسمتى']) {
      const found = (await t.admin.get(`/api/inventory/products?search=${encodeURIComponent(term)}`)).json().items.map((x: { id: number }) => x.id);
      expect(found, term).toContain(p.id);
    }
  });
});
