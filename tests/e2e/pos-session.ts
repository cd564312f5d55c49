import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './harness';

/**
 * The till's service worker (pos/web/till/offline) controls the page and keeps the till's reads: a reload may now meet
 * a stopped server. The reads are cached as the till makes them; on a 2-core machine at load 10, 3 of the 4 were
 * there after 15 s (2026-11-28), so each wait allows 30 s.
 */
export async function workerKeepsTheTill(page: Page): Promise<void> {
  try {
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 30000 }).toMatch(/\/sw-till\.js$/);
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('daftar-till-data')).keys()).map((r) => new URL(r.url).pathname)), { timeout: 30000 })
      .toEqual(expect.arrayContaining(['/api/auth/me', '/api/pos/sessions', '/api/inventory/products']));
  } catch (err) {
    // what the browser holds when the worker has not taken the till: each registration's workers and their states
    const held = await page.evaluate(async () => ({
      url: location.pathname,
      registrations: (await navigator.serviceWorker.getRegistrations()).map((r) => ({ scope: r.scope, installing: r.installing?.state ?? null, waiting: r.waiting?.state ?? null, active: r.active?.state ?? null })),
      caches: await caches.keys(),
    })).catch((e: unknown) => String(e));
    throw new Error(`${String(err)}\n${JSON.stringify(held)}`);
  }
}

export const TILL = {
  en: { prefix: '' as const, byName: 'Stapler', qty: 'Quantity', pay: 'Payment', change: /Change/ },
  ar: { prefix: '/ar' as const, byName: 'دباسة', qty: 'الكمية', pay: 'الدفع', change: /الباقي/ },
};

/** A sale at the till (/pos/order) by keyboard: scan, quantity key, optionally a product by name, F9, cash tendered, Enter. */
/**
 * A sale by keyboard: the barcode typed and Enter, the quantity key, a product found by name, F9 and cash. `slowSearch`:
 * the server's product search answers 1.5 s late and Enter is pressed while the last text's matches are still shown
 * (after the search field's 200 ms pause): the till must add a match of the typed name, not one of those.
 */
export async function sellByKeyboard(page: Page, t: (typeof TILL)[keyof typeof TILL], barcode: string, opts: { qty?: string; byName?: boolean; slowSearch?: boolean; cash: string }) {
  const search = page.getByRole('textbox', { name: new RegExp(t.prefix ? 'ابحث عن منتج' : 'Search products') });
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls')), { timeout: 10000 }).toBe('till-products');
  await page.keyboard.type(barcode);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('table', { name: t.prefix ? 'السلة' : 'Cart' }).locator('tbody tr').count(), { timeout: 10000 }).toBeGreaterThan(0);
  if (opts.qty) {
    await page.keyboard.press('Alt+KeyQ');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('textbox', { name: t.qty }).evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true);
    await page.keyboard.type(opts.qty);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10000 }).toBe(0);
  }
  if (opts.byName) {
    await expect.poll(() => search.evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true);
    const searching = (u: URL) => u.pathname === '/api/inventory/products' && u.searchParams.has('search');
    if (opts.slowSearch) await page.route(searching, async (r) => { await new Promise((done) => setTimeout(done, 1500)); await r.continue().catch(() => undefined); });
    await page.keyboard.type(t.byName);
    await expect.poll(() => page.locator('#till-products [role="option"]').count(), { timeout: 10000 }).toBeGreaterThan(0);
    if (opts.slowSearch) await page.waitForTimeout(600);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('table', { name: t.prefix ? 'السلة' : 'Cart' }).locator('tbody tr').count(), { timeout: 10000 }).toBe(2);
    if (opts.slowSearch) await page.unroute(searching);
  }
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: t.pay });
  await pay.waitFor({ timeout: 10000 });
  // the cash field takes the focus a moment after the dialog shows (Mantine's focus trap, after its mount): what is
  // typed before that goes to the search field, as it would for a cashier typing before the dialog is there
  await expect.poll(() => pay.locator('input[data-autofocus]').evaluate((el) => el === document.activeElement), { timeout: 10000 }).toBe(true);
  await page.keyboard.type(opts.cash);
  await expect.poll(() => pay.getByTestId('pay-change').innerText(), { timeout: 5000 }).toMatch(t.change);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20000 }).toBe(0);
}

/** The signed-in user's active POS session (the demo admin has one), else one started at the first branch. */
export async function activeSession(e: E2E, page: Page): Promise<number> {
  const me = await (await page.request.get(`${e.base}/api/auth/me`)).json();
  const list = await (await page.request.get(`${e.base}/api/pos/sessions?filter[status]=active&filter[userId]=${me.user.id}`)).json();
  if (list.items.length > 0) return list.items[0].id;
  const branches = await (await page.request.get(`${e.base}/api/pos/branches`)).json();
  const r = await page.request.post(`${e.base}/api/pos/sessions`, { data: { branchId: branches.items[0].id, openingCash: '100' } });
  expect(r.status()).toBe(201);
  return (await r.json()).id;
}
