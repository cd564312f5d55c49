import { type Column, type SQL, and, eq, getTableColumns, isSQLWrapper, sql } from 'drizzle-orm';
import { type AnyEntity } from './define';
import { type Data, type Row, TransitionDone, type TransitionWrite, hooksOf } from './hooks';
import { tableOf, rowFromSql } from '../db/entity-table';
import { CommitRefused } from '../db/prepared';
import { joinsCallersTx, type Tx, withTx } from '../db/tx';
import type { Database } from '../db/connect';
import { currentRequestKey } from '../db/request-key';
import { type AuditEntry, auditValues, recordAudit, recordAudits } from '../audit/audit';
import { takePending } from '../audit/audit.buffer';
import { forgetInTx } from '../db/tx-memo';
import type { Ctx } from '../http/context';
import { conflict, notFound } from '../http/errors';
import { tr } from '../i18n/locale';
import { present, refTitleColumn, refTitleExpr, lockRow, lockRowTitled, presentRow, refTitlesOf } from './crud.read';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Transitions and actions of the generic layer: the state machine's from-state check, the hook, the state written
 * and the audit rows; a hot hook may write all of it in its own last statement (TransitionWrite), which may also
 * commit (`committing`). Used by crud.service.ts (create and transition in one request) and the routes.
 */
const dialect = new PgDialect();

/**
 * Runs `op` with its transaction committed by its hook's last statement (TransitionWrite.commit), and again without
 * when that statement found it had nothing to write (CommitRefused): the second run takes the usual path, which can
 * tell why (or make what was missing, e.g. a journal's first chain head).
 */
export async function committing<T>(db: Database, op: (commit: boolean) => Promise<T>): Promise<T> {
  // joined to a caller's transaction, nothing commits but the caller
  if (joinsCallersTx(db)) return op(false);
  try {
    return await op(true);
  } catch (e) {
    if (e instanceof CommitRefused) return op(false);
    throw e;
  }
}

/** `v` as a value of column `c` in hand-written SQL: a typed parameter (the base type: a length is checked on assignment). */
export function valueSql(c: Column, v: unknown): SQL {
  if (isSQLWrapper(v)) return sql`${v}`;
  const type = sql.raw(c.getSQLType().replace(/\(.*\)/, ''));
  return v === null || v === undefined ? sql`NULL::${type}` : sql`${c.mapToDriverValue(v)}::${type}`;
}

export async function runTransition(ctx: Ctx, def: AnyEntity, id: number, name: string, body: Data): Promise<Row> {
  if (!def.states?.transitions[name]) throw notFound('notFound');
  return committing(ctx.db, (commit) => withTx(ctx.db, async (tx) => {
    const { row, titles } = await lockRowTitled(tx, ctx, def, id);
    return transitionRow(tx, ctx, def, row, name, body, await presentRow(tx, ctx, def, { ...row }, titles), [], commit);
  }));
}

/**
 * Transition `name` of `row` (locked, or inserted by this transaction); `known` = the row as answered, if at hand;
 * `audits` = audit rows still to write before the transition's (a create in the same request). The hook may write
 * the row's update and the audit rows itself, in its own last statement (TransitionWrite), which with `commit` also
 * commits the transaction: a hot path then holds its locks by that statement and the commit only. Nothing here
 * writes after the hook's statement (the answer is read, at most).
 */
