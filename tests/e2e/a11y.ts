import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * The accessibility check of a page: axe-core (Deque's engine, the one browsers' audits use) injected into the page
 * and run at WCAG 2.1 A and AA. axe-core is a test-only dependency: it is read from node_modules here and evaluated
 * through the DevTools protocol (the app's CSP allows no foreign script, and none should ship). The route guard
 * runs it on every route, in both languages and both colour schemes (the second scheme's colours in one language
 * of the two, coloursTwiceIn), once the page has its data (tests/e2e/guard/checks/axe.ts), and over every create
 * form (guard/checks/create-form.ts).
 */
export type Scheme = 'light' | 'dark';
export interface AxeOptions {
  locale: 'en' | 'ar';
  scheme: Scheme;
  /** A CSS selector to check instead of the whole document (e.g. an open dialog). */
  include?: string;
  /** Only these rules (axe rule ids) of WCAG 2.1 A/AA, instead of all of them. */
  rules?: readonly string[];
}
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * The rules of WCAG 2.1 A/AA whose result can change with the colour scheme: text contrast, and links told from
 * their text by colour alone. The rest (names, roles, labels, structure, language) read the same page either way.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;
const SCHEME_KEY = 'daftar-color-scheme';
const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** The page's colour scheme (Mantine's attribute on <html>). */
export function schemeOf(page: Page): Promise<Scheme> {
  return page.evaluate(() => (document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light'));
}

/**
 * Waits until no finite animation or transition is running (a drawer sliding in, colours changing with the
 * scheme), so colours are measured as they end up. Infinite ones (a spinner) are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || !Number.isFinite(Number(a.effect?.getComputedTiming().endTime))),
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
}

/**
 * Switches the colour scheme of the page in place, as the toggle of another tab does (Mantine's localStorage
 * manager follows `storage` events): no reload, the same screen and data, then waits for the transitions to end.
 */
export async function switchScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate(([key, s]) => {
    localStorage.setItem(key, s);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: s, storageArea: localStorage }));
  }, [SCHEME_KEY, scheme] as const);
  await page.waitForFunction((s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s, scheme, { timeout: 10_000 });
  await animationsDone(page);
}

/**
 * Runs axe-core over the page (or `include`) at WCAG 2.1 A/AA and returns its violations (empty when it passes).
 * Throws when the page is not in the language or scheme asked for, so a check cannot pass by looking at the wrong
 * page.
 */
export async function axeCheck(page: Page, { locale, scheme, include, rules }: AxeOptions): Promise<AxeViolation[]> {
  const state = await page.evaluate(() => ({ lang: document.documentElement.lang, scheme: document.documentElement.getAttribute('data-mantine-color-scheme') }));
  if (state.lang !== locale || state.scheme !== scheme) throw new Error(`page is ${state.lang}/${state.scheme}, asked ${locale}/${scheme}: ${page.url()}`);
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async ([tags, sel, only]) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const axe = (window as any).axe;
    const runOnly = only ? { type: 'rule', values: only } : { type: 'tag', values: tags };
    const r = await axe.run(sel ? { include: [[sel]] } : document, { runOnly, resultTypes: ['violations'] });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return r.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      nodes: v.nodes.map((n: any) => ({ target: n.target.join(' '), html: String(n.html).slice(0, 200), summary: n.failureSummary ?? '' })),
    }));
  }, [WCAG21_AA, include ?? null, rules ?? null] as const);
  return violations as AxeViolation[];
}

/** One line per violated rule and node, for an assertion message a person can act on. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) => v.nodes.slice(0, 5).map((n) => `${where}: ${v.id} (${v.help}) at ${n.target}: ${n.summary.split('\n').slice(1, 2).join('').trim()} ${n.html}`));
}

/**
 * The language in which a screen's colours are also checked in its second scheme (axeBothSchemes' `otherScheme`):
 * English for half the screens, Arabic for the other half, by a hash of its path, the same in both walks. Colours
 * are the scheme's, not the language's (the same CSS variables in both directions), so each screen has its colours
 * checked in both schemes, and every rule in both languages, without the second scheme's pass twice.
 */
export function coloursTwiceIn(path: string): 'en' | 'ar' {
  let h = 0;
  for (const ch of path) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return (h & 1) === 0 ? 'en' : 'ar';
}

/**
 * axe in the page's scheme (every rule), then, with `otherScheme`, in the other one on the same page (no reload),
 * the colour rules only (COLOUR_RULES: the others cannot change with the scheme): the violations of both, described.
 * The page is then left in the other scheme (the next page starts there, and both schemes get every rule over a walk
 * of many pages).
 */
export async function axeBothSchemes(page: Page, locale: 'en' | 'ar', where: string, opts: { include?: string; shot?: (scheme: Scheme) => Promise<void>; otherScheme?: boolean } = {}): Promise<string[]> {
  const problems: string[] = [];
  const first = await schemeOf(page);
  const schemes: Scheme[] = opts.otherScheme === false ? [first] : [first, first === 'light' ? 'dark' : 'light'];
  for (const scheme of schemes) {
    if (scheme !== first) await switchScheme(page, scheme);
    else await animationsDone(page);
    const rules = scheme === first ? undefined : COLOUR_RULES;
    problems.push(...describeViolations(`${where} (${scheme})`, await axeCheck(page, { locale, scheme, include: opts.include, rules })));
    await opts.shot?.(scheme);
  }
  return problems;
}
