import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { changes, picture } from '../../../tests/support/db-diff';
import { type Client, type TestApp, ADMIN_PASSWORD, testApp } from '../../../tests/support/test-app';
import { postImport, xlsxOf } from './import.test-kit';

/** Importing products from CSV and Excel: inserts, updates by SKU, refs by name, real-world cells, both languages. */
let t: TestApp;
let ar: Client;
const P = '/api/inventory/products';
beforeAll(async () => {
  t = await testApp();
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
  expect((await t.admin.post('/api/inventory/categories', { name: 'Food', nameAr: 'أغذية' })).statusCode).toBe(201);
});
afterAll(async () => { await t?.close(); });

const products = async () => (await t.db.orm.execute(sql`SELECT name, sku, cost, sale_price, is_active, expiry_date::text AS expiry, version FROM products ORDER BY sku`)).rows;

describe('import products', () => {
  it('inserts from a CSV, then updates by SKU and leaves unchanged rows alone', async () => {
    const csv = 'Name,SKU,Category,Unit of measure,Product type,Cost,Sale price,Active,Expiry date\n'
      + 'Rice,R-1,Food,Unit,Storable,"1,250.50",١٥٠٠,Yes,31/12/2027\n'
      + 'Tea,T-1,أغذية,Unit,storable,12,15,No,46000\n'
      + ',,,,,,,,\n\n';
    const before = await picture(t.db);
    const dry = await postImport(t, t.admin, P, 'p.csv', csv, { dryRun: '1' });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ rows: 2, inserted: 2, failed: 0, committed: false, dryRun: true });
    // a dry run stores nothing: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    const res = await postImport(t, t.admin, P, 'p.csv', csv);
    expect(res.json()).toMatchObject({ rows: 2, inserted: 2, failed: 0, committed: true });
    expect(await products()).toMatchObject([
      { name: 'Rice', sku: 'R-1', cost: '1250.5000', sale_price: '1500.0000', is_active: true, expiry: '2027-12-31' },
      { name: 'Tea', sku: 'T-1', is_active: false, expiry: '2025-12-09' },
    ]);
    const again = await postImport(t, t.admin, P, 'p.csv', csv.replace('Tea,T-1,أغذية,Unit,storable,12,15', 'Green tea,T-1,أغذية,Unit,storable,12,15'));
    expect(again.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 1, failed: 0, committed: true });
    const rows = await products();
    expect(rows[0]).toMatchObject({ name: 'Rice', version: 1 });
    expect(rows[1]).toMatchObject({ name: 'Green tea', version: 2 });
  });

  it('reads an Arabic Excel file with a merged title row above its Arabic headers', async () => {
    const file = await xlsxOf([
      ['الاسم', 'رمز المنتج (SKU)', 'الفئة', 'وحدة القياس', 'نوع المنتج', 'التكلفة'],
      ['سكر', 'S-1', 'أغذية', 'Unit', 'منتج مخزني', '٣٫٥'],
    ], { titleRow: 'قائمة المنتجات' });
    const res = await postImport(t, ar, P, 'p.xlsx', file);
    expect(res.json()).toMatchObject({ rows: 1, inserted: 1, failed: 0, committed: true });
    expect((await products()).find((p) => p.sku === 'S-1')).toMatchObject({ name: 'سكر', cost: '3.5000' });
  });

  it('keeps only the valid rows when asked, and names each failing row and column in the caller\'s language', async () => {
    const csv = 'Name,SKU,Category,Unit of measure,Product type,Cost\nGood,V-1,Food,Unit,storable,1\nBad,V-2,Food,Unit,Gadget,abc\n';
    const all = await postImport(t, ar, P, 'p.csv', csv);
    expect(all.json()).toMatchObject({ inserted: 1, failed: 1, committed: false, message: 'لم يُحفظ شيء من الاستيراد: الصفوف التي بها أخطاء: 1' });
    expect(all.json().errors).toEqual(expect.arrayContaining([
      { row: 3, column: 'نوع المنتج', message: 'نوع المنتج: "Gadget" ليست من الخيارات المتاحة' },
      { row: 3, column: 'التكلفة', message: 'يجب أن يكون التكلفة رقمًا' },
    ]));
    expect((await products()).find((p) => p.sku === 'V-1')).toBeUndefined();
    const some = await postImport(t, t.admin, P, 'p.csv', csv, { validOnly: '1' });
    expect(some.json()).toMatchObject({ inserted: 1, failed: 1, committed: true });
    expect(some.json().errors[0]).toMatchObject({ row: 3, column: 'Product type', message: 'Product type: "Gadget" is not one of the choices' });
    expect((await products()).find((p) => p.sku === 'V-1')).toBeDefined();
  });

  // the product's checks run set-based for a batch (product.hooks.ts beforeCreateMany): an inactive unit or an account
  // that cannot take postings is still refused on its own row, in the caller's language, the good rows written
  it('refuses an inactive unit and a parent account on their own rows, keeping the rows around them', async () => {
    const g = (await t.admin.get('/api/inventory/uom-groups?search=Units')).json().items[0].id;
    expect((await t.admin.post('/api/inventory/uoms', { name: 'Crate', conversionFactor: '6', groupId: g, isActive: false })).statusCode).toBe(201);
    const csv = 'Name,SKU,Category,Unit of measure,Product type,Income account\n'
      + 'Flour,B-1,Food,Unit,storable,4101\nOil,B-2,Food,Crate,storable,4101\nSalt,B-3,Food,Unit,storable,4\nBeans,B-4,Food,Unit,storable,\n';
    const res = await postImport(t, ar, P, 'p.csv', csv, { validOnly: '1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ inserted: 2, failed: 2, committed: true });
    expect(res.json().errors).toEqual([
      { row: 3, column: 'وحدة القياس', message: expect.stringMatching(/وحدة القياس/) },
      { row: 4, column: 'حساب الإيرادات', message: 'حساب الإيرادات: اختر حسابًا نشطًا ليس له حسابات فرعية' },
    ]);
    expect((await products()).filter((p) => String(p.sku).startsWith('B-')).map((p) => p.sku)).toEqual(['B-1', 'B-4']);
  });
});
