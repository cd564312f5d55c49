import pg from 'pg';
import type { Database } from './connect';
import { isConnectionError } from './outage';
import { currentRequestSession } from './request-key';

/**
 * Read your own writes across a replica, the writing half (the reading half is replica.ts).
 *
 * When a replica is configured, a signed-in request's commit notes the primary's WAL position in its session's row
 * (`sessions.write_lsn`); the next request of that session loads it with the session and reads from the replica only
 * once the replica has replayed that far. The row lives in the database, so it holds whichever server process the
 * next request reaches.
 *
 * Which position: `pg_current_wal_insert_lsn()`, read AFTER the COMMIT returned. The commit record was inserted
 * before COMMIT answered, so the insert position is at or past its end whatever `synchronous_commit` says.
 * `pg_current_wal_lsn()` (written) and `pg_current_wal_flush_lsn()` are past it only when the commit waited for its
 * flush: with `synchronous_commit = off` (a common tuning) they may still be before it, and a replica that replayed
 * that far would not show the write. Read BEFORE the COMMIT (inside the transaction) any of them is before the
 * commit record. The insert position may run ahead of what is flushed (other sessions' records in flight); a
 * replica can replay only flushed WAL, so a read may wait until those are flushed too (at their commits, or by the
 * WAL writer within `wal_writer_delay`): later, never wrong.
 *
 * Cost: nothing without a replica. With one, no extra round trip: the note goes in the COMMIT's own message
 * (`COMMIT; BEGIN; SET LOCAL synchronous_commit TO off; UPDATE sessions ...; COMMIT`, the simple protocol) and its
 * commit does not wait for a WAL flush. Should the primary crash within the WAL writer's delay, the note may be lost
 * while the write is not: that session's next read may then come from a replica that has not replayed it (the
 * position it waits for is its previous write's). The posting batch (accounting), which commits outside a
 * transaction, notes its requests' sessions in one statement after its commit (`noteWrites`).
 */
const SESSION_ID = /^[0-9a-f]{64}$/;

/** The statement that notes the insert position on sessions `ids`, as its own transaction, not waiting for a flush. */
function noteSql(ids: string[]): string {
  const list = ids.map((id) => `'${id}'`).join(', ');
  return `BEGIN; SET LOCAL synchronous_commit TO off; UPDATE sessions SET write_lsn = GREATEST(write_lsn, pg_current_wal_insert_lsn()) WHERE id IN (${list}); COMMIT`;
}

/** The request's session, when this database has a replica to read from (else nothing is noted). */
export function sessionToNote(db: Database): string | undefined {
  const id = db.replica ? currentRequestSession() : undefined;
  return id && SESSION_ID.test(id) ? id : undefined;
}

type Msg = { text?: string; command?: string };
/** A simple-protocol query that remembers the tags of its statements (a COMMIT answers COMMIT, or ROLLBACK). */
class NotingCommit extends (pg as unknown as { Query: new (config: { text: string }) => object }).Query {
  tags: string[] = [];
  declare callback?: (e: unknown) => void;
  handleCommandComplete(msg: Msg, connection: unknown): void {
    this.tags.push(msg.text ?? msg.command ?? '');
    (pg.Query.prototype as unknown as { handleCommandComplete(m: Msg, c: unknown): void }).handleCommandComplete.call(this, msg, connection);
  }
}

/**
 * tx.ts's COMMIT of a transaction on `client`, after `before` (the transaction's last statements: its audit rows,
 * core/audit/audit.buffer.ts; a key's answer, core/http/idempotency.ts) in the same message, and with the request's session noted in it too when there is a
 * replica. A failure of `before` skips the COMMIT (the caller rolls back). A failure of the note after the work
 * committed is not the work's: the note's transaction is rolled back and the commit stands; a broken connection is
 * thrown as ever (tx.ts then asks the request's key).
 */
export async function commitNoting(db: Database, client: pg.PoolClient, before: string[] = []): Promise<void> {
  const session = sessionToNote(db);
  const work = [...before, 'COMMIT'].join('; ');
  if (!session) {
    await client.query(work);
    return;
  }
  const q = new NotingCommit({ text: `${work}; ${noteSql([session])}` });
  try {
    await new Promise<void>((resolve, reject) => {
      q.callback = (e) => (e ? reject(e) : resolve());
      void client.query(q as never);
    });
  } catch (e) {
    if (q.tags.length <= before.length || isConnectionError(e)) throw e;
    await client.query('ROLLBACK');
  }
}

/** After a commit made outside tx.ts (the posting batch): notes the sessions of its requests. Best effort. */
export async function noteWrites(db: Database, sessions: (string | undefined)[]): Promise<void> {
  if (!db.replica || !db.pool) return;
  const ids = [...new Set(sessions.filter((s): s is string => !!s && SESSION_ID.test(s)))];
  if (!ids.length) return;
  await db.pool.query(noteSql(ids)).catch(() => {});
}
