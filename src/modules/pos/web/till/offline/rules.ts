/**
 * INVARIANT (issue 13, the till's service worker): what the worker may answer from its caches. Pure, shared by the
 * worker (sw.ts) and its unit test. The worker controls ONLY the till's pages (scopes `/pos/order` and
 * `/ar/pos/order`, registered by register.ts), so no other screen is ever served by it.
 * - `shell`: a page load (navigation): network first; the build's own index.html (precached at install) only when
 *   the server cannot be reached, so a deploy is picked up by the first load that reaches the server.
 * - `asset`: the build's hashed files (/assets/*) and the icon: cache first; a hash names one content forever, and each build
 *   has its own cache (`daftar-till-<build>`), the older ones deleted when the new worker activates.
 * - `data`: the GET requests the till reads (TILL_DATA): network first, the last good JSON answer when the server
 *   cannot be reached; an answer of the server (even 4xx/5xx) is always passed on as it is.
 * - `pass`: everything else, and EVERY non-GET request (a sale's POST with its Idempotency-Key goes to the network
 *   untouched: the outbox in IndexedDB, not the worker, keeps sales), health probes, files and exports.
 */
export type Strategy = 'shell' | 'asset' | 'data' | 'pass';

/** The API reads of the till and of the shell around it (useTillData, CustomerBar, the signed-in user). */
export const TILL_DATA = [
  '/api/auth/me', '/api/pos/sessions', '/api/pos/customers', '/api/pos/settings', '/api/inventory/products', '/api/inventory/categories',
  '/api/sales/price-lists', '/api/contacts',
];
/** The worker's caches: the build's files (one per build) and the till's last answers (kept across builds, dropped at
 * sign-in and sign-out: web/api/keptAnswers.ts, whose name pattern DATA_CACHE follows). */
export const CACHE_PREFIX = 'daftar-till-';
export const DATA_CACHE = 'daftar-till-data';
/** At most this many kept answers (each search typed is one): the oldest go first. */
export const MAX_KEPT_ANSWERS = 400;
export const assetCache = (build: string) => `${CACHE_PREFIX}build-${build}`;
/** The till's pages, the worker's scopes. */
export const TILL_SCOPES = ['/pos/order', '/ar/pos/order'];

export function strategyOf(method: string, mode: string, url: URL, origin: string): Strategy {
  if (method !== 'GET' || url.origin !== origin) return 'pass';
  if (mode === 'navigate') return 'shell';
  if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') return 'asset';
  const p = url.pathname;
  if (TILL_DATA.some((d) => p === d || p.startsWith(`${d}/`)) && !/\.(pdf|xlsx|csv)$|\/(pdf|export)/.test(p)) return 'data';
  return 'pass';
}

/** The build's files worth keeping offline: scripts, styles, woff2 fonts (what Chromium picks) and the icon. */
export function precacheList(files: string[]): string[] {
  return files.filter((f) => /^assets\/.+\.(js|css|woff2)$/.test(f)).map((f) => `/${f}`).sort();
}
