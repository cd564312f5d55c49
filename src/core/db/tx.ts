import { AsyncLocalStorage } from 'node:async_hooks';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { FastPgDialect } from './sql-render';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Orm } from './connect';
import { isConnectionError, DatabaseUnavailable } from './outage';
import { registerTxClient } from './tx-client';
import { AlreadyDone, type RequestKey, keyToWrite } from './request-key';
import { commitNoting } from './write-lsn';
import { flushAudits, takeAuditInsert } from '../audit/audit.buffer';

/**
 * The one write path: every transaction of the application is opened here.
 *
 * - Composes: `withTx` called while a transaction of the same database is open in the same async context JOINS it
 *   (the caller's transaction, no savepoint), so services (create, transition, post an entry, post stock) run in the
 *   transaction of whoever composes them; an error in any part rolls back the whole, and only the outermost call
 *   retries. Joined code must not commit on its own (`joinsCallersTx`).
 * - Retries the whole transaction on a serialization failure (40001) or a deadlock (40P01), at most `attempts`
 *   times with a short random backoff: `fn` must be safe to re-run (it re-reads what it needs).
 * - Cannot double: the request's key (request-key.ts) is inserted by the transaction's first message (`BEGIN;
 *   INSERT ...`, no extra round trip on PostgreSQL), so it commits with the work or not at all. A second request
 *   with the same key waits for the first, then fails on the key: AlreadyDone, answered from what committed.
 * - Cannot crash, and "outcome unknown" is a state: when the connection breaks (before BEGIN, mid-transaction,
 *   during COMMIT, or a committing statement's reply lost), the client is thrown away (never back into the pool)
 *   and the key is looked up on a fresh connection. Present: the work committed; the answer is the one computed
 *   (the COMMIT's reply was lost) or AlreadyDone (the statement's reply was lost). Absent: nothing committed, and
 *   the work runs once more; a second break, or no database at all, is DatabaseUnavailable (503, Retry-After).
 *   Without a key (background work) a break is DatabaseUnavailable at once: the caller's schedule retries.
 * Tested by src/core/db/tx.test.ts and by the fault-injecting proxy's suite (write-path.faults.db.test.ts).
 */
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

const RETRYABLE = new Set(['40001', '40P01']);
const KEY_CONSTRAINT = 'idempotency_keys_company_id_key_pk';

function sqlState(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && code.length === 5) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(e: unknown): { constraint?: string } | null {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur; i++) {
    if ((cur as { code?: unknown }).code === '23505') return { constraint: (cur as { constraint?: string }).constraint };
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

export function errorCode(e: unknown): string | undefined {
  return sqlState(e);
}

/** Counters of this process, for tests and diagnostics: transactions opened (outermost), retries by SQLSTATE. */
export const txCounters = { opened: 0, retried: [] as string[] };

interface Open { db: Database; tx: Tx }
const open = new AsyncLocalStorage<Open>();

/** True inside a transaction of `db` opened by a caller: a hot path must then not commit by itself. */
export function joinsCallersTx(db: Database): boolean {
  return open.getStore()?.db === db;
}

/** True when `tx` is the transaction withTx opened and holds open in this async context (it flushes its audit rows). */
export function isOpenTx(tx: object): boolean {
  return open.getStore()?.tx === tx;
}

/** The database of `tx` when it is the transaction withTx holds open in this async context. */
export function openTxDb(tx: object): Database | undefined {
  const o = open.getStore();
  return o?.tx === tx ? o.db : undefined;
}

/** Runs `fn` in `tx` as the open transaction of `db`, so services it calls join `tx` (for code handed a raw tx). */
export function inTx<T>(db: Database, tx: Tx, fn: () => Promise<T>): Promise<T> {
  return open.run({ db, tx }, fn);
}

export async function withTx<T>(db: Database, fn: (tx: Tx) => Promise<T>, attempts = 5, readOnly = false): Promise<T> {
  const outer = open.getStore();
  if (outer?.db === db) return fn(outer.tx);
  const key = readOnly ? undefined : keyToWrite();
  let ranAgain = false;
  for (let i = 1; ; i++) {
    const done: { value?: T; computed: boolean } = { computed: false };
    txCounters.opened++;
    try {
      const value = await (db.pool ? pgTransaction(db, db.pool, key, fn, done, readOnly) : embeddedTransaction(db, key, fn, done, readOnly));
      if (key) key.written = true;
      return value;
    } catch (e) {
      if (key && isUniqueViolation(e)?.constraint === KEY_CONSTRAINT) throw new AlreadyDone(key);
      if (isConnectionError(e)) {
        if (!key) throw new DatabaseUnavailable(e);
        let committed: boolean;
        try {
          committed = await keyCommitted(db, key);
        } catch (again) {
          throw new DatabaseUnavailable(again);
        }
        if (committed) {
          key.written = true;
          if (done.computed) return done.value as T;
          throw new AlreadyDone(key);
        }
        if (ranAgain) throw new DatabaseUnavailable(e);
        ranAgain = true;
        continue;
      }
      const code = sqlState(e);
      if (i >= attempts || !code || !RETRYABLE.has(code)) throw e;
      txCounters.retried.push(code);
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * i));
    }
  }
}

