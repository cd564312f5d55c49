import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ZONE, type E2E, SCREENS, startE2E, waitPath } from './harness';
import { companyToday } from '../../src/core/time/company-time';

/**
 * An accountant's path through the books in both languages: create an account, post a journal entry on it, confirm an invoice and record
 * a partial payment from its page, read the trial balance and balance sheet (they must agree with the API and
 * balance), and download the trial balance as Excel and PDF (the Arabic PDF is rendered to PNG to be looked at).
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: {
    prefix: '', newAccount: /^New account$/, code: 'Code', nameEn: 'Name (English)', nameAr: 'Name (Arabic)', type: 'Account type', asset: /^Asset$/, parent: 'Parent account', currentAssets: /^Current assets$/,
    newEntry: /^New journal entry$/, newInvoice: /^New invoice$/, journal: 'Journal', date: 'Date', reference: 'Reference',
    account: 'Account', debit: 'Debit', credit: 'Credit', partner: 'Partner', description: 'Description', quantity: 'Quantity',
    unitPrice: 'Unit price', addLine: 'Add line', save: 'Save', confirm: 'Confirm', post: 'Post', posted: 'Posted',
    general: /^General$/, capital: /Owner's capital/, customer: /^Ahmed Ibrahim$/, customerSearch: 'Ahmed',
    recordPayment: 'Record payment', payments: 'Payments', amount: 'Amount', partiallyPaid: 'Partially paid', excel: 'Download Excel', pdf: 'Download PDF',
  },
  ar: {
    prefix: '/ar', newAccount: /^إضافة حساب$/, code: 'الرمز', nameEn: 'الاسم (بالإنجليزية)', nameAr: 'الاسم (بالعربية)', type: 'نوع الحساب', asset: /^أصول$/, parent: 'الحساب الأب', currentAssets: /^الأصول المتداولة$/,
    newEntry: /^إضافة قيد يومية$/, newInvoice: /^إضافة فاتورة$/, journal: 'الدفتر', date: 'التاريخ', reference: 'المرجع',
    account: 'الحساب', debit: 'مدين', credit: 'دائن', partner: 'الشريك', description: 'الوصف', quantity: 'الكمية',
    unitPrice: 'سعر الوحدة', addLine: 'إضافة بند', save: 'حفظ', confirm: 'تأكيد', post: 'ترحيل', posted: 'مرحّل',
    general: /^اليومية العامة$/, capital: /رأس المال/, customer: /^أحمد إبراهيم$/, customerSearch: 'احمد',
    recordPayment: 'تسجيل دفعة', payments: 'الدفعات', amount: 'المبلغ', partiallyPaid: 'مدفوعة جزئيًا', excel: 'تنزيل Excel', pdf: 'تنزيل PDF',
  },
} as const;
type T = (typeof L)[keyof typeof L];

async function pick(page: Page, input: Locator, search: string, option: RegExp) {
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click({ timeout: 10000 });
}

async function confirmDialog(page: Page, t: T) {
  await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 15000 });
}

/** Opens the newest record of a list (the one just saved) if saving did not already land on its page. */
async function openNewest(page: Page, listPath: string, detail: RegExp, text: string) {
  if (detail.test(new URL(page.url()).pathname)) return;
  await page.goto(`${e.base}${listPath}`);
  await page.getByRole('row').filter({ hasText: text }).first().click();
  await waitPath(page, detail);
}

