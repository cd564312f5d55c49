import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal } from '../../src/core/i18n/format';
import { type E2E, startE2E, waitPath } from './harness';

/**
 * The point of sale's customers and a session's print, in both languages, on the demo data: the customers list with
 * its balances (the demo's credit customer owes), sorted by balance both ways from the column header (the server's
 * order over every customer), a customer created from the list with organization name and area,
 * its page with the balance, found again by its area; a session's page printing its PDF (A4 and the 80 mm roll).
 * Screenshots in test-results/screens.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: { prefix: '', title: 'Customers', balance: 'Balance', name: 'Name', org: 'Organization name', area: 'Area', phone: 'Phone', save: 'Save', confirm: 'Confirm', search: 'Search...', print: 'Print', a4: 'A4 page', receipt: 'Receipt (80 mm)' },
  ar: { prefix: '/ar', title: 'العملاء', balance: 'الرصيد', name: 'الاسم', org: 'اسم المنشأة', area: 'المنطقة', phone: 'الهاتف', save: 'حفظ', confirm: 'تأكيد', search: 'بحث...', print: 'طباعة', a4: 'صفحة A4', receipt: 'إيصال (80 مم)' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  describe(`customers and a session's print in ${lang}`, () => {
    it('lists the customers with their balances, creates one, shows its balance and finds it by area', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      await e.login(page, t.prefix);
      const owing = (await (await context.request.get('/api/pos/customers?pageSize=200')).json()).items.find((r: { balance: string }) => Number(r.balance) > 0);
      expect(owing, 'the demo has a customer who bought on credit').toBeTruthy();
      await page.goto(`${e.base}${t.prefix}/pos/customers`);
      await page.getByRole('heading', { name: t.title, level: 1 }).waitFor();
      await page.getByRole('columnheader', { name: t.balance }).waitFor();
      await page.getByPlaceholder(t.search).fill(owing.name);
      await expect.poll(() => page.getByRole('row').filter({ hasText: owing.name }).innerText().catch(() => ''), { timeout: 10_000 }).toContain(formatDecimal(owing.balance));
      await e.shot(page, `${lang}-pos-customers`);
      // the Balance header sorts every customer by balance on the server: a click ascending, a second one descending.
      // The search is cleared just before the first click, as a user would: its debounced change may come before or
      // after the click has rendered, and both are kept (web/entity/useListParams.ts, list-params-race.e2e)
      await page.getByPlaceholder(t.search).fill('');
      for (const sort of ['balance', '-balance']) {
        await page.getByRole('button', { name: new RegExp(`^${t.balance}:`) }).click();
        const [top] = (await (await context.request.get(`/api/pos/customers?sort=${sort}&pageSize=1`)).json()).items;
        await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams), { timeout: 10_000 }).toEqual({ sort });
        await expect.poll(() => page.getByRole('row').nth(1).innerText(), { timeout: 10_000 }).toContain(top.name);
        await expect.poll(() => page.getByRole('row').nth(1).innerText(), { timeout: 10_000 }).toContain(formatDecimal(top.balance));
        // the header shows the order it now sorts by (what the user sees before clicking again)
        await expect.poll(() => page.getByRole('columnheader', { name: t.balance }).getAttribute('aria-sort'), { timeout: 10_000 })
          .toBe(sort.startsWith('-') ? 'descending' : 'ascending');
      }
      await e.shot(page, `${lang}-pos-customers-by-balance`);

      await page.locator('main button[aria-keyshortcuts~="n"]').click();
      const form = page.getByRole('dialog');
      await form.getByLabel(t.name, { exact: true }).fill(`Rawabi ${lang}`);
      await form.getByLabel(t.org, { exact: true }).fill('Rawabi Catering');
      await form.getByLabel(t.area, { exact: true }).fill(`Al Yasmin ${lang}`);
      await form.getByLabel(t.phone, { exact: true }).fill('0507778899');
      await e.shot(page, `${lang}-pos-customer-form`);
      await form.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 5000 }).catch(() => {});
      await waitPath(page, /\/pos\/customers\/\d+$/);
      await page.getByRole('heading', { name: t.balance, level: 2 }).waitFor();
      await expect.poll(() => page.getByText('0.00', { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await e.shot(page, `${lang}-pos-customer-detail`);
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      expect((await (await context.request.get(`/api/contacts/contacts/${id}`)).json())).toMatchObject({ isCustomer: true, organizationName: 'Rawabi Catering', area: `Al Yasmin ${lang}` });

      await page.goto(`${e.base}${t.prefix}/pos/customers`);
      await page.getByPlaceholder(t.search).fill(`Al Yasmin ${lang}`);
      await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
      expect(await page.getByRole('row').nth(1).innerText()).toContain(`Rawabi ${lang}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);

    it('prints a session from its page, A4 and receipt', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      await e.login(page, t.prefix);
      const [closed] = (await (await context.request.get('/api/pos/sessions?filter[status]=closed&pageSize=1')).json()).items;
      await page.goto(`${e.base}${t.prefix}/pos/sessions/${closed.id}`);
      await page.getByRole('button', { name: t.print }).click();
      await page.getByRole('menuitem', { name: t.a4 }).waitFor();
      await e.shot(page, `${lang}-pos-session-print-menu`);
      for (const [item, layout] of [[t.a4, 'a4'], [t.receipt, 'receipt']] as const) {
        if (layout === 'receipt') await page.getByRole('button', { name: t.print }).click();
        const [res] = await Promise.all([
          page.waitForResponse((r) => r.url().includes(`/api/pos/sessions/${closed.id}/pdf`) && r.url().includes(`layout=${layout}`), { timeout: 60_000 }),
          page.getByRole('menuitem', { name: item }).click(),
        ]);
        expect(res.status()).toBe(200);
        expect(res.url()).toContain(`lang=${lang}`);
        expect(res.headers()['content-type']).toBe('application/pdf');
      }
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  });
}
