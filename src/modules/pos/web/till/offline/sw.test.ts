import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_CACHE, MAX_KEPT_ANSWERS, assetCache } from './rules';

/**
 * The worker's handlers (sw.ts) over an in-memory CacheStorage and a fetch that can be cut: install keeps the
 * build and the page, activation drops older builds but not the kept answers, a page load and the till's reads fall
 * back to what was kept only when the network fails, a POST is never answered by the worker, the kept answers are
 * trimmed to MAX_KEPT_ANSWERS. (Chromium runs the real thing: tests/e2e/pos-till.e2e.test.ts.)
 */
const ORIGIN = 'https://till.example';
const url = (u: string | Request) => new URL(typeof u === 'string' ? u : u.url, ORIGIN).href;
class FakeCache {
  m = new Map<string, Response>();
  async match(r: string | Request) { return this.m.get(url(r))?.clone(); }
  async put(r: string | Request, res: Response) { this.m.set(url(r), res); }
  async delete(r: string | Request) { return this.m.delete(url(r)); }
  async keys() { return [...this.m.keys()].map((k) => new Request(k)); }
  async addAll(list: string[]) { for (const u of list) await this.put(u, await fakeFetch(new Request(url(u)))); }
}
const stores = new Map<string, FakeCache>();
const storage = {
  open: async (n: string) => { if (!stores.has(n)) stores.set(n, new FakeCache()); return stores.get(n)!; },
  keys: async () => [...stores.keys()],
  delete: async (n: string) => stores.delete(n),
  has: async (n: string) => stores.has(n),
};
let down = false;
let served = 0;
async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  if (down) throw new TypeError('Failed to fetch');
  served++;
  const u = new URL(input instanceof Request ? input.url : String(input), ORIGIN);
  if (u.pathname.startsWith('/api/')) return new Response(JSON.stringify({ items: [{ id: 1, at: served }] }), { headers: { 'content-type': 'application/json' } });
  return new Response(`<!-- ${u.pathname} ${served} -->`, { headers: { 'content-type': 'text/html' } });
}
type Handler = (e: { request?: Request; waitUntil(p: Promise<unknown>): void; respondWith(r: Promise<Response> | Response): void }) => void;
const handlers: Record<string, Handler> = {};
const claimed = vi.fn(async () => {});

async function dispatch(type: 'install' | 'activate'): Promise<void> {
  let work: Promise<unknown> = Promise.resolve();
  handlers[type]!({ waitUntil: (p) => { work = p; }, respondWith: () => {} });
  await work;
}
/** The worker's answer to a request, or null when it lets the request go to the network itself. */
async function answer(path: string, init: RequestInit & { mode?: string } = {}): Promise<Response | null> {
  const request = new Request(new URL(path, ORIGIN), { method: init.method ?? 'GET', body: init.body });
  if (init.mode) Object.defineProperty(request, 'mode', { value: init.mode });
  let res: Promise<Response> | Response | null = null;
  handlers.fetch!({ request, waitUntil: () => {}, respondWith: (r) => { res = r; } });
  return res ? await res : null;
}

// the test files of a worker process share its globals (vitest.config.ts: isolate false): what is replaced here is
// put back afterwards, or every later file's fetch would be this fake one
const GLOBALS = ['__TILL_BUILD__', '__TILL_PRECACHE__', 'caches', 'fetch', 'self'] as const;
const before = Object.fromEntries(GLOBALS.map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)]));
afterAll(() => {
  for (const k of GLOBALS) {
    const d = before[k];
    if (d) Object.defineProperty(globalThis, k, d);
    else delete (globalThis as Record<string, unknown>)[k];
  }
});

beforeAll(async () => {
  Object.assign(globalThis, {
    __TILL_BUILD__: 'b2', __TILL_PRECACHE__: ['/assets/app-1.js', '/assets/app-2.css'],
    caches: storage, fetch: fakeFetch,
    self: { location: new URL(ORIGIN), skipWaiting: async () => {}, clients: { claim: claimed }, addEventListener: (t: string, fn: Handler) => { handlers[t] = fn; } },
  });
  await storage.open(assetCache('b1'));
  await storage.open(DATA_CACHE);
  await import('./sw');
});

describe('the till service worker', () => {
  it('keeps its build and the page at install, drops older builds at activation but keeps the answers', async () => {
    await dispatch('install');
    const build = await storage.open(assetCache('b2'));
    expect((await build.keys()).map((r) => new URL(r.url).pathname).sort()).toEqual(['/assets/app-1.js', '/assets/app-2.css', '/favicon.svg', '/pos/order']);
    await dispatch('activate');
    expect((await storage.keys()).sort()).toEqual([assetCache('b2'), DATA_CACHE].sort());
    expect(claimed).toHaveBeenCalled();
  });

  it('takes the pages again when a till asks (a page loading as it activated is not taken), and nothing else', async () => {
    claimed.mockClear();
    const send = async (data: unknown) => {
      let work: Promise<unknown> = Promise.resolve();
      (handlers.message as unknown as (e: { data: unknown; waitUntil(p: Promise<unknown>): void }) => void)({ data, waitUntil: (p) => { work = p; } });
      await work;
    };
    await send({ type: 'something else' });
    await send(null);
    expect(claimed).not.toHaveBeenCalled();
    await send({ type: 'claim' });
    expect(claimed).toHaveBeenCalledTimes(1);
  });

  it('loads pages and reads from the network while it answers, from what was kept when it does not', async () => {
    down = false;
    const live = await answer('/ar/pos/order', { mode: 'navigate' });
    expect(await live!.text()).toMatch(/\/ar\/pos\/order/);
    const read = await (await answer('/api/pos/sessions?filter[status]=active'))!.json();
    down = true;
    expect(await (await answer('/ar/pos/order', { mode: 'navigate' }))!.text()).toMatch(/<!-- \/pos\/order /);
    expect(await (await answer('/api/pos/sessions?filter[status]=active'))!.json()).toEqual(read);
    await expect(answer('/api/pos/sessions?filter[status]=closed')).rejects.toThrow();
    expect(await (await answer('/assets/app-1.js'))!.text()).toMatch(/app-1/);
    down = false;
  });

  it('never answers a sale or anything outside its rules', async () => {
    expect(await answer('/api/pos/sales', { method: 'POST', body: '{}' })).toBeNull();
    expect(await answer('/api/health')).toBeNull();
    expect(await answer('/api/accounting/invoices')).toBeNull();
  });

  it('keeps at most MAX_KEPT_ANSWERS answers, the oldest dropped', async () => {
    for (let i = 0; i < MAX_KEPT_ANSWERS + 60; i++) await answer(`/api/inventory/products?search=${i}`);
    const kept = (await (await storage.open(DATA_CACHE)).keys()).map((r) => new URL(r.url).searchParams.get('search'));
    expect(kept.length).toBeLessThanOrEqual(MAX_KEPT_ANSWERS + 25);
    expect(kept).toContain(String(MAX_KEPT_ANSWERS + 59));
    expect(kept).not.toContain('0');
  });
});
