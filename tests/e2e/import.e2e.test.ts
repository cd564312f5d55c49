import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { type E2E, startE2E } from './harness';
import { axeCheck } from './a11y';
import { xlsxOf } from '../../src/core/import/import.test-kit';
import { COUNTRIES } from '../../src/modules/contacts/model/countries';

/**
 * Imports in Arabic, in the browser (issue 26): products and contacts from Arabic Excel files, opening balances (with lines)
 * from a windows-1256 CSV, and a broken file that shows its row errors and stores nothing. The drawer passes axe.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); }, 600_000);
afterAll(async () => { await e?.close(); });

/** Text as windows-1256 bytes (Arabic Excel's CSV), by inverting the platform's decoder. */
function cp1256(text: string): Buffer {
  const dec = new TextDecoder('windows-1256');
  const map = new Map<string, number>();
  for (let b = 0x80; b <= 0xff; b++) map.set(dec.decode(Uint8Array.of(b)), b);
  return Buffer.from([...text].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : map.get(c) ?? 0x3f)));
}

const count = async (q: ReturnType<typeof sql>) => Number((await e.db.orm.execute(q)).rows[0]!.n);

async function importFile(page: Page, route: string, name: string, mime: string, buffer: Buffer): Promise<void> {
  await page.goto(`${e.base}/ar${route}`);
  await page.getByRole('button', { name: 'استيراد', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.locator('input[type=file]').setInputFiles({ name, mimeType: mime, buffer });
  await drawer.getByRole('button', { name: 'قراءة الملف' }).click();
  await drawer.getByRole('button', { name: 'تحقق (دون حفظ)' }).click();
  await drawer.getByText('اكتمل التحقق').or(drawer.getByText('لم يُحفظ شيء')).first().waitFor({ timeout: 60_000 });
}

describe('imports in Arabic', () => {
  it('imports products from an Arabic Excel file', async () => {
    const { page, errors } = await e.newPage();
    await e.login(page, '/ar');
    const cat = (await e.db.orm.execute(sql`SELECT name FROM product_categories ORDER BY id LIMIT 1`)).rows[0]!.name as string;
    const rows: unknown[][] = [['الاسم', 'رمز المنتج (SKU)', 'الفئة', 'وحدة القياس', 'نوع المنتج', 'التكلفة', 'سعر البيع']];
    for (let i = 1; i <= 1000; i++) rows.push([`منتج مستورد ${i}`, `IMP-${i}`, cat, 'Unit', 'منتج مخزني', `${i}٫٥`, '١٬٢٥٠']);
    await importFile(page, '/inventory/inventory/products', 'منتجات.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', await xlsxOf(rows, { titleRow: 'قائمة المنتجات' }));
    const drawer = page.getByRole('dialog');
    // the whole drawer's text: on a failure it shows the errors table
    await expect.poll(() => drawer.innerText(), { timeout: 30_000 }).toContain('1000 صف: 1000 جديد');
    expect(await axeCheck(page, { locale: 'ar', scheme: 'light' })).toEqual([]);
    await e.shot(page, 'ar-import-products-checked');
    await drawer.getByRole('button', { name: 'استيراد', exact: true }).click();
    await expect.poll(() => count(sql`SELECT count(*)::int AS n FROM products WHERE sku LIKE 'IMP-%'`), { timeout: 120_000 }).toBe(1000);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE sku = 'IMP-7' AND cost = 7.5 AND sale_price = 1250`)).toBe(1);
    expect(errors).toEqual([]);
  });

  it('imports 500 contacts from an Arabic Excel file, types and countries by their Arabic names', async () => {
    const { page, errors } = await e.newPage();
    await e.login(page, '/ar');
    const uae = COUNTRIES.find((c) => c.value === 'AE')!.label.ar;
    const rows: unknown[][] = [['النوع', 'الاسم', 'الاسم بالعربية', 'الهاتف', 'الدولة', 'الرقم الضريبي', 'عميل']];
    for (let i = 1; i <= 500; i++) {
      const abroad = i % 50 === 0;
      rows.push([i % 5 === 0 ? 'شركة' : 'فرد', `Imported customer ${i}`, `عميل مستورد ${i}`, `05${String(i).padStart(8, '0')}`,
        abroad ? uae : null, abroad ? `100${String(i).padStart(11, '0')}3` : null, 'نعم']);
    }
    await importFile(page, '/contacts/contact', 'عملاء.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', await xlsxOf(rows));
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.innerText(), { timeout: 30_000 }).toContain('500 صف: 500 جديد');
    await drawer.getByRole('button', { name: 'استيراد', exact: true }).click();
    await expect.poll(() => count(sql`SELECT count(*)::int AS n FROM contacts WHERE name LIKE 'Imported customer %' AND is_customer`), { timeout: 120_000 }).toBe(500);
    expect(await count(sql`SELECT count(*)::int AS n FROM contacts WHERE name LIKE 'Imported customer %' AND country = 'AE' AND kind = 'company' AND tax_number LIKE '100%'`)).toBe(10);
    expect(await count(sql`SELECT count(*)::int AS n FROM contacts WHERE name = 'Imported customer 7' AND name_ar = 'عميل مستورد 7' AND kind = 'individual' AND country IS NULL`)).toBe(1);
    expect(errors).toEqual([]);
  });

  it('imports opening balances with their lines from a windows-1256 CSV', async () => {
    const { page, errors } = await e.newPage();
    await e.login(page, '/ar');
    const csv = 'التاريخ,المرجع,الحساب,البيان,مدين,دائن\r\n'
      // windows-1256 has no Arabic-Indic digits: Arabic Excel writes Latin ones in its CSV
      + '01/01/2026,افتتاحي-مستورد,1101,النقدية,"5,000",\r\n'
      + '01/01/2026,افتتاحي-مستورد,حساب الأرصدة الافتتاحية,رأس المال الافتتاحي,,"5,000"\r\n';
    await importFile(page, '/accounting/settings/beginningbalance', 'أرصدة.csv', 'text/csv', cp1256(csv));
    const drawer = page.getByRole('dialog');
    // two rows (the two lines) make one balance
    await expect.poll(() => drawer.innerText(), { timeout: 30_000 }).toContain('2 صف: 1 جديد');
    await e.shot(page, 'ar-import-opening-checked');
    await drawer.getByRole('button', { name: 'استيراد', exact: true }).click();
    await expect.poll(() => count(sql`SELECT count(*)::int AS n FROM beginning_balances WHERE reference = 'افتتاحي-مستورد' AND jsonb_array_length(lines) = 2`), { timeout: 60_000 }).toBe(1);
    expect(errors).toEqual([]);
  });

  it('a broken file shows its row errors and stores nothing', async () => {
    const { page } = await e.newPage();
    await e.login(page, '/ar');
    const before = await count(sql`SELECT count(*)::int AS n FROM products`);
    const csv = 'الاسم,رمز المنتج (SKU),الفئة,وحدة القياس,نوع المنتج,التكلفة\nجيد,BRK-1,فئة غير موجودة,Unit,منتج مخزني,1\nسيئ,BRK-2,,Unit,منتج مخزني,abc\n';
    await importFile(page, '/inventory/inventory/products', 'broken.csv', 'text/csv', Buffer.from(csv));
    const table = page.getByTestId('import-errors');
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(2);
    await expect.poll(() => table.getByText('الفئة: لا يوجد سجل باسم "فئة غير موجودة" في هذه الشركة').count()).toBe(1);
    await expect.poll(() => table.getByText('يجب أن يكون التكلفة رقمًا').count()).toBe(1);
    expect(await page.getByRole('dialog').getByRole('button', { name: 'استيراد', exact: true }).isDisabled()).toBe(true);
    await e.shot(page, 'ar-import-broken');
    expect(await count(sql`SELECT count(*)::int AS n FROM products`)).toBe(before);
  });
});
