import pg from 'pg';
import type { Tx } from './tx';

/**
 * The pg connection a transaction runs on, held by this code rather than dug out of Drizzle (whose session keeps it
 * in a private field): withTx (tx.ts) checks a connection out of the pool itself, opens the transaction on it and
 * records it here for the transaction object. Only such a transaction (an outermost one, on node-postgres) is known
 * here: a savepoint of it (`tx.transaction(...)`) is another object and is not registered, so execPrepared never
 * commits from inside a savepoint, whose caller may still write after it.
 */
const open = new WeakMap<object, { client: pg.PoolClient; pool: pg.Pool }>();

/** Records that `tx` is the outermost transaction open on `client`, checked out of `pool`. */
export function registerTxClient(tx: Tx, client: pg.PoolClient, pool: pg.Pool): void {
  open.set(tx, { client, pool });
}

/** The connection of an outermost transaction opened by withTx (registered), else undefined. */
export const txClient = (q: unknown): pg.PoolClient | undefined => (typeof q === 'object' && q !== null ? open.get(q)?.client : undefined);

/** The pool behind a node-postgres Drizzle handle (Drizzle's public `$client`), else undefined (PGlite, a transaction). */
export function poolOf(q: unknown): pg.Pool | undefined {
  const c = (q as { $client?: unknown }).$client;
  return c instanceof pg.Pool ? c : undefined;
}

/** The pool of a Drizzle handle, or the one a registered transaction's connection came from. */
export const poolBehind = (q: unknown): pg.Pool | undefined => poolOf(q) ?? (typeof q === 'object' && q !== null ? open.get(q)?.pool : undefined);
