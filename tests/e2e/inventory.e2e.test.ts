import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ZONE, type E2E, listRows, startE2E, waitPath } from './harness';
import { companyToday } from '../../src/core/time/company-time';

/**
 * A storekeeper's path through inventory in both languages, all on screen: a category and a second stock location,
 * a product with a generated EAN-13 barcode, SKU and sale price; a receipt of 10 @ 12.50 approved, 4 received
 * with "Receive part" and the rest with "Receive all"; 3 transferred to the second location; 2 delivered; a count
 * of the main location finding 4 of 5 on the full-page form "New" opens, its totals following every keystroke.
 * Then the stock items screen (4 + 3 on hand), the product's statistics (read with a GET, no audit row) and the
 * journal entries the documents posted (inventory 125 - 25 - 12.50 = 87.50) must agree, and the stock moves list's
 * location filter must match either side of a move. Arabic pages must read right to left. Screenshots go to
 * test-results/screens.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: {
    prefix: '', save: 'Save', edit: 'Edit', cancel: 'Cancel', addError: 'Error adding product', barcodeUsed: 'Barcode already used', confirm: 'Confirm', addLine: 'Add line', name: 'Name', nameAr: 'Arabic name',
    newCategory: /^New product category$/, newLocation: /^New location$/, warehouse: 'Warehouse', mainWarehouse: /^Main warehouse$/,
    newProduct: /^New product$/, category: 'Category', uom: 'Unit of measure', unit: /^Unit$/, cost: 'Cost', barcode: 'Barcode', sku: 'SKU',
    salePrice: 'Sale price', genBarcode: 'Generate an EAN-13 barcode', genSku: 'Generate a SKU from the name and category',
    computePrice: 'From cost: compute the sale price with the default margin',
    newReceipt: /^New receipt$/, receiptDate: 'Receipt date', destination: 'Destination location', stock: /^Stock$/, stockSearch: 'Stock',
    product: 'Product', quantity: 'Quantity', unitCost: 'Unit cost', approve: 'Approve', receivePart: 'Receive part', receiveNow: 'Receive now',
    receive: 'Receive', receiveAll: 'Receive all',
    newTransfer: /^New transfer$/, fromLocation: 'From location', toLocation: 'To location', transferDate: 'Transfer date', validate: 'Validate',
    newDelivery: /^New delivery$/, deliveryDate: 'Delivery date', sourceLocation: 'Source location',
    location: 'Location', date: 'Date', loadStock: "Load the location's stock", counted: 'Counted', saveDraft: 'Save as draft',
    onHand: 'On hand', newAdjustment: /^New stock adjustment$/, adjustments: 'Stock adjustments', adjustmentTitle: 'New stock adjustment',
  },
  ar: {
    prefix: '/ar', save: 'حفظ', edit: 'تعديل', cancel: 'إلغاء', addError: 'خطأ في إضافة منتج', barcodeUsed: 'الباركود مستخدم بالفعل', confirm: 'تأكيد', addLine: 'إضافة بند', name: 'الاسم', nameAr: 'الاسم بالعربية',
    newCategory: /^إضافة فئة المنتجات$/, newLocation: /^إضافة موقع$/, warehouse: 'المستودع', mainWarehouse: /^المستودع الرئيسي$/,
    newProduct: /^إضافة منتج$/, category: 'الفئة', uom: 'وحدة القياس', unit: /^وحدة$/, cost: 'التكلفة', barcode: 'الباركود', sku: 'رمز المنتج (SKU)',
    salePrice: 'سعر البيع', genBarcode: 'توليد باركود EAN-13', genSku: 'توليد رمز SKU من الاسم والفئة',
    computePrice: 'حساب سعر البيع من التكلفة وهامش الربح الافتراضي',
    newReceipt: /^إضافة إيصال استلام$/, receiptDate: 'تاريخ الاستلام', destination: 'موقع الاستلام', stock: /^المخزون$/, stockSearch: 'المخزون',
    product: 'المنتج', quantity: 'الكمية', unitCost: 'تكلفة الوحدة', approve: 'اعتماد', receivePart: 'استلام جزئي', receiveNow: 'الاستلام الآن',
    receive: 'استلام', receiveAll: 'استلام الكل',
    newTransfer: /^إضافة تحويل مخزني$/, fromLocation: 'من موقع', toLocation: 'إلى موقع', transferDate: 'تاريخ التحويل', validate: 'تنفيذ',
    newDelivery: /^إضافة إذن تسليم$/, deliveryDate: 'تاريخ التسليم', sourceLocation: 'موقع الصرف',
    location: 'الموقع', date: 'التاريخ', loadStock: 'تحميل مخزون الموقع', counted: 'المعدودة', saveDraft: 'حفظ كمسودة',
    onHand: 'الكمية المتاحة', newAdjustment: /^إضافة تسوية مخزون$/, adjustments: 'تسويات المخزون', adjustmentTitle: 'تسوية مخزون جديدة',
  },
} as const;
type T = (typeof L)[keyof typeof L];

/** EAN-13: weights 1,3,1,3... over the first 12 digits; the 13th makes the sum a multiple of 10. */
function ean13Valid(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

async function pick(page: Page, input: Locator, search: string, option: RegExp) {
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click({ timeout: 10000 });
}

/** Clicks Save (or another submit) in the open drawer/page and confirms the question that follows. */
async function submit(page: Page, scope: Locator, label: string, t: T) {
  await scope.getByRole('button', { name: label, exact: true }).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).last();
  const refused = scope.getByRole('alert');
  await confirm.or(refused).first().waitFor({ timeout: 15000 });
  // a form the client refused says why, with its fields' messages, instead of a timeout
  if (!(await confirm.isVisible())) throw new Error(`${label} refused: ${(await scope.getByRole('alert').allInnerTexts()).join(' | ')}`);
  await confirm.click();
}

