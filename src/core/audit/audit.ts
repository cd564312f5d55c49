import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { AnyEntity } from '../entity/define';
import { isOpenTx, type Tx } from '../db/tx';
import type { Ctx } from '../http/context';
import { auditLog } from '../db/system.schema';
import { currentRequestKey } from '../db/request-key';
import { tableOf } from '../db/entity-table';
import { queueAudits } from './audit.buffer';
import { entityByName } from '../../modules/registry';

/**
 * Every create, update, delete and action is recorded in the same transaction as the change: who, when,
 * and the record before and after (only the fields that changed, for updates).
 */
const SKIP = new Set(['version', 'updatedAt', 'updatedBy', '_refs']);

function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SKIP.has(k)) continue;
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k] ?? null;
      a[k] = after[k] ?? null;
    }
  }
  return { b, a };
}

export async function recordAudit(
  tx: Tx, ctx: Ctx, def: AnyEntity, recordId: number, action: string,
  before: Record<string, unknown> | null, after: Record<string, unknown> | null,
): Promise<void> {
  await recordAudits(tx, ctx, def, [{ recordId, action, before, after }]);
}

export interface AuditEntry { recordId: number; action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }

/** What an audit row keeps of `e`: only the changed fields for an update, never version, updated_* or _refs. */
export function auditValues(e: AuditEntry): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  let b = e.before;
  let a = e.after;
  if (b && a && e.action === 'update') ({ b, a } = diff(b, a));
  const strip = (r: Record<string, unknown> | null) => r && Object.fromEntries(Object.entries(r).filter(([k]) => !SKIP.has(k)));
  return { before: strip(b), after: strip(a) };
}

/**
 * Several audit rows of one entity, in order (a create and its transition in one request), written with the other
 * rows of the transaction just before it commits (audit.buffer.ts).
 */
export async function recordAudits(tx: Tx, ctx: Ctx, def: AnyEntity, entries: AuditEntry[]): Promise<void> {
  const requestKey = currentRequestKey()?.key ?? null;
  const rows = entries.map((e) => ({ companyId: ctx.companyId, entity: def.name, recordId: e.recordId, action: e.action, userId: ctx.user.id, requestKey, ...auditValues(e) }));
  // only withTx's own transaction flushes the queue: in any other (a savepoint object, a raw transaction) write now
  if (isOpenTx(tx)) await queueAudits(tx, rows);
  else await tx.insert(auditLog).values(rows);
}

/**
 * Audit rows as one SQL statement, for a hot path that writes its changes and their audit together: `rows` is a
 * SELECT of (company_id, record_id, action, user_id, request_key, after); request_key is the key of the request
 * that wrote it (core/db/request-key.ts), so a committed write can be found and answered again.
 */
export function auditRowsSql(def: AnyEntity, rows: SQL): SQL {
  return sql`INSERT INTO audit_log (company_id, entity, record_id, action, user_id, request_key, after)
    SELECT r.company_id, ${def.name}::text, r.record_id, r.action, r.user_id, r.request_key, r.after FROM (${rows}) r`;
}

export async function historyOf(ctx: Ctx, def: AnyEntity, recordId: number) {
  const users = tableOf(entityByName('user'));
  const rows = await ctx.db.orm
    .select({ id: auditLog.id, action: auditLog.action, at: auditLog.at, userId: auditLog.userId, userName: users.username, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.companyId, ctx.companyId), eq(auditLog.entity, def.name), eq(auditLog.recordId, recordId)))
    .orderBy(desc(auditLog.id))
    .limit(500);
  return { items: rows };
}
