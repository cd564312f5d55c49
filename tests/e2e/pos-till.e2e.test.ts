import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activeSession, TILL as L, sellByKeyboard, workerKeepsTheTill } from './pos-session';
import { type E2E, startE2E } from './harness';

/**
 * The till (/pos/order) in real Chromium, both languages, keyboard only: a product scanned (its barcode typed into
 * the search field + Enter) and one found by name (the Arabic page types the Arabic name without its shadda: the
 * platform's folding; Enter pressed while the search answers late and the last text's matches are still shown), a
 * quantity key, F9 and cash with the change shown; the order posted once with stock out.
 * Then the till's service worker takes the page, the SERVER STOPS (harness stopServer) and the page is reloaded: it
 * opens from the worker's caches and says the server is unreachable; two sales by barcode kept in the outbox
 * (IndexedDB), another reload, both still waiting and nothing posted; the server starts again, the first send's
 * answer lost after the server committed (a 503 in its place), and the outbox drains by itself: exactly two more
 * orders, stock moved once for each, the first key sent twice, nothing left waiting.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); }, 600_000);
afterAll(async () => { await e?.close(); });
afterEach(async () => { await e?.startServer(); });

const rows = async <T,>(q: ReturnType<typeof sql>) => (await e.db.orm.execute(q)).rows as T[];
const product = async (name: string) => (await rows<{ id: number; barcode: string }>(sql`SELECT id, barcode FROM products WHERE name = ${name}`))[0]!;
const onHand = async (id: number) => Number((await rows<{ q: string }>(sql`SELECT coalesce(sum(q.quantity), 0)::text AS q FROM stock_quants q JOIN locations l ON l.id = q.location_id WHERE q.product_id = ${id} AND l.kind = 'internal'`))[0]!.q);
/** The Idempotency-Keys the server has stored (one per request it took with a key). */
const storedKeys = async () => (await rows<{ key: string }>(sql`SELECT key FROM idempotency_keys`)).map((r) => r.key);
const orders = async (sessionId: number) => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales_orders WHERE session_id = ${sessionId}`))[0]!.n;
const pending = (page: Page) => page.getByTestId('outbox-status').getAttribute('data-pending');

for (const lang of ['en', 'ar'] as const) {
  describe(`till in ${lang}`, () => {
    it('sells by keyboard only (scan, quantity, search by name, cash with change), then offline: two sales queued survive reloads and post exactly once', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      const failures: string[] = [];
      page.on('response', (r) => { if (r.status() >= 500) failures.push(`${r.status()} ${r.url()}`); });
      await e.login(page, t.prefix);
      const sessionId = await activeSession(e, page);
      const water = await product('Mineral water (carton)');
      const stapler = await product('Stapler');
      const [water0, stapler0, orders0] = [await onHand(water.id), await onHand(stapler.id), await orders(sessionId)];

      await page.goto(`${e.base}${t.prefix}/pos/order`);
      await sellByKeyboard(page, t, water.barcode, { qty: '3', byName: true, slowSearch: true, cash: '500' });
      await expect.poll(() => orders(sessionId), { timeout: 15000 }).toBe(orders0 + 1);
      const [order] = await rows<{ number: string; total_amount: string; status: string }>(sql`SELECT number, total_amount, status FROM sales_orders WHERE session_id = ${sessionId} ORDER BY id DESC LIMIT 1`);
      expect(order!.status).toBe('completed');
      // the change shown is the server's: tendered less the order's total
      const change = (500 - Number(order!.total_amount)).toFixed(2);
      await expect.poll(() => page.getByTestId('last-change').innerText()).toMatch(new RegExp(change.replace('.', '[.٫]')));
      expect(await onHand(water.id)).toBe(water0 - 3);
      expect(await onHand(stapler.id)).toBe(stapler0 - 1);
      await e.shot(page, `${lang}-till-sold`);

      // the "?" overlay lists the till's keys (focus out of the search field first: Escape twice)
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Shift+Slash');
      await page.getByRole('dialog').getByText('F9', { exact: true }).first().waitFor({ timeout: 5000 });
      await e.shot(page, `${lang}-till-shortcuts`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('F2');

      // the till's service worker (offline/sw.ts) controls this page once it has kept the build and the page
      await workerKeepsTheTill(page);
      // a hard reload (Ctrl+Shift+R) loads the page past the worker, which then does not control it: the till asks the
      // worker to take it (register.ts), or its reads from then on would not be kept for a reload with the server
      // down (the code before stayed uncontrolled here: checked against both builds, 2026-11-29)
      const cdp = await context.newCDPSession(page);
      await Promise.all([page.waitForEvent('load'), cdp.send('Page.reload', { ignoreCache: true })]);
      await workerKeepsTheTill(page);
      // the server stops (a power cut in the back office): the till RELOADS and still opens, from the worker's caches
      await e.stopServer();
      await page.reload();
      await expect.poll(() => page.getByTestId('outbox-status').getAttribute('data-online'), { timeout: 20000 }).toBe('false');
      await expect.poll(() => page.getByTestId('outbox-status').innerText(), { timeout: 15000 }).toMatch(lang === 'en' ? /Server unreachable/ : /الخادم غير متاح/);
      await e.shot(page, `${lang}-till-reloaded-offline`);
      // two sales kept on the till (the scanned barcode found in what the worker kept), the first paid by typing ahead
      await sellByKeyboard(page, t, water.barcode, { cash: '100', typeAhead: true });
      await sellByKeyboard(page, t, water.barcode, { qty: '2', cash: '100' });
      await expect.poll(() => pending(page), { timeout: 10000 }).toBe('2');
      await e.shot(page, `${lang}-till-offline`);
      // a second reload with the server still down: both sales still waiting (IndexedDB), the page still opens
      await page.reload();
      await expect.poll(() => pending(page), { timeout: 15000 }).toBe('2');
      expect(await orders(sessionId)).toBe(orders0 + 1);
      // the server is back; the first send reaches it but its answer is lost (a 503 in its place), then all pass
      let mode: 'lose-first' | 'up' = 'lose-first';
      const keys: string[] = [];
      await page.route('**/api/pos/sales', async (r) => {
        keys.push(r.request().headers()['idempotency-key'] ?? '');
        const res = await r.fetch();
        if (mode === 'lose-first') { mode = 'up'; await r.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"message":"lost"}}' }); return; }
        await r.fulfill({ response: res });
      });
      const keys0 = await storedKeys();
      await e.startServer();
      // the till drains by itself (every 5 s while something waits) and says it is online again
      await expect.poll(() => pending(page), { timeout: 40000 }).toBe('0');
      await expect.poll(() => page.getByTestId('outbox-status').getAttribute('data-online'), { timeout: 20000 }).toBe('true');
      expect(await orders(sessionId)).toBe(orders0 + 3);
      expect(await onHand(water.id)).toBe(water0 - 3 - 1 - 2);
      // the first send reached the server (r.fetch) and its answer was lost: three orders in all (above) means the
      // till sent it again with the same key. Two keys for two sales, as the server stored them: page.route does not
      // see every request of a page a service worker controls (a full run of 2026-11-29 saw one of the two), so the
      // keys it saw are only checked to be among them.
      expect(mode).toBe('up');
      const drained = (await storedKeys()).filter((k) => !keys0.includes(k));
      expect(drained).toHaveLength(2);
      expect(drained).toEqual(expect.arrayContaining([...new Set(keys)]));
      await e.shot(page, `${lang}-till-drained`);

      // past orders: the three sales listed with reprint and return; no other screen is served by the till's worker
      await page.unroute('**/api/pos/sales');
      await page.goto(`${e.base}${t.prefix}/pos/oldorders`);
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
      await expect.poll(() => page.locator('tr[data-order]').count(), { timeout: 15000 }).toBeGreaterThanOrEqual(3);
      await page.getByRole('textbox', { name: lang === 'en' ? 'Search by order number' : 'البحث برقم الطلب' }).fill(order!.number);
      await expect.poll(() => page.locator('tr[data-order]').count(), { timeout: 15000 }).toBe(1);
      await page.getByRole('link', { name: new RegExp(`^${lang === 'en' ? 'Return' : 'إرجاع'} `) }).click();
      // the till's return screen with the order (its own test: pos-return.e2e.test.ts)
      await expect.poll(() => page.getByRole('textbox', { name: lang === 'en' ? 'Order number' : 'رقم الطلب' }).inputValue(), { timeout: 15000 }).toBe(order!.number);
      await e.shot(page, `${lang}-till-return`);
      // the one 5xx is the answer this test put in place of the first send's
      expect(failures).toEqual([`503 ${e.base}/api/pos/sales`]);
      expect(errors.filter((m) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to load resource|Failed to fetch/.test(m))).toEqual([]);
      await context.close();
    });

    it("pays the server's price when the cart's price comes late: Enter waits for it, and cash typed meanwhile is kept", async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      await e.login(page, t.prefix);
      const sessionId = await activeSession(e, page);
      const water = await product('Mineral water (carton)');
      // the server's price of a cart is held back until the test lets it go (a freshly loaded till estimates without
      // VAT until it comes); the till waits for it at most 4 s, so each step below lets it go right after acting
      let letGo = false;
      let held: (() => void) | null = null;
      const release = () => { letGo = true; held?.(); held = null; };
      await page.route('**/api/pos/quote', async (r) => {
        if (!letGo) await new Promise<void>((done) => { held = done; });
        await r.continue().catch(() => undefined);
      });
      const pay = page.getByRole('dialog', { name: t.pay });
      const scanThenPay = async () => {
        letGo = false;
        await page.goto(`${e.base}${t.prefix}/pos/order`);
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls')), { timeout: 10000 }).toBe('till-products');
        await page.keyboard.type(water.barcode);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByRole('table', { name: lang === 'en' ? 'Cart' : 'السلة' }).locator('tbody tr').count(), { timeout: 10000 }).toBe(1);
        await page.keyboard.press('F9');
        await pay.waitFor({ timeout: 10000 });
        await pay.getByTestId('pay-pricing').waitFor({ timeout: 4000 });
      };
      const last = async () => (await rows<{ total: string; tendered: string }>(sql`SELECT o.total_amount::text AS total, p.tendered::text AS tendered
        FROM sales_orders o JOIN pos_payments p ON p.order_id = o.id WHERE o.session_id = ${sessionId} ORDER BY o.id DESC LIMIT 1`))[0]!;
      const orders0 = await orders(sessionId);

      // Enter at once, on the pre-filled cash: the sale completes once priced, for the priced total (the estimate
      // alone, without VAT, would be refused as paid short)
      await scanThenPay();
      await page.keyboard.press('Enter');
      release();
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20000 }).toBe(0);
      await expect.poll(() => orders(sessionId), { timeout: 15000 }).toBe(orders0 + 1);
      const first = await last();
      expect(Number(first.tendered)).toBe(Number(first.total));

      // cash typed while the price is on its way stays as typed; the change follows the priced total
      await scanThenPay();
      await page.keyboard.type('500');
      release();
      await expect.poll(() => pay.getByTestId('pay-pricing').count(), { timeout: 15000 }).toBe(0);
      expect(await pay.getByRole('textbox', { name: lang === 'en' ? 'Cash' : 'نقدًا', exact: true }).inputValue()).toBe('500');
      const priced = await pay.getByTestId('pay-total').innerText();
      expect(priced.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace('٫', '.')).toContain(Number(first.total).toFixed(2));
      await page.keyboard.press('Enter');
      await expect.poll(() => orders(sessionId), { timeout: 15000 }).toBe(orders0 + 2);
      expect(Number((await last()).tendered)).toBe(500);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
