import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness';

/**
 * The date input (web/ui/DateField.tsx) keeps what the user typed. Its calendar is a lazy chunk and a plain input
 * stands in until it arrives: here the chunk is held back until the user is halfway through typing a date, and the
 * rest of the date, typed on without touching the mouse, must land in the same field and reach the API. Once the
 * calendar is there, a date filled in as 2026-03-31, 31/12/2026 or with Arabic-Indic digits is what the field
 * keeps, and so is the shown date edited ("30 Mar 2026"). All on the price list form (two optional dates: the API
 * shows exactly what the form sent).
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: { prefix: '', newList: /^New price list$/, name: 'Name', start: 'Start date', end: 'End date', save: 'Save', confirm: 'Confirm', mar31: '31 Mar 2026', mar30: '30 Mar 2026', dec31: '31 Dec 2026' },
  ar: { prefix: '/ar', newList: /^إضافة قائمة أسعار$/, name: 'الاسم', start: 'تاريخ البداية', end: 'تاريخ النهاية', save: 'حفظ', confirm: 'تأكيد', mar31: '31 مارس 2026', mar30: '30 مارس 2026', dec31: '31 ديسمبر 2026' },
} as const;
type T = (typeof L)[keyof typeof L];

/** The calendar's input (Mantine's DateInput marks it), as opposed to the plain input standing in for it. */
const isCalendar = (input: Locator) => input.evaluate((el) => el.hasAttribute('data-dates-input'));
const isFocused = (input: Locator) => input.evaluate((el) => el === document.activeElement);

async function openForm(page: Page, t: T, name: string) {
  await page.goto(`${e.base}${t.prefix}/contacts/pricelist`);
  await page.getByRole('button', { name: t.newList }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel(t.name, { exact: true }).fill(name);
  return { form, start: form.getByLabel(t.start, { exact: true }), end: form.getByLabel(t.end, { exact: true }) };
}

/** Saves the open form and returns the price list the API then has under that name. */
async function save(page: Page, context: BrowserContext, form: Locator, t: T, name: string) {
  await form.getByRole('button', { name: t.save, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).last().click({ timeout: 15000 });
  let found: { startDate: string | null; endDate: string | null } | undefined;
  await expect.poll(async () => {
    const r = await (await context.request.get(`${e.base}/api/sales/price-lists?search=${encodeURIComponent(name)}`)).json();
    found = r.items?.[0];
    return found !== undefined;
  }, { timeout: 15000 }).toBe(true);
  return found!;
}

describe('date field', () => {
  it('keeps a date typed while the calendar arrives, the rest typed on without a click', async () => {
    const t = L.en;
    const { page, context, errors } = await e.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let asked = false;
    await page.route(/\/assets\/DateFieldCalendar-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await e.login(page);
    const { form, start, end } = await openForm(page, t, 'Typed as the calendar came');
    await expect.poll(() => asked, { timeout: 15000 }).toBe(true);
    expect(await isCalendar(start)).toBe(false);
    await start.click();
    await page.keyboard.type('2026-03', { delay: 30 });
    release();
    // the unfocused end date turning into the calendar shows the chunk arrived and was rendered
    await expect.poll(() => isCalendar(end), { timeout: 15000 }).toBe(true);
    await page.keyboard.type('-31', { delay: 30 });
    expect(await start.inputValue()).toBe('2026-03-31');
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(end)).toBe(true);
    await expect.poll(() => start.inputValue()).toBe(t.mar31);
    expect(await isCalendar(start)).toBe(true);
    await page.keyboard.type('31/12/2026', { delay: 30 });
    await page.keyboard.press('Tab');
    await expect.poll(() => end.inputValue()).toBe(t.dec31);
    await e.shot(page, 'en-date-field-typed-as-calendar-came');
    expect(await save(page, context, form, t, 'Typed as the calendar came')).toMatchObject({ startDate: '2026-03-31', endDate: '2026-12-31' });
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [lang, startText, endText] of [['en', '2026-03-31', '31/12/2026'], ['ar', '٢٠٢٦-٠٣-٣١', '٣١/١٢/٢٠٢٦']] as const) {
    it(`takes a date filled into the calendar (${lang}: ${startText}, ${endText}, the shown date edited)`, async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      await e.login(page, t.prefix);
      const name = `Filled in ${lang}`;
      const { form, start, end } = await openForm(page, t, name);
      await expect.poll(() => isCalendar(start), { timeout: 15000 }).toBe(true);
      await start.fill(startText);
      expect(await start.inputValue()).toBe(startText);
      await end.fill(endText);
      expect(await end.inputValue()).toBe(endText);
      await expect.poll(() => start.inputValue()).toBe(t.mar31); // shown in the page's language once left
      await end.blur();
      await expect.poll(() => end.inputValue()).toBe(t.dec31);
      // the shown date edited: its day changed, the rest left as shown
      await start.fill(t.mar30);
      await start.blur();
      await expect.poll(() => start.inputValue()).toBe(t.mar30);
      expect(await save(page, context, form, t, name)).toMatchObject({ startDate: '2026-03-30', endDate: '2026-12-31' });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
