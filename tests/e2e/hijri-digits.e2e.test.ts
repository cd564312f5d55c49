import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness';

/**
 * A reader who wants Hijri (Umm al-Qura) dates and Arabic-Indic digits sets them on their profile page; the
 * invoice list then shows 18 February 2026 as 1 Ramadan 1447 and 1,250.50 as ١٬٢٥٠٫٥٠ (in English and Arabic),
 * the trial balance's amounts are in Arabic-Indic digits and its date fields show the Hijri day beside the picked
 * one, while the API still answers ISO dates and "1250.5000". Screenshots: hijri-*.png.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const LATIN = /[0-9]/;

describe('Hijri dates and Arabic-Indic digits', () => {
  it('follows the profile on the invoice list and the trial balance, not on the wire', async () => {
    const { page, context, errors } = await e.newPage();
    await e.login(page);
    const api = context.request;
    const ref = `HIJRI-${Date.now()}`;
    const partnerId = (await (await api.post(`${e.base}/api/contacts/contacts`, { data: { kind: 'individual', name: 'Hijri Customer', isCustomer: true } })).json()).id;
    const inv = await (await api.post(`${e.base}/api/accounting/invoices`, { data: { type: 'SALE', partnerId, reference: ref, date: '2026-02-18', dueDate: '2026-06-16', lines: [{ description: 'Hijri', quantity: '1', unitPrice: '1250.5' }] } })).json();
    expect((await api.post(`${e.base}/api/accounting/invoices/${inv.id}/confirm`, { data: {} })).status()).toBe(200);

    // the profile page: Hijri calendar, Arabic-Indic digits
    await page.goto(`${e.base}/settings/profiles/admin`);
    await page.getByRole('combobox', { name: 'Calendar', exact: true }).click();
    await page.getByRole('option', { name: 'Hijri (Umm al-Qura)' }).click();
    await page.getByRole('combobox', { name: 'Digits', exact: true }).click();
    await page.getByRole('option', { name: 'Arabic-Indic (١٢٣)' }).click();
    await e.shot(page, 'hijri-profile');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await (await api.get(`${e.base}/api/auth/me`)).json()).display, { timeout: 10000 }).toEqual({ calendar: 'hijri', digits: 'arabic' });

    // the invoice list, in English then in Arabic
    for (const [prefix, day, due] of [['', '١ Ramadan ١٤٤٧ AH', '١ Muharram ١٤٤٨ AH'], ['/ar', '١ رمضان ١٤٤٧ هـ', '١ محرم ١٤٤٨ هـ']] as const) {
      // the list does not read ?search= from the address: the demo year's invoices fill its first page, so search
      await page.goto(`${e.base}${prefix}/accounting/accounts/invoice`);
      await page.getByPlaceholder(prefix ? 'بحث...' : 'Search...', { exact: true }).fill(ref);
      const row = page.getByRole('row').filter({ hasText: 'Hijri Customer' });
      await row.first().waitFor({ timeout: 15000 });
      const text = await row.first().innerText();
      expect(text).toContain(day);
      expect(text).toContain(due);
      expect(text).toContain('١٬٢٥٠٫٥٠');
      expect(text).not.toContain('2026-02-18');
      await e.shot(page, `hijri-invoices${prefix ? '-ar' : ''}`);
    }
    // the wire is unchanged
    const wire = await (await api.get(`${e.base}/api/accounting/invoices/${inv.id}`)).json();
    expect(wire).toMatchObject({ date: '2026-02-18', dueDate: '2026-06-16', totalAmount: '1250.5000' });

    // the trial balance in Arabic: Arabic-Indic amounts, Hijri days beside the picked dates
    await page.goto(`${e.base}/ar/accounting/reports/trial-balance?from=2026-02-18&to=2026-06-16`);
    await page.getByRole('heading', { name: 'ميزان المراجعة' }).waitFor({ timeout: 15000 });
    const total = page.locator('tfoot tr').first();
    await total.waitFor({ timeout: 15000 });
    await expect.poll(async () => (await total.innerText()).trim().length, { timeout: 15000 }).toBeGreaterThan(0);
    const totals = (await total.locator('td').allInnerTexts()).filter((s) => s.trim());
    expect(totals.length).toBeGreaterThan(1);
    // the label cell aside, every total is Arabic-Indic and the period's amounts are not all zero
    const amounts = totals.filter((s) => /[\u0660-\u0669]/.test(s));
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.some((s) => /[\u0661-\u0669]/.test(s))).toBe(true);
    expect(amounts.filter((s) => LATIN.test(s))).toEqual([]);
    const body = (await page.locator('tbody td').allInnerTexts()).filter((s) => /[\u0660-\u0669]/.test(s));
    expect(body.length).toBeGreaterThan(0);
    const hints = await page.locator('[data-hijri-date]').allInnerTexts();
    expect(hints).toEqual(expect.arrayContaining(['١ رمضان ١٤٤٧ هـ', '١ محرم ١٤٤٨ هـ']));
    await e.shot(page, 'hijri-trial-balance-ar');
    expect(errors).toEqual([]);
    await context.close();
  });
});
