import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './harness';

/**
 * The till's service worker (pos/web/till/offline) is active for the page's scope, controls the page and keeps the
 * till's reads: a reload may now meet a stopped server. A full run of 2026-11-29 had the scope's worker activated and
 * the page's controller still null 30 s later: the activation's clients.claim() skips a page still loading, and the
 * till's later reads then went past the worker, unkept. The till now asks the active worker to take it
 * (register.ts), so the page must be controlled. The reads are cached as the till makes them; on a 2-core machine
 * at load 10, 3 of the 4 were there after 15 s (2026-11-28), so each wait allows 30 s.
 */
export async function workerKeepsTheTill(page: Page): Promise<void> {
  try {
    await expect.poll(() => page.evaluate(async () => {
      const active = (await navigator.serviceWorker.getRegistration(location.href))?.active;
      return active?.state === 'activated' ? active.scriptURL : '';
    }), { timeout: 30000 }).toMatch(/\/sw-till\.js$/);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 30000 }).toMatch(/\/sw-till\.js$/);
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('daftar-till-data')).keys()).map((r) => new URL(r.url).pathname)), { timeout: 30000 })
      .toEqual(expect.arrayContaining(['/api/auth/me', '/api/pos/sessions', '/api/inventory/products']));
  } catch (err) {
    // what the browser holds when the worker has not taken the till: each registration's workers and their states
    const held = await page.evaluate(async () => ({
      url: location.pathname,
      controlled: Boolean(navigator.serviceWorker.controller),
      registrations: (await navigator.serviceWorker.getRegistrations()).map((r) => ({ scope: r.scope, installing: r.installing?.state ?? null, waiting: r.waiting?.state ?? null, active: r.active?.state ?? null })),
      caches: await caches.keys(),
      kept: await caches.has('daftar-till-data') ? (await (await caches.open('daftar-till-data')).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search) : [],
    })).catch((e: unknown) => String(e));
    throw new Error(`${String(err)}\n${JSON.stringify(held)}`);
  }
}

/** The first number in a text as the app shows it (Arabic-Indic digits, Arabic separators), as a JavaScript number. */
export const shown = (text: string) => Number(text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/٫/g, '.').replace(/[,٬\s]/g, '').match(/-?\d+(\.\d+)?/)?.[0] ?? NaN);

export const TILL = {
  en: { prefix: '' as const, byName: 'Stapler', qty: 'Quantity', pay: 'Payment', change: /Change/ },
  ar: { prefix: '/ar' as const, byName: 'دباسة', qty: 'الكمية', pay: 'الدفع', change: /الباقي/ },
};

/**
 * A sale at the till (/pos/order) by keyboard: the barcode typed and Enter, the quantity key, a product found by name, F9 and cash. `typeAhead`:
 * F9, the cash and Enter typed at once, without waiting for the pay dialog. `slowSearch`:
 * the server's product search answers 1.5 s late and Enter is pressed while the last text's matches are still shown
 * (after the search field's 200 ms pause): the till must add a match of the typed name, not one of those.
 */
export async function sellByKeyboard(page: Page, t: (typeof TILL)[keyof typeof TILL], barcode: string, opts: { qty?: string; byName?: boolean; slowSearch?: boolean; cash: string; typeAhead?: boolean }) {
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
  if (opts.typeAhead) {
    // F9 by the keyboard; the cash and Enter as key events sent the moment the pay dialog is in the page, before its
    // cash field has the focus (Mantine's focus trap gives it a moment later): the gap a quick cashier types into.
    // None of it may reach the search field behind the dialog (typeAhead.ts); the sale is paid with that cash.
    const total = shown(await page.getByTestId('till-total').innerText());
    // the watcher is in the page before F9 is pressed (an evaluate still running could start after the key's handling)
    await page.evaluate((keys) => {
      (window as unknown as { typedAhead: Promise<boolean> }).typedAhead = new Promise<boolean>((done) => {
        const seen = new MutationObserver(() => {
          const cash = document.querySelector('[data-testid="pay-total"]')?.closest('[role="dialog"]')?.querySelector('input[data-autofocus]');
          if (!cash) return;
          seen.disconnect();
          const before = document.activeElement !== cash;
          for (const key of keys) (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
          done(before);
        });
        seen.observe(document.body, { childList: true, subtree: true });
      });
    }, [...opts.cash, 'Enter']);
    await page.keyboard.press('F9');
    // the keys went before the cash field had the focus
    expect(await page.evaluate(() => (window as unknown as { typedAhead: Promise<boolean> }).typedAhead)).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20000 }).toBe(0);
    expect(shown(await page.getByTestId('last-change').innerText())).toBeCloseTo(Number(opts.cash) - total, 2);
    expect(await search.inputValue()).toBe('');
    return;
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
