import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePng, pdfPages, pdfText } from '../../src/core/documents/pdf-read.test-kit';
import { animationsDone, axeCheck, describeViolations } from './a11y';
import { TILL, activeSession } from './pos-session';
import { type E2E, SCREENS, startE2E } from './harness';

/**
 * The till's receipt options in real Chromium, both languages: after a sale, Alt+R prints the 80 mm receipt in the
 * page's language (a PDF about 227 pt wide, the company's English name whole on the Arabic-first receipt); the options menu beside "Print receipt", driven by keyboard, picks
 * A4 and English and Arabic (axe-clean, nothing in English on the Arabic page); Alt+R then prints an A4 page
 * (595 x 842 pt) carrying both languages' text, the choice kept in localStorage and followed by past orders'
 * Reprint. The URLs printed are read in the page (a wrapped fetch: the till's service worker may hide requests from
 * Playwright) and fetched again with page.request for pdfinfo and pdftotext.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); }, 600_000);
afterAll(async () => { await e?.close(); });

const T = {
  en: { options: /^Receipt options: /, a4: 'A4 page', both: 'English and Arabic', reprint: 'Reprint', number: 'Search by order number' },
  ar: { options: /^خيارات الإيصال: /, a4: 'صفحة A4', both: 'الإنجليزية والعربية', reprint: 'إعادة الطباعة', number: 'البحث برقم الطلب' },
};
/** Arabic as pdftotext gives it back: no spaces nor direction marks. */
const squeeze = (s: string) => s.replace(/[\s\u200e\u200f\u202a-\u202e]/g, '');

/** The PDF URLs the page has fetched so far (window.fetch wrapped before the app loads). */
const printed = (page: Page) => page.evaluate(() => (window as unknown as { __pdfs: string[] }).__pdfs.slice());
async function lastPdf(page: Page, count: number): Promise<{ url: URL; pdf: Buffer }> {
  await expect.poll(async () => (await printed(page)).length, { timeout: 15000 }).toBe(count);
  const url = new URL((await printed(page))[count - 1]!, e.base);
  const res = await page.request.get(url.toString());
  expect(res.status(), url.toString()).toBe(200);
  return { url, pdf: await res.body() };
}

