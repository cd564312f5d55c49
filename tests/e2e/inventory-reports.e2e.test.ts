import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodLabel } from '../../src/core/documents/period-label';
import { formatDecimal } from '../../src/core/i18n/format';
import { DEMO_ZONE, type E2E, SCREENS, startE2E, waitPath } from './harness';
import { companyToday } from '../../src/core/time/company-time';

/**
 * The inventory dashboard and reports in both languages on the demo company (its opening stock): the KPIs and the
 * stock balance on screen equal the API, the charts load (a lazy chunk), the reports index leads to each report,
 * the period columns and the row grouping follow the filters, and Excel / PDF download from the screen (the
 * Arabic PDF is rendered to PNG to be looked at).
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: { prefix: '', dashboard: 'Inventory dashboard', value: 'Stock value on hand', index: 'Inventory reports', balance: 'Stock balance', rowsPer: 'Rows per', product: /^Product$/, period: 'Compare by', month: /^Month$/, excel: 'Download Excel', pdf: 'Download PDF', inPrefix: 'In ' },
  ar: { prefix: '/ar', dashboard: 'لوحة المخزون', value: 'قيمة المخزون المتاح', index: 'تقارير المخزون', balance: 'رصيد المخزون', rowsPer: 'صف لكل', product: /^منتج$/, period: 'المقارنة حسب', month: /^شهر$/, excel: 'تنزيل Excel', pdf: 'تنزيل PDF', inPrefix: 'وارد ' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  describe(`inventory dashboard and reports in ${lang}`, () => {
    it('shows the API numbers, filters, and downloads', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      await e.login(page, t.prefix);

      // Dashboard: KPIs as the API says, charts drawn.
      await page.goto(`${e.base}${t.prefix}/inventory/dashboard`);
      const dash = await (await context.request.get(`${e.base}/api/inventory/dashboard`)).json();
      expect(Number(dash.kpis.onHandValue)).toBeGreaterThan(0);
      await page.getByRole('heading', { name: t.dashboard }).waitFor();
      await page.getByText(formatDecimal(dash.kpis.onHandValue), { exact: true }).first().waitFor();
      await expect.poll(() => page.locator('svg.recharts-surface').count(), { timeout: 15000 }).toBeGreaterThan(1);
      await e.shot(page, `${lang}-inventory-dashboard`);

      // Index -> stock balance; the total on screen is the API's.
      await page.goto(`${e.base}${t.prefix}/inventory/reports`);
      await page.getByRole('heading', { name: t.index }).waitFor();
      await page.locator('main').getByRole('link', { name: t.balance, exact: true }).click();
      await waitPath(page, /\/inventory\/reports\/stock-balance$/);
      const bal = await (await context.request.get(`${e.base}/api/inventory/reports/stock-balance`)).json();
      expect(bal.totals.value).toBe(dash.kpis.onHandValue);
      await expect.poll(() => page.getByRole('cell', { name: formatDecimal(bal.totals.value), exact: true }).count(), { timeout: 10000 }).toBeGreaterThan(0);
      // the report's own filters are folded behind "Filters" (key f) until opened
      const folded = page.locator('button[aria-keyshortcuts="f"][aria-expanded="false"]');
      if (await folded.count()) await folded.first().click();
      await page.getByLabel(t.rowsPer).first().click();
      await page.getByRole('option', { name: t.product }).click();
      await waitPath(page, /stock-balance$/);
      await expect.poll(() => new URL(page.url()).searchParams.get('groupBy')).toBe('product');
      await e.shot(page, `${lang}-inventory-stock-balance`);

      // Downloads: Excel holds the total, the PDF is a PDF (Arabic one rendered for a look).
      const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.excel }).click()]);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile((await xlsx.path())!);
      const cells: unknown[] = [];
      wb.worksheets[0]!.eachRow((r) => r.eachCell((c) => cells.push(c.value)));
      expect(cells).toContain(Number(bal.totals.value));
      expect(wb.worksheets[0]!.name).toBe(t.balance);
      const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.getByRole('button', { name: t.pdf }).click()]);
      const pdfPath = (await pdf.path())!;
      expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
      if (existsSync('/usr/bin/pdftoppm')) execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, join(SCREENS, `${lang}-inventory-stock-balance-pdf`)]);

      // Stock movement by month: one pair of columns per month.
      const year = companyToday(DEMO_ZONE).slice(0, 4);
      await page.goto(`${e.base}${t.prefix}/inventory/reports/stock-movement?from=${year}-01-01&period=monthly`);
      await page.getByRole('columnheader', { name: `${t.inPrefix}${periodLabel(`${year}-01-01`, 'monthly')[lang]}`, exact: true }).waitFor({ timeout: 10000 });
      await e.shot(page, `${lang}-inventory-stock-movement`);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  });
}
