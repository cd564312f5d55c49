import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday } from '../../src/core/time/company-time';
import { periodLabel } from '../../src/core/documents/period-label';
import { DEMO_ZONE, type E2E, startE2E } from './harness';

/**
 * Changes to a list's query (web/entity/useListParams.ts) made before the ones before them have rendered: all are kept.
 * The list's query lives in its URL. The search box writes it through a debounce (350 ms after the last key), a
 * column header writes it on click. Each change used to start from the URL of the last render (react-router's
 * functional setSearchParams), so the second of two changes made before the first one rendered undid the first.
 * That was the customers list's bug in full runs of pos-customers.e2e (POS README): the debounced search fired
 * between a click on the Balance header and the render of its navigation and put the old sort back (the order stayed
 * ascending), or a click right after the debounce put the old search back. It depended on timing, so it showed
 * only on a loaded machine. Here the order is made certain: the page holds its debounce-length timers (300 ms up to
 * 1 s) until the test lets them go, in the same task as the header click (no render can come between), or while
 * React commits the click (the third case: a first fix forgot the search there and a second click lost it).
 * A report's filters (web/reports/useReportParams.ts) go through the same writer (web/shell/useSearchParamsWriter.ts):
 * the sales reports' e2e once typed Top N 3 before the month period it had just chosen rendered, the period was
 * dropped, and the PDF came out by product only. Here both changes are made in one task.
 * To check this test against another build (e.g. the code before the fix), set E2E_WEB_DIR (harness.ts).
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

/** Holds the page's timers of 300 ms to 1 s while `__holding` is set; `__release()` runs them at once and says how many. */
function holdDebounceTimers(context: BrowserContext) {
  return context.addInitScript(() => {
    const w = window as unknown as { __holding: boolean; __release(): number };
    const realSet = window.setTimeout.bind(window);
    const realClear = window.clearTimeout.bind(window);
    const held = new Map<number, () => void>();
    let nextId = -1; // negative: never one of the browser's ids
    w.__holding = false;
    window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
      if (!w.__holding || typeof fn !== 'function' || !ms || ms < 300 || ms >= 1000) return realSet(fn, ms, ...args);
      const id = nextId--;
      held.set(id, () => fn(...args));
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => { if (id === undefined || !held.delete(id)) realClear(id); }) as typeof window.clearTimeout;
    w.__release = () => {
      const due = [...held.values()];
      held.clear();
      w.__holding = false;
      for (const run of due) run();
      return due.length;
    };
  });
}

const SEARCH = 'Harbi';
const header = (page: Page) => page.getByRole('columnheader', { name: 'Balance' });
const sortButton = (page: Page) => page.getByRole('button', { name: /^Balance:/ });
/** The customers' names down the list (the name cell is the row's link). */
const names = (page: Page) => page.locator('main tbody tr a').allInnerTexts();
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** The names the server lists for the search in that order: what the user should end up seeing. */
async function expected(context: BrowserContext, sort: string): Promise<string[]> {
  const { items } = await (await context.request.get(`/api/pos/customers?search=${SEARCH}&sort=${sort}`)).json();
  return items.map((r: { name: string }) => r.name);
}

