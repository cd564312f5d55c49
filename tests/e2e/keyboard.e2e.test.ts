import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday } from '../../src/core/time/company-time';
import { ADMIN, DEMO_ZONE, type E2E, startE2E, waitPath } from './harness';

/**
 * One real flow by keyboard alone, in each language (issue 24): sign in, open screens with the command palette
 * (Ctrl+K, arrows, Enter), create a product ("n" on the list, Tab between fields, options chosen with the arrows,
 * Ctrl+S, Enter on the confirmation), post a receipt for it (a line added with Enter on "Add line", approved and
 * received with the state buttons), and read its stock balance on the report. No mouse click anywhere: only
 * page.keyboard. On the way: focus lands on the page title after each navigation, the "?" overlay lists the
 * screen's shortcuts in the page's language and Escape closes it, and the skip link is the first Tab stop.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: {
    prefix: '', username: 'Username', password: 'Password', products: 'Products', receipts: 'Receipts', balance: 'Stock balance',
    name: 'Name', category: 'Category', uom: 'Unit of measure', unit: /^Unit$/, confirm: 'Confirm', shortcuts: 'Keyboard shortcuts',
    newRecord: 'New record', skip: 'Skip to content', receiptDate: 'Receipt date', destination: 'Destination location', stock: /^Stock$/,
    addLine: 'Add line', product: 'Product', quantity: 'Quantity', unitCost: 'Unit cost', lineUnit: 'Unit', approve: 'Approve', receiveAll: 'Receive all',
  },
  ar: {
    prefix: '/ar', username: 'اسم المستخدم', password: 'كلمة المرور', products: 'المنتجات', receipts: 'إيصالات الاستلام', balance: 'رصيد المخزون',
    name: 'الاسم', category: 'الفئة', uom: 'وحدة القياس', unit: /^وحدة$/, confirm: 'تأكيد', shortcuts: 'اختصارات لوحة المفاتيح',
    newRecord: 'سجل جديد', skip: 'تخطَّ إلى المحتوى', receiptDate: 'تاريخ الاستلام', destination: 'موقع الاستلام', stock: /^المخزون$/,
    addLine: 'إضافة بند', product: 'المنتج', quantity: 'الكمية', unitCost: 'تكلفة الوحدة', lineUnit: 'الوحدة', approve: 'اعتماد', receiveAll: 'استلام الكل',
  },
} as const;

const focused = (loc: Locator) => loc.evaluate((el) => el === document.activeElement || el.contains(document.activeElement), undefined, { timeout: 3000 }).catch(() => false);

/** Presses Tab until `loc` has the focus (each press is one step a keyboard user makes). */
async function tabTo(page: Page, loc: Locator, max = 250): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await focused(loc)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with Tab: ${loc}`);
}

const SELECTED = '[data-selected], [data-combobox-selected], [aria-selected="true"]';

/** Moves through a list of options with ArrowDown until `option` is the selected one, then presses Enter. */
async function arrowTo(page: Page, option: Locator): Promise<void> {
  await option.first().waitFor({ timeout: 10000 });
  for (let i = 0; i < 30; i++) {
    if (await option.first().evaluate((el, sel) => el.matches(sel), SELECTED)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  await e.shot(page, 'keyboard-failed-arrows');
  const html = await option.first().evaluate((el) => el.outerHTML.slice(0, 300));
  throw new Error(`not reached with the arrows: ${option} ${html}`);
}

/** Ctrl+K, the screen's name, arrows, Enter: the way to any screen without the mouse. */
async function openScreen(page: Page, name: string, path: RegExp): Promise<void> {
  // The palette is a lazy chunk: until it has loaded, Ctrl+K does nothing yet (a person would press it again).
  const inPalette = () => page.evaluate(() => document.activeElement?.tagName === 'INPUT' && Boolean(document.activeElement.closest('[role="dialog"]')));
  for (let i = 0; i < 5 && !(await inPalette()); i++) {
    await page.keyboard.press('Control+k');
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT' && document.activeElement.closest('[role="dialog"]'), undefined, { timeout: 3000 }).catch(() => {});
  }
  await page.keyboard.type(name);
  // An action's name is the screen's and its module's ("Products Inventory").
  await arrowTo(page, page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${name}`) }));
  await waitPath(page, path).catch(async (err) => {
    await e.shot(page, 'keyboard-failed-open-screen');
    throw new Error(`${name}: ${page.url()} ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))}`, { cause: err });
  });
  // The new page's title has the focus once the screen is shown.
  await expect.poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`), { timeout: 10000 }).toBe(`H1 ${name}`);
}

async function typeInto(page: Page, loc: Locator, text: string): Promise<void> {
  await tabTo(page, loc);
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
}

async function choose(page: Page, combobox: Locator, search: string, option: RegExp): Promise<void> {
  await typeInto(page, combobox, search);
  await page.waitForTimeout(600); // the options are searched on the server as one types (debounced): wait for them
  // The options of this combobox's own list (aria-controls), not of another one still in the page.
  const list = await combobox.getAttribute('aria-controls');
  await arrowTo(page, (list ? page.locator(`[id="${list}"]`) : page).getByRole('option', { name: option }));
}

/** Enter on a confirmation's button once it has the focus (a key pressed before the focus moved would be lost). */
async function confirmByKeyboard(page: Page, name: string): Promise<void> {
  const button = page.getByRole('dialog').getByRole('button', { name, exact: true });
  await button.waitFor();
  await expect.poll(() => button.evaluate((b) => b === document.activeElement), { timeout: 10000 }).toBe(true);
  await page.keyboard.press('Enter');
}

async function json<R>(page: Page, path: string): Promise<R> {
  const r = await page.context().request.get(`${e.base}${path}`);
  expect(r.status(), path).toBe(200);
  return (await r.json()) as R;
}

for (const lang of ['en', 'ar'] as const) {
  describe(`keyboard only in ${lang}`, () => {
    const t = L[lang];
    const tag = `kb${lang}${Date.now() % 100000}`;

    it('creates a product, posts a receipt for it and reads its stock balance without the mouse', async () => {
      const { page, errors } = await e.newPage();
      page.setDefaultTimeout(10000);
      try {
        await flow(page, errors);
      } catch (err) {
        await e.shot(page, `keyboard-failed-${lang}`);
        throw err;
      } finally {
        await page.context().close();
      }
    });

    async function flow(page: Page, errors: string[]) {
      const today = companyToday(DEMO_ZONE);

      await page.goto(`${e.base}${t.prefix}/login`);
      await typeInto(page, page.getByLabel(t.username, { exact: true }), ADMIN.username);
      await typeInto(page, page.getByLabel(t.password, { exact: true }), ADMIN.password);
      await page.keyboard.press('Enter');
      await waitPath(page, /\/home$/);
      await page.locator('main h1').waitFor();

      // The first Tab stop of a signed-in page is the skip link; following it puts the focus in <main>.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.skip);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

      // Products: "?" lists the list's shortcuts in the page's language, Escape closes the overlay, "n" opens the form.
      await openScreen(page, t.products, /\/inventory\/inventory\/products$/);
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: t.shortcuts });
      await help.getByText(t.newRecord, { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => help.count()).toBe(0);
      await page.keyboard.press('n');
      const form = page.getByRole('dialog');
      await form.getByLabel(t.name, { exact: true }).waitFor();
      // The drawer keeps the focus inside it.
      expect(await form.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await typeInto(page, form.getByLabel(t.name, { exact: true }), `Keyboard tea ${tag}`);
      await choose(page, form.getByRole('combobox', { name: t.category, exact: true }), lang === 'en' ? 'Food' : 'غذائية', lang === 'en' ? /^Food$/ : /^مواد غذائية$/);
      await choose(page, form.getByRole('combobox', { name: t.uom, exact: true }), lang === 'en' ? 'Unit' : 'وحدة', t.unit);
      await page.keyboard.press('Control+s');
      await confirmByKeyboard(page, t.confirm); // the confirmation's button has the focus
      await waitPath(page, /\/inventory\/inventory\/products\/\d+$/);
      // Saved, the record's page opens with the focus on its title.
      await expect.poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`), { timeout: 10000 }).toBe(`H1 Keyboard tea ${tag}`);
      const productId = Number(new URL(page.url()).pathname.split('/').pop());
      expect((await json<{ name: string }>(page, `/api/inventory/products/${productId}`)).name).toBe(`Keyboard tea ${tag}`);

      // A receipt of 6 @ 4.25, approved and received.
      await openScreen(page, t.receipts, /\/inventory\/transactions\/receipts$/);
      await page.keyboard.press('n');
      const receipt = page.getByRole('dialog');
      await typeInto(page, receipt.getByLabel(t.receiptDate, { exact: true }), today);
      await choose(page, receipt.getByRole('combobox', { name: t.destination, exact: true }), lang === 'en' ? 'Stock' : 'المخزون', t.stock);
      await tabTo(page, receipt.getByRole('button', { name: t.addLine }));
      await page.keyboard.press('Enter');
      // The product's unit and cost are held back until the cost is typed: they arrive late, as on a slow line, and
      // must not overwrite it (they once did, and the receipt was saved at 0).
      let release = () => {};
      const held = new Promise<void>((r) => { release = r; });
      const productUrl = new RegExp(`/api/inventory/products/${productId}$`);
      await page.route(productUrl, async (route) => { await held; await route.continue(); });
      await choose(page, receipt.getByRole('combobox', { name: t.product, exact: true }), tag, new RegExp(tag));
      await typeInto(page, receipt.getByRole('textbox', { name: t.quantity, exact: true }), '6');
      await typeInto(page, receipt.getByRole('textbox', { name: t.unitCost, exact: true }), '4.25');
      const answered = page.waitForResponse(productUrl);
      release();
      await answered;
      await expect.poll(() => receipt.getByRole('combobox', { name: t.lineUnit, exact: true }).isEnabled()).toBe(true);
      expect(await receipt.getByRole('textbox', { name: t.unitCost, exact: true }).inputValue()).toBe('4.25');
      await page.unroute(productUrl);
      await page.keyboard.press('Control+s');
      await confirmByKeyboard(page, t.confirm);
      await waitPath(page, /\/inventory\/transactions\/receipt\/\d+$/);
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: 10000 }).toBe('H1');
      const receiptId = Number(new URL(page.url()).pathname.split('/').pop());
      const status = async () => (await json<{ status: string }>(page, `/api/inventory/receipts/${receiptId}`)).status;
      for (const [action, next] of [[t.approve, 'approved'], [t.receiveAll, 'received']] as const) {
        await tabTo(page, page.getByRole('button', { name: action, exact: true }).first());
        await page.keyboard.press('Enter');
        // Some transitions ask first; the confirmation's button then has the focus.
        const asked = await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).waitFor({ timeout: 3000 }).then(() => true, () => false);
        if (asked) await page.keyboard.press('Enter');
        await expect.poll(status, { timeout: 15000 }).toBe(next);
      }

      // The stock balance report shows the 6 received.
      await openScreen(page, t.balance, /\/inventory\/reports\/stock-balance$/);
      const row = page.getByRole('row').filter({ hasText: `Keyboard tea ${tag}` });
      await expect.poll(() => row.count(), { timeout: 15000 }).toBeGreaterThan(0);
      expect(await row.first().getByRole('cell').allTextContents()).toContain('6');
      await e.shot(page, `${lang}-keyboard-stock-balance`);
      expect(errors).toEqual([]);
    }
  });
}
