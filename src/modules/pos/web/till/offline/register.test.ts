import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TILL_SCOPES } from './rules';
import { registerTillWorker } from './register';

/**
 * registerTillWorker over a fake navigator.serviceWorker: an install that fails (its worker turns redundant with no
 * active worker) is registered again 10 s later, at most five times; an install that succeeds, or a registration
 * that already has an active worker, is not tried again; a register() that rejects is tried again too.
 */
type Listener = () => void;
class FakeWorker {
  state = 'installing';
  private on: Listener[] = [];
  addEventListener(_: 'statechange', fn: Listener) { this.on.push(fn); }
  become(state: string) { this.state = state; for (const fn of this.on) fn(); }
}
let calls: string[] = [];
let outcome: 'fails' | 'installs' | 'rejects' | 'update fails' = 'fails';
let workers: FakeWorker[] = [];
/** What the page posted to the active worker once its registration was ready; the page's controller. */
let posted: unknown[] = [];
let controller: object | null = null;
let ready: Promise<unknown> = new Promise(() => {});

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubEnv('PROD', true);
  calls = [];
  workers = [];
  posted = [];
  controller = null;
  ready = new Promise(() => {});
  vi.stubGlobal('navigator', {
    serviceWorker: {
      get ready() { return ready; },
      get controller() { return controller; },
      addEventListener: () => {},
      register: async (_url: string, opts: { scope: string }) => {
        calls.push(opts.scope);
        if (outcome === 'rejects') throw new TypeError('Failed to register');
        const w = new FakeWorker();
        workers.push(w);
        // an update: the build's earlier worker is active (and keeps serving) while the new one installs
        const reg = { installing: w, active: outcome === 'update fails' ? new FakeWorker() : null as FakeWorker | null };
        queueMicrotask(() => queueMicrotask(() => {
          if (outcome === 'installs') { reg.active = w; w.become('activated'); } else w.become('redundant');
        }));
        return reg;
      },
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const count = (scope: string) => calls.filter((s) => s === scope).length;

describe('the till worker registration', () => {
  it('tries a failed install again every 10 s, five times at most, for each scope', async () => {
    outcome = 'fails';
    registerTillWorker();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.sort()).toEqual([...TILL_SCOPES].sort());
    await vi.advanceTimersByTimeAsync(9_999);
    expect(count(TILL_SCOPES[0]!)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(count(TILL_SCOPES[0]!)).toBe(2);
    await vi.advanceTimersByTimeAsync(120_000);
    for (const s of TILL_SCOPES) expect(count(s)).toBe(6);
  });

  it('does not try again once a worker has installed', async () => {
    outcome = 'installs';
    registerTillWorker();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.length).toBe(TILL_SCOPES.length);
    expect(workers.every((w) => w.state === 'activated')).toBe(true);
  });

  it('does not try again when an update fails while the earlier worker is active', async () => {
    outcome = 'update fails';
    registerTillWorker();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.length).toBe(TILL_SCOPES.length);
    expect(workers.every((w) => w.state === 'redundant')).toBe(true);
  });

  it('tries again when register() itself fails', async () => {
    outcome = 'rejects';
    registerTillWorker();
    await vi.advanceTimersByTimeAsync(10_000);
    for (const s of TILL_SCOPES) expect(count(s)).toBe(2);
  });

  it('asks the active worker to take the page when its activation did not (the page was still loading), and only then', async () => {
    outcome = 'installs';
    const active = { postMessage: (m: unknown) => posted.push(m) };
    ready = Promise.resolve({ active });
    registerTillWorker();
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toEqual([{ type: 'claim' }]);
    posted = [];
    controller = {};
    registerTillWorker();
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toEqual([]);
  });
});
