/**
 * INVARIANT (issue 13, "orders never lost"): the till's outbox. Every sale is written here BEFORE it is sent, with
 * the Idempotency-Key made when the cashier pressed Pay, and leaves only when the server has answered it:
 * - posted (2xx, or the stored answer of a key already used): removed; the answer goes to `onPosted`;
 * - refused (a 4xx other than 401/408/429: a closed session, "Quantity Not Available", 403): kept, marked refused
 *   with the server's message (in the cashier's language) until the cashier retries it or discards it. A retry is a
 *   new attempt under a NEW key: the server keeps every answer below 500 with its key (core/http/idempotency.ts),
 *   so the old key would only replay the refusal, and a refusal means its work wrote nothing (one transaction,
 *   rolled back), so the new key cannot post the sale twice;
 * - no answer (offline, timeout, 5xx, 401/408/429): kept pending, sent again later with the SAME key, so a sale
 *   whose first try committed but whose answer was lost is answered from the key, never posted twice.
 * Sending is in creation order and stops at the first "no answer" (the next ones would meet the same outage);
 * a refused order does not hold the others back. One drain at a time per queue (`lock` adds a cross-tab lock);
 * an order being sent when the page dies is still pending in the store and is sent again with its key.
 * Plain TypeScript over a `QueueStore` (IndexedDB in the browser: queue.idb.ts; in memory in the tests).
 */
export interface SaleBody {
  sessionId: number;
  customerId?: number;
  priceListId?: number;
  lines: { productId: number; quantity: string; price?: string; discount?: string }[];
  payments: { method: 'cash' | 'bank_transfer' | 'credit'; amount: string; reference?: string }[];
  notes?: string;
}

export interface QueuedOrder {
  /** The Idempotency-Key, made at Pay; the same on every try. */
  key: string;
  /** Creation order (sending order). */
  seq: number;
  createdAt: string;
  /** `<companyId>:<userId>`: only its own user's till sends it. */
  owner: string;
  body: SaleBody;
  /** What the till shows of it while queued. */
  summary: { total: string; lines: number; customer: string | null; session: string | null };
  status: 'pending' | 'refused';
  attempts: number;
  lastError: string | null;
  /** The HTTP status of a refusal. */
  refusedStatus: number | null;
}

export interface QueueStore {
  all(): Promise<QueuedOrder[]>;
  put(o: QueuedOrder): Promise<void>;
  remove(key: string): Promise<void>;
}

export type SendResult =
  | { kind: 'posted'; answer: unknown }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'retry'; message: string };
export type Sender = (o: QueuedOrder) => Promise<SendResult>;

export interface QueueState {
  pending: number;
  refused: number;
  sending: boolean;
  /** The last failure to reach the server (cleared by a drain that reaches it), or null. */
  lastError: string | null;
  orders: QueuedOrder[];
}

/** What a drain did: keys posted (with the server's answers), refused, and the key it stopped at for want of an answer. */
export interface DrainReport { posted: string[]; refused: string[]; stoppedAt: string | null; answers: Record<string, unknown> }

export interface QueueOptions {
  owner: string;
  onChange?: (s: QueueState) => void;
  onPosted?: (o: QueuedOrder, answer: unknown) => void;
  /** Runs a drain under a lock shared by every tab (navigator.locks); default: none. */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
  newKey?: () => string;
  now?: () => Date;
}

export class OrderQueue {
  private orders: QueuedOrder[] = [];
  private loaded: Promise<void> | null = null;
  private running: Promise<DrainReport> | null = null;
  private again = false;
  private sending = false;
  private lastError: string | null = null;
  private seq = 0;

  constructor(private readonly store: QueueStore, private readonly send: Sender, private readonly opts: QueueOptions) {}

  /** Reads the store (once; again with `force`, e.g. after another tab changed it). */
  load(force = false): Promise<void> {
    if (!this.loaded || force) {
      this.loaded = this.store.all().then((all) => {
        this.orders = all.filter((o) => o.owner === this.opts.owner).sort((a, b) => a.seq - b.seq);
        this.seq = Math.max(this.seq, ...all.map((o) => o.seq));
        this.emit();
      });
    }
    return this.loaded;
  }

  state(): QueueState {
    return {
      pending: this.orders.filter((o) => o.status === 'pending').length,
      refused: this.orders.filter((o) => o.status === 'refused').length,
      sending: this.sending, lastError: this.lastError, orders: [...this.orders],
    };
  }

