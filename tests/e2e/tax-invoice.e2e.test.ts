import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E, waitPath } from './harness';

/**
 * Tax invoice records in the browser, both languages: a contact's VAT number refused in the page's language by the
 * company's (Saudi) format, then saved with its national address; the demo's invoice prints as a tax invoice PDF in
 * A4 and as the 80 mm receipt. Screenshots: test-results/screens/<lang>-tax-*.png.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: {
    prefix: '', add: /^New contact$/, name: 'Name', tax: 'Tax number', building: 'Building number', city: 'City (English)', save: 'Save', confirm: 'Confirm',
    bad: 'VAT registration number (Saudi Arabia) must be 15 digits, starting and ending with 3', receipt: 'Receipt (80 mm)',
  },
  ar: {
    prefix: '/ar', add: /^إضافة جهة اتصال$/, name: 'الاسم', tax: 'الرقم الضريبي', building: 'رقم المبنى', city: 'المدينة (بالعربية)', save: 'حفظ', confirm: 'تأكيد',
    bad: 'رقم التسجيل في ضريبة القيمة المضافة (المملكة العربية السعودية) يجب أن يتكون من 15 رقمًا، يبدأ بالرقم 3 وينتهي به', receipt: 'إيصال (80 مم)',
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  describe(`tax invoice records in ${lang}`, () => {
    it('refuses a contact VAT number in the Saudi format\'s words, then saves it with the national address', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      await e.login(page, t.prefix);
      await page.goto(`${e.base}${t.prefix}/contacts/contact`);
      await page.getByRole('button', { name: t.add }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel(t.name, { exact: true }).fill(`Tax buyer ${lang}`);
      await form.getByLabel(t.tax, { exact: true }).fill('310122393500004');
      await form.getByLabel(t.building, { exact: true }).fill('1234');
      await form.getByLabel(t.city, { exact: true }).fill(lang === 'ar' ? 'الرياض' : 'Riyadh');
      await form.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 10000 }).catch(() => {});
      await expect.poll(() => form.getByText(t.bad).count(), { timeout: 10000 }).toBeGreaterThan(0);
      await form.getByLabel(t.building, { exact: true }).scrollIntoViewIfNeeded();
      await e.shot(page, `${lang}-tax-contact-refused`);
      await form.getByLabel(t.tax, { exact: true }).fill('310122393500003');
      await form.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 10000 }).catch(() => {});
      await waitPath(page, /\/contacts\/contact\/\d+$/);
      const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
      const saved = await (await context.request.get(`${e.base}/api/contacts/contacts/${id}`)).json();
      expect([saved.taxNumber, saved.buildingNumber]).toEqual(['310122393500003', '1234']);
      await e.shot(page, `${lang}-tax-contact-saved`);
      // the browser logs the refused save's 422 itself; nothing else
      expect(errors.filter((x) => !/status of 422/.test(x))).toEqual([]);
      await context.close();
    });

    it('prints the demo invoice as a tax invoice, A4 and the 80 mm receipt', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      await e.login(page, t.prefix);
      const list = await (await context.request.get(`${e.base}/api/accounting/invoices?filter%5Btype%5D=SALE&sort=-date&pageSize=50`)).json();
      const inv = list.items.find((i: { number: string | null; isCreditNote: boolean }) => i.number && !i.isCreditNote);
      await page.goto(`${e.base}${t.prefix}/accounting/accounts/invoicedetails/${inv.id}`);
      await expect.poll(() => page.getByRole('button', { name: t.receipt }).count(), { timeout: 15000 }).toBe(1);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.receipt }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      for (const layout of ['a4', 'receipt']) {
        const r = await context.request.get(`${e.base}/api/accounting/invoices/${inv.id}/pdf?lang=${lang}&layout=${layout}`);
        expect(r.status()).toBe(200);
        expect((await r.body()).subarray(0, 5).toString()).toBe('%PDF-');
      }
      const html = await (await context.request.get(`${e.base}/api/accounting/invoices/${inv.id}/print?lang=${lang}`)).text();
      expect(html).toContain('310122393500003'); // the demo company's VAT number
      expect(html).toContain('<svg'); // the QR
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
