import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../src/app';
import type { Database } from '../../src/core/db/connect';
import { DEMO_ADMIN_PASSWORD, freshDemoDatabase } from '../support/run-templates';

/**
 * A real server (built web app + API) on a fresh copy of the run's demo company (support/run-templates.ts), and a headless Chromium.
 * Screenshots go to test-results/screens/ so a person can look at them.
 */
export const ADMIN = { username: 'admin', password: DEMO_ADMIN_PASSWORD };
/** The demo company's zone: its "today" (companyToday) is the web's default date. */
export const DEMO_ZONE = { timeZone: 'Asia/Riyadh' };
const root = new URL('../..', import.meta.url).pathname;
export const SCREENS = join(root, 'test-results/screens');

export interface E2E {
  base: string;
  app: FastifyInstance;
  db: Database;
  browser: Browser;
  newPage(opts?: { width?: number; height?: number }): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  login(page: Page, prefix?: '' | '/ar'): Promise<void>;
  shot(page: Page, name: string): Promise<void>;
  /** Stops the server listening (every open connection cut): the browser meets "connection refused", as after a power cut. */
  stopServer(): Promise<void>;
  /** Listens again on the same address (same app, same database): the server is back. Nothing when it listens. */
  startServer(): Promise<void>;
  close(): Promise<void>;
}

/** Waits until the SPA's path matches (client-side navigations fire no load event). */
export async function waitPath(page: Page, re: RegExp, timeout = 15000): Promise<void> {
  await page.waitForFunction((src) => new RegExp(src).test(location.pathname), re.source, { timeout });
}

/**
 * The rows of the page's entity list (header included) once it has its answer, -1 while it is fetching. A bare
 * row count would also count the list's "Loading..." or "No data" row, and so could match by chance.
 */
export async function listRows(page: Page): Promise<number> {
  if (await page.locator('table[aria-busy="true"]').count()) return -1;
  return page.locator('tr:not([data-empty])').count();
}

/**
 * The browser the pages open in: Chromium's headless shell when installed (Debian's chromium-headless-shell: the
 * same version and Blink, the browser Playwright itself runs headless tests in), else Chromium's new headless mode
 * (the whole browser without a window); CHROMIUM_PATH overrides both. The shell does the same work with less CPU: the
 * whole end-to-end stage took 650 s in it against 873 s in the whole browser, every file passing in both (the
 * till's offline worker included), 2026-11-29 on the 2-core machine, one run after the other.
 */
export function chromiumPath(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium-headless-shell', '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => p && existsSync(p));
}

export async function startE2E(): Promise<E2E> {
  const db = await freshDemoDatabase();
  // E2E_WEB_DIR: another build to serve (e.g. one of older code, to see a test fail on it); dist/ by default
  const app = await createApp(db, { webDir: process.env.E2E_WEB_DIR ?? join(root, 'dist'), demo: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
  mkdirSync(SCREENS, { recursive: true });
  const listenAgain = () => app.server.listening ? Promise.resolve() : new Promise<void>((resolve, reject) => {
    app.server.once('error', reject);
    app.server.listen(port, '127.0.0.1', () => { app.server.off('error', reject); resolve(); });
  });
  return {
    base, app, db, browser,
    async newPage(opts = {}) {
      const context = await browser.newContext({ viewport: { width: opts.width ?? 1366, height: opts.height ?? 860 }, baseURL: base });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      page.on('pageerror', (e) => errors.push(String(e)));
      return { page, context, errors };
    },
    // Signed in through the API (the page's context gets the session cookie), then the home page opened, where the
    // form would have led: the sign-in form itself is password-change.e2e.test.ts's, in both languages.
    async login(page, prefix = '') {
      const r = await page.context().request.post(`${base}/api/auth/login`, { data: ADMIN });
      if (!r.ok()) throw new Error(`sign-in refused: ${r.status()} ${await r.text()}`);
      await page.goto(`${base}${prefix}/home`);
      await waitPath(page, /^(?!.*\/login$)/);
    },
    async shot(page, name) {
      await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: false });
    },
    async stopServer() {
      await new Promise<void>((resolve, reject) => {
        app.server.close((err) => (err ? reject(err) : resolve()));
        app.server.closeAllConnections();
      });
    },
    startServer: listenAgain,
    async close() {
      await browser.close();
      if (!app.server.listening) await listenAgain(); // app.close() closes a listening server
      await app.close();
      await db.close();
    },
  };
}
