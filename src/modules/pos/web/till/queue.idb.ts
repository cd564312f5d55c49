import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { MemoryStore, type QueueStore, type QueuedOrder } from './queue';

/**
 * The till's outbox in IndexedDB (database `daftar-pos`, store `orders`, keyed by the Idempotency-Key): it outlives
 * the page, a reload and a power cut (the browser's storage is on disk). Each put/remove is its own transaction and
 * resolves when IndexedDB has committed it, so `enqueue` returns only once the sale is stored. A browser without
 * IndexedDB (private modes of some browsers) falls back to memory: the till says so (`persistent: false`).
 * Why `idb`: a 1 KB promise wrapper over IndexedDB (docs/decisions/pos-offline-queue.md).
 */
interface PosDb extends DBSchema {
  orders: { key: string; value: QueuedOrder; indexes: { seq: number } };
}

let opened: Promise<IDBPDatabase<PosDb>> | null = null;
const open = () => (opened ??= openDB<PosDb>('daftar-pos', 1, {
  upgrade(db) {
    const s = db.createObjectStore('orders', { keyPath: 'key' });
    s.createIndex('seq', 'seq');
  },
}));

export class IdbStore implements QueueStore {
  async all() { return (await open()).getAllFromIndex('orders', 'seq'); }
  async put(o: QueuedOrder) { await (await open()).put('orders', o); }
  async remove(key: string) { await (await open()).delete('orders', key); }
}

export async function outboxStore(): Promise<{ store: QueueStore; persistent: boolean }> {
  try {
    if (typeof indexedDB === 'undefined') throw new Error('no IndexedDB');
    await open();
    return { store: new IdbStore(), persistent: true };
  } catch {
    opened = null;
    return { store: new MemoryStore(), persistent: false };
  }
}
