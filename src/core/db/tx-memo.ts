import { isOpenTx } from './tx';

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
 * The memo lives on the transaction object and goes with it (no process-wide cache: another transaction, another
 * server, always reads afresh).
 */
const memos = new WeakMap<object, Map<string, { entities: string[]; value: Promise<unknown> }>>();

export function memoInTx<T>(tx: object, entities: string[], key: string, load: () => Promise<T>): Promise<T> {
  if (!isOpenTx(tx)) return load();
  let m = memos.get(tx);
  if (!m) memos.set(tx, (m = new Map()));
  const hit = m.get(key);
  if (hit) return hit.value as Promise<T>;
  // a real promise: a query builder is a thenable that runs its query again at each await
  const value = Promise.resolve(load());
  const memo = m;
  memo.set(key, { entities, value });
  value.catch(() => { if (memo.get(key)?.value === value) memo.delete(key); });
  return value;
}

/** The transaction wrote `entity`: its memoised reads are read again. */
export function forgetInTx(tx: object, entity: string): void {
  const m = memos.get(tx);
  if (!m) return;
  for (const [k, v] of m) if (v.entities.includes(entity)) m.delete(k);
}
