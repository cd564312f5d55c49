import { type Column, type SQL, eq, getTableColumns, sql } from 'drizzle-orm';
import { type AnyEntity, permissionCode } from './define';
import { columnName } from './field';
import { type Data, type Row, hooksOf } from './hooks';
import { entitySchema, fieldErrors } from './schema';
import { tableOf, junctionOf, rowFromSql } from '../db/entity-table';
import { execPrepared } from '../db/prepared';
import { errorCode, isUniqueViolation, type Tx, withTx } from '../db/tx';
import { recordAudit } from '../audit/audit';
import { forgetInTx } from '../db/tx-memo';
import type { Ctx } from '../http/context';
import { AppError, conflict, notFound, validationError } from '../http/errors';
import { requirePermission } from '../http/guard';
import { messages } from '../i18n/messages';
import { tr } from '../i18n/locale';
import { assertAllowed } from './state-guard';
import { present, refTitleColumn, attachRefTitles, loadJunctions, lockRow, getRecord, refTitleFields, splitTitles, presentRow, refTitlesOf } from './crud.read';
import { committing, valueSql, transitionRow } from './crud.transition';
import { checkReferences, referencesExist } from './crud.references';

/**
 * The generic writes every entity gets: create, update, delete, bulk delete (reads are crud.read.ts, transitions
 * and named actions crud.transition.ts). Each mutation is one transaction: validate -> check references -> hooks
 * -> write -> audit. company_id, audit columns, version and state are set here, never taken from the client.
 */

async function writeJunctions(tx: Tx, def: AnyEntity, id: number, data: Data): Promise<void> {
  for (const [key, fl] of Object.entries(def.fields)) {
    if (fl.kind !== 'refs' || !(key in data)) continue;
    const j = junctionOf(def, key);
    await tx.delete(j).where(eq(j.ownerId, id));
    const ids = [...new Set(data[key] as number[])];
    if (ids.length) await tx.insert(j).values(ids.map((t) => ({ ownerId: id, targetId: t })));
  }
}

export function validate(ctx: Ctx, def: AnyEntity, body: unknown, mode: 'create' | 'update'): Data {
  const parsed = entitySchema(def, ctx.locale, mode).safeParse(body ?? {});
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  return parsed.data as Data;
}

function uniqueError(ctx: Ctx, def: AnyEntity, e: unknown): AppError | null {
  const u = isUniqueViolation(e);
  if (!u) return null;
  const key = Object.keys(def.fields).find((k) => u.constraint === `${def.table}_${columnName(k)}_uq`);
  const label = key ? tr(def.fields[key]!.label, ctx.locale) : tr(def.label, ctx.locale);
  const own = key ? hooksOf(def).uniqueMessages?.[key] : undefined;
  return validationError({ [key ?? '_']: own ? tr(own, ctx.locale) : tr(messages.duplicate, ctx.locale, { field: label }) });
}

function columnsOf(def: AnyEntity, data: Data): Data {
  const out: Data = {};
  for (const [k, v] of Object.entries(data)) if (k in def.fields && def.fields[k]!.kind !== 'refs' && !def.fields[k]!.virtual) out[k] = v;
  return out;
}


/**
 * UPDATE of the columns `set` of row `id` (version, updated_at/by set too), answered as getRecord answers it, from
 * RETURNING (the row and its reference titles): one round trip where an update and a read back were two or more.
 */
