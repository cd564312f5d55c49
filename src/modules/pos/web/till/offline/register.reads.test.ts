import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_CACHE } from './rules';

/**
 * What the till keeps of its own reads when the worker did not control the page as it loaded (register.ts,
 * watchReads): each read the page's PerformanceObserver reports, once it ENDS, is fetched again and stored in the
 * worker's data cache, over an older answer, when it started before the worker took the page and is one of the till's
 * reads. A read under way when the worker took the page is kept; one that started after is the worker's own.
 */
type Entry = { name: string; startTime: number };
let deliver: (entries: Entry[]) => void = () => {};
let now = 0;
let controller: object | null = null;
let onControllerChange: () => void = () => {};
const stored = new Map<string, string>();
const fetched: string[] = [];
const ORIGIN = 'http://till.test';

beforeEach(() => {
  vi.resetModules();
  vi.stubEnv('PROD', true);
  now = 0;
  controller = null;
  stored.clear();
  fetched.length = 0;
  vi.stubGlobal('location', { origin: ORIGIN, href: `${ORIGIN}/pos/order`, pathname: '/pos/order' });
  vi.stubGlobal('performance', { now: () => now });
  vi.stubGlobal('PerformanceObserver', class {
    constructor(private readonly fn: (list: { getEntries(): Entry[] }) => void) {}
    observe() { deliver = (entries) => this.fn({ getEntries: () => entries }); }
  });
  vi.stubGlobal('caches', {
    open: async (name: string) => {
      expect(name).toBe(DATA_CACHE);
      return { match: async (u: string) => stored.get(u), put: async (u: string, r: Response) => { stored.set(u, await r.text()); } };
    },
  });
  vi.stubGlobal('fetch', async (u: string) => {
    fetched.push(u);
    return new Response(JSON.stringify({ items: [] }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('navigator', {
    serviceWorker: {
      ready: new Promise(() => {}),
      get controller() { return controller; },
      addEventListener: (type: string, fn: () => void) => { if (type === 'controllerchange') onControllerChange = fn; },
      register: () => new Promise(() => {}),
    },
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const settle = () => new Promise((done) => setTimeout(done, 10));

describe("the till's reads made before its worker took the page", () => {
  it('keeps those that started before (even ending after), not those after, nor what is not the till’s', async () => {
    const { registerTillWorker } = await import('./register');
    stored.set(`${ORIGIN}/api/auth/me`, 'an older answer');
    registerTillWorker();
    deliver([{ name: `${ORIGIN}/api/auth/me`, startTime: 5 }, { name: `${ORIGIN}/assets/app.js`, startTime: 6 }, { name: `${ORIGIN}/api/reports/x`, startTime: 7 }]);
    now = 100;
    controller = {};
    onControllerChange();
    // the products' read started at 90, under way when the worker took the page at 100, ends now; the session's started after
    deliver([{ name: `${ORIGIN}/api/inventory/products?pageSize=200`, startTime: 90 }, { name: `${ORIGIN}/api/pos/sessions`, startTime: 120 }]);
    await settle();
    expect([...stored.keys()].sort()).toEqual([`${ORIGIN}/api/auth/me`, `${ORIGIN}/api/inventory/products?pageSize=200`]);
    // the page's read is newer than what an earlier page kept (the sessions before one was started): it replaces it
    expect(stored.get(`${ORIGIN}/api/auth/me`)).toBe('{"items":[]}');
    // reported again (a second observer delivery of the same read): not fetched twice
    deliver([{ name: `${ORIGIN}/api/auth/me`, startTime: 5 }]);
    await settle();
    expect(fetched).toEqual([`${ORIGIN}/api/auth/me`, `${ORIGIN}/api/inventory/products?pageSize=200`]);
  });

  it('keeps nothing away from the till’s pages, and watches nothing when the worker already controls the page', async () => {
    const { registerTillWorker } = await import('./register');
    vi.stubGlobal('location', { origin: ORIGIN, href: `${ORIGIN}/contacts`, pathname: '/contacts' });
    registerTillWorker();
    deliver([{ name: `${ORIGIN}/api/contacts`, startTime: 5 }]);
    await settle();
    expect(fetched).toEqual([]);

    vi.resetModules();
    const again = await import('./register');
    controller = {};
    deliver = () => { throw new Error('not observed'); };
    vi.stubGlobal('location', { origin: ORIGIN, href: `${ORIGIN}/pos/order`, pathname: '/pos/order' });
    again.registerTillWorker();
    expect(() => deliver([])).toThrow('not observed');
  });
});