for (const lang of ['en', 'ar'] as const) {
  describe(`till receipt options in ${lang}`, () => {
    it('prints 80 mm in the page\'s language by default, then A4 in both languages once chosen, remembered for past orders', async () => {
      const t = { ...TILL[lang], ...T[lang] };
      const { page, context, errors } = await e.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __pdfs: string[] };
        w.__pdfs = [];
        const f = window.fetch.bind(window);
        window.fetch = (input, init) => { const u = String(input instanceof Request ? input.url : input); if (/\/pdf\?/.test(u)) w.__pdfs.push(u); return f(input, init); };
      });
      await e.login(page, t.prefix);
      const sessionId = await activeSession(e, page);
      const [water] = (await e.db.orm.execute(sql`SELECT barcode FROM products WHERE name = 'Mineral water (carton)'`)).rows as { barcode: string }[];
      // a sale by keyboard: scan, F9, Enter with the cash pre-filled with the total
      await page.goto(`${e.base}${t.prefix}/pos/order`);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls')), { timeout: 15000 }).toBe('till-products');
      await page.keyboard.type(water!.barcode);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('table', { name: t.prefix ? 'السلة' : 'Cart' }).locator('tbody tr').count(), { timeout: 10000 }).toBe(1);
      // Pay once the server's quote has come (before it, the estimate is paid and refused: a till's first sale has no tax rate yet)
      await expect.poll(() => page.getByText(t.prefix ? 'تقديري' : 'estimated').count(), { timeout: 15000 }).toBe(0);
      await page.keyboard.press('F9');
      const pay = page.getByRole('dialog', { name: t.pay });
      await pay.getByTestId('pay-change').waitFor({ timeout: 15000 });
      // Enter once the dialog has taken the focus (its cash field, focused a moment after it shows): pressed before,
      // it goes to the search field behind
      await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), { timeout: 10000 }).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByTestId('last-sale').getByText(/POS\/\d{4}\/\d{5}-\d{4}/).waitFor({ timeout: 30000 }).catch(async (err: unknown) => {
        // what the till shows when the number does not come: the dialog's error, the queue's state, the last sale
        await e.shot(page, `${lang}-till-receipt-no-number`);
        const seen = await page.evaluate(() => ({ dialog: document.querySelector('[role="dialog"]')?.textContent ?? null, last: document.querySelector('[data-testid="last-sale"]')?.textContent ?? null, alerts: [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent) }));
        throw new Error(`${String(err)}\n${JSON.stringify(seen)}`);
      });

      // the default: the 80 mm receipt in the page's language
      await page.keyboard.press('Alt+KeyR');
      const first = await lastPdf(page, 1);
      expect(Object.fromEntries(first.url.searchParams)).toEqual({ lang, layout: 'receipt' });
      expect(pdfPages(first.pdf).widthPt).toBeCloseTo(226.8, 0);
      // the company's English name keeps its full stop at its end, on the Arabic-first receipt too (<bdi>)
      expect(pdfText(first.pdf).replace(/[\u200e\u200f\u202a-\u202e]/g, '')).toContain('Daftar Demo Trading Co.');
      // the receipt's window (opened in the key press) is in front: the till again (a page behind runs no animation)
      await page.bringToFront();

      // the options by keyboard: the menu's button focused, Enter opens it, the arrows and Enter choose
      const trigger = page.getByRole('button', { name: t.options });
      await trigger.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor({ timeout: 5000 });
      const choose = async (name: string) => {
        const item = menu.getByRole('menuitemradio', { name, exact: true });
        for (let i = 0; i < 8 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await expect.poll(() => item.getAttribute('aria-checked')).toBe('true');
      };
      await choose(t.a4);
      await choose(t.both);
      await animationsDone(page);
      expect(await menu.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      expect(describeViolations(`${lang} receipt options`, await axeCheck(page, { locale: lang, scheme: 'light', include: '[role="menu"]' }))).toEqual([]);
      if (lang === 'ar') expect((await menu.innerText()).match(/[A-Za-z]{3,}/g) ?? []).toEqual([]);
      await e.shot(page, `${lang}-till-receipt-options`);
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.count(), { timeout: 5000 }).toBe(0);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('daftar:pos:receipt')))!)).toEqual({ paper: 'a4', lang: 'both' });
      await expect.poll(() => trigger.getAttribute('aria-label')).toContain(t.a4);

      // Alt+R now: one A4 page, both languages' text
      await page.keyboard.press('Alt+KeyR');
      const a4 = await lastPdf(page, 2);
      expect(Object.fromEntries(a4.url.searchParams)).toEqual({ lang: 'both', layout: 'a4' });
      const size = pdfPages(a4.pdf);
      // A4 is 595.3 x 841.9 pt (Chromium rounds it to 595.9 x 842.9); the receipt is 226.8 wide
      expect(size.pages).toBe(1);
      expect(Math.abs(size.widthPt - 595.3)).toBeLessThan(2);
      expect(Math.abs(size.heightPt - 841.9)).toBeLessThan(2);
      const text = pdfText(a4.pdf);
      expect(text).toContain('Simplified Tax Invoice');
      expect(text).toContain('Total including VAT');
      expect(squeeze(text)).toContain(squeeze('فاتورة ضريبية مبسطة'));
      expect(squeeze(text)).toContain(squeeze('الإجمالي شامل ضريبة القيمة المضافة'));
      writeFileSync(join(SCREENS, `${lang}-till-receipt-a4-both.png`), pagePng(a4.pdf, 60));

      // past orders' Reprint follows the same choice (after a navigation: read back from storage)
      const [order] = (await e.db.orm.execute(sql`SELECT number FROM sales_orders WHERE session_id = ${sessionId} ORDER BY id DESC LIMIT 1`)).rows as { number: string }[];
      await page.goto(`${e.base}${t.prefix}/pos/oldorders`);
      await page.getByRole('textbox', { name: t.number }).fill(order!.number);
      await expect.poll(() => page.locator('tr[data-order]').count(), { timeout: 15000 }).toBe(1);
      await page.locator('tr[data-order]').getByRole('button', { name: `${t.reprint} ${order!.number}` }).click();
      const again = await lastPdf(page, 1);
      expect(Object.fromEntries(again.url.searchParams)).toEqual({ lang: 'both', layout: 'a4' });
      expect(Math.abs(pdfPages(again.pdf).widthPt - 595.3)).toBeLessThan(2);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
