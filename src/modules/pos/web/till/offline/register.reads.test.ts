import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_CACHE } from './rules';

/**
 * What the till keeps of its own reads that went past its worker (register.ts, watchReads): each read the page's
 * PerformanceObserver reports, once it ENDS, is fetched again and stored in the worker's data cache, over an older
 * answer, when no worker answered it (`workerStart` 0) and it is one of the till's reads, once the worker is active.
 * Reads a worker answered are the worker's to keep; so is nothing away from the till's pages.
 */
type Entry = { name: string; workerStart: number };
let deliver: (entries: Entry[]) => void = () => {};
/** Makes the page's worker active (navigator.serviceWorker.ready resolves). */
let activate: () => void = () => {};
const stored = new Map<string, string>();
const fetched: string[] = [];
const ORIGIN = 'http://till.test';

beforeEach(() => {
  vi.resetModules();
  vi.stubEnv('PROD', true);
  stored.clear();
  fetched.length = 0;
  vi.stubGlobal('location', { origin: ORIGIN, href: `${ORIGIN}/pos/order`, pathname: '/pos/order' });
  vi.stubGlobal('PerformanceObserver', class {
    constructor(private readonly fn: (list: { getEntries(): Entry[] }) => void) {}
    observe() { deliver = (entries) => this.fn({ getEntries: () => entries }); }
  });
  vi.stubGlobal('caches', {
    open: async (name: string) => {
      expect(name).toBe(DATA_CACHE);
      return { put: async (u: string, r: Response) => { stored.set(u, await r.text()); } };
    },
  });
  vi.stubGlobal('fetch', async (u: string) => {
    fetched.push(u);
    return new Response(JSON.stringify({ items: [] }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('navigator', {
    serviceWorker: {
      ready: new Promise<{ active: null }>((done) => { activate = () => done({ active: null }); }),
      controller: null,
      addEventListener: () => {},
      register: () => new Promise(() => {}),
    },
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const settle = () => new Promise((done) => setTimeout(done, 10));

describe("the till's reads that went past its worker", () => {
  it('keeps those no worker answered, once the worker is active, over an older answer; not the worker\'s, not what is not the till\'s', async () => {
    const { registerTillWorker } = await import('./register');
    stored.set(`${ORIGIN}/api/auth/me`, 'an older answer');
    registerTillWorker();
    deliver([
      { name: `${ORIGIN}/api/auth/me`, workerStart: 0 }, { name: `${ORIGIN}/assets/app.js`, workerStart: 0 }, { name: `${ORIGIN}/api/reports/x`, workerStart: 0 },
      // the products' read ends after the worker took the page, having started before: no worker answered it
      { name: `${ORIGIN}/api/inventory/products?pageSize=200`, workerStart: 0 },
      // the worker answered (and kept) this one
      { name: `${ORIGIN}/api/pos/sessions`, workerStart: 812.5 },
    ]);
    await settle();
    // nothing read again before the worker is active (the page still loading)
    expect(fetched).toEqual([]);
    activate();
    await settle();
    expect([...stored.keys()].sort()).toEqual([`${ORIGIN}/api/auth/me`, `${ORIGIN}/api/inventory/products?pageSize=200`]);
    // the page's read is newer than what an earlier page kept (the sessions before one was started): it replaces it
    expect(stored.get(`${ORIGIN}/api/auth/me`)).toBe('{"items":[]}');
    // reported again (a second observer delivery of the same read): not fetched twice
    deliver([{ name: `${ORIGIN}/api/auth/me`, workerStart: 0 }]);
    await settle();
    expect(fetched).toEqual([`${ORIGIN}/api/auth/me`, `${ORIGIN}/api/inventory/products?pageSize=200`]);
  });

  it('keeps nothing away from the till\'s pages', async () => {
    const { registerTillWorker } = await import('./register');
    vi.stubGlobal('location', { origin: ORIGIN, href: `${ORIGIN}/contacts`, pathname: '/contacts' });
    registerTillWorker();
    activate();
    deliver([{ name: `${ORIGIN}/api/contacts`, workerStart: 0 }]);
    await settle();
    expect(fetched).toEqual([]);
  });
});