for (const lang of ['en', 'ar'] as const) {
  describe(`accounting in ${lang}`, () => {
    it('creates an account, posts an entry on it, confirms and part-pays an invoice, and the reports agree and download', async () => {
      const t = L[lang];
      const ref = `E2E-${lang}-${Date.now() % 100000}`;
      const today = companyToday(DEMO_ZONE);
      const { page, context, errors } = await e.newPage();
      await e.login(page, t.prefix);

      // 1. A new postable account under current assets, then a journal entry: Dr it 250.50 / Cr capital 250.50,
      // posted (it gets its number).
      const code = lang === 'en' ? '1110' : '1111';
      await page.goto(`${e.base}${t.prefix}/accounting/accounts/account`);
      await page.getByRole('button', { name: t.newAccount }).click();
      const acc = page.getByRole('dialog');
      await acc.getByLabel(t.code, { exact: true }).fill(code);
      await acc.getByLabel(t.nameEn, { exact: true }).fill(`Petty cash ${lang}`);
      await acc.getByLabel(t.nameAr, { exact: true }).fill(`العهدة النقدية ${lang}`);
      await acc.getByRole('combobox', { name: t.type, exact: true }).click();
      await page.getByRole('option', { name: t.asset }).click();
      await pick(page, acc.getByRole('combobox', { name: t.parent, exact: true }), lang === 'en' ? 'Current' : 'المتداولة', t.currentAssets);
      await acc.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 10000 }).catch(() => {});
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10000 }).toBe(0);
      const made = await (await context.request.get(`${e.base}/api/accounting/accounts?search=${code}`)).json();
      expect(made.items.find((a: { code: string }) => a.code === code)).toMatchObject({ isLeaf: true, type: 'asset', status: 'active' });

      await page.goto(`${e.base}${t.prefix}/accounting/journals/journals-entry`);
      await page.getByRole('button', { name: t.newEntry }).click();
      const form = page.getByRole('dialog');
      await pick(page, form.getByRole('combobox', { name: t.journal, exact: true }), lang === 'en' ? 'General' : 'العامة', t.general);
      await form.getByLabel(t.date, { exact: true }).fill(today);
      await form.getByLabel(t.reference, { exact: true }).fill(ref);
      await form.getByRole('button', { name: t.addLine }).click();
      await form.getByRole('button', { name: t.addLine }).click();
      const accounts = form.getByRole('combobox', { name: t.account, exact: true });
      await pick(page, accounts.nth(0), `${lang === 'en' ? 'Petty cash' : 'العهدة النقدية'} ${lang}`, new RegExp(`${lang === 'en' ? 'Petty cash' : 'العهدة النقدية'} ${lang}`));
      await form.getByRole('textbox', { name: t.debit, exact: true }).nth(0).fill('250.50');
      await pick(page, accounts.nth(1), lang === 'en' ? 'capital' : 'رأس المال', t.capital);
      await form.getByRole('textbox', { name: t.credit, exact: true }).nth(1).fill('250.50');
      await e.shot(page, `${lang}-journal-entry-form`);
      await form.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 10000 }).catch(() => {});
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10000 }).toBe(0);
      await openNewest(page, `${t.prefix}/accounting/journals/journals-entry`, /journals-entrydetails\/\d+$/, ref);
      await page.getByRole('button', { name: t.post, exact: true }).click();
      await confirmDialog(page, t);
      await expect.poll(() => page.getByText(t.posted, { exact: true }).count(), { timeout: 10000 }).toBeGreaterThan(0);
      const entries = await (await context.request.get(`${e.base}/api/accounting/journal-entries?search=${ref}`)).json();
      expect(entries.items).toHaveLength(1);
      expect(entries.items[0]).toMatchObject({ status: 'posted', totalDebit: '250.5000', totalCredit: '250.5000' });
      expect(entries.items[0].number).toMatch(/^JV\//);
      await e.shot(page, `${lang}-journal-entry-posted`);

      // 2. A sales invoice of 2 x 100.00, confirmed, then 80.00 paid from its page.
      await page.goto(`${e.base}${t.prefix}/accounting/accounts/invoice`);
      await page.getByRole('button', { name: t.newInvoice }).click();
      const inv = page.getByRole('dialog');
      await pick(page, inv.getByRole('combobox', { name: t.partner, exact: true }), t.customerSearch, t.customer);
      await inv.getByLabel(t.date, { exact: true }).fill(today);
      await inv.getByLabel(t.reference, { exact: true }).fill(ref);
      await inv.getByRole('button', { name: t.addLine }).click();
      await inv.getByRole('textbox', { name: t.description, exact: true }).fill('Consulting / استشارات');
      await inv.getByRole('textbox', { name: t.quantity, exact: true }).fill('2');
      await inv.getByRole('textbox', { name: t.unitPrice, exact: true }).fill('100');
      await inv.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 10000 }).catch(() => {});
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10000 }).toBe(0);
      await openNewest(page, `${t.prefix}/accounting/accounts/invoice`, /invoicedetails\/\d+$/, ref);
      await page.getByRole('button', { name: t.confirm, exact: true }).first().click();
      await confirmDialog(page, t);
      await page.getByRole('button', { name: t.recordPayment, exact: true }).click({ timeout: 10000 });
      const pay = page.getByRole('dialog');
      await pay.getByRole('textbox', { name: new RegExp(`^${t.amount}`) }).fill('80');
      await pay.getByRole('button', { name: t.recordPayment, exact: true }).click();
      await expect.poll(() => page.getByText(t.partiallyPaid, { exact: true }).count(), { timeout: 10000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('80.00').count(), { timeout: 10000 }).toBeGreaterThan(0);
      await page.getByRole('heading', { name: t.payments }).scrollIntoViewIfNeeded();
      await e.shot(page, `${lang}-invoice-part-paid`);
      const invoices = await (await context.request.get(`${e.base}/api/accounting/invoices?search=${ref}`)).json();
      expect(invoices.items[0]).toMatchObject({ status: 'PARTIALLY_PAID', totalAmount: '200.0000', paidAmount: '80.0000', dueAmount: '120.0000' });

      // 3. Trial balance on screen = API, balanced; balance sheet balances.
      await page.goto(`${e.base}${t.prefix}/accounting/reports/trial-balance`);
      const tb = await (await context.request.get(`${e.base}/api/accounting/reports/trial-balance?from=${today.slice(0, 4)}-01-01&to=${today}`)).json();
      const { debit, credit } = tb.totals as Record<string, string>;
      expect(tb.summary.balanced).toBe(true);
      expect(debit).toBe(credit);
      expect(Number(debit)).toBeGreaterThanOrEqual(250.5 + 200 + 80);
      const shown = Number(debit).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      await expect.poll(() => page.getByText(shown).count(), { timeout: 10000 }).toBeGreaterThan(0);
      await e.shot(page, `${lang}-trial-balance`);
      const bs = await (await context.request.get(`${e.base}/api/accounting/reports/balance-sheet?to=${today}`)).json();
      expect(bs.summary.balanced).toBe(true);

      // 4. Downloads from the report screen: Excel opens with the report's numbers, PDF is a PDF.
      const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.excel }).click()]);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile((await xlsx.path())!);
      const cells: string[] = [];
      wb.worksheets[0]!.eachRow((r) => r.eachCell((c) => cells.push(String(c.value))));
      expect(cells.some((c) => Number(c) === Number(debit))).toBe(true);
      const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.getByRole('button', { name: t.pdf }).click()]);
      const pdfPath = (await pdf.path())!;
      expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, join(SCREENS, `${lang}-trial-balance-pdf`)]);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  });
}