export async function transitionRow(tx: Tx, ctx: Ctx, def: AnyEntity, row: Row, name: string, body: Data, known?: Row, audits: AuditEntry[] = [], commit = false): Promise<Row> {
  const t = def.states!.transitions[name]!;
  const stateField = def.states!.field;
  const state = String(row[stateField]);
  forgetInTx(tx, def.name);
  if (!t.from.includes(state)) throw conflict('transitionNotAllowed', { action: tr(t.label, ctx.locale), state });
  const before = known ?? await presentRow(tx, ctx, def, { ...row });
  // rows of this record still queued (its create, earlier in the transaction) go first: a hot hook writes them itself
  const earlier: AuditEntry[] = takePending(tx, def.name, row.id).map((r) => ({ recordId: r.recordId, action: r.action, before: r.before, after: r.after }));
  const all = (after: Row | null) => [...earlier, ...audits, { recordId: row.id, action: name, before, after }];
  const result = await hooksOf(def).transitions?.[name]?.(ctx, tx, row, body, transitionWrite(ctx, def, row, name, all(null), commit));
  const table = tableOf(def);
  if (result instanceof TransitionDone) {
    const raw = Object.fromEntries(Object.entries(result.raw).filter(([k]) => k.startsWith('t:')).map(([k, v]) => [k.slice(2), v]));
    if (raw.id === null || raw.id === undefined) throw new Error(`${def.name}: the transition's statement did not write the row`);
    const updated = rowFromSql(table, raw) as Row;
    return presentRow(tx, ctx, def, updated, refTitlesOf(def, updated, raw));
  }
  const extra = result ?? {};
  // The hook may hold hot locks (stock, ledger) until the commit: the answer, reference titles included, comes
  // from RETURNING instead of more round trips.
  const refKeys = Object.keys(def.fields).filter((k) => def.fields[k]!.kind === 'ref');
  const [updated] = (await tx.update(table)
    .set({ ...extra, [stateField]: t.to, version: sql`${table.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.user.id })
    .where(eq(table.id, row.id))
    .returning({ ...getTableColumns(table), ...Object.fromEntries(refKeys.map((k) => [`__ref_${k}`, refTitleExpr(ctx, def, k, sql`${table[k]}`)])) })) as Data[];
  const titles = Object.fromEntries(refKeys.filter((k) => typeof updated![k] === 'number').map((k) => [k, updated![`__ref_${k}`] ?? null]));
  for (const k of refKeys) delete updated![`__ref_${k}`];
  const after = await presentRow(tx, ctx, def, updated as Row, titles);
  await recordAudits(tx, ctx, def, all(after));
  return after;
}

/**
 * What a transition hook gets to write the transition in its own statement (see TransitionWrite in hooks.ts): the
 * row's UPDATE (`t_row`: the state, version, updated_*, `set` and the `late` columns, SQL over that statement)
 * RETURNING the row and its reference titles, and the audit rows (`t_audit`): those still pending, then the
 * transition's, whose `after` is the row as answered, its `set` and `late` fields taken from `t_row`.
 */
interface WriteShape { titles: Map<string, SQL>; out: SQL }
const writeShapes = new Map<string, WriteShape>();
/** The parts of a TransitionWrite that depend only on the entity and the language, rendered to text once. */
function writeShape(ctx: Ctx, def: AnyEntity): WriteShape {
  const id = `${def.name}:${ctx.locale}`;
  let shape = writeShapes.get(id);
  if (!shape) {
    const table = tableOf(def);
    const cols = getTableColumns(table) as Record<string, Column>;
    const refKeys = Object.keys(def.fields).filter((k) => def.fields[k]!.kind === 'ref' && cols[k]);
    const raw = (q: SQL) => {
      const r = dialect.sqlToQuery(q);
      if (r.params.length) throw new Error(`${def.name}: a transition's shape binds no parameter`);
      return sql.raw(r.sql);
    };
    const names = [...Object.values(cols).map((c) => c.name), ...refKeys.map((k) => `__ref_${k}`)];
    // LIMIT 1 (it is one row): else the planner counts 100 rows per CTE scan, and the join's estimate crossed jit_above_cost
    const out = raw(sql`(SELECT ${sql.join(names.map((n) => sql`t_row.${sql.identifier(n)} AS ${sql.identifier(`t:${n}`)}`), sql`, `)} FROM t_row LIMIT 1) AS t_out`);
    writeShapes.set(id, (shape = { titles: new Map(refKeys.map((k) => [k, raw(refTitleColumn(ctx, def, k, sql`${table[k]}`))])), out }));
  }
  return shape;
}

function transitionWrite(ctx: Ctx, def: AnyEntity, row: Row, name: string, audits: AuditEntry[], commit: boolean): TransitionWrite {
  const table = tableOf(def);
  const cols = getTableColumns(table) as Record<string, Column>;
  const t = def.states!.transitions[name]!;
  return {
    sql(set, late, from, lateTitles = {}) {
      const assign = (k: string, v: SQL) => sql`${sql.identifier(cols[k]!.name)} = ${v}`;
      const sets = [
        ...Object.entries(set).map(([k, v]) => assign(k, valueSql(cols[k]!, v))),
        ...Object.entries(late).map(([k, v]) => assign(k, v)),
        assign(def.states!.field, sql`${t.to}::text`), sql`version = ${table}.version + 1`, sql`updated_at = now()`, sql`updated_by = ${ctx.user.id}::int`,
      ];
      const shape = writeShape(ctx, def);
      // the row as the answer shows it, but for what the statement writes: those fields come from t_row
      const predicted = present(ctx, def, { ...row, ...set, [def.states!.field]: t.to } as Row);
      const patched = [...Object.keys(set), ...Object.keys(late)].map((k) => {
        const c = cols[k]!;
        const asText = ['PgNumeric', 'PgTimestampString', 'PgTimestamp'].includes(c.columnType);
        return sql`${k}::text, to_jsonb(t_row.${sql.identifier(c.name)}${asText ? sql`::text` : sql``})`;
      });
      const rows = audits.map((e, i) => {
        const last = i === audits.length - 1;
        const v = auditValues(last ? { ...e, after: predicted } : e);
        return { n: i + 1, action: e.action, before: v.before, after: v.after, patch: last };
      });
      return {
        ctes: sql`t_row AS (UPDATE ${table} SET ${sql.join(sets, sql`, `)} FROM ${sql.raw(from)} WHERE ${table}.id = ${row.id}::int
            RETURNING ${table}.*${sql.join([...shape.titles].map(([k, title]) => sql`, ${k in lateTitles ? sql`${lateTitles[k]} AS ${sql.identifier(`__ref_${k}`)}` : title}`))}),
          t_audit AS (INSERT INTO audit_log (company_id, entity, record_id, action, user_id, request_key, before, after)
            SELECT ${ctx.companyId}::int, ${def.name}::text, t_row.id, a.action, ${ctx.user.id}::int, ${currentRequestKey()?.key ?? null}::text, a.before,
              CASE WHEN a.patch THEN a.after || jsonb_build_object(${sql.join(patched, sql`, `)}) ELSE a.after END
            FROM t_row CROSS JOIN jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS a(n int, action text, before jsonb, after jsonb, patch boolean)
            ORDER BY a.n)`,
        select: sql`t_out.*`,
        join: shape.out,
      };
    },
    done: (raw) => new TransitionDone(raw),
    commit,
  };
}

/**
 * Action `name` of row `id`, locked FOR UPDATE; with `locked`, the row as the caller's transaction locked or wrote it
 * and has not changed since (the caller's own insert): it is not locked and read again.
 */
export async function runAction(ctx: Ctx, def: AnyEntity, id: number, name: string, body: Data, locked?: Row): Promise<unknown> {
  const action = hooksOf(def).actions?.[name];
  if (!action) throw notFound('notFound');
  return withTx(ctx.db, async (tx) => {
    const row = locked?.id === id ? locked : await lockRow(tx, ctx, def, id);
    const result = await action(ctx, tx, row, body);
    await recordAudit(tx, ctx, def, id, name, null, (body ?? null) as Data);
    return result;
  });
}
