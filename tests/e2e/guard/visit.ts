import type { Page, Request } from 'playwright-core';
import type { GuardRoute } from './routes';

/**
 * One page opened by the browser guard and what happened while it loaded: API answers >= 500, console errors and
 * uncaught errors, the API calls that succeeded, and the time until it settled (no request in flight for QUIET ms
 * and no loader or skeleton on the page).
 */
export type Pass = 'admin' | 'denied';

export interface Visit {
  route: GuardRoute;
  locale: 'en' | 'ar';
  pass: Pass;
  url: string;
  /** ms from navigation to settled (to the deadline when it never settled). */
  settleMs: number;
  settled: boolean;
  /** "500 GET /api/..." */
  apiErrors: string[];
  /** console.error messages and uncaught errors. */
  pageErrors: string[];
  /** "200 GET /api/..." of the API calls that answered 2xx. */
  apiOk: string[];
  /** Waits again until the page has settled, after a check did something on it (opened a drawer); false: it never did. */
  settle(): Promise<boolean>;
}

const QUIET = 150;
const DEADLINE = 10_000;

/** True once the app has rendered something and shows no loader (a screen or its data still on its way). */
function readyInPage(): boolean {
  const root = document.getElementById('root');
  if (!root || !root.textContent?.trim()) return false;
  return !document.querySelector('.mantine-Loader-root, main .mantine-Skeleton-root');
}

export class Visitor {
  private inflight = new Set<Request>();
  private last = 0;
  private apiErrors: string[] = [];
  private pageErrors: string[] = [];
  private apiOk: string[] = [];
  private loaded: 'en' | 'ar' | undefined;

  constructor(private page: Page, private base: string) {
    const api = (r: Request) => new URL(r.url()).pathname.startsWith('/api/');
    page.on('request', (r) => { this.inflight.add(r); this.last = performance.now(); });
    const done = (r: Request) => { this.inflight.delete(r); this.last = performance.now(); };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('response', (res) => {
      const r = res.request();
      if (!api(r)) return;
      const line = `${res.status()} ${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`;
      if (res.status() >= 500) this.apiErrors.push(line);
      else if (res.status() < 300) this.apiOk.push(line);
    });
    page.on('console', (m) => { if (m.type() === 'error') this.pageErrors.push(`console.error: ${m.text()}`); });
    page.on('pageerror', (e) => this.pageErrors.push(`uncaught: ${String(e)}`));
  }

  /**
   * Loads the app in the language (its home page), untimed by the 3 s rule: the app's first load is the browser
   * fetching and compiling the bundle (held by the bundle-size test), on a loaded 2-core machine several seconds
   * whatever the page. Every page is then opened as a person's click opens it. Answers the load's ms (printed).
   */
  async boot(locale: 'en' | 'ar'): Promise<number> {
    const t0 = performance.now();
    this.last = t0;
    await this.page.goto(`${this.base}${locale === 'ar' ? '/ar' : ''}/home`, { waitUntil: 'commit' });
    this.loaded = locale;
    const at = await this.quiet(t0, 30_000);
    return Math.round((at ?? performance.now()) - t0);
  }

  async open(route: GuardRoute, locale: 'en' | 'ar', pass: Pass): Promise<Visit> {
    this.inflight.clear();
    this.apiErrors = [];
    this.pageErrors = [];
    this.apiOk = [];
    const url = `${this.base}${locale === 'ar' ? '/ar' : ''}${route.path}`;
    const t0 = performance.now();
    this.last = t0;
    // After the app has loaded in the language (boot), pages are navigations inside it, as a person's clicks are
    // (the router follows popstate), which is what their time to settle should measure.
    if (this.loaded === locale) await this.page.evaluate((to) => { history.pushState(null, '', to); dispatchEvent(new PopStateEvent('popstate')); }, url);
    else await this.page.goto(url, { waitUntil: 'commit' });
    this.loaded = locale;
    const settledAt = await this.quiet(t0);
    return {
      route, locale, pass, url,
      settleMs: Math.round((settledAt ?? performance.now()) - t0), settled: settledAt !== undefined,
      apiErrors: this.apiErrors, pageErrors: this.pageErrors, apiOk: this.apiOk,
      settle: async () => (await this.quiet(performance.now())) !== undefined,
    };
  }

  /** When the page became quiet (rendered, no loader, no request for QUIET ms), or undefined at the deadline. */
  private async quiet(t0: number, deadline = DEADLINE): Promise<number | undefined> {
    let readySince: number | undefined;
    while (performance.now() - t0 < deadline) {
      const ready = await this.page.evaluate(readyInPage).catch(() => false);
      const now = performance.now();
      if (!ready || this.inflight.size > 0) readySince = undefined;
      else {
        readySince ??= now;
        const since = Math.max(this.last, readySince);
        if (now - since >= QUIET) return since;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return undefined;
  }
}
