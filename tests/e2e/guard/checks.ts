import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { en } from '../../../src/web/i18n/en';
import { ar } from '../../../src/web/i18n/ar';
import type { Pass, Visit } from './visit';

/**
 * What the browser guard checks on every page once it has settled. A check answers the problems it sees (empty:
 * none). Besides the built-in ones below, every file of tests/e2e/guard/checks/ is a check: its default export is a
 * PageCheck or an array of them (e.g. an accessibility scan), run on every page of the passes it names, in file
 * name order, after the built-in ones.
 */
export interface PageCheck {
  name: string;
  /** The passes it runs in: 'admin' (signed in as the demo admin) by default, 'denied' (a user without permissions). */
  passes?: Pass[];
  run(page: Page, visit: Visit): Promise<string[]>;
}

export const SETTLE_LIMIT_MS = 3000;

/**
 * Latin words an Arabic page may show: proper nouns of the demo data and the product, codes, units and
 * abbreviations that are written in Latin letters in Arabic too.
 */
const LATIN_ALLOWED = new Set([
  'daftar', 'erp', 'sar', 'egp', 'usd', 'eur', 'vat', 'sku', 'ean', 'pdf', 'excel', 'xlsx', 'api', 'id', 'usb', 'led', 'a4', 'hq', 'jed', 'ruh',
  'png', 'jpeg', 'jpg', 'webp', 'admin', 'asia', 'riyadh', 'utc', 'gmt', 'am', 'pm', 'kg', 'g', 'l', 'ml', 'km', 'm', 'cm', 'mm', 'w', 'kw', 'pc', 'pcs',
]);

/** Words of the data itself (guard/routes.ts demoTextWords), allowed besides LATIN_ALLOWED. */
const dataWords = new Set<string>();
export function allowDataWords(words: Iterable<string>): void {
  for (const w of words) dataWords.add(w.toLowerCase());
}

/**
 * Latin words in `text` that are not codes (with digits or all capitals), e-mail addresses, URLs, allowed words or
 * words of the data. An identifier (camelCase: a raw enum or type name) is never allowed.
 */
export function latinWords(text: string): string[] {
  const cleaned = text
    .replace(/\S+@\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\b[\w-]*\d[\w-]*\b/g, ' '); // codes with digits: ELE-WM-0001, SO/2026/0001, USB-C 65
  const words = cleaned.match(/[A-Za-z][A-Za-z'’]*/g) ?? [];
  const allowed = (w: string) => /^[A-Z]{2,}$/.test(w) || LATIN_ALLOWED.has(w.toLowerCase()) || (dataWords.has(w.toLowerCase()) && !/[a-z][A-Z]/.test(w));
  return [...new Set(words.filter((w) => !allowed(w)))];
}

const mainText = (page: Page) => page.evaluate(() => (document.querySelector('main') as HTMLElement | null)?.innerText ?? null);

export const builtInChecks: PageCheck[] = [
  {
    name: 'no API answer >= 500',
    passes: ['admin', 'denied'],
    run: async (_p, v) => v.apiErrors,
  },
  {
    name: 'no console error or uncaught error',
    passes: ['admin', 'denied'],
    run: async (_p, v) => v.pageErrors,
  },
  {
    name: `settles within ${SETTLE_LIMIT_MS} ms`,
    passes: ['admin', 'denied'],
    run: async (_p, v) => (v.settled && v.settleMs <= SETTLE_LIMIT_MS ? [] : [`took ${v.settled ? v.settleMs + ' ms' : 'too long'} to settle`]),
  },
  {
    name: 'no error page',
    passes: ['admin', 'denied'],
    run: async (page) => {
      const status = await page.locator('[data-testid="error-status"]').allInnerTexts();
      return status.map((s) => `error page ${s}`);
    },
  },
  {
    name: 'dir follows the language',
    passes: ['admin', 'denied'],
    run: async (page, v) => {
      const dir = await page.evaluate(() => document.documentElement.dir);
      const want = v.locale === 'ar' ? 'rtl' : 'ltr';
      return dir === want ? [] : [`dir is "${dir}", not ${want}`];
    },
  },
  {
    name: 'no horizontal overflow',
    passes: ['admin', 'denied'],
    run: async (page) => {
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      return scroll > client + 1 ? [`the page is ${scroll - client} px wider than the window`] : [];
    },
  },
  {
    name: 'main area not blank',
    run: async (page) => {
      const text = await mainText(page);
      return text === null ? ['no main area'] : text.trim() ? [] : ['blank main area'];
    },
  },
  {
    name: 'no English left in an Arabic page',
    run: async (page, v) => {
      if (v.locale !== 'ar') return [];
      const words = latinWords((await mainText(page)) ?? '');
      return words.length ? [`English in the Arabic page: ${words.slice(0, 15).join(', ')}`] : [];
    },
  },
  {
    name: "without the permission: no access (or the login page), never data",
    passes: ['denied'],
    run: async (page, v) => {
      if (!v.route.permission) return [];
      const noAccess = (v.locale === 'ar' ? ar : en).errors.noAccess;
      const text = (await page.evaluate(() => document.body.innerText)) ?? '';
      const login = await page.locator('input[name="password"], input[type="password"]').count();
      const problems = text.includes(noAccess) || login > 0 ? [] : [`"${noAccess}" not shown`];
      const data = v.apiOk.filter((l) => !/ \/api\/(auth|profile|health)\b/.test(l));
      if (data.length) problems.push(`data answered: ${data.join('; ')}`);
      return problems;
    },
  },
];

/** The built-in checks, then those of tests/e2e/guard/checks/*.ts. */
export async function loadPageChecks(): Promise<PageCheck[]> {
  const dir = new URL('./checks/', import.meta.url);
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts')).sort();
  } catch {
    files = [];
  }
  const extra: PageCheck[] = [];
  for (const f of files) {
    const mod = (await import(new URL(f, dir).href)) as { default: PageCheck | PageCheck[] };
    extra.push(...[mod.default].flat());
  }
  return [...builtInChecks, ...extra];
}
