import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness';

/**
 * /settings/company in both languages: the form reads the company (GET /api/admin/companies/current, once a 500
 * on the tenant-scoped singleton), an edit is saved, survives a reload and shows in the history; no API error.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: { prefix: '', nameEn: 'Name (English)', tax: 'Tax number', save: 'Save', confirm: 'Confirm', history: 'History' },
  ar: { prefix: '/ar', nameEn: 'الاسم (بالإنجليزية)', tax: 'الرقم الضريبي', save: 'حفظ', confirm: 'تأكيد', history: 'السجل' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  describe(`company settings in ${lang}`, () => {
    it('reads, edits, saves and shows the change in the history', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      const failed: string[] = [];
      page.on('response', (r) => { if (r.url().includes('/api/') && r.status() >= 500) failed.push(`${r.status()} ${r.url()}`); });
      await e.login(page, t.prefix);
      const url = `${e.base}${t.prefix}/settings/company`;
      await page.goto(url);
      const name = page.getByLabel(t.nameEn, { exact: true });
      await expect.poll(() => name.inputValue(), { timeout: 15000 }).toBe('Daftar Demo Trading Co.');

      const taxNumber = lang === 'en' ? '300123456700003' : '300765432100003';
      await page.getByLabel(t.tax, { exact: true }).fill(taxNumber);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 10000 }).catch(() => {});
      const history = page.locator('#history');
      await expect.poll(() => history.innerText(), { timeout: 15000 }).toContain(taxNumber);
      await e.shot(page, `${lang}-company-settings-saved`);

      await page.reload();
      await expect.poll(() => page.getByLabel(t.tax, { exact: true }).inputValue(), { timeout: 15000 }).toBe(taxNumber);
      expect(await history.getByText(t.history).count()).toBe(1);
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
