import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Client, type TestApp, ADMIN_PASSWORD, testApp } from '../../../tests/support/test-app';
import { postImport, xlsxOf } from './import.test-kit';

/**
 * Bad files, each in English and Arabic, each storing nothing: a row naming another company's record, a duplicate
 * key inside the file, a record its field's filters refuse, a formula cell, a file that is not a spreadsheet, an empty file (the 100,000-row file with an
 * error in row 70,000 is import.large.api.test.ts).
 */
let t: TestApp;
let ar: Client;
const P = '/api/inventory/products';
beforeAll(async () => {
  t = await testApp();
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
  expect((await t.admin.post('/api/inventory/categories', { name: 'Food' })).statusCode).toBe(201);
  const r = await t.anon().post('/api/auth/signup', { companyNameEn: 'Other', companyNameAr: 'شركة أخرى', currency: 'SAR', username: 'other', fullName: 'Other', password: 'other-pass-1' });
  expect(r.statusCode, r.body).toBe(201);
  const other = await t.login('other', 'other-pass-1');
  expect((await other.post('/api/inventory/categories', { name: 'Secret shelf' })).statusCode).toBe(201);
});
afterAll(async () => { await t?.close(); });

const stored = async () => Number((await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM products`)).rows[0]!.n);
const HEAD = 'Name,SKU,Category,Unit of measure,Product type\n';

describe('bad import files store nothing', () => {
  it('a row naming another company\'s record', async () => {
    const csv = HEAD + 'A,A-1,Food,Unit,storable\nB,B-1,Secret shelf,Unit,storable\n';
    const en = (await postImport(t, t.admin, P, 'p.csv', csv)).json();
    expect(en).toMatchObject({ failed: 1, committed: false });
    expect(en.errors).toEqual([{ row: 3, column: 'Category', message: 'Category: no record named "Secret shelf" in this company' }]);
    const a = (await postImport(t, ar, P, 'p.csv', csv)).json();
    expect(a.errors).toEqual([{ row: 3, column: 'الفئة', message: 'الفئة: لا يوجد سجل باسم "Secret shelf" في هذه الشركة' }]);
    expect(await stored()).toBe(0);
  });

  it('a row naming a record its field does not take (a parent account as a category\'s income account)', async () => {
    const count = async () => Number((await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM product_categories`)).rows[0]!.n);
    const before = await count();
    const csv = 'Name,Income account\nSnacks,4101\nDrinks,4\n';
    const en = (await postImport(t, t.admin, '/api/inventory/categories', 'c.csv', csv)).json();
    expect(en).toMatchObject({ failed: 1, committed: false });
    expect(en.errors).toEqual([{ row: 3, column: 'Income account', message: 'Income account: choose an active account without sub-accounts' }]);
    const a = (await postImport(t, ar, '/api/inventory/categories', 'c.csv', csv)).json();
    expect(a.errors).toEqual([{ row: 3, column: 'حساب الإيرادات', message: 'حساب الإيرادات: اختر حسابًا نشطًا ليس له حسابات فرعية' }]);
    expect(await count()).toBe(before);
  });

  it('a duplicate key inside the file', async () => {
    const csv = HEAD + 'A,D-1,Food,Unit,storable\nB,D-2,Food,Unit,storable\nC,D-1,Food,Unit,storable\n';
    const en = (await postImport(t, t.admin, P, 'p.csv', csv)).json();
    expect(en.errors).toEqual([{ row: 4, column: 'SKU', message: 'SKU "D-1" appears again in row 2 of the file' }]);
    const a = (await postImport(t, ar, P, 'p.csv', csv)).json();
    expect(a.errors).toEqual([{ row: 4, column: 'رمز المنتج (SKU)', message: 'رمز المنتج (SKU) "D-1" مكرر في الصف 2 من الملف' }]);
    expect(await stored()).toBe(0);
  });

  it('a formula cell, named by its cell', async () => {
    const file = await xlsxOf([['Name', 'SKU', 'Category', 'Unit of measure', 'Product type', 'Cost'], ['A', 'F-1', 'Food', 'Unit', 'storable', 2], ['B', 'F-2', 'Food', 'Unit', 'storable', { formula: 'F2*2', result: 4 }]]);
    const en = (await postImport(t, t.admin, P, 'p.xlsx', file)).json();
    expect(en.errors).toEqual([{ row: 3, column: 'Cost', message: 'Cell F3 holds a formula; formulas are not evaluated: paste its value instead' }]);
    const a = (await postImport(t, ar, P, 'p.xlsx', file)).json();
    expect(a.errors).toEqual([{ row: 3, column: 'التكلفة', message: 'الخلية F3 تحتوي على صيغة؛ لا تُحسب الصيغ: الصق قيمتها بدلًا منها' }]);
    expect(await stored()).toBe(0);
  });

  it('a file that is not a spreadsheet, an old .xls, an empty file, a header without rows', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 0])]);
    const cases: [string, Buffer | string, string, string][] = [
      ['x.pdf', pdf, 'This file is not a spreadsheet: upload an Excel workbook (.xlsx) or a CSV file', 'هذا الملف ليس جدول بيانات: ارفع مصنف Excel بصيغة ‎.xlsx أو ملف CSV'],
      ['x.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'Old Excel workbooks (.xls) are not read: save the file as .xlsx or CSV and upload it again', 'لا تُقرأ مصنفات Excel القديمة (‎.xls): احفظ الملف بصيغة ‎.xlsx أو CSV وارفعه مرة أخرى'],
      ['x.csv', '', 'The file is empty: it has no header row and no data', 'الملف فارغ: لا يحتوي على صف عناوين ولا على بيانات'],
      ['x.csv', '\n\n,,\n', 'The file is empty: it has no header row and no data', 'الملف فارغ: لا يحتوي على صف عناوين ولا على بيانات'],
      ['x.csv', HEAD, 'The file has a header row but no data rows', 'يحتوي الملف على صف العناوين فقط دون صفوف بيانات'],
      ['x.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]), 'The workbook could not be read: it is damaged or not an Excel file', 'تعذرت قراءة المصنف: الملف تالف أو ليس ملف Excel'],
    ];
    for (const [name, body, en, a] of cases) {
      const r = await postImport(t, t.admin, P, name, body);
      expect(r.statusCode, `${name} ${r.body}`).toBe(400);
      expect(r.json().error.message).toBe(en);
      expect((await postImport(t, ar, P, name, body)).json().error.message).toBe(a);
      expect((await t.admin.req('POST', `${P}/import/preview`, undefined)).statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await stored()).toBe(0);
  });

  it('needs the add permission', async () => {
    const g = await t.admin.post('/api/admin/groups', { name: 'viewers', permissions: ['inventory.product.view'] });
    await t.admin.post('/api/admin/users', { username: 'viewer', fullName: 'Viewer', password: 'secret-pass-1', groups: [g.json().id] });
    const v = await t.login('viewer', 'secret-pass-1');
    expect((await postImport(t, v, P, 'p.csv', HEAD + 'A,A-1,Food,Unit,storable\n')).statusCode).toBe(403);
    expect((await v.get(`${P}/import/template.xlsx`)).statusCode).toBe(403);
  });
});
