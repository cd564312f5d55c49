import type { Database, Orm } from './connect';
import { joinsCallersTx, type Tx, withTx } from './tx';

/**
 * A read for a module's public entry: inside a caller's open transaction of `db` (withTx), in that transaction,
 * so it sees what the caller wrote and has not committed; otherwise on the pool, outside any transaction (no
 * transaction is opened for a read, so no request key is spent on it).
 */
export function readInCallersTx<T>(db: Database, fn: (q: Tx | Orm) => Promise<T>): Promise<T> {
  return joinsCallersTx(db) ? withTx(db, fn) : fn(db.orm);
}