  /** Writes the sale to the store (the key made now) and returns it; nothing is sent yet (call drain). */
  async enqueue(body: SaleBody, summary: QueuedOrder['summary']): Promise<QueuedOrder> {
    await this.load();
    const now = (this.opts.now ?? (() => new Date()))();
    this.seq = Math.max(this.seq + 1, now.getTime());
    const o: QueuedOrder = {
      key: (this.opts.newKey ?? randomKey)(), seq: this.seq, createdAt: now.toISOString(), owner: this.opts.owner,
      body, summary, status: 'pending', attempts: 0, lastError: null, refusedStatus: null,
    };
    await this.store.put(o);
    this.orders.push(o);
    this.emit();
    return o;
  }

  /** Sends the pending orders in order; one drain at a time (a call during one runs another after it). */
  drain(): Promise<DrainReport> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async (): Promise<DrainReport> => {
      const total: DrainReport = { posted: [], refused: [], stoppedAt: null, answers: {} };
      do {
        this.again = false;
        const r = await (this.opts.lock ? this.opts.lock(() => this.drainOnce()) : this.drainOnce());
        total.posted.push(...r.posted);
        total.refused.push(...r.refused);
        total.stoppedAt = r.stoppedAt;
        Object.assign(total.answers, r.answers);
      } while (this.again && total.stoppedAt === null);
      return total;
    };
    this.running = run().finally(() => { this.running = null; });
    return this.running;
  }

  private async drainOnce(): Promise<DrainReport> {
    // another tab may have sent or added orders: read the store again under the lock
    await this.load(true);
    const report: DrainReport = { posted: [], refused: [], stoppedAt: null, answers: {} };
    this.sending = true;
    this.emit();
    try {
      for (const o of this.orders.filter((x) => x.status === 'pending')) {
        let r: SendResult;
        try {
          r = await this.send(o);
        } catch (e) {
          r = { kind: 'retry', message: e instanceof Error ? e.message : String(e) };
        }
        if (r.kind === 'posted') {
          await this.store.remove(o.key);
          this.orders = this.orders.filter((x) => x.key !== o.key);
          this.lastError = null;
          report.posted.push(o.key);
          report.answers[o.key] = r.answer;
          this.emit();
          this.opts.onPosted?.(o, r.answer);
          continue;
        }
        const next: QueuedOrder = r.kind === 'refused'
          ? { ...o, status: 'refused', attempts: o.attempts + 1, lastError: r.message, refusedStatus: r.status }
          : { ...o, attempts: o.attempts + 1, lastError: r.message };
        await this.store.put(next);
        this.orders = this.orders.map((x) => (x.key === o.key ? next : x));
        if (r.kind === 'refused') {
          this.lastError = null;
          report.refused.push(o.key);
          this.emit();
          continue;
        }
        this.lastError = r.message;
        report.stoppedAt = o.key;
        break;
      }
    } finally {
      this.sending = false;
      this.emit();
    }
    return report;
  }

  /**
   * A refused order sent again (e.g. once stock has arrived) under a new key, in its place in the sending order;
   * then drained. The new key is stored before the old one is removed: a page that dies in between keeps both, the
   * old one still refused (discarded by hand) and the new one pending.
   */
  async retry(key: string): Promise<DrainReport> {
    await this.load();
    const o = this.orders.find((x) => x.key === key);
    if (o && o.status === 'refused') {
      const next: QueuedOrder = { ...o, key: (this.opts.newKey ?? randomKey)(), status: 'pending', refusedStatus: null };
      await this.store.put(next);
      await this.store.remove(key);
      this.orders = this.orders.map((x) => (x.key === key ? next : x));
      this.emit();
    }
    return this.drain();
  }

  /** Takes an order out of the queue (the cashier discards a refused sale, or takes it back into the cart). */
  async remove(key: string): Promise<QueuedOrder | undefined> {
    await this.load();
    const o = this.orders.find((x) => x.key === key);
    if (!o) return undefined;
    if (o.status === 'pending' && this.sending) throw new Error('busy');
    await this.store.remove(key);
    this.orders = this.orders.filter((x) => x.key !== key);
    this.emit();
    return o;
  }

  private emit(): void {
    this.opts.onChange?.(this.state());
  }
}

/** A v4 UUID (crypto.randomUUID needs a secure context; plain-http intranet tills still get one). */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The in-memory store (tests; a browser without IndexedDB keeps the queue for the page's life only). */
export class MemoryStore implements QueueStore {
  readonly rows = new Map<string, QueuedOrder>();
  async all() { return [...this.rows.values()].map((o) => structuredClone(o)); }
  async put(o: QueuedOrder) { this.rows.set(o.key, structuredClone(o)); }
  async remove(key: string) { this.rows.delete(key); }
}
