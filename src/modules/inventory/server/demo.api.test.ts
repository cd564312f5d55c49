import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { isValidEan13 } from './barcode';
import { type MdKit, mdKit } from './master-data.test-kit';

/** The demo company's inventory: bilingual master data, valid codes, a second warehouse, opening stock in the books. */
let t: TestApp;
let k: MdKit;
beforeAll(async () => {
  t = await testApp({ demo: true });
  k = await mdKit(t);
});
afterAll(async () => { await t?.close(); });

type P = { id: number; name: string; nameAr: string; barcode: string; sku: string; productType: string; storable: boolean; service: boolean; cost: string; salePrice: string };

describe('inventory demo data', () => {
  it('has bilingual categories and lookups', async () => {
    const cats = (await t.admin.get('/api/inventory/categories?pageSize=50')).json().items;
    expect(cats.map((c: { name: string; nameAr: string }) => [c.name, c.nameAr])).toEqual(expect.arrayContaining([
      ['Electronics', 'إلكترونيات'], ['Food', 'مواد غذائية'], ['Office supplies', 'قرطاسية'],
    ]));
    const countries = (await t.admin.get('/api/inventory/countries-of-origin')).json().items.map((c: { nameAr: string }) => c.nameAr);
    expect(countries).toEqual(expect.arrayContaining(['السعودية', 'مصر', 'الصين', 'ألمانيا']));
    for (const path of ['product-grades', 'product-classifications', 'companies'])
      expect((await t.admin.get(`/api/inventory/${path}`)).json().total, path).toBeGreaterThanOrEqual(2);
  });

  it('has products with valid, unique EAN-13 barcodes and SKUs, flags matching their type, and Arabic search', async () => {
    const items = (await t.admin.get('/api/inventory/products?pageSize=100')).json().items as P[];
    expect(items.length).toBeGreaterThanOrEqual(10);
    for (const p of items) {
      expect(isValidEan13(p.barcode), p.name).toBe(true);
      expect(p.nameAr, p.name).toBeTruthy();
      expect(p.storable).toBe(p.productType === 'storable');
      expect(p.service).toBe(p.productType === 'service');
      expect(Number(p.salePrice)).toBeGreaterThan(Number(p.cost));
    }
    expect(new Set(items.map((p) => p.barcode)).size).toBe(items.length);
    expect(new Set(items.map((p) => p.sku)).size).toBe(items.length);
    expect(items.find((p) => p.name === 'Wireless mouse')!.sku).toBe('ELE-WM-0001');
    const rice = items.find((p) => p.name === 'Basmati rice')!;
    for (const term of ['ارز', 'أرز']) {
      const found = (await t.admin.get(`/api/inventory/products?search=${encodeURIComponent(term)}`)).json().items.map((p: P) => p.id);
      expect(found, term).toContain(rice.id);
    }
    // a generated SKU never repeats a demo one
    const mouse = items.find((p) => p.name === 'Wireless mouse')!;
    const cat = (await t.admin.get(`/api/inventory/products/${mouse.id}`)).json().categoryId;
    expect((await t.admin.post('/api/inventory/products/generate-sku', { name: 'Wireless mouse', categoryId: cat })).json().sku).toBe('ELE-WM-0002');
  });

  it('has a second warehouse with a location and its manager', async () => {
    const whs = (await t.admin.get('/api/inventory/warehouses')).json().items;
    const jed = whs.find((w: { code: string }) => w.code === 'JED');
    expect(jed).toMatchObject({ nameAr: 'مستودع جدة', locationsCount: 1 });
    expect((await t.admin.get(`/api/inventory/warehouses/${jed.id}`)).json().managers).toHaveLength(1);
    const locs = (await t.admin.get(`/api/inventory/locations?filter[warehouseId]=${jed.id}`)).json().items;
    expect(locs.map((l: { name: string }) => l.name)).toEqual(['Jeddah stock']);
  });

  it('has opening stock posted through the beginning balance: quants, layers and the opening entry agree', async () => {
    const openings = (await t.admin.get('/api/inventory/beginning-balances')).json().items;
    expect(openings).toHaveLength(1);
    // 40x45 + 60x30 + 25x55 + 12x90 + 500x7.5 + 150x28 + 80x22 + 200x12 + 120x18 + 30x14 + 35x16
    const total = 1800 + 1800 + 1375 + 1080 + 3750 + 4200 + 1760 + 2400 + 2160 + 420 + 560;
    expect(openings[0]).toMatchObject({ status: 'posted', totalAmount: total.toFixed(4) });
    const items = (await t.admin.get('/api/inventory/products?pageSize=100')).json().items as P[];
    const rice = items.find((p) => p.name === 'Basmati rice')!;
    // the opening (500), then a year of receipts and deliveries (demo-year.ts) and of sales orders (sales' demo):
    // stock left, never below zero
    const stats = (await t.admin.get(`/api/inventory/products/${rice.id}/statistics`)).json();
    expect(Number(stats.onHand)).toBeGreaterThan(0);
    expect(stats.movesCount).toBeGreaterThan(1);
    // food came in lots with expiry dates
    const lots = (await t.admin.get(`/api/inventory/lots?filter[productId]=${rice.id}`)).json().items;
    expect(lots.map((l: { name: string }) => l.name)).toContain('BAS-OPEN');
    const service = items.find((p) => p.productType === 'service')!;
    expect((await t.admin.get(`/api/inventory/products/${service.id}/statistics`)).json().movesCount).toBe(0);
    const [layers] = await k.q<{ v: string }>(sql`SELECT sum(value)::text AS v FROM stock_valuation_layers WHERE company_id = ${k.companyId}`);
    const [ledger] = await k.q<{ b: string }>(sql`SELECT sum(l.debit - l.credit)::text AS b FROM journal_lines l JOIN accounts a ON a.id = l.account_id
      WHERE a.company_id = ${k.companyId} AND a.code = '1104'`);
    expect(Number(layers!.v)).toBeGreaterThan(0);
    expect(Number(ledger!.b)).toBe(Number(layers!.v));
  });
});
