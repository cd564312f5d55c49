import { useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../../core/i18n/locale';
import { tr } from '../../../../core/i18n/locale';
import { type DrainReport, OrderQueue, type QueueState, type QueuedOrder, type SaleBody } from './queue';
import { outboxStore } from './queue.idb';
import { saleSender } from './send';
import { tt } from './texts';

/**
 * The till's outbox bound to React: opened on the IndexedDB store for the signed-in user, drained at once, when
 * the browser says it is back online, and every 5 s while something waits. `submit` is Pay: the sale is stored
 * first, then sent; its outcome is posted (answer), refused at once (taken back out, the cashier fixes the cart) or
 * queued (kept, sent later). Orders posted or refused by a later drain reach `onPosted` / `onRefused`.
 */
export type SubmitOutcome =
  | { kind: 'posted'; answer: SaleAnswer }
  | { kind: 'refused'; message: string }
  | { kind: 'queued' };
export interface SaleAnswer { order: { id: number; number: string; invoiceId: number | null; totalAmount: string }; change: string; paid: string; due: string }

const EMPTY: QueueState = { pending: 0, refused: 0, sending: false, lastError: null, orders: [] };

export function useOutbox(owner: string | null, locale: Locale, events: { onPosted: (o: QueuedOrder, a: SaleAnswer) => void; onRefused: (o: QueuedOrder) => void }) {
  const [state, setState] = useState<QueueState>(EMPTY);
  const [persistent, setPersistent] = useState(true);
  const queue = useRef<OrderQueue | null>(null);
  const ev = useRef(events);
  ev.current = events;
  /** Keys whose outcome the Pay in progress reports itself (not through the events). */
  const own = useRef(new Set<string>());

  useEffect(() => {
    if (!owner) return;
    let live = true;
    const texts = { offline: tr(tt.offlineErr, locale), timeout: tr(tt.timeoutErr, locale), server: (s: number) => tr(tt.serverErr, locale, { s }) };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    void outboxStore().then(({ store, persistent: p }) => {
      if (!live) return;
      setPersistent(p);
      const q = new OrderQueue(store, saleSender(locale, texts), {
        owner,
        onChange: (s) => { if (live) setState(s); },
        onPosted: (o, a) => { if (!own.current.has(o.key)) ev.current.onPosted(o, a as SaleAnswer); },
        lock: locks ? <T,>(fn: () => Promise<T>) => locks.request('daftar-pos-outbox', fn) as Promise<T> : undefined,
      });
      queue.current = q;
      void q.load().then(() => q.drain()).then((r) => report(q, r));
    });
    const report = (q: OrderQueue, r: DrainReport) => {
      for (const key of r.refused) {
        const o = q.state().orders.find((x) => x.key === key);
        if (o && !own.current.has(key)) ev.current.onRefused(o);
      }
    };
    const drain = () => { const q = queue.current; if (q) void q.drain().then((r) => report(q, r)); };
    const tick = setInterval(() => { const s = queue.current?.state(); if (s && s.pending > 0 && !s.sending) drain(); }, 5000);
    window.addEventListener('online', drain);
    return () => { live = false; clearInterval(tick); window.removeEventListener('online', drain); queue.current = null; };
  }, [owner, locale]);

  const submit = useCallback(async (body: SaleBody, summary: QueuedOrder['summary']): Promise<SubmitOutcome> => {
    const q = queue.current;
    if (!q) throw new Error('outbox not ready');
    const o = await q.enqueue(body, summary);
    own.current.add(o.key);
    try {
      const r = await q.drain();
      if (r.posted.includes(o.key)) return { kind: 'posted', answer: r.answers[o.key] as SaleAnswer };
      if (r.refused.includes(o.key)) {
        const kept = q.state().orders.find((x) => x.key === o.key);
        await q.remove(o.key);
        return { kind: 'refused', message: kept?.lastError ?? '' };
      }
      return { kind: 'queued' };
    } finally {
      own.current.delete(o.key);
    }
  }, []);

  return {
    state, persistent, submit,
    drain: () => { void queue.current?.drain(); },
    retry: (key: string) => queue.current?.retry(key),
    remove: (key: string) => queue.current?.remove(key),
  };
}