describe('a list keeps every change made before the ones before it rendered', () => {
  it('a second click on the Balance header, then the search debounce: descending and searched', async () => {
    const { page, context, errors } = await e.newPage();
    await holdDebounceTimers(context);
    await e.login(page);
    const descending = await expected(context, '-balance');
    expect(descending.length, 'the demo has two customers named Al-Harbi').toBeGreaterThanOrEqual(2);
    expect(descending, 'their balances differ, so the order shows').not.toEqual(await expected(context, 'balance'));
    await page.goto(`${e.base}/pos/customers`);
    await sortButton(page).click();
    await expect.poll(() => header(page).getAttribute('aria-sort'), { timeout: 15_000 }).toBe('ascending');

    await page.evaluate(() => { (window as unknown as { __holding: boolean }).__holding = true; });
    await page.getByPlaceholder('Search...').fill(SEARCH);
    // the second click and the debounced search in one task: the search's change is made before the click rendered
    const released = await sortButton(page).evaluate((button) => {
      (button as HTMLElement).click();
      return (window as unknown as { __release(): number }).__release();
    });
    expect(released, 'the search box had its debounce pending').toBeGreaterThan(0);

    await expect.poll(() => query(page), { timeout: 15_000 }).toEqual({ q: SEARCH, sort: '-balance' });
    await expect.poll(() => header(page).getAttribute('aria-sort'), { timeout: 15_000 }).toBe('descending');
    await expect.poll(() => names(page), { timeout: 15_000 }).toEqual(descending);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the search debounce, then a click on the Balance header: searched and ascending', async () => {
    const { page, context, errors } = await e.newPage();
    await holdDebounceTimers(context);
    await e.login(page);
    await page.goto(`${e.base}/pos/customers`);
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThan(3);

    await page.evaluate(() => { (window as unknown as { __holding: boolean }).__holding = true; });
    await page.getByPlaceholder('Search...').fill(SEARCH);
    // the debounced search, then the click in the same task: the click is made before the search rendered
    const released = await sortButton(page).evaluate((button) => {
      const n = (window as unknown as { __release(): number }).__release();
      (button as HTMLElement).click();
      return n;
    });
    expect(released, 'the search box had its debounce pending').toBeGreaterThan(0);

    await expect.poll(() => query(page), { timeout: 15_000 }).toEqual({ q: SEARCH, sort: 'balance' });
    await expect.poll(() => header(page).getAttribute('aria-sort'), { timeout: 15_000 }).toBe('ascending');
    await expect.poll(() => names(page), { timeout: 15_000 }).toEqual(await expected(context, 'balance'));
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
  it('a click, the search debounce, and a second click before the search rendered: descending and searched', async () => {
    const { page, context, errors } = await e.newPage();
    await holdDebounceTimers(context);
    await e.login(page);
    await page.goto(`${e.base}/pos/customers`);
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    await page.evaluate(() => { (window as unknown as { __holding: boolean }).__holding = true; });
    await page.getByPlaceholder('Search...').fill(SEARCH);

    // A, the click, renders alone while B, the search that followed it, still waits to render; then C, a second
    // click, comes. Each step is tied to the page's own events so the order is certain: B fires while React commits
    // A (as it sets the header's aria-sort), C while A's render runs its effects (as the list asks for A's rows), B's
    // own rows not yet asked for. The fix used to forget B there (it dropped what it had sent at any render), and C
    // started from A: the search was lost.
    const steps = await page.evaluate(() => new Promise<string[]>((resolve) => {
      const w = window as unknown as { __release(): number };
      const steps: string[] = [];
      const button = () => document.querySelector<HTMLElement>('main button[aria-label^="Balance:"]')!;
      const setAttribute = Element.prototype.setAttribute;
      const realFetch = window.fetch;
      const done = () => { Element.prototype.setAttribute = setAttribute; window.fetch = realFetch; resolve(steps); };
      Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
        setAttribute.call(this, name, value);
        if (name === 'aria-sort' && value === 'ascending' && steps.length === 1) steps.push(w.__release() > 0 ? 'B' : 'no debounce');
      };
      window.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
        const url = String(input);
        if (url.startsWith('/api/pos/customers?') && steps.length === 2) {
          if (url.includes('search=')) { steps.push('B rendered with A'); done(); }
          else if (url.includes('sort=balance')) { steps.push('A rendered alone', 'C'); button().click(); done(); }
        }
        return realFetch.call(this, input, init);
      } as typeof window.fetch;
      steps.push('A');
      button().click();
      setTimeout(done, 15_000);
    }));
    expect(steps, 'the three changes came in the order the test means').toEqual(['A', 'B', 'A rendered alone', 'C']);

    await expect.poll(() => query(page), { timeout: 15_000 }).toEqual({ q: SEARCH, sort: '-balance' });
    await expect.poll(() => header(page).getAttribute('aria-sort'), { timeout: 15_000 }).toBe('descending');
    await expect.poll(() => names(page), { timeout: 15_000 }).toEqual(await expected(context, '-balance'));
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('a report keeps every filter changed before the ones before it rendered', () => {
  it('the period chosen, then Top N typed in the same task: both reach the URL and the report asks for both', async () => {
    const { page, context, errors } = await e.newPage();
    await e.login(page);
    const today = companyToday(DEMO_ZONE);
    const from = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}-01`;
    await page.goto(`${e.base}/sales/reports/product-sales?from=${from}&to=${today}`);
    await expect.poll(() => page.locator('main table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    const folded = page.locator('button[aria-keyshortcuts="f"][aria-expanded="false"]');
    if (await folded.count()) await folded.first().click();
    await page.getByLabel('Compare by').first().click();
    const month = page.getByRole('option', { name: /^Month$/ });
    await month.waitFor();
    const top = await page.getByLabel('Top N').elementHandle();
    const asked = page.waitForRequest((r) => { const q = new URL(r.url()).searchParams; return r.url().includes('/api/sales/reports/product-sales?') && q.get('top') === '3' && q.get('period') === 'monthly'; }, { timeout: 15_000 })
      .then(() => true, () => false);

    // the option's click navigates (to render later); the number typed in the same task cannot see that render
    await month.evaluate((option, input) => {
      (option as HTMLElement).click();
      const box = input as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, '3');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    }, top);

    await expect.poll(() => query(page), { timeout: 15_000 }).toEqual({ from, to: today, period: 'monthly', top: '3' });
    expect(await asked, 'the report asked the server for both filters').toBe(true);
    await expect.poll(() => page.locator('main table tbody tr').count(), { timeout: 15_000 }).toBe(3);
    await page.getByRole('columnheader', { name: periodLabel(from, 'monthly').en }).first().waitFor({ timeout: 15_000 }); // a column a month
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
