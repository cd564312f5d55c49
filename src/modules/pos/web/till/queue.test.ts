import { describe, expect, it } from 'vitest';
import { MemoryStore, OrderQueue, type QueuedOrder, type SaleBody, type SendResult } from './queue';

/**
 * The till's outbox against an in-memory store and a scripted server: stored before it is sent, sent in order with
 * the key made at Pay, kept on no answer and sent again with the same key, kept and marked on a refusal, never
 * sent twice once posted, other users' orders left alone, and a new queue over the same store (a reload) finds
 * everything still there. The real IndexedDB is exercised by tests/e2e/pos-till.e2e.test.ts.
 */
const body = (n: number): SaleBody => ({ sessionId: 1, lines: [{ productId: n, quantity: '1' }], payments: [{ method: 'cash', amount: '10' }] });
const summary = { total: '10', lines: 1, customer: null, session: 'POS/1' };

/**
 * The server's idempotency as core/http/idempotency.ts does it: every answer below 500 is kept with its key and given
 * again for that key (a sale posted once, and a refusal too); no answer (`retry`) keeps nothing.
 */
function server(script: (o: QueuedOrder, n: number) => SendResult) {
  const calls: { key: string; product: number }[] = [];
  const posted = new Map<string, number>();
  const answers = new Map<string, SendResult>();
  const send = async (o: QueuedOrder): Promise<SendResult> => {
    calls.push({ key: o.key, product: o.body.lines[0]!.productId });
    const kept = answers.get(o.key);
    if (kept) return kept;
    const r = script(o, calls.length);
    if (r.kind === 'retry') return r;
    if (r.kind === 'posted') posted.set(o.key, posted.size + 1);
    const answer: SendResult = r.kind === 'posted' ? { kind: 'posted', answer: { order: posted.get(o.key) } } : r;
    answers.set(o.key, answer);
    return answer;
  };
  return { send, calls, posted };
}

let k = 0;
const opts = (owner = '1:1') => ({ owner, newKey: () => `key-${++k}` });

