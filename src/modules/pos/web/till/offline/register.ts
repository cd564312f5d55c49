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
  // what the page read before the worker took it (the first visit) went past the worker: keep it now; a page the
  // worker's activation did not take (its load was under way) asks the worker to take it, or its later reads (the
  // products, the session) would never be kept for a reload while the server is down
  void navigator.serviceWorker.ready.then((reg) => {
    if (!navigator.serviceWorker.controller) reg.active?.postMessage({ type: 'claim' });
    return keepWhatWasRead();
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => void keepWhatWasRead());
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

/** Stores the till's reads of this page (the resource timing list) that the worker's cache does not hold yet. */
async function keepWhatWasRead(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const urls = new Set(performance.getEntriesByType('resource').map((e) => e.name)
    .filter((u) => strategyOf('GET', 'cors', new URL(u), location.origin) === 'data'));
  const cache = await caches.open(DATA_CACHE);
  for (const u of urls) {
    if (await cache.match(u)) continue;
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
