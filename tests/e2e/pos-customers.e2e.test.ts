import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal } from '../../src/core/i18n/format';
import { type E2E, listRows, startE2E, waitPath } from './harness';

/**
 * The point of sale's customers and a session's print, in both languages, on the demo data: the customers list with
 * its balances (the demo's credit customer owes), sorted by balance both ways from the column header (the server's
 * order over every customer), a customer created from the list with organization name and area,
 * its page with the balance, found again by its area; filtered by a minimum balance typed in the filter bar (in
 * Arabic-Indic digits on the Arabic page), kept in the URL, then cleared; a session's page printing its PDF (A4 and
 * the 80 mm roll).
 * Screenshots in test-results/screens.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: { prefix: '', title: 'Customers', balance: 'Balance', filters: 'Filters', from: 'Balance from', to: 'Balance to', reversed: 'Balance from cannot be more than Balance to', name: 'Name', org: 'Organization name', area: 'Area', phone: 'Phone', save: 'Save', confirm: 'Confirm', search: 'Search...', print: 'Print', a4: 'A4 page', receipt: 'Receipt (80 mm)' },
  ar: { prefix: '/ar', title: 'العملاء', balance: 'الرصيد', filters: 'عوامل التصفية', from: 'الرصيد من', to: 'الرصيد إلى', reversed: 'لا يمكن أن يكون الرصيد من أكبر من الرصيد إلى', name: 'الاسم', org: 'اسم المنشأة', area: 'المنطقة', phone: 'الهاتف', save: 'حفظ', confirm: 'تأكيد', search: 'بحث...', print: 'طباعة', a4: 'صفحة A4', receipt: 'إيصال (80 مم)' },
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
      // after the click has rendered, and both are kept (web/entity/useListParams.ts, search-params-race.e2e)
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
      await expect.poll(() => listRows(page), { timeout: 10_000 }).toBe(2);
      expect(await page.getByRole('row').nth(1).innerText()).toContain(`Rawabi ${lang}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);

    it('filters the customers by a minimum balance kept in the URL, and clears it', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      await e.login(page, t.prefix);
      type C = { id: number; name: string; balance: string };
      const all = (await (await context.request.get('/api/pos/customers?pageSize=200')).json()).items as C[];
      const owing = all.filter((r) => new Decimal(r.balance).gt(0)).sort((a, b) => new Decimal(a.balance).cmp(b.balance));
      expect(owing.length, 'the demo has customers who bought on credit').toBeGreaterThan(0);
      // the smallest debt as the minimum: every customer owing at least that, none owing less
      const min = new Decimal(owing[0]!.balance).toString();
      const kept = all.filter((r) => new Decimal(r.balance).gte(min));
      expect(kept.length).toBeLessThan(all.length);
      await page.goto(`${e.base}${t.prefix}/pos/customers`);
      await page.getByRole('columnheader', { name: t.balance }).waitFor();
      await page.getByRole('button', { name: new RegExp(`^${t.filters}`) }).click();
      await page.getByLabel(t.to, { exact: true }).waitFor();
      // the Arabic page takes the amount in Arabic-Indic digits (and decimal separator); the URL carries Latin ones
      const typed = lang === 'ar' ? min.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))).replace('.', '٫') : min;
      await page.getByLabel(t.from, { exact: true }).fill(typed);
      await expect.poll(() => new URL(page.url()).searchParams.get('f.balance.gte'), { timeout: 10_000 }).toBe(min);
      await expect.poll(() => listRows(page), { timeout: 10_000 }).toBe(kept.length + 1);
      const shown = await page.getByRole('row').allInnerTexts();
      for (const c of kept) expect(shown.some((r) => r.includes(c.name)), c.name).toBe(true);
      await e.shot(page, `${lang}-pos-customers-balance-filter`);
      // a maximum under the minimum is refused on the spot (the server's message), and the URL keeps the minimum only
      await page.getByLabel(t.to, { exact: true }).fill('0');
      await page.getByText(t.reversed, { exact: true }).waitFor();
      await page.waitForTimeout(800); // past the inputs' debounce: nothing is sent
      await e.shot(page, `${lang}-pos-customers-balance-reversed`);
      expect(await page.getByLabel(t.from, { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ 'f.balance.gte': min });
      await page.getByLabel(t.to, { exact: true }).fill('');
      await expect.poll(() => page.getByText(t.reversed, { exact: true }).count(), { timeout: 10_000 }).toBe(0);
      // the same list from the link (bookmarked, shared): the filter comes back into its input
      await page.reload();
      await expect.poll(() => page.getByLabel(t.from, { exact: true }).inputValue(), { timeout: 10_000 }).toBe(min);
      await expect.poll(() => listRows(page), { timeout: 10_000 }).toBe(kept.length + 1);
      await page.getByLabel(t.from, { exact: true }).fill('');
      await expect.poll(() => new URL(page.url()).searchParams.has('f.balance.gte'), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => listRows(page), { timeout: 10_000 }).toBe(Math.min(all.length, 25) + 1);
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
