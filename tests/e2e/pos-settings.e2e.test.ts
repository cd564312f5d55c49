import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness';

/**
 * The POS settings screen (/pos/settings, the generic singleton form) in both languages on the demo data: reached
 * from the POS menu, its two sections; the pickers offer only what the setting may hold (the definition's ref
 * filters: customers for the walk-in customer, active expense / income accounts without sub-accounts for the
 * differences), a change is saved and shows in the history; a setting emptied in the form, or a wrong account sent
 * anyway, is refused by the server (its message on the field, in the page's language). Screenshots in
 * test-results/screens.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: { prefix: '', title: 'POS settings', menu: 'Point of sale', till: 'Sales at the till', differences: 'Cash differences at session close',
    walkIn: 'Walk-in customer', shortage: 'Cash shortage account', overage: 'Cash overage account', save: 'Save', confirm: 'Confirm',
    walkInName: 'Walk-in customer', pick: 'Rent', required: 'Cash shortage account is required', refused: 'Cash overage account: choose an active income account without sub-accounts' },
  ar: { prefix: '/ar', title: 'إعدادات نقطة البيع', menu: 'نقطة البيع', till: 'البيع في نقطة البيع', differences: 'فروقات النقدية عند إغلاق الجلسة',
    walkIn: 'العميل النقدي', shortage: 'حساب عجز النقدية', overage: 'حساب زيادة النقدية', save: 'حفظ', confirm: 'تأكيد',
    walkInName: 'عميل نقدي', pick: 'خسائر وإتلاف المخزون', required: 'حساب عجز النقدية مطلوب', refused: 'حساب زيادة النقدية: اختر حساب إيرادات نشطًا ليس له حسابات فرعية' },
} as const;

type Named = { name?: string; nameAr?: string | null; nameEn?: string };
/** Titles of a list's records as a picker shows them in `lang` (core of web/entity/formatValue.ts recordTitle). */
async function titles(api: APIRequestContext, url: string, lang: 'en' | 'ar'): Promise<string[]> {
  const res = await api.get(url);
  expect(res.status(), url).toBe(200);
  return ((await res.json()).items as Named[]).map((r) => (lang === 'ar' && r.nameAr ? r.nameAr : (r.nameEn ?? r.name)!));
}

/** A reference picker by its label (its listbox carries the label too). */
const picker = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });

/** The options a picker offers once opened (its first page, fetched when it opens). */
async function options(page: Page, label: string): Promise<string[]> {
  await picker(page, label).click();
  const list = page.getByRole('listbox');
  await expect.poll(() => list.getByRole('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
  const out = (await list.getByRole('option').allInnerTexts()).map((s) => s.trim());
  await page.keyboard.press('Escape');
  return out;
}

for (const lang of ['en', 'ar'] as const) {
  describe(`POS settings in ${lang}`, () => {
    it('offers only what each setting may hold, saves a change, and shows the server\'s refusal on the field', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      const failed: string[] = [];
      page.on('response', (r) => { if (r.url().includes('/api/') && r.status() >= 500) failed.push(`${r.status()} ${r.url()}`); });
      await e.login(page, t.prefix);
      await page.goto(`${e.base}${t.prefix}/pos/settings`);
      await page.getByRole('heading', { name: t.title, level: 1 }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await expect.poll(() => picker(page, t.walkIn).inputValue(), { timeout: 15_000 }).toBe(t.walkInName);
      for (const h of [t.till, t.differences]) await page.getByRole('heading', { name: h, level: 3 }).waitFor();
      // the POS menu is open on it, the link marked
      await page.locator(`a[aria-current="page"][href="${t.prefix}/pos/settings"]`).filter({ hasText: t.title }).first().waitFor();
      await e.shot(page, `${lang}-pos-settings`);

      // the pickers: what the API lists under the same filters, nothing else
      const api = context.request;
      const others = await titles(api, '/api/contacts/contacts?filter[isCustomer]=false&pageSize=200', lang);
      const walkIns = await options(page, t.walkIn);
      expect(walkIns.filter((o) => others.includes(o))).toEqual([]);
      expect(walkIns).toContain(t.walkInName);
      const expense = await titles(api, '/api/accounting/accounts?filter[type]=expense&filter[isLeaf]=true&filter[status]=active&pageSize=20', lang);
      const income = await titles(api, '/api/accounting/accounts?filter[type]=income&filter[isLeaf]=true&filter[status]=active&pageSize=20', lang);
      expect((await options(page, t.shortage)).sort()).toEqual(expense.sort());
      expect((await options(page, t.overage)).sort()).toEqual(income.sort());
      expect(expense).toContain(t.pick);

      // a change saved, in the history
      await picker(page, t.shortage).click();
      await page.getByRole('option', { name: t.pick, exact: true }).click({ timeout: 10_000 });
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 10_000 });
      await expect.poll(async () => (await (await api.get('/api/pos/settings/current')).json())._refs.shortageAccountId, { timeout: 15_000 }).toBe(t.pick);
      await expect.poll(() => page.locator('#history').innerText(), { timeout: 15_000 }).toContain(t.pick);
      await e.shot(page, `${lang}-pos-settings-saved`);

      // emptied (choosing the chosen option again clears it): the server's refusal shows on the field, nothing saved
      await picker(page, t.shortage).click();
      await page.getByRole('option', { name: t.pick, exact: true }).click({ timeout: 10_000 });
      await expect.poll(() => picker(page, t.shortage).inputValue()).toBe('');
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 10_000 });
      await page.locator('main form').getByRole('alert').filter({ hasText: t.required }).waitFor({ timeout: 15_000 });
      await page.locator('.mantine-InputWrapper-error').filter({ hasText: t.required }).waitFor();
      await e.shot(page, `${lang}-pos-settings-refused`);
      expect((await (await api.get('/api/pos/settings/current')).json())._refs.shortageAccountId).toBe(t.pick);

      // the server refuses what the picker would not offer (an expense account as the overage account), in the page's
      // language (the page's locale cookie, shared with this request context)
      const cur = await (await api.get('/api/pos/settings/current')).json();
      const bad = await api.patch(`/api/pos/settings/${cur.id}`, { data: { overageAccountId: cur.shortageAccountId } });
      expect(bad.status()).toBe(422);
      expect((await bad.json()).error.fields.overageAccountId).toBe(t.refused);

      expect(failed).toEqual([]);
      // the browser logs the refused save's answer, nothing else
      expect(errors.filter((m) => !m.includes('status of 422'))).toEqual([]);
      await context.close();
    });
  });
}
