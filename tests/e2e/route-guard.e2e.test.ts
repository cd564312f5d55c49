import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type E2E, SCREENS, startE2E } from './harness';
import { allowDataWords, loadPageChecks, type PageCheck } from './guard/checks';
import { creatableLists, demoTextWords, type GuardRoute, resolveRoutes, routePatterns } from './guard/routes';
import { type Pass, type Visit, Visitor } from './guard/visit';
import { createForms } from './guard/checks/create-form';

/**
 * The browser guard: every route the web app registers (the router's own list, guard/routes.ts), in English and
 * under /ar, opened by the demo admin on the demo data, then by a user without permissions (each route once, English
 * and Arabic by turns). Once the app has loaded
 * in the language (its first load is printed, not held to the rule), each page, opened as a click opens it, must settle
 * within 3 s with no API answer >= 500, no console or uncaught error, no error page, a main area with something in
 * it, `dir` following the language, and no English left in an Arabic page; the user without permissions sees "You
 * don't have access to this page" (or the login page) and gets no data. Further per-page checks plug in from
 * tests/e2e/guard/checks/ (guard/checks.ts): axe-core at WCAG 2.1 A/AA on every page the admin opens (its colour
 * rules in both schemes), and on every create form its lists open (docs/accessibility.md). One server, one browser; the two
 * languages are walked at once, each in its own page, one page settling at a time (GUARD_PAGES=1: one language
 * after the other). Prints each page's time to settle and the slowest ten. Reflow: a few kinds of screen at 320 CSS px scroll only inside their tables, and
 * prefers-reduced-motion turns transitions off.
 */
let e: E2E;
let checks: PageCheck[];
let routes: GuardRoute[];
let unfilled: string[];
const contexts: BrowserContext[] = [];
const NO_ACCESS = { username: 'noaccess', password: 'no-access-pass-1' };

async function signedIn(username: string, password: string, viewport = { width: 1366, height: 860 }): Promise<Page> {
  const context = await e.browser.newContext({ viewport, baseURL: e.base });
  contexts.push(context);
  const res = await context.request.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return context.newPage();
}

beforeAll(async () => {
  e = await startE2E();
  checks = await loadPageChecks();
  const admin = await signedIn(ADMIN.username, ADMIN.password);
  ({ routes, unfilled } = await resolveRoutes(admin.context().request, ADMIN.username));
  // GUARD_ROUTES=<regex>: walk only the matching routes (to look at a few screens; the full walk is the test)
  if (process.env.GUARD_ROUTES) routes = routes.filter((r) => new RegExp(process.env.GUARD_ROUTES!).test(r.path));
  const made = await admin.context().request.post('/api/admin/users', { data: { username: NO_ACCESS.username, fullName: 'No Access', password: 'set-by-admin-1' } });
  expect(made.status(), await made.text()).toBe(201);
  // a password set by the admin must be changed by its owner first
  const ctx = await e.browser.newContext({ baseURL: e.base });
  contexts.push(ctx);
  expect((await ctx.request.post('/api/auth/login', { data: { username: NO_ACCESS.username, password: 'set-by-admin-1' } })).status()).toBe(200);
  const changed = await ctx.request.post('/api/auth/password', { data: { currentPassword: 'set-by-admin-1', newPassword: NO_ACCESS.password } });
  expect(changed.status(), await changed.text()).toBe(200);
  allowDataWords(await demoTextWords(admin.context().request));
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await e?.close();
});

/**
 * One page opens (and settles, which is timed) at a time; the checks of one page (axe-core) run while the other page
 * opens, so a time to settle never includes another page's load.
 */
let opening: Promise<unknown> = Promise.resolve();
/** The time each check took over the walk, both languages together (printed with the pages' times). */
const checkMs = new Map<string, number>();
function oneAtATime<T>(f: () => Promise<T>): Promise<T> {
  const run = opening.then(f, f);
  opening = run.catch(() => undefined);
  return run;
}

async function walkLocale(page: Page, pass: Pass, locale: 'en' | 'ar', walked: GuardRoute[]): Promise<{ visits: Visit[]; failures: string[] }> {
  const visitor = new Visitor(page, e.base);
  const visits: Visit[] = [];
  const failures: string[] = [];
  const booted = await oneAtATime(() => visitor.boot(locale));
  console.log(`${pass} ${locale}: the app's first load took ${booted} ms (not held to the 3 s of a page)`);
  for (const route of walked) {
    const v = await oneAtATime(() => visitor.open(route, locale, pass));
    visits.push(v);
    const problems: string[] = [];
    for (const c of checks) {
      if (!(c.passes ?? ['admin']).includes(pass)) continue;
      const started = performance.now();
      for (const p of await c.run(page, v).catch((err: Error) => [`the check failed: ${err.message.split('\n')[0]}`])) problems.push(`${c.name}: ${p}`);
      checkMs.set(c.name, (checkMs.get(c.name) ?? 0) + performance.now() - started);
    }
    if (problems.length) {
      failures.push(`${new URL(v.url).pathname}\n    ${problems.join('\n    ')}`);
      await page.screenshot({ path: join(SCREENS, `guard-${pass}-${locale}-${route.path.replace(/\W+/g, '_')}.png`) }).catch(() => undefined);
    }
  }
  return { visits, failures };
}

/**
 * Both languages, each in its own signed-in page, at once (2 cores: while one page settles, the other is checked),
 * unless GUARD_PAGES=1. The admin opens every route in both; the user without permissions every route once, in
 * English and Arabic by turns (what a route refuses does not depend on the language; the refusal's words are checked
 * in both on half the routes each).
 */