async function json<R = any>(request: APIRequestContext, path: string): Promise<R> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await request.get(`${e.base}${path}`);
  expect(r.status(), path).toBe(200);
  return (await r.json()) as R;
}

const idOf = (page: Page) => Number(new URL(page.url()).pathname.split('/').pop());

/** Runs a state transition from a record page, confirming when asked, until the record (API) has the new status. */
async function transition(page: Page, request: APIRequestContext, action: string, api: string, status: string, t: T) {
  await page.getByRole('button', { name: action, exact: true }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 10000 }).catch(() => {});
  await expect.poll(async () => (await json(request, api)).status, { timeout: 15000 }).toBe(status);
}
const cents = (v: string | number) => Math.round(Number(v) * 100);

for (const lang of ['en', 'ar'] as const) {
  describe(`inventory in ${lang}`, () => {
    const t = L[lang];
    const tag = `${lang}${Date.now() % 100000}`;
    const today = companyToday(DEMO_ZONE);
    const productName = lang === 'en' ? `Arabica coffee ${tag}` : `Coffee ${tag}`;
    const productAr = `قهوة عربية ${tag}`;
    let page: Page;
    let request: APIRequestContext;
    let errors: string[];
    let productId = 0;
    const docs: Record<string, number> = {};

    beforeAll(async () => {
      const p = await e.newPage();
      page = p.page;
      request = p.context.request;
      errors = p.errors;
      page.setDefaultTimeout(10000);
      await e.login(page, t.prefix);
    });
    afterAll(async () => { await page?.context().close(); });

    it('creates a category, a second location and a product with a generated EAN-13 barcode, SKU and sale price', async () => {
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');

      await page.goto(`${e.base}${t.prefix}/inventory/inventory/categories`);
      await page.getByRole('button', { name: t.newCategory }).click();
      let form = page.getByRole('dialog');
      await form.getByLabel(t.name, { exact: true }).fill(`Beverages ${tag}`);
      await form.getByLabel(t.nameAr, { exact: true }).fill(`مشروبات ${tag}`);
      await submit(page, form, t.save, t);
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10000 }).toBe(0);

      await page.goto(`${e.base}${t.prefix}/inventory/locations/location`);
      await page.getByRole('button', { name: t.newLocation }).click();
      form = page.getByRole('dialog');
      await form.getByLabel(t.name, { exact: true }).fill(`Shelf ${tag}`);
      await form.getByLabel(t.nameAr, { exact: true }).fill(`رف ${tag}`);
      await pick(page, form.getByRole('combobox', { name: t.warehouse, exact: true }), lang === 'en' ? 'Main' : 'الرئيسي', t.mainWarehouse);
      await submit(page, form, t.save, t);
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10000 }).toBe(0);

      await page.goto(`${e.base}${t.prefix}/inventory/inventory/products`);
      await page.getByRole('button', { name: t.newProduct }).click();
      form = page.getByRole('dialog');
      await form.getByLabel(t.name, { exact: true }).fill(productName);
      await form.getByLabel(t.nameAr, { exact: true }).fill(productAr);
      await pick(page, form.getByRole('combobox', { name: t.category, exact: true }), tag, lang === 'en' ? new RegExp(`Beverages ${tag}`) : new RegExp(`مشروبات ${tag}`));
      await pick(page, form.getByRole('combobox', { name: t.uom, exact: true }), lang === 'en' ? 'Unit' : 'وحدة', t.unit);
      await form.getByLabel(t.cost, { exact: true }).fill('12.50');
      await form.getByRole('button', { name: t.genBarcode }).click();
      await expect.poll(() => form.getByLabel(t.barcode, { exact: true }).inputValue(), { timeout: 10000 }).toMatch(/^\d{13}$/);
      const barcode = await form.getByLabel(t.barcode, { exact: true }).inputValue();
      expect(ean13Valid(barcode), barcode).toBe(true);
      await form.getByRole('button', { name: t.genSku }).click();
      await expect.poll(() => form.getByLabel(t.sku, { exact: true }).inputValue(), { timeout: 10000 }).not.toBe('');
      await form.getByRole('button', { name: t.computePrice }).click();
      await expect.poll(() => form.getByLabel(t.salePrice, { exact: true }).inputValue(), { timeout: 10000 }).not.toBe('0');
      const salePrice = await form.getByLabel(t.salePrice, { exact: true }).inputValue();
      expect(Number(salePrice)).toBeGreaterThan(12.5);
      await e.shot(page, `${lang}-inventory-product-form`);
      await submit(page, form, t.save, t);
      await waitPath(page, /\/inventory\/inventory\/products\/\d+$/);
      productId = idOf(page);
      const saved = await json(request, `/api/inventory/products/${productId}`);
      expect(saved).toMatchObject({ name: productName, nameAr: productAr, barcode, productType: 'storable' });
      expect(saved.sku).toBeTruthy();
      expect(cents(saved.salePrice)).toBe(cents(salePrice));
      await e.shot(page, `${lang}-inventory-product-detail`);

      // The same barcode again is refused, in the spec's words, and nothing is saved.
      await page.goto(`${e.base}${t.prefix}/inventory/inventory/products`);
      await page.getByRole('button', { name: t.newProduct }).click();
      form = page.getByRole('dialog');
      await form.getByLabel(t.name, { exact: true }).fill(`${productName} copy`);
      await pick(page, form.getByRole('combobox', { name: t.category, exact: true }), tag, lang === 'en' ? new RegExp(`Beverages ${tag}`) : new RegExp(`مشروبات ${tag}`));
      await pick(page, form.getByRole('combobox', { name: t.uom, exact: true }), lang === 'en' ? 'Unit' : 'وحدة', t.unit);
      await form.getByLabel(t.barcode, { exact: true }).fill(barcode);
      await submit(page, form, t.save, t);
      await expect.poll(() => page.getByText(t.addError, { exact: true }).count(), { timeout: 10000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByText(t.barcodeUsed).count()).toBeGreaterThan(0);
      await form.getByLabel(t.barcode, { exact: true }).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await e.shot(page, `${lang}-inventory-product-barcode-used`);
      expect((await json(request, `/api/inventory/products?search=${encodeURIComponent(`${productName} copy`)}`)).total).toBe(0);
      await page.getByRole('dialog').getByRole('button', { name: t.cancel, exact: true }).click();
      errors.splice(0, errors.length); // the browser logs the refused request (422); nothing else may be logged
    });

    it('receives 10 @ 12.50: approved, 4 received in part, the rest in full', async () => {
      await page.goto(`${e.base}${t.prefix}/inventory/transactions/receipts`);
      await page.getByRole('button', { name: t.newReceipt }).click();
      const form = page.getByRole('dialog');
      // the page's first date field, maybe still the plain input standing in for the calendar (date-field.e2e.test.ts)
      await form.getByLabel(t.receiptDate, { exact: true }).fill(today);
      await pick(page, form.getByRole('combobox', { name: t.destination, exact: true }), t.stockSearch, t.stock);
      await form.getByRole('button', { name: t.addLine }).click();
      // Arabic search folds letters: typing "قهوه" (final ha) finds "قهوة" (ta marbuta).
      await pick(page, form.getByRole('combobox', { name: t.product, exact: true }), lang === 'en' ? 'arabica' : `قهوه عربيه ${tag}`, new RegExp(lang === 'en' ? productName : productAr));
      await expect.poll(() => form.getByRole('textbox', { name: t.unitCost, exact: true }).inputValue(), { timeout: 10000 }).not.toBe('');
      await form.getByRole('textbox', { name: t.quantity, exact: true }).fill('10');
      await form.getByRole('textbox', { name: t.unitCost, exact: true }).fill('12.50');
      await expect.poll(() => form.getByTestId('items-total').textContent()).toBe('125.00');
      await e.shot(page, `${lang}-inventory-receipt-form`);
      await submit(page, form, t.save, t);
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10000 }).toBe(0);
      await waitPath(page, /\/inventory\/transactions\/receipt\/\d+$/);
      docs.receipt = idOf(page);

      const api = `/api/inventory/receipts/${docs.receipt}`;
      await transition(page, request, t.approve, api, 'approved', t);
      await page.getByRole('button', { name: t.receivePart, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: `${t.receiveNow} 1`, exact: true }).fill('4');
      await e.shot(page, `${lang}-inventory-receive-part`);
      await dialog.getByRole('button', { name: t.receive, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).last().click();
      await expect.poll(async () => (await json(request, api)).status, { timeout: 15000 }).toBe('partially_received');
      await transition(page, request, t.receiveAll, api, 'received', t);
      const r = await json(request, api);
      expect(r.status).toBe('received');
      expect(cents(r.totalAmount)).toBe(12500);
      expect(Number(r.items[0].receivedQuantity)).toBe(10);
      await expect.poll(() => page.getByTestId('document-moves').getByRole('row').count(), { timeout: 10000 }).toBe(4); // header, 2 moves, total
      // Received: no more editing or deleting, and the items show what came in.
      expect(await page.getByRole('button', { name: t.edit, exact: true }).count()).toBe(0);
      await e.shot(page, `${lang}-inventory-receipt-received`);
    });

    it('transfers 3 to the second location and delivers 2', async () => {
      await page.goto(`${e.base}${t.prefix}/inventory/transactions/transfers`);
      await page.getByRole('button', { name: t.newTransfer }).click();
      let form = page.getByRole('dialog');
      await pick(page, form.getByRole('combobox', { name: t.fromLocation, exact: true }), t.stockSearch, t.stock);
      await pick(page, form.getByRole('combobox', { name: t.toLocation, exact: true }), tag, new RegExp(tag));
      await form.getByLabel(t.transferDate, { exact: true }).fill(today);
      await form.getByRole('button', { name: t.addLine }).click();
      await pick(page, form.getByRole('combobox', { name: t.product, exact: true }), tag, new RegExp(lang === 'en' ? productName : productAr));
      await form.getByRole('textbox', { name: t.quantity, exact: true }).fill('3');
      await expect.poll(() => form.getByRole('row').nth(1).textContent(), { timeout: 10000 }).toContain('10');
      await e.shot(page, `${lang}-inventory-transfer-form`);
      await submit(page, form, t.save, t);
      await waitPath(page, /\/inventory\/transactions\/transfer\/\d+$/);
      docs.transfer = idOf(page);
      await transition(page, request, t.validate, `/api/inventory/transfers/${docs.transfer}`, 'done', t);

      await page.goto(`${e.base}${t.prefix}/inventory/transactions/deliveries`);
      await page.getByRole('button', { name: t.newDelivery }).click();
      form = page.getByRole('dialog');
      await form.getByLabel(t.deliveryDate, { exact: true }).fill(today);
      await pick(page, form.getByRole('combobox', { name: t.sourceLocation, exact: true }), t.stockSearch, t.stock);
      await form.getByRole('button', { name: t.addLine }).click();
      await pick(page, form.getByRole('combobox', { name: t.product, exact: true }), tag, new RegExp(lang === 'en' ? productName : productAr));
      // the line shows the 7 left at the stock location before its quantity is typed, as the transfer's does (on a
      // loaded machine the 2 typed before the picked product had settled was lost: Save then asked nothing)
      await expect.poll(async () => (await form.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).some((c) => /^7([.٫]0+)?$/.test(c.trim())), { timeout: 10000 }).toBe(true);
      await form.getByRole('textbox', { name: t.quantity, exact: true }).fill('2');
      await expect.poll(() => form.getByRole('textbox', { name: t.quantity, exact: true }).inputValue()).toBe('2');
      await submit(page, form, t.save, t);
      await waitPath(page, /\/inventory\/transactions\/delivery\/\d+$/);
      docs.delivery = idOf(page);
      await transition(page, request, t.validate, `/api/inventory/deliveries/${docs.delivery}`, 'done', t);
      const d = await json(request, `/api/inventory/deliveries/${docs.delivery}`);
      expect(cents(d.totalCost)).toBe(2500);
      await e.shot(page, `${lang}-inventory-delivery-done`);
    });

    it('counts the main location on the full-page form, totals live while typing: 4 found of 5, confirmed', async () => {
      // "New" on the adjustments list opens the full-page form (the items need the width), not a drawer.
      await page.goto(`${e.base}${t.prefix}/inventory/transactions/stock-adjustments`);
      await page.getByRole('button', { name: t.newAdjustment }).click();
      await waitPath(page, /\/inventory\/transactions\/stock-adjustment$/);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: t.adjustmentTitle }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The sidebar still marks the adjustments list while its "new" page is open.
      const navLink = page.getByRole('navigation').getByRole('link', { name: t.adjustments, exact: true });
      expect(await navLink.getAttribute('aria-current')).toBe('page');
      await pick(page, main.getByRole('combobox', { name: t.location, exact: true }), t.stockSearch, t.stock);
      await main.getByLabel(t.date, { exact: true }).fill(today);
      await main.getByRole('button', { name: t.loadStock }).click();
      // The location's stock is loaded as lines counted at their current quantity; ours is the one naming the product.
      const products = main.getByRole('combobox', { name: t.product, exact: true });
      const name = lang === 'en' ? productName : productAr;
      let line = -1;
      await expect.poll(async () => {
        line = (await products.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))).indexOf(name);
        return line;
      }, { timeout: 10000 }).toBeGreaterThanOrEqual(0);
      const row = main.getByRole('row').nth(line + 1);
      await expect.poll(() => row.getByRole('textbox', { name: t.counted, exact: true }).inputValue()).toBe('5');
      // The totals follow every keystroke, exactly: 5 - 3.9 is 1.1 (not 1.1000000000000005), 1.1 x 12.50 = 13.75.
      const totalQty = main.getByTestId('adjustment-total-difference');
      const totalValue = main.getByTestId('items-total');
      await expect.poll(() => totalQty.textContent(), { timeout: 10000 }).toBe('0');
      await row.getByRole('textbox', { name: t.counted, exact: true }).fill('3.9');
      await expect.poll(() => totalQty.textContent(), { timeout: 10000 }).toBe('-1.1');
      await expect.poll(() => totalValue.textContent()).toBe('-13.75');
      await row.getByRole('textbox', { name: t.counted, exact: true }).fill('4');
      await expect.poll(() => row.textContent(), { timeout: 10000 }).toContain('-12.50');
      await expect.poll(() => totalQty.textContent()).toBe('-1');
      await expect.poll(() => totalValue.textContent()).toBe('-12.50');
      await totalValue.scrollIntoViewIfNeeded();
      await e.shot(page, `${lang}-inventory-adjustment-form`);
      await submit(page, main, t.saveDraft, t);
      await waitPath(page, /\/inventory\/transactions\/stock-adjustment\/\d+$/);
      docs.stockAdjustment = idOf(page);
      await transition(page, request, t.confirm, `/api/inventory/stock-adjustments/${docs.stockAdjustment}`, 'confirmed', t);
      const a = await json(request, `/api/inventory/stock-adjustments/${docs.stockAdjustment}`);
      expect(cents(a.totalDifferenceValue)).toBe(-1250);
      // The confirmed record shows the stored totals under its items.
      await expect.poll(() => page.getByTestId('items-total').textContent(), { timeout: 10000 }).toBe('-12.50');
      expect(await page.getByTestId('adjustment-total-difference').textContent()).toBe('-1');
      await e.shot(page, `${lang}-inventory-adjustment-confirmed`);
    });

    it('shows stock items, statistics and journal entries that agree: 7 on hand worth 87.50', async () => {
      await page.goto(`${e.base}${t.prefix}/inventory/inventory/stock-items?f.productId=${productId}`);
      await expect.poll(() => listRows(page), { timeout: 10000 }).toBe(3);
      const headers = await page.getByRole('row').first().getByRole('columnheader').allTextContents();
      const [locCol, qtyCol] = [headers.indexOf(t.location), headers.indexOf(t.onHand)];
      const onHand: Record<string, string> = {};
      for (const row of (await page.getByRole('row').all()).slice(1)) {
        const cells = await row.getByRole('cell').allTextContents();
        onHand[cells[locCol]!] = cells[qtyCol]!;
      }
      expect(onHand).toEqual({ [lang === 'en' ? 'Stock' : 'المخزون']: '4', [lang === 'en' ? `Shelf ${tag}` : `رف ${tag}`]: '3' });
      await e.shot(page, `${lang}-inventory-stock-items`);

      const stats = await json<{ onHand: string; stockValue: string }>(request, `/api/inventory/products/${productId}/statistics`);
      expect(Number(stats.onHand)).toBe(7);
      expect(cents(stats.stockValue)).toBe(8750);
      // The screen reads the statistics with a GET, and reading writes no audit row.
      const history = async () => (await json<{ items: unknown[] }>(request, `/api/inventory/products/${productId}/history`)).items.length;
      const audited = await history();
      const statsCalls: string[] = [];
      const onRequest = (r: { url: () => string; method: () => string }) => { if (r.url().endsWith(`/products/${productId}/statistics`)) statsCalls.push(r.method()); };
      page.on('request', onRequest);
      await page.goto(`${e.base}${t.prefix}/inventory/inventory/products/${productId}`);
      const panel = page.getByTestId('product-statistics');
      await expect.poll(() => panel.textContent(), { timeout: 10000 }).toContain('87.50');
      page.off('request', onRequest);
      expect(statsCalls.length).toBeGreaterThan(0);
      expect(new Set(statsCalls)).toEqual(new Set(['GET']));
      expect(await history()).toBe(audited);
      expect(await panel.textContent()).toContain(t.onHand);
      await panel.scrollIntoViewIfNeeded();
      await e.shot(page, `${lang}-inventory-product-statistics`);

      // The inventory account moved by exactly the stock value: Dr 50 + 75 (receipts), Cr 25 (delivery), Cr 12.50 (count).
      const layers = await json<{ items: { accountId: number; value: string }[] }>(request, `/api/inventory/valuation-layers?filter[productId]=${productId}&pageSize=200`);
      const account = layers.items[0]!.accountId;
      expect(layers.items.reduce((s, l) => s + cents(l.value), 0)).toBe(8750);
      let inventory = 0;
      let entryCount = 0;
      for (const [type, id] of Object.entries(docs)) {
        const entries = await json<{ items: { id: number }[] }>(request, `/api/accounting/journal-entries?filter[sourceType]=${type}&filter[sourceId]=${id}`);
        for (const { id: entryId } of entries.items) {
          const entry = await json<{ status: string; lines: { accountId: number; debit?: string | null; credit?: string | null }[] }>(request, `/api/accounting/journal-entries/${entryId}`);
          expect(entry.status).toBe('posted');
          for (const l of entry.lines) if (l.accountId === account) inventory += cents(l.debit ?? 0) - cents(l.credit ?? 0);
          entryCount++;
        }
      }
      expect(entryCount).toBe(4); // two receipts, the delivery, the count; a transfer posts nothing
      expect(inventory).toBe(8750);

      // The receipt's page links to its entries; the first one opens on the journal entry screen.
      await page.goto(`${e.base}${t.prefix}/inventory/transactions/receipt/${docs.receipt}`);
      const links = page.getByTestId('entry-link');
      await expect.poll(() => links.count(), { timeout: 10000 }).toBe(2);
      await page.getByTestId('document-moves').scrollIntoViewIfNeeded();
      await page.getByRole('row').filter({ hasText: '125.00' }).first().waitFor(); // the items table, once its editor loaded
      await e.shot(page, `${lang}-inventory-receipt-moves`);
      await links.first().click();
      await waitPath(page, /\/accounting\/journals\/journals-entrydetails\/\d+$/);
      await expect.poll(() => page.getByRole('row').filter({ hasText: '50.00' }).count(), { timeout: 10000 }).toBeGreaterThan(0);
      await e.shot(page, `${lang}-inventory-receipt-entry`);
    });

    it('lists the stock moves with filters and a details dialog', async () => {
      await page.goto(`${e.base}${t.prefix}/inventory/transactions/stockmoves?f.productId=${productId}&f.moveType=outgoing`);
      await expect.poll(() => listRows(page), { timeout: 10000 }).toBe(2);
      await page.goto(`${e.base}${t.prefix}/inventory/transactions/stockmoves?f.productId=${productId}&f.date.gte=${today}&f.date.lte=${today}`);
      await expect.poll(() => listRows(page), { timeout: 10000 }).toBe(6); // header + 2 in, transfer, delivery, count

      // One "Location" filter matches either side of a move: the shelf only saw the transfer come in.
      await page.goto(`${e.base}${t.prefix}/inventory/transactions/stockmoves?f.productId=${productId}`);
      await expect.poll(() => listRows(page), { timeout: 10000 }).toBe(6);
      // The filters are folded behind their button, which counts the active ones (the product here).
      const filters = page.getByRole('button', { name: lang === 'en' ? /^Filters/ : /^عوامل التصفية/ });
      expect(await filters.getAttribute('aria-expanded')).toBe('false');
      expect(await filters.textContent()).toContain('1');
      await filters.click();
      await pick(page, page.getByRole('combobox', { name: t.location, exact: true }), tag, new RegExp(tag));
      await expect.poll(() => new URL(page.url()).searchParams.get('f.locationId'), { timeout: 10000 }).toMatch(/^\d+$/);
      await expect.poll(() => listRows(page), { timeout: 10000 }).toBe(2);
      await e.shot(page, `${lang}-inventory-stock-moves-location`);
      // The main location is on one side of all five (received into it twice, transferred and delivered out, counted).
      const stockLoc = (await json<{ locationId: number }>(request, `/api/inventory/receipts/${docs.receipt}`)).locationId;
      await page.goto(`${e.base}${t.prefix}/inventory/transactions/stockmoves?f.productId=${productId}&f.locationId=${stockLoc}`);
      await expect.poll(() => listRows(page), { timeout: 10000 }).toBe(6);
      await page.goto(`${e.base}${t.prefix}/inventory/transactions/stockmoves?f.productId=${productId}&f.locationId=${stockLoc}&f.moveType=internal`);
      await expect.poll(() => listRows(page), { timeout: 10000 }).toBe(2);
      expect((await json(request, `/api/inventory/stock-moves?filter[productId]=${productId}&filter[locationId]=${stockLoc}`)).total).toBe(5);
      await page.goto(`${e.base}${t.prefix}/inventory/transactions/stockmoves?f.productId=${productId}&f.date.gte=${today}&f.date.lte=${today}`);
      await expect.poll(() => listRows(page), { timeout: 10000 }).toBe(6);
      await page.getByRole('row').nth(1).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.count()).toBe(1);
      await dialog.getByRole('link').first().waitFor();
      await page.waitForTimeout(400); // the opening transition
      await e.shot(page, `${lang}-inventory-stock-move-dialog`);
      if (lang === 'ar') {
        // Right to left: the first column of the moves table sits to the right of the last one.
        await page.keyboard.press('Escape');
        const header = page.getByRole('row').first().getByRole('columnheader');
        const first = (await header.first().boundingBox())!;
        const last = (await header.last().boundingBox())!;
        expect(first.x).toBeGreaterThan(last.x);
      }
      expect(errors).toEqual([]);
    });
  });
}
