import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';

const dialect = new PgDialect();

/**
 * Audit rows of a transaction, written together just before it commits: ONE insert where a request that creates,
 * confirms and pays a document (a till sale: seven rows over four entities) made one round trip per row.
 *
 * Guarantees, as before: a row exists exactly when its work committed (it is written inside the transaction, before
 * COMMIT, and a failing insert fails the commit); rows keep the order in which they were recorded (ids ascend in
 * that order). Where the work is undone without the transaction ending, the rows recorded since go too: a savepoint
 * rolled back (`auditMark` / `auditRollback`, at every SAVEPOINT of the code). A hot statement that writes audit
 * rows of its own takes the pending rows of its record first (`takePending`), so a record's history stays in order.
 * If the process or the connection dies before the flush, the transaction dies with it: nothing is written, and
 * nothing was committed either. Flushed by withTx (core/db/tx.ts) before its COMMIT, and by execPrepared before a
 * statement that commits by itself (core/db/prepared.ts).
 */
export interface PendingAudit {
  companyId: number; entity: string; recordId: number; action: string; userId: number | null; requestKey: string | null;
  before: Record<string, unknown> | null; after: Record<string, unknown> | null;
}

interface Queue { rows: (PendingAudit & { seq: number })[]; next: number }
const pending = new WeakMap<object, Queue>();
/** Past this many pending rows (an import's rows one by one) the queue is written at once, mid-transaction. */
const FLUSH_AT = 500;

export async function queueAudits(tx: object & Flushable, rows: PendingAudit[]): Promise<void> {
  let q = pending.get(tx);
  if (!q) pending.set(tx, (q = { rows: [], next: 0 }));
  for (const r of rows) q.rows.push({ ...r, seq: q.next++ });
  if (q.rows.length >= FLUSH_AT) await flushAudits(tx);
}

/**
 * A savepoint's mark, taken right BEFORE its SAVEPOINT: the rows pending are written first (a flush inside the
 * savepoint would write them where its rollback undoes them), then the sequence number the next row gets.
 */
export async function auditMark(tx: object & Flushable): Promise<number> {
  await flushAudits(tx);
  return pending.get(tx)?.next ?? 0;
}

/**
 * The savepoint taken at `mark` was rolled back: the pending rows recorded since are dropped (rows already written
 * by a flush since are rolled back by PostgreSQL with the savepoint).
 */
export function auditRollback(tx: object, mark: number): void {
  const q = pending.get(tx);
  if (q) q.rows = q.rows.filter((r) => r.seq < mark);
}

/** The pending rows of one record, taken out (a hot statement writes them before its own). */
export function takePending(tx: object, entity: string, recordId: number): PendingAudit[] {
  const q = pending.get(tx);
  if (!q?.rows.length) return [];
  const mine = q.rows.filter((r) => r.entity === entity && r.recordId === recordId);
  if (mine.length) q.rows = q.rows.filter((r) => !(r.entity === entity && r.recordId === recordId));
  return mine;
}

type Flushable = { execute(q: ReturnType<typeof sql>): Promise<unknown> };

/** The pending rows taken out of the queue, as the JSON the insert reads (undefined when none). */
function takeRows(tx: object): string | undefined {
  const q = pending.get(tx);
  if (!q?.rows.length) return undefined;
  const list = q.rows;
  q.rows = [];
  return JSON.stringify(list.map((r) => ({
    company_id: r.companyId, entity: r.entity, record_id: r.recordId, action: r.action, user_id: r.userId, request_key: r.requestKey, before: r.before, after: r.after,
  })));
}

const insertFrom = (rows: SQL) => sql`INSERT INTO audit_log (company_id, entity, record_id, action, user_id, request_key, before, after)
    SELECT a.company_id, a.entity, a.record_id, a.action, a.user_id, a.request_key, a.before, a.after
    FROM ROWS FROM (jsonb_to_recordset(${rows}::jsonb) AS (company_id int, entity text, record_id int, action text, user_id int, request_key text, before jsonb, after jsonb))
      WITH ORDINALITY AS a(company_id, entity, record_id, action, user_id, request_key, before, after, n)
    ORDER BY a.n`;

/** Writes the pending rows, in order, with one statement (nothing when none). */
export async function flushAudits(tx: Flushable): Promise<void> {
  const rows = takeRows(tx);
  if (rows) await tx.execute(insertFrom(sql`${rows}`));
}

/**
 * The pending rows, taken out, as the text of ONE insert with its rows as a literal (undefined when none): tx.ts
 * sends it in its COMMIT's own message (the simple protocol), one round trip less for every transaction that
 * audits. It is the same statement as flushAudits': it fails the same way, and the COMMIT after it is then skipped.
 */
export function takeAuditInsert(tx: object): string | undefined {
  const rows = takeRows(tx);
  return rows === undefined ? undefined : dialect.sqlToQuery(insertFrom(sql.raw(pg.escapeLiteral(rows)))).sql;
}
