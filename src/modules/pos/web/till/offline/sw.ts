/**
 * The till's service worker (issue 13: a reload or a power cut while the server is down must not stop the till).
 * Built by the Vite plugin `tillServiceWorker` (vite.config.ts) into dist/sw-till.js with the build's id and file
 * list; registered for the till's pages only (register.ts). What is answered from where: rules.ts.
 * Sales are NOT kept here: the outbox (IndexedDB, queue.ts) keeps them with their Idempotency-Key; POSTs pass.
 */
import { DATA_CACHE, MAX_KEPT_ANSWERS, assetCache, CACHE_PREFIX, strategyOf } from './rules';

declare const __TILL_BUILD__: string;
declare const __TILL_PRECACHE__: string[];

interface ExtendableEvent extends Event { waitUntil(p: Promise<unknown>): void }
interface FetchEvent extends ExtendableEvent { request: Request; respondWith(r: Promise<Response> | Response): void }
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', fn: (e: ExtendableEvent & { data: unknown }) => void): void;
}
const sw = self as unknown as WorkerScope;
const BUILD = assetCache(__TILL_BUILD__);
/** The page every till URL serves (the SPA's index.html), kept under one key in the build's cache. */
const SHELL = '/pos/order';
/** A page load waits this long for the server before the kept shell is shown. */
const SHELL_TIMEOUT_MS = 4000;

sw.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    const cache = await caches.open(BUILD);
    await cache.addAll([...__TILL_PRECACHE__, '/favicon.svg']);
    const shell = await fetch(SHELL, { cache: 'no-store', credentials: 'same-origin' });
    if (!shell.ok) throw new Error(`shell ${shell.status}`);
    await cache.put(SHELL, shell);
    await sw.skipWaiting();
  })());
});

sw.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX) && name !== BUILD && name !== DATA_CACHE) await caches.delete(name);
    await sw.clients.claim();
  })());
});

// A page whose load was under way when this worker activated is not taken by the activation's claim (a client not
// yet execution-ready is skipped), nor is a hard-reloaded one: such a till asks again once it runs (register.ts), so
// its next reads go through here.
sw.addEventListener('message', (e) => {
  if ((e.data as { type?: string } | null)?.type === 'claim') e.waitUntil(sw.clients.claim());
});

async function withTimeout(p: Promise<Response>, ms: number): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([p, new Promise<Response>((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}

async function shell(req: Request): Promise<Response> {
  try {
    return await withTimeout(fetch(req), SHELL_TIMEOUT_MS);
  } catch (err) {
    const kept = await (await caches.open(BUILD)).match(SHELL);
    if (kept) return kept;
    throw err;
  }
}

async function asset(req: Request): Promise<Response> {
  const cache = await caches.open(BUILD);
  const kept = await cache.match(req);
  if (kept) return kept;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}

let puts = 0;
/** Drops the oldest kept answers beyond MAX_KEPT_ANSWERS (keys come back in the order they were stored). */
async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const k of keys.slice(0, Math.max(keys.length - MAX_KEPT_ANSWERS, 0))) await cache.delete(k);
}

async function data(req: Request): Promise<Response> {
  const cache = await caches.open(DATA_CACHE);
  try {
    const res = await fetch(req);
    if (res.ok && (res.headers.get('content-type') ?? '').includes('application/json')) {
      await cache.delete(req); // stored again at the end: the newest last
      await cache.put(req, res.clone());
      if (++puts % 25 === 0) await trim(cache);
    }
    return res;
  } catch (err) {
    const kept = await cache.match(req);
    if (kept) return kept;
    throw err;
  }
}

sw.addEventListener('fetch', (e) => {
  const req = e.request;
  const kind = strategyOf(req.method, req.mode, new URL(req.url), sw.location.origin);
  if (kind === 'shell') e.respondWith(shell(req));
  else if (kind === 'asset') e.respondWith(asset(req));
  else if (kind === 'data') e.respondWith(data(req));
});