/**
 * A transaction that only reads, for a request that writes nothing though it is a POST (a cart or a return priced):
 * withTx without the request's key, so the request leaves no row behind (a key row per quote, a till quoting at
 * every change of its cart), and READ ONLY, so a write inside it is refused by PostgreSQL instead of committed.
 * Services it calls join it as they join withTx's. Inside a caller's transaction it is that transaction.
 */
export const withReadTx = <T,>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> => withTx(db, fn, 5, true);

/** Did the transaction that carried `key` commit? Asked on a fresh connection (the pool's broken one is gone). */
export async function keyCommitted(db: Database, key: RequestKey): Promise<boolean> {
  const r = await db.orm.execute(sql`SELECT 1 FROM idempotency_keys WHERE company_id = ${key.companyId} AND key = ${key.key}`);
  return r.rows.length > 0;
}

/** The key's row, as its transaction's first write. */
export const keyInsertSql = (key: RequestKey) => sql`INSERT INTO idempotency_keys (company_id, key, request_hash) VALUES (${key.companyId}, ${key.key}, ${key.hash})`;

/**
 * A Drizzle transaction over one checked-out client (Drizzle's public session and transaction classes), new for each
 * transaction (code may key what it read by the tx); its `transaction()` makes savepoints, as Drizzle's own would.
 */
const dialect = new FastPgDialect();
const txFor = (client: pg.PoolClient): Tx => new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined) as unknown as Tx;

async function pgTransaction<T>(db: Database, pool: pg.Pool, key: RequestKey | undefined, fn: (tx: Tx) => Promise<T>, done: { value?: T; computed: boolean }, readOnly: boolean): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // the key goes with BEGIN, in one message (simple protocol: literals, escaped by node-postgres)
    await client.query(key
      ? `BEGIN; INSERT INTO idempotency_keys (company_id, key, request_hash) VALUES (${Math.trunc(key.companyId)}, ${client.escapeLiteral(key.key)}, ${client.escapeLiteral(key.hash)})`
      : readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
    const tx = txFor(client);
    registerTxClient(tx, client, pool);
    const value = await open.run({ db, tx }, () => fn(tx));
    done.value = value;
    done.computed = true;
    // the COMMIT's own message also carries the audit rows (audit.buffer.ts), the answer of a client's key whose
    // route answers with this value (idempotency.ts `atCommit`) and, with a replica, a note of the session's WAL
    // position (write-lsn.ts: read your writes)
    const answer = key?.answer && answerSql(client, key, value);
    await commitNoting(db, client, [takeAuditInsert(tx), answer?.sql].filter((x): x is string => !!x));
    if (answer) key!.answer!.stored = answer.body;
    return value;
  } catch (e) {
    if (isConnectionError(e)) broken = e as Error;
    else await client.query('ROLLBACK').catch((r: Error) => { broken = r; });
    throw e;
  } finally {
    client.release(broken);
  }
}

/** The statement storing the answer of `key` computed from `value`, literals escaped (the simple protocol). */
function answerSql(client: pg.PoolClient, key: RequestKey, value: unknown): { sql: string; body: string } {
  const body = key.answer!.body(value);
  return { body, sql: `UPDATE idempotency_keys SET status_code = ${Math.trunc(key.answer!.status)}, response = ${client.escapeLiteral(body)}
    WHERE company_id = ${Math.trunc(key.companyId)} AND key = ${client.escapeLiteral(key.key)}` };
}

async function embeddedTransaction<T>(db: Database, key: RequestKey | undefined, fn: (tx: Tx) => Promise<T>, done: { value?: T; computed: boolean }, readOnly: boolean): Promise<T> {
  return db.orm.transaction(async (tx) => {
    if (key) await tx.execute(keyInsertSql(key));
    if (readOnly) await tx.execute(sql`SET TRANSACTION READ ONLY`);
    const value = await open.run({ db, tx }, () => fn(tx));
    await flushAudits(tx);
    done.value = value;
    done.computed = true;
    const answer = key?.answer;
    if (answer) {
      const body = answer.body(value);
      await tx.execute(sql`UPDATE idempotency_keys SET status_code = ${answer.status}, response = ${body} WHERE company_id = ${key!.companyId} AND key = ${key!.key}`);
      answer.stored = body;
    }
    return value;
  });
}