async function walk(pass: Pass, user: { username: string; password: string }): Promise<{ visits: Visit[]; failures: string[] }> {
  const mine = (locale: 'en' | 'ar') => (pass === 'admin' ? routes : routes.filter((_, i) => i % 2 === (locale === 'en' ? 0 : 1)));
  const one = async (locale: 'en' | 'ar') => walkLocale(await signedIn(user.username, user.password), pass, locale, mine(locale));
  const results = process.env.GUARD_PAGES === '1' ? [await one('en'), await one('ar')] : await Promise.all([one('en'), one('ar')]);
  return { visits: results.flatMap((r) => r.visits), failures: results.flatMap((r) => r.failures) };
}

function report(title: string, visits: Visit[]): void {
  const lines = visits.map((v) => `${String(v.settleMs).padStart(6)} ms  ${new URL(v.url).pathname}`);
  const slowest = [...visits].sort((a, b) => b.settleMs - a.settleMs).slice(0, 10);
  console.log(`\n${title}: time to settle per page\n${lines.join('\n')}\nslowest ten:\n${slowest.map((v) => `${String(v.settleMs).padStart(6)} ms  ${new URL(v.url).pathname}`).join('\n')}`);
  const opened = visits.reduce((sum, v) => sum + v.settleMs, 0);
  console.log(`${title}: ${visits.length} pages settled in ${(opened / 1000).toFixed(0)} s in all; the checks took ${[...checkMs].map(([name, ms]) => `${(ms / 1000).toFixed(0)} s (${name})`).join(', ') || 'nothing'}`);
  checkMs.clear();
}

describe('browser guard over every route', () => {
  it('walks the router\'s whole list, with the screens added by modules and every {param} filled', () => {
    const patterns = routePatterns().map((r) => r.pattern);
    expect(patterns).toEqual(expect.arrayContaining(['/home', '/settings/company', '/accounting/reports/trial-balance', '/inventory/dashboard', '/settings/users/{id}']));
    expect(unfilled).toEqual([]);
    expect(routes.every((r) => !/[{}]/.test(r.path))).toBe(true);
    if (!process.env.GUARD_ROUTES) expect(routes.length).toBe(patterns.length);
  });

  it('opens every page as the demo admin, in English and Arabic', async () => {
    const { visits, failures } = await walk('admin', ADMIN);
    report('demo admin', visits);
    console.log(`create forms checked: ${createForms.length}\n  ${createForms.join('\n  ')}`);
    expect(failures.join('\n')).toBe('');
    // every list the admin may create in opened its create form, in both languages
    const opened = new Set(createForms);
    if (process.env.GUARD_ROUTES) return;
    const missing = creatableLists().flatMap((r) => [`${r} (new)`, `/ar${r} (new)`]).filter((w) => !opened.has(w));
    expect(missing, 'lists whose "New" (aria-keyshortcuts="n") was not found or opened no form').toEqual([]);
  }, 1_800_000); // it does the work of five walks (axe in two schemes, every create form)

  it('shows no data to a user without permissions, on any page', async () => {
    const { visits, failures } = await walk('denied', NO_ACCESS);
    report('no permissions', visits);
    expect(failures.join('\n')).toBe('');
  }, 900_000);
});

/** Pages read at 320 CSS px (a phone, or 400% zoom): a list, a record, a report, the home page, a settings screen. */
const NARROW = ['/home', '/inventory/inventory/products', '/inventory/inventory/products/1', '/inventory/reports/stock-balance', '/accounting/reports/general-ledger', '/settings'];

describe('reflow and motion', () => {
  it('no page scrolls sideways at 320 CSS px (wide tables scroll inside their own box); reduced motion turns transitions off', async () => {
    const wide: string[] = [];
    for (const locale of ['en', 'ar'] as const) {
      const page = await signedIn(ADMIN.username, ADMIN.password, { width: 320, height: 640 });
      const visitor = new Visitor(page, e.base);
      for (const path of NARROW) {
        const v = await visitor.open({ pattern: path, path }, locale, 'admin');
        // The page, and the fixed header (which the page's width does not count), fit the viewport.
        const w = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          view: document.documentElement.clientWidth,
          header: [...document.querySelectorAll('header > *')].map((el) => el.scrollWidth - el.clientWidth).find((d) => d > 0) ?? 0,
        }));
        const where = new URL(v.url).pathname;
        if (!v.settled) wide.push(`${where}: did not settle`);
        if (w.scroll > w.view) wide.push(`${where}: ${w.scroll}px wide in ${w.view}px`);
        if (w.header > 0) wide.push(`${where}: the header overflows by ${w.header}px`);
        if (path === NARROW[1]) await page.screenshot({ path: join(SCREENS, `a11y-${locale}-320-list.png`) });
      }
      // prefers-reduced-motion: transitions are off (0.01 ms on every element).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const reduced = await page.evaluate(() => getComputedStyle(document.querySelector('main')!).transitionDuration);
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      const normal = await page.evaluate(() => getComputedStyle(document.querySelector('main')!).transitionDuration);
      if (reduced !== '1e-05s') wide.push(`${locale}: with reduced motion, transitions last ${reduced}`);
      if (normal === '1e-05s') wide.push(`${locale}: transitions are off without reduced motion`);
      await page.context().close();
    }
    expect(wide).toEqual([]);
  }, 300_000);
});
