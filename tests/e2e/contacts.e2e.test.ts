import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2E, listRows, startE2E, waitPath } from './harness';

/**
 * A person's path through the platform in both languages: sign in, switch language, create, edit, search (in
 * Arabic, typed with another hamza form) and delete a contact; unknown pages; screenshots in test-results/screens.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: { prefix: '', add: /^New contact$/, name: 'Name', nameAr: 'Arabic name', phone: 'Phone', save: 'Save', confirm: 'Confirm', search: 'Search...', edit: 'Edit', del: 'Delete', created: /Contact created/i },
  ar: { prefix: '/ar', add: /^إضافة جهة اتصال$/, name: 'الاسم', nameAr: 'الاسم بالعربية', phone: 'الهاتف', save: 'حفظ', confirm: 'تأكيد', search: 'بحث...', edit: 'تعديل', del: 'حذف', created: /تم/ },
} as const;

async function confirmIfAsked(page: Page, label: string) {
  await page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click({ timeout: 10000 }).catch(() => {});
}

for (const lang of ['en', 'ar'] as const) {
  describe(`contacts in ${lang}`, () => {
    it('creates, edits, finds by another hamza form and deletes a contact', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      await e.login(page, t.prefix);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await e.shot(page, `${lang}-home`);

      await page.goto(`${e.base}${t.prefix}/contacts/contact`);
      await page.getByRole('button', { name: t.add }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel(t.name, { exact: true }).fill(`Ibrahim ${lang}`);
      await form.getByLabel(t.nameAr, { exact: true }).fill(`إبراهيم أحمد ${lang}`);
      await e.shot(page, `${lang}-contact-form`);
      await form.getByRole('button', { name: t.save, exact: true }).click();
      await confirmIfAsked(page, t.confirm);
      await waitPath(page, /\/contacts\/contact\/\d+$/).catch(() => {});

      await page.goto(`${e.base}${t.prefix}/contacts/contact`);
      await page.getByPlaceholder(t.search).fill(`ابراهيم احمد ${lang}`);
      const row = page.getByRole('row').filter({ hasText: `Ibrahim ${lang}` });
      // The demo data has other contacts; only the new one may remain (header row + 1).
      await expect.poll(() => listRows(page), { timeout: 10000 }).toBe(2);
      expect(await row.count()).toBe(1);
      await e.shot(page, `${lang}-contact-search`);

      await row.first().click();
      await waitPath(page, /\/contacts\/contact\/\d+$/);
      await page.getByRole('button', { name: t.edit, exact: true }).click();
      await page.getByRole('dialog').getByLabel(t.phone, { exact: true }).fill('٠٥٠١٢٣٤٥٦٧');
      await page.getByRole('dialog').getByRole('button', { name: t.save, exact: true }).click();
      await confirmIfAsked(page, t.confirm);
      await expect.poll(() => page.getByText('٠٥٠١٢٣٤٥٦٧').count(), { timeout: 10000 }).toBeGreaterThan(0);
      await e.shot(page, `${lang}-contact-detail`);

      await page.getByRole('button', { name: t.del, exact: true }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: t.del, exact: true }).click();
      await waitPath(page, /\/contacts\/contact$/);
      const left = await (await context.request.get(`${e.base}/api/contacts/contacts?search=${encodeURIComponent(`Ibrahim ${lang}`)}`)).json();
      expect(left.total).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

describe('shell', () => {
  it('switches language from the header and keeps it in a 365-day cookie', async () => {
    const { page, context } = await e.newPage();
    await e.login(page);
    await page.goto(`${e.base}/contacts/contact`);
    await page.getByRole('button', { name: /العربية|Switch to Arabic/ }).first().click();
    await waitPath(page, /^\/ar\//);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const cookie = (await context.cookies()).find((c) => c.name === 'locale')!;
    expect(cookie.value).toBe('ar');
    expect(cookie.sameSite).toBe('Lax');
    const days = (cookie.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await e.shot(page, 'ar-contacts-list');
    await context.close();
  });

  it('shows the error page for unknown paths and non-numeric ids', async () => {
    const { page, context } = await e.newPage();
    await e.login(page);
    await page.goto(`${e.base}/no/such/page`);
    await expect.poll(() => page.getByText('Page not found: /no/such/page').count(), { timeout: 15000 }).toBeGreaterThan(0);
    expect(await page.getByText('404').count()).toBeGreaterThan(0);
    expect(await page.getByText('Page Not Found').count()).toBeGreaterThan(0);
    // the first Arabic page of this browser: its language's texts load first (15 s on a loaded machine)
    await page.goto(`${e.base}/ar/contacts/contact/abc`);
    await expect.poll(() => page.getByText('404').count(), { timeout: 15000 }).toBeGreaterThan(0);
    await e.shot(page, 'ar-404');
    await context.close();
  });

  it('uses a drawer for navigation below 1280 px', async () => {
    const { page, context } = await e.newPage({ width: 800, height: 900 });
    await e.login(page);
    await page.goto(`${e.base}/home`);
    // the shell renders after the session and the texts load: wait for it, as a user's eyes do
    await expect.poll(() => page.getByRole('button', { name: /Open menu/ }).count(), { timeout: 15000 }).toBeGreaterThan(0);
    await e.shot(page, 'en-home-narrow');
    await context.close();
  });
});