export async function updateColumns(tx: Tx, ctx: Ctx, def: AnyEntity, id: number, set: Data): Promise<Row> {
  const table = tableOf(def);
  const [raw] = (await tx.update(table)
    .set({ ...set, version: sql`${table.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.user.id })
    .where(eq(table.id, id))
    .returning({ ...getTableColumns(table), ...refTitleFields(ctx, def) })) as Data[];
  forgetInTx(tx, def.name);
  const { row, titles } = splitTitles(def, raw!);
  return presentRow(tx, ctx, def, row, titles);
}


/**
 * The generic create. With `"<states.onCreate>": true` in the body, the record is created and that transition run
 * in the same request (createAndTransition), which needs the transition's permission besides add.
 */
export async function createRecord(ctx: Ctx, def: AnyEntity, body: unknown, set?: Data): Promise<Row> {
  const then = def.states?.onCreate;
  if (then && (body as Data | null)?.[then] === true) {
    requirePermission(ctx, permissionCode(def, def.states!.transitions[then]!.permission ?? then));
    if (set) throw new Error(`${def.name}: server-set fields with ${then} on create`);
    return createAndTransition(ctx, def, body, then);
  }
  // `set`: fields the calling code sets (operations.ts), read-only ones included; never a client's
  const data = { ...validate(ctx, def, body, 'create'), ...set };
  return withTx(ctx.db, async (tx) => (await insertRecord(tx, ctx, def, data)).out);
}

/**
 * Creates a record and runs one of its transitions in the same transaction: a document created and validated by
 * one request (the point of sale's sale, a delivery). Audited as the two requests would be (create, then the
 * transition; both rows written together, by the transition's statement); an error in either leaves nothing. The
 * caller checks the transition's permission. The transition takes the row as inserted (it is this transaction's:
 * no other can lock or change it), so it is not locked and read again as a later transition's would be.
 * `set`: fields the calling code sets besides the validated body (as createRecord's). `between`: the caller's work
 * after the insert and before the transition (rows of its own, another document), in the same transaction; it must
 * not change the created row.
 */
export async function createAndTransition(ctx: Ctx, def: AnyEntity, body: unknown, name: string,
  opts: { set?: Data; between?: (row: Row) => Promise<void> } = {}): Promise<Row> {
  if (!def.states?.transitions[name]) throw notFound('notFound');
  const own = hooksOf(def).createAndTransition;
  if (own && (opts.set || opts.between)) throw new Error(`${def.name}: its createAndTransition hook takes no server-set fields or work between`);
  if (own) return own(ctx, body, name);
  let data: Data | null = validate(ctx, def, body, 'create');
  return committing(ctx.db, (commit) => withTx(ctx.db, async (tx) => {
    // hooks adjust the data they get: a second run (a retry) starts again from the body
    const fresh = { ...(data ?? validate(ctx, def, body, 'create')), ...opts.set };
    data = null;
    const { row, out } = await insertRecord(tx, ctx, def, fresh, false, name);
    await opts.between?.(row);
    return transitionRow(tx, ctx, def, row, name, {}, out, [{ recordId: row.id, action: 'create', before: null, after: out }], commit);
  }));
}



/**
 * INSERT ... RETURNING the row and the titles of its references (`__ref_<key>`), gated on its references (no row
 * when one is missing or foreign): one round trip where a check, the insert and a read back were three.
 */
async function insertReturning(tx: Tx, ctx: Ctx, def: AnyEntity, values: Data, gate: SQL | null, prepared = false): Promise<Record<string, unknown> | undefined> {
  const table = tableOf(def);
  const cols = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(values).filter((k) => cols[k] && values[k] !== undefined);
  const refKeys = Object.keys(def.fields).filter((k) => def.fields[k]!.kind === 'ref' && cols[k]);
  const titles = refKeys.map((k) => sql`, ${refTitleColumn(ctx, def, k, sql`${table[k]}`)}`);
  const q = sql`INSERT INTO ${table} (${sql.join(keys.map((k) => sql.identifier(cols[k]!.name)), sql`, `)})
    SELECT ${sql.join(keys.map((k) => valueSql(cols[k]!, values[k])), sql`, `)}${gate ? sql` WHERE ${gate}` : sql``}
    RETURNING *${sql.join(titles)}`;
  const r = prepared ? await execPrepared(tx, q) : await tx.execute(q);
  return r.rows[0] as Record<string, unknown> | undefined;
}

/**
 * The generic create in `tx`: hooks, references, insert, junctions, audit (or, with `audit` false, not yet: the
 * caller writes it); the row as inserted and as answered (from RETURNING). On a hot path (`audit` false: create
 * and transition `next` in one request) the insert is a named prepared statement.
 */
async function insertRecord(tx: Tx, ctx: Ctx, def: AnyEntity, data: Data, audit = true, next?: string): Promise<{ row: Row; out: Row }> {
  const hooks = hooksOf(def);
  await hooks.beforeCreate?.(ctx, tx, data, next);
  const table = tableOf(def);
  const values: Data = { ...columnsOf(def, data), createdBy: ctx.user.id, updatedBy: ctx.user.id };
  if (def.scope !== 'tenant') values.companyId = ctx.companyId;
  let raw: Record<string, unknown> | undefined;
  try {
    raw = await insertReturning(tx, ctx, def, values, referencesExist(ctx, def, data), !audit);
    if (!raw) {
      await checkReferences(tx, ctx, def, data);
      raw = await insertReturning(tx, ctx, def, values, null);
    }
  } catch (e) {
    throw uniqueError(ctx, def, e) ?? e;
  }
  const row = rowFromSql(table, raw!) as Row;
  forgetInTx(tx, def.name);
  await writeJunctions(tx, def, row.id, data);
  // afterCreate writes other rows (lines, counts), never the created one: the answer is the inserted row as returned
  await hooks.afterCreate?.(ctx, tx, row);
  const out = present(ctx, def, { ...row });
  // what writeJunctions wrote, in loadJunctions' order
  for (const [key, fl] of Object.entries(def.fields)) if (fl.kind === 'refs') out[key] = [...new Set((data[key] as number[] | undefined) ?? [])].sort((a, b) => a - b);
  await attachRefTitles(tx, ctx, def, [out], refTitlesOf(def, out, raw!));
  if (audit) await recordAudit(tx, ctx, def, out.id, 'create', null, out);
  return { row, out };
}


export async function updateRecord(ctx: Ctx, def: AnyEntity, id: number, body: unknown): Promise<Row> {
  const data = validate(ctx, def, body, 'update');
  const expected = (body as Data | null)?.version;
  return withTx(ctx.db, async (tx) => {
    const locked = await lockRow(tx, ctx, def, id);
    if (expected !== undefined && Number(expected) !== locked.version) throw conflict('staleRecord');
    assertAllowed(ctx, def, locked, 'edit');
    const before = await getRecord(ctx, def, id, tx);
    const hooks = hooksOf(def);
    await hooks.beforeUpdate?.(ctx, tx, data, locked);
    await checkReferences(tx, ctx, def, data);
    const table = tableOf(def);
    try {
      await tx.update(table)
        .set({ ...columnsOf(def, data), version: sql`${table.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.user.id })
        .where(eq(table.id, id));
    } catch (e) {
      throw uniqueError(ctx, def, e) ?? e;
    }
    forgetInTx(tx, def.name);
    await writeJunctions(tx, def, id, data);
    const after = await getRecord(ctx, def, id, tx);
    await hooks.afterUpdate?.(ctx, tx, after, before);
    await recordAudit(tx, ctx, def, id, 'update', before, after);
    return after;
  });
}

async function deleteOne(tx: Tx, ctx: Ctx, def: AnyEntity, id: number): Promise<void> {
  assertAllowed(ctx, def, await lockRow(tx, ctx, def, id), 'delete');
  const before = await getRecord(ctx, def, id, tx);
  await hooksOf(def).beforeDelete?.(ctx, tx, before);
  const table = tableOf(def);
  try {
    await tx.delete(table).where(eq(table.id, id));
  } catch (e) {
    // 23503 foreign_key_violation (NO ACTION), 23001 restrict_violation (ON DELETE RESTRICT, every ref's default)
    if (errorCode(e) === '23503' || errorCode(e) === '23001') throw conflict('inUse');
    throw e;
  }
  forgetInTx(tx, def.name);
  await recordAudit(tx, ctx, def, id, 'delete', before, null);
}

export async function deleteRecord(ctx: Ctx, def: AnyEntity, id: number): Promise<void> {
  await withTx(ctx.db, (tx) => deleteOne(tx, ctx, def, id));
}

export async function bulkDelete(ctx: Ctx, def: AnyEntity, ids: number[]): Promise<number> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await withTx(ctx.db, async (tx) => {
    for (const id of sorted) await deleteOne(tx, ctx, def, id);
  });
  return sorted.length;
}

