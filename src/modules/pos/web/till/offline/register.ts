import type { Row } from '../../../../../web/api/useEntityQueries';
import { DATA_CACHE, TILL_SCOPES, strategyOf } from './rules';

/**
 * Registers the till's service worker (dist/sw-till.js, built by vite.config.ts) for the till's pages in both
 * languages (scopes /pos/order and /ar/pos/order: no other screen is controlled by it). Called when the till opens;
 * a production build only (the dev server has no worker). A browser without service workers still sells (the
 * outbox), it only cannot reload the page while the server is down.
 */
export const TILL_WORKER = '/sw-till.js';

export function registerTillWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  for (const scope of TILL_SCOPES) register(scope, 0);
  // what the page read past the worker (before the worker took it) is kept (watchReads); a page the worker's
  // activation did not take (its load was under way) asks the worker to take it, or its later reads (the products,
  // the session) would never be kept for a reload while the server is down
  watchReads();
  void navigator.serviceWorker.ready.then((reg) => {
    if (!navigator.serviceWorker.controller) reg.active?.postMessage({ type: 'claim' });
  });
}

/** Tries again this long after an install that failed, at most this many times while the till stays open. */
const RETRY_MS = 10_000, RETRIES = 5;

/**
 * Registers the worker of `scope`. Its install fetches every file of the build (about 3 MB): one fetch that fails (a
 * network blip, a server restarting) makes the new worker redundant, and the till would stay without it until it is
 * opened again. So a failed install is tried again, a few times, while the till is open.
 */
function register(scope: string, tries: number): void {
  const again = () => { if (tries < RETRIES) setTimeout(() => register(scope, tries + 1), RETRY_MS); };
  navigator.serviceWorker.register(TILL_WORKER, { scope, updateViaCache: 'none' }).then((reg) => {
    const w = reg.installing;
    if (!w) return;
    w.addEventListener('statechange', () => { if (w.state === 'redundant' && !reg.active) again(); });
  }, again);
}

/**
 * Keeps the till's reads that went past the worker: each read's own timing says whether a worker answered it
 * (`workerStart` is 0 when none did), whatever the page's controller was when the till opened (a page the worker
 * took while it loaded had already read the signed-in user past it). A PerformanceObserver sees each read when it
 * ENDS, so a read under way when the worker took the page is kept too, and it sees them even once the page's
 * resource list is full. They are read again once the worker is active, not while the page still loads. A full run
 * of 2026-11-29 had the till's products and session unkept 30 s later; a look at the resource list when the worker
 * took the page missed the reads still under way.
 */
let watching = false;
function watchReads(): void {
  if (watching || typeof caches === 'undefined' || typeof PerformanceObserver === 'undefined') return;
  watching = true;
  const seen = new Set<string>();
  let queue: Promise<unknown> = navigator.serviceWorker.ready;
  const observer = new PerformanceObserver((list) => {
    if (!TILL_SCOPES.some((scope) => location.pathname.startsWith(scope))) return;
    const urls = (list.getEntries() as PerformanceResourceTiming[]).filter((e) => !e.workerStart && !seen.has(e.name)
      && strategyOf('GET', 'cors', new URL(e.name), location.origin) === 'data').map((e) => e.name);
    urls.forEach((u) => seen.add(u));
    if (urls.length) queue = queue.then(() => keep(urls));
  });
  try {
    observer.observe({ type: 'resource', buffered: true });
  } catch { /* no resource timing: the worker keeps what it answers */ }
}

/**
 * Stores these answers, read again, in the worker's cache, over what it holds: a kept answer may be older than the
 * page's read (the till's sessions, kept empty by an earlier page, before the session was started).
 */
async function keep(urls: string[]): Promise<void> {
  const cache = await caches.open(DATA_CACHE);
  for (const u of urls) {
    try {
      const res = await fetch(u, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      if (res.ok && (res.headers.get('content-type') ?? '').includes('application/json')) await cache.put(u, res);
    } catch { /* the next read through the worker keeps it */ }
  }
}

/** The products the till's earlier answers hold (kept by the worker): the till's search when the server is down after a reload. */
export async function keptProducts(): Promise<Row[]> {
  if (typeof caches === 'undefined' || !(await caches.has(DATA_CACHE))) return [];
  const cache = await caches.open(DATA_CACHE);
  const out: Row[] = [];
  for (const req of await cache.keys()) {
    if (!new URL(req.url).pathname.startsWith('/api/inventory/products')) continue;
    const res = await cache.match(req);
    const body = res ? await res.json().catch(() => null) as { items?: Row[] } | null : null;
    if (Array.isArray(body?.items)) out.push(...body.items.filter((r) => typeof r?.id === 'number'));
  }
  return out;
}