describe('till outbox', () => {
  it('stores a sale before sending it, sends in order and empties itself when posted', async () => {
    const store = new MemoryStore();
    const srv = server(() => ({ kind: 'posted', answer: null }));
    const seen: unknown[] = [];
    const q = new OrderQueue(store, srv.send, { ...opts(), onPosted: (_o, a) => seen.push(a) });
    const a = await q.enqueue(body(1), summary);
    const b = await q.enqueue(body(2), summary);
    expect(store.rows.size).toBe(2);
    expect(srv.calls).toEqual([]);
    const r = await q.drain();
    expect(r.posted).toEqual([a.key, b.key]);
    expect(r.answers).toEqual({ [a.key]: { order: 1 }, [b.key]: { order: 2 } });
    expect(srv.calls.map((c) => c.product)).toEqual([1, 2]);
    expect(store.rows.size).toBe(0);
    expect(seen).toEqual([{ order: 1 }, { order: 2 }]);
    expect(q.state()).toMatchObject({ pending: 0, refused: 0, lastError: null });
  });

  it('keeps selling offline: no answer keeps the orders, stops at the first, and sends them later with the same keys', async () => {
    const store = new MemoryStore();
    let online = false;
    const srv = server(() => (online ? { kind: 'posted', answer: null } : { kind: 'retry', message: 'offline' }));
    const q = new OrderQueue(store, srv.send, opts());
    const a = await q.enqueue(body(1), summary);
    const b = await q.enqueue(body(2), summary);
    const r1 = await q.drain();
    expect(r1).toEqual({ posted: [], refused: [], stoppedAt: a.key, answers: {} });
    // the second was not tried: the outage holds for it too, and it must not overtake the first
    expect(srv.calls.map((c) => c.key)).toEqual([a.key]);
    expect(q.state()).toMatchObject({ pending: 2, lastError: 'offline' });
    expect(store.rows.get(a.key)!.attempts).toBe(1);
    online = true;
    const r2 = await q.drain();
    expect(r2.posted).toEqual([a.key, b.key]);
    expect(srv.calls.map((c) => c.key)).toEqual([a.key, a.key, b.key]);
    expect(srv.posted.size).toBe(2);
    expect(q.state()).toMatchObject({ pending: 0, lastError: null });
  });

  it('an answer lost after the server committed: the retry carries the same key and the server answers it once', async () => {
    const store = new MemoryStore();
    const srv = server((_o, n) => (n === 1 ? { kind: 'posted', answer: null } : { kind: 'posted', answer: null }));
    // first try: the server posts it but the answer is lost (the till sees a timeout)
    let lost = true;
    const send = async (o: QueuedOrder): Promise<SendResult> => {
      const r = await srv.send(o);
      if (lost) { lost = false; return { kind: 'retry', message: 'timeout' }; }
      return r;
    };
    const q = new OrderQueue(store, send, opts());
    const a = await q.enqueue(body(7), summary);
    await q.drain();
    expect(store.rows.has(a.key)).toBe(true);
    await q.drain();
    expect(srv.calls.map((c) => c.key)).toEqual([a.key, a.key]);
    expect(srv.posted.size).toBe(1);
    expect(store.rows.size).toBe(0);
  });

  it('a refusal is kept and marked with its message, does not hold the next order back, and can be retried (a new key) or removed', async () => {
    const store = new MemoryStore();
    let stock = false;
    const srv = server((o) => (o.body.lines[0]!.productId === 1 && !stock ? { kind: 'refused', status: 422, message: 'Quantity Not Available' } : { kind: 'posted', answer: null }));
    const q = new OrderQueue(store, srv.send, opts());
    const a = await q.enqueue(body(1), summary);
    const b = await q.enqueue(body(2), summary);
    const c = await q.enqueue(body(1), summary);
    const r = await q.drain();
    expect(r.refused).toEqual([a.key, c.key]);
    expect(r.posted).toEqual([b.key]);
    expect(store.rows.get(a.key)).toMatchObject({ status: 'refused', lastError: 'Quantity Not Available', refusedStatus: 422 });
    expect(q.state()).toMatchObject({ pending: 0, refused: 2, lastError: null });
    // a later drain does not send refused orders again by itself
    await q.drain();
    expect(srv.calls).toHaveLength(3);
    stock = true;
    // the old key would only be answered its refusal again: the retry is a new attempt under a new key
    const again = await q.retry(a.key);
    const renewed = srv.calls.at(-1)!.key;
    expect(renewed).not.toBe(a.key);
    expect(again.posted).toEqual([renewed]);
    expect(srv.posted.size).toBe(2);
    expect(store.rows.has(a.key)).toBe(false);
    const gone = await q.remove(c.key);
    expect(gone?.key).toBe(c.key);
    expect(store.rows.size).toBe(0);
  });

  it('survives a reload: a new queue over the same store has the orders, in order, and sends each once', async () => {
    const store = new MemoryStore();
    const down = server(() => ({ kind: 'retry', message: 'Server error 503' }));
    const q1 = new OrderQueue(store, down.send, opts());
    const a = await q1.enqueue(body(1), summary);
    const b = await q1.enqueue(body(2), summary);
    await q1.drain();
    const up = server(() => ({ kind: 'posted', answer: null }));
    const q2 = new OrderQueue(store, up.send, opts());
    await q2.load();
    expect(q2.state().orders.map((o) => o.key)).toEqual([a.key, b.key]);
    expect(q2.state().orders[0]!.attempts).toBe(1);
    const c = await q2.enqueue(body(3), summary);
    await q2.drain();
    expect(up.calls.map((x) => x.key)).toEqual([a.key, b.key, c.key]);
    expect(store.rows.size).toBe(0);
  });

  it('two drains at once send each order once; a drain asked during one runs after it', async () => {
    const store = new MemoryStore();
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const calls: string[] = [];
    const send = async (o: QueuedOrder): Promise<SendResult> => { calls.push(o.key); await gate; return { kind: 'posted', answer: null }; };
    const q = new OrderQueue(store, send, opts());
    const a = await q.enqueue(body(1), summary);
    const d1 = q.drain();
    const b = await q.enqueue(body(2), summary);
    const d2 = q.drain();
    release();
    await Promise.all([d1, d2]);
    expect(calls).toEqual([a.key, b.key]);
    expect(store.rows.size).toBe(0);
  });

  it('sends only its own user\'s orders: another cashier\'s queued sales wait for them', async () => {
    const store = new MemoryStore();
    const srv = server(() => ({ kind: 'posted', answer: null }));
    const mine = new OrderQueue(store, srv.send, opts('1:1'));
    const theirs = new OrderQueue(store, srv.send, opts('1:2'));
    const t = await theirs.enqueue(body(9), summary);
    const m = await mine.enqueue(body(1), summary);
    await mine.drain();
    expect(srv.calls.map((c) => c.key)).toEqual([m.key]);
    expect(store.rows.has(t.key)).toBe(true);
    expect(mine.state().orders).toEqual([]);
  });

  it('a sender that throws counts as no answer', async () => {
    const store = new MemoryStore();
    const q = new OrderQueue(store, async () => { throw new Error('boom'); }, opts());
    const a = await q.enqueue(body(1), summary);
    const r = await q.drain();
    expect(r.stoppedAt).toBe(a.key);
    expect(q.state()).toMatchObject({ pending: 1, lastError: 'boom' });
  });
});
