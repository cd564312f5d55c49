import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalYearStart } from '../../src/core/documents/fiscal-year';
import { DEMO_ZONE, type E2E, startE2E } from './harness';
import { companyToday } from '../../src/core/time/company-time';

/**
 * Report dates in the browser: the income statement opens at the start of the fiscal year set in the accounting
 * settings (here 1 July), dates show in the page's language (Arabic month names under /ar, an Arabic calendar),
 * a date typed as 31/12/2025 reaches the URL and the API as ISO 2025-12-31. Screenshots: ar-report-dates*.png.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  await e.db.orm.execute(sql`UPDATE accounting_settings SET fiscal_year_start_month = 7, fiscal_year_start_day = 1`);
});
afterAll(async () => { await e?.close(); });

const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
};
const shown = (iso: string, lang: 'en' | 'ar') => `${Number(iso.slice(8, 10))} ${MONTHS[lang][Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const L = {
  en: { prefix: '', from: 'From', to: 'To', heading: 'Income statement', dataAsOf: 'Data as of' },
  ar: { prefix: '/ar', from: 'من', to: 'إلى', heading: 'قائمة الدخل', dataAsOf: 'البيانات حتى' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  describe(`report dates in ${lang}`, () => {
    it('opens at the fiscal year start, shows dates in the language, sends ISO', async () => {
      const t = L[lang];
      const { page, errors } = await e.newPage();
      await e.login(page, t.prefix);
      const today = companyToday(DEMO_ZONE);
      const start = fiscalYearStart(today, 7, 1);
      const seen: string[] = [];
      page.on('request', (r) => { if (r.url().includes('/api/accounting/reports/income-statement')) seen.push(r.url()); });
      await page.goto(`${e.base}${t.prefix}/accounting/reports/income-statement`);
      await page.getByRole('heading', { name: t.heading }).waitFor();
      const from = page.getByLabel(t.from, { exact: true });
      await expect.poll(() => from.inputValue(), { timeout: 15000 }).toBe(shown(start, lang));
      expect(await page.getByLabel(t.to, { exact: true }).inputValue()).toBe(shown(today, lang));
      expect(seen.every((u) => !u.includes('from='))).toBe(true); // the server chose the fiscal year start
      // the time the report's data is as of (the replica's last replayed commit, or when the primary was read)
      expect(await page.getByTestId('report-as-of').innerText()).toContain(t.dataAsOf);
      await e.shot(page, `${lang}-report-dates`);

      await from.click();
      const level = page.locator('.mantine-DateInput-calendarHeaderLevel:visible').first();
      await level.waitFor();
      const header = await level.innerText();
      expect(header).toContain(MONTHS[lang][Number(start.slice(5, 7)) - 1]!.slice(0, 3));
      await page.waitForTimeout(400); // the dropdown's fade-in
      await e.shot(page, `${lang}-report-dates-calendar`);
      await page.keyboard.press('Escape');

      await page.getByLabel(t.to, { exact: true }).fill('31/12/2025');
      await page.getByLabel(t.to, { exact: true }).blur();
      await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe('2025-12-31');
      await expect.poll(() => seen.some((u) => u.includes('to=2025-12-31'))).toBe(true);
      await expect.poll(() => from.inputValue()).toBe(shown('2025-07-01', lang));
      expect(errors).toEqual([]);
    }, 120_000);
  });
}
