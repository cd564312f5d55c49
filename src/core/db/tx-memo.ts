import { keepConfig, keptConfig, VERSIONED } from './config-cache';
import { dropRequestConfigVersion, requestConfigVersion } from './request-key';
import { isOpenTx, openTxDb } from './tx';

/**
 * Settings-like reads made once per transaction: a request that prices, delivers, invoices and pays reads the
 * company's currency decimals, taxes and accounting settings once instead of at every step (a till sale read the
 * decimals four times and the taxes three).
 *
 * What it guarantees: inside one transaction opened by withTx, a memoised read answers what the first read saw,
 * unless the transaction itself wrote an entity the read depends on through the generic layer (create, update,
 * delete, transition, ops.write: core/entity), which forgets that entity's reads. A read made outside such a
 * transaction (the pool, a savepoint object) is never memoised. A failed read is not kept. Writes by hand-written
 * SQL do not forget anything: a read memoised here must be of rows only the generic layer writes (settings,
 * companies, taxes, price lists, products), and a hot path that writes such rows by hand must call forgetInTx.
 *
 * With `company` (the company whose rows the read returns), a read that depends only on the versioned entities of
 * config-cache.ts is also kept between requests, for the company's configuration version the request's session
 * read: the next request at that version, on this server, reads nothing. See config-cache.ts for what that keeps
 * true.
 */
const memos = new WeakMap<object, Map<string, { entities: string[]; value: Promise<unknown> }>>();
/** The entities each open transaction wrote (forgetInTx). */
const wrote = new WeakMap<object, Set<string>>();

export function memoInTx<T>(tx: object, entities: string[], key: string, load: () => Promise<T>, company?: number): Promise<T> {
  if (!isOpenTx(tx)) return load();
  let m = memos.get(tx);
  if (!m) memos.set(tx, (m = new Map()));
  const hit = m.get(key);
  if (hit) return hit.value as Promise<T>;
  const db = openTxDb(tx);
  const version = company !== undefined && db && entities.every((e) => VERSIONED.has(e) && !wrote.get(tx)?.has(e)) ? requestConfigVersion(company) : undefined;
  const kept = version ? keptConfig(db!, key, version) : undefined;
  // a real promise: a query builder is a thenable that runs its query again at each await
  const value = (kept as Promise<T> | undefined) ?? Promise.resolve(load());
  const memo = m;
  memo.set(key, { entities, value });
  value.then(
    (v) => { if (version && !kept && !entities.some((e) => wrote.get(tx)?.has(e))) keepConfig(db!, key, version, v); },
    () => { if (memo.get(key)?.value === value) memo.delete(key); },
  );
  return value;
}

/**
 * Records of `entity` the transaction read as the company's (by id), so a later check that they exist need not read
 * them again (core/entity/crud.references.ts missingRecords: a till sale's invoice names the products its pricing
 * read). Forgotten with the entity's memos when the transaction writes it through the generic layer; outside an
 * open transaction nothing is noted.
 */
const seen = new WeakMap<object, Map<string, Set<number>>>();

export function noteReadInTx(tx: object, entity: string, ids: Iterable<number>): void {
  if (!isOpenTx(tx)) return;
  let m = seen.get(tx);
  if (!m) seen.set(tx, (m = new Map()));
  let s = m.get(entity);
  if (!s) m.set(entity, (s = new Set()));
  for (const id of ids) s.add(id);
}

/** Whether the transaction read record `id` of `entity` (noteReadInTx) and has not written the entity since. */
export function readInTx(tx: object, entity: string, id: number): boolean {
  return seen.get(tx)?.get(entity)?.has(id) === true;
}

/** The transaction wrote `entity`: its memoised reads are read again (and configuration, for the rest of the request). */
export function forgetInTx(tx: object, entity: string): void {
  seen.get(tx)?.delete(entity);
  if (VERSIONED.has(entity)) {
    let w = wrote.get(tx);
    if (!w) wrote.set(tx, (w = new Set()));
    w.add(entity);
    dropRequestConfigVersion();
  }
  const m = memos.get(tx);
  if (!m) return;
  for (const [k, v] of m) if (v.entities.includes(entity)) m.delete(k);
}
