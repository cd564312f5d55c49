import { type Column, type SQL, and, count, eq, getTableColumns, inArray, isSQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type AnyEntity, permissionCode } from './define';
import { columnName } from './field';
import { type Data, type Row, TransitionDone, type TransitionWrite, hooksOf } from './hooks';
import { countStatement, pageStatement, parseListQuery, whereSql, type PageStatement } from './list-query';
import { entitySchema, fieldErrors } from './schema';
import { tableOf, junctionOf, rowFromSql, type AnyTable } from '../db/entity-table';
import { entityByName } from '../../modules/registry';
import { CommitRefused, execPrepared } from '../db/prepared';
import { errorCode, isUniqueViolation, joinsCallersTx, type Tx, withTx } from '../db/tx';
import type { Database } from '../db/connect';
import { currentRequestKey } from '../db/request-key';
import { POOLED } from '../db/statement-names';
import { type AuditEntry, auditValues, recordAudit, recordAudits } from '../audit/audit';
import { takePending } from '../audit/audit.buffer';
import { forgetInTx } from '../db/tx-memo';
import type { Ctx } from '../http/context';
import { AppError, conflict, notFound, validationError } from '../http/errors';
import { requirePermission } from '../http/guard';
import { messages } from '../i18n/messages';
import { tr } from '../i18n/locale';
import { assertAllowed } from './state-guard';

/**
 * The generic operations every entity gets: list, get, create, update, delete, bulk delete, transitions and
 * named actions. Each mutation is one transaction: validate -> check references -> hooks -> write -> audit.
 * company_id, audit columns, version and state are set here, never taken from the client.
 */
const HIDDEN = new Set(['searchText', 'companyId']);
export const SEARCH_COUNT_AHEAD = 250;
export const LIST_COUNT_CAP = 10_000;

/**
 * What a list statement selects for an entity in one language, built once: the table's columns (without
 * search_text and the other columns no answer shows) and the title of each reference as `__ref_<key>`, with
 * how to read a row of it back. Building these per request cost more than PostgreSQL took to run the page.
 */
interface ListShape { select: string; columns: [key: string, name: string, column: Column][]; refKeys: string[] }
const listShapes = new Map<string, ListShape>();
const dialect = new PgDialect();
function listShape(ctx: Ctx, def: AnyEntity, table: AnyTable): ListShape {
  const id = `${def.name}:${ctx.locale}`;
  let shape = listShapes.get(id);
  if (!shape) {
    const columns = (Object.entries(getTableColumns(table)) as [string, Column][])
      .filter(([k]) => !HIDDEN.has(k) && !def.fields[k]?.secret).map(([k, c]) => [k, c.name, c] as [string, string, Column]);
    const refKeys = Object.keys(def.fields).filter((k) => def.fields[k]!.kind === 'ref' && table[k]);
    const titles = refKeys.map((k) => sql`, ${refTitleColumn(ctx, def, k, sql`${table}.${sql.identifier((table[k] as Column).name)}`)}`);
    // rendered to text once (it binds no parameter), so a request does not walk its fragments again
    const rendered = dialect.sqlToQuery(sql`${sql.raw(columns.map(([, n]) => `"${n}"`).join(', '))}${sql.join(titles)}`);
    if (rendered.params.length) throw new Error(`${def.name}: a list's select binds no parameter`);
    listShapes.set(id, (shape = { select: rendered.sql, columns, refKeys }));
  }
  return shape;
}

/** A row of a list statement (an array: the columns, then the reference titles) as `present` answers it, with `_refs`. */
function presentListRow(ctx: Ctx, def: AnyEntity, shape: ListShape, raw: unknown[]): Row {
  const out: Record<string, unknown> = {};
  const cols = shape.columns;
  for (let i = 0; i < cols.length; i++) {
    const v = raw[i];
    out[cols[i]![0]] = v === null || v === undefined ? null : cols[i]![2].mapFromDriverValue(v);
  }
  const hook = hooksOf(def).present;
  const item = hook ? hook(ctx, out as Row) : (out as Row);
  shape.refKeys.forEach((k, j) => {
    if (typeof item[k] === 'number') (((item as Data)._refs ??= {}) as Data)[k] = raw[cols.length + j] ?? null;
  });
  return item;
}

function scopeCond(def: AnyEntity, table: AnyTable, ctx: Ctx, id: number) {
  return def.scope === 'tenant' ? and(eq(table.id, id), eq(table.id, ctx.companyId)) : and(eq(table.id, id), eq(table.companyId, ctx.companyId));
}

export function present(ctx: Ctx, def: AnyEntity, row: Record<string, unknown>): Row {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (HIDDEN.has(k) || def.fields[k]?.secret) continue;
    out[k] = v;
  }
  const hook = hooksOf(def).present;
  return hook ? hook(ctx, out as Row) : (out as Row);
}

/**
 * The title of a record of `target` in the caller's language: an Arabic twin of the title field (nameAr, or
 * <title>Ar) when it has one. With `alias`, its columns are named through that alias of the target's table.
 */
function titleSql(ctx: Ctx, target: AnyEntity, alias?: string): SQL {
  const t = tableOf(target);
  const col = (k: string) => (alias ? sql`${sql.identifier(alias)}.${sql.identifier((t[k] as Column).name)}` : sql`${t[k]}`);
  const arKey = ctx.locale === 'ar' ? ['nameAr', `${target.titleField.replace(/En$/, '')}Ar`].find((k) => k in target.fields && t[k]) : undefined;
  return arKey ? sql`coalesce(nullif(${col(arKey)}, ''), ${col(target.titleField)}::text)` : col(target.titleField);
}

/**
 * For a statement's own select list: the title of the record its ref field `key` points to (`id`), as a column
 * `__ref_<key>`. The target table is aliased inside, so `id` may name a column of the same table (a parent).
 */
export function refTitleColumn(ctx: Ctx, def: AnyEntity, key: string, id: SQL): SQL {
  return sql`${refTitleExpr(ctx, def, key, id)} AS ${sql.identifier(`__ref_${key}`)}`;
}

function refTitleExpr(ctx: Ctx, def: AnyEntity, key: string, id: SQL): SQL {
  const target = entityByName((def.fields[key] as { target: string }).target);
  return sql`(SELECT ${titleSql(ctx, target, '__r')} FROM ${tableOf(target)} AS "__r" WHERE "__r"."id" = ${id})`;
}

/**
 * Titles of referenced records, `_refs: { branchId: "Main" }`: ONE statement for every reference of the rows
 * (a UNION ALL of one branch per referenced entity), none when `known` has them all.
 */
async function attachRefTitles(tx: Tx | Ctx['db']['orm'], ctx: Ctx, def: AnyEntity, rows: Row[], known: Data = {}): Promise<void> {
  const branches: SQL[] = [];
  const wanted: string[] = [];
  for (const [key, fl] of Object.entries(def.fields)) {
    if (fl.kind !== 'ref') continue;
    const ids = [...new Set(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) continue;
    if (key in known) {
      for (const r of rows) if (typeof r[key] === 'number') (((r as Data)._refs ??= {}) as Data)[key] = known[key] ?? null;
      continue;
    }
    const target = entityByName(fl.target);
    const t = tableOf(target);
    // Written with the sql tag: on a one-row answer, building this through the select builder cost more than running it.
    branches.push(sql`SELECT ${key}::text AS k, ${t.id} AS id, (${titleSql(ctx, target)})::text AS title FROM ${t} WHERE ${t.id} = ANY(${`{${ids.join(',')}}`}::int[])`);
    wanted.push(key);
  }
  if (!branches.length) return;
  const titles = await tx.execute(sql.join(branches, sql` UNION ALL `));
  const map = new Map(titles.rows.map((x) => [`${x.k}:${x.id}`, x.title]));
  for (const r of rows) {
    for (const key of wanted) {
      if (typeof r[key] !== 'number') continue;
      (((r as Data)._refs ??= {}) as Data)[key] = map.get(`${key}:${r[key]}`) ?? null;
    }
  }
}

async function loadJunctions(tx: Tx | Ctx['db']['orm'], def: AnyEntity, row: Row): Promise<void> {
  for (const [key, fl] of Object.entries(def.fields)) {
    if (fl.kind !== 'refs') continue;
    const j = junctionOf(def, key);
    const links = await tx.select({ id: j.targetId }).from(j).where(eq(j.ownerId, row.id)).orderBy(j.targetId);
    row[key] = links.map((l) => l.id);
  }
}

async function writeJunctions(tx: Tx, def: AnyEntity, id: number, data: Data): Promise<void> {
  for (const [key, fl] of Object.entries(def.fields)) {
    if (fl.kind !== 'refs' || !(key in data)) continue;
    const j = junctionOf(def, key);
    await tx.delete(j).where(eq(j.ownerId, id));
    const ids = [...new Set(data[key] as number[])];
    if (ids.length) await tx.insert(j).values(ids.map((t) => ({ ownerId: id, targetId: t })));
  }
}

/** The references `data` sets: each field with its distinct ids and the target entity. */
function* referencesOf(def: AnyEntity, data: Data) {
  for (const [key, fl] of Object.entries(def.fields)) {
    if ((fl.kind !== 'ref' && fl.kind !== 'refs') || data[key] === undefined || data[key] === null) continue;
    const ids = fl.kind === 'ref' ? [data[key] as number] : [...new Set(data[key] as number[])];
    if (ids.length) yield { key, fl, ids, target: entityByName(fl.target) };
  }
}

/** Referenced ids must exist in the caller's company, else 422 on that field. */
async function checkReferences(tx: Tx, ctx: Ctx, def: AnyEntity, data: Data): Promise<void> {
  const errors: Record<string, string> = {};
  for (const { key, fl, ids, target } of referencesOf(def, data)) {
    const t = tableOf(target);
    const scope = target.scope === 'tenant' ? eq(t.id, ctx.companyId) : eq(t.companyId, ctx.companyId);
    const [found] = await tx.select({ n: count() }).from(t).where(and(inArray(t.id, ids), scope));
    if (Number(found!.n) !== ids.length) errors[key] = tr(messages.refNotFound, ctx.locale, { field: tr(fl.label, ctx.locale) });
  }
  if (Object.keys(errors).length) throw validationError(errors);
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
 * How far a count goes: a search counts its matches up to SEARCH_COUNT_AHEAD rows past the first row of the page
 * asked for (at least one page), so the pager always reaches past where the user is (10 pages of 25); a list without
 * search counts up to LIST_COUNT_CAP. Every counted match of a search is a heap row re-checked against the pattern,
 * which made a flat 1,000 the main cost of a search page.
 */
export function countCap(searching: boolean, page: number, pageSize: number): number {
  return searching ? (page - 1) * pageSize + Math.max(SEARCH_COUNT_AHEAD, pageSize) : LIST_COUNT_CAP;
}

export async function listRecords(ctx: Ctx, def: AnyEntity, query: Record<string, unknown>) {
  const table = tableOf(def);
  const p = parseListQuery(def, table, query, ctx.companyId);
  const orm = ctx.db.orm;
  // Counts stop at a cap: `totalCapped: true` tells the client there are more than `total`.
  const cap = countCap(p.searching, p.page, p.pageSize);
  // One round trip (pageStatement): every row of the page carries the capped count (computed once) and the titles
  // of its references (subqueries PostgreSQL runs for the page's rows only, after the LIMIT). Only a page past the
  // end has no row to carry the count, and is counted on its own. PostgreSQL keeps a search's first page prepared
  // per connection; PGlite prepares nothing.
  const shape = listShape(ctx, def, table);
  const rows = await runStatement(orm, pageStatement(def, table, p, shape.select, cap, ctx.db.kind === 'postgres' && !POOLED));
  const n = Number(rows[0]?.at(-1) ?? (p.page > 1 ? (await runStatement(orm, countStatement(def, table, p, cap)))[0]![0] : 0));
  const items = rows.map((r) => presentListRow(ctx, def, shape, r));
  return { items, total: Math.min(n, cap), totalCapped: n > cap, page: p.page, pageSize: p.pageSize };
}

/**
 * A statement written as text, run through Drizzle's session as it is (no SQL object to render; named if it has a
 * name), its rows as arrays in the order of its select list: the driver builds those cheaper than objects of 40 keys.
 */
function runStatement(orm: Ctx['db']['orm'], st: PageStatement): Promise<unknown[][]> {
  return orm._.session.prepareQuery({ sql: st.text, params: st.params }, undefined, st.name, true, (rows) => rows).execute() as Promise<unknown[][]>;
}

/**
 * The records `ids` of the caller's company, presented as a list's rows (reference titles in `_refs`), in the order
 * of `ids` (ids not the company's are left out): a page whose order a module worked out itself (a computed sort).
 */
export async function recordsByIds(ctx: Ctx, def: AnyEntity, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const table = tableOf(def);
  const scope = def.scope === 'tenant' ? eq(table.id, ctx.companyId) : eq(table.companyId, ctx.companyId);
  const rows = await ctx.db.orm.select().from(table).where(and(scope, sql`${table.id} = ANY(${`{${ids.join(',')}}`}::int[])`));
  const items = rows.map((r) => present(ctx, def, r));
  await attachRefTitles(ctx.db.orm, ctx, def, items);
  const at = new Map(ids.map((id, i) => [id, i]));
  return items.sort((a, b) => at.get(a.id as number)! - at.get(b.id as number)!);
}

/** All rows matching a list query (for exports), in pages of 1000, at most `limit`. */
export async function allRecords(ctx: Ctx, def: AnyEntity, query: Record<string, unknown>, limit = 100_000): Promise<Row[]> {
  const table = tableOf(def);
  const p = parseListQuery(def, table, { ...query, page: '1', pageSize: '1' }, ctx.companyId);
  const out: Row[] = [];
  for (let offset = 0; offset < limit; offset += 1000) {
    const rows = await ctx.db.orm.select().from(table).where(whereSql(table, p)).orderBy(sql.raw(p.order)).limit(1000).offset(offset);
    const items = rows.map((r) => present(ctx, def, r));
    await attachRefTitles(ctx.db.orm, ctx, def, items);
    out.push(...items);
    if (rows.length < 1000) break;
  }
  return out;
}

/** The row `id` of the caller's company, locked FOR UPDATE (404 when absent). */
export async function lockRow(tx: Tx, ctx: Ctx, def: AnyEntity, id: number): Promise<Row> {
  const table = tableOf(def);
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw notFound('recordNotFound', { entity: tr(def.label, ctx.locale) });
  const [row] = await tx.select().from(table).where(scopeCond(def, table, ctx, id)).for('update');
  if (!row) throw notFound('recordNotFound', { entity: tr(def.label, ctx.locale) });
  return row as Row;
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

/** lockRow, with the titles of the row's references read by the same statement (for the answer's `before`). */
async function lockRowTitled(tx: Tx, ctx: Ctx, def: AnyEntity, id: number): Promise<{ row: Row; titles: Data }> {
  const table = tableOf(def);
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw notFound('recordNotFound', { entity: tr(def.label, ctx.locale) });
  const [raw] = await tx.select({ ...getTableColumns(table), ...refTitleFields(ctx, def) }).from(table).where(scopeCond(def, table, ctx, id)).for('update', { of: table });
  if (!raw) throw notFound('recordNotFound', { entity: tr(def.label, ctx.locale) });
  return splitTitles(def, raw as Data);
}

/** The company's record of a singleton entity (see isSingleton), presented like getRecord. */
export async function getCurrentRecord(ctx: Ctx, def: AnyEntity): Promise<Row> {
  // the tenant entity (the companies table) has no company_id: its record is the caller's company itself
  if (def.scope === 'tenant') return getRecord(ctx, def, ctx.companyId);
  const table = tableOf(def);
  const [row] = await ctx.db.orm.select({ id: table.id }).from(table).where(eq(table.companyId, ctx.companyId)).limit(1);
  if (!row) throw notFound('recordNotFound', { entity: tr(def.label, ctx.locale) });
  return getRecord(ctx, def, row.id as number);
}

export async function getRecord(ctx: Ctx, def: AnyEntity, id: number, tx?: Tx): Promise<Row> {
  const table = tableOf(def);
  const orm = tx ?? ctx.db.orm;
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw notFound('recordNotFound', { entity: tr(def.label, ctx.locale) });
  // the row and the titles of its references in one statement
  const [raw] = await orm.select({ ...getTableColumns(table), ...refTitleFields(ctx, def) }).from(table).where(scopeCond(def, table, ctx, id));
  if (!raw) throw notFound('recordNotFound', { entity: tr(def.label, ctx.locale) });
  const { row, titles } = splitTitles(def, raw as Data);
  return presentRow(orm, ctx, def, row, titles);
}

/** The select fields `__ref_<key>` (the title of each reference) of a statement over the entity's own table. */
function refTitleFields(ctx: Ctx, def: AnyEntity): Record<string, SQL> {
  const table = tableOf(def);
  const keys = Object.keys(def.fields).filter((k) => def.fields[k]!.kind === 'ref' && table[k]);
  return Object.fromEntries(keys.map((k) => [`__ref_${k}`, refTitleExpr(ctx, def, k, sql`${table[k]}`)]));
}

/** A row selected with refTitleFields, as the row and its known titles. */
function splitTitles(def: AnyEntity, raw: Data): { row: Row; titles: Data } {
  const row: Data = {};
  const titles: Data = {};
  for (const [k, v] of Object.entries(raw)) if (!k.startsWith('__ref_')) row[k] = v;
  for (const k of Object.keys(def.fields)) if (def.fields[k]!.kind === 'ref' && typeof row[k] === 'number' && `__ref_${k}` in raw) titles[k] = raw[`__ref_${k}`] ?? null;
  return { row: row as Row, titles };
}

/** getRecord's answer for a row already read (select or RETURNING); `known` reference titles are not queried. */
async function presentRow(orm: Tx | Ctx['db']['orm'], ctx: Ctx, def: AnyEntity, row: Row, known: Data = {}): Promise<Row> {
  const out = present(ctx, def, row);
  await loadJunctions(orm, def, out);
  await attachRefTitles(orm, ctx, def, [out], known);
  return out;
}

/**
 * getRecord's answer for a row a hot path wrote with hand-written SQL and got back (`RETURNING *`), without
 * re-reading it; reference titles it returned as `__ref_<key>` columns (refTitleColumn) are not queried again.
 */
export async function presentReturned(ctx: Ctx, def: AnyEntity, returned: Record<string, unknown>): Promise<Row> {
  const out = present(ctx, def, rowFromSql(tableOf(def), returned));
  const known = Object.fromEntries(Object.entries(returned).filter(([k]) => k.startsWith('__ref_')).map(([k, v]) => [k.slice(6), v]));
  await loadJunctions(ctx.db.orm, def, out);
  await attachRefTitles(ctx.db.orm, ctx, def, [out], known);
  return out;
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
 * caller checks the transition's permission.
 */
export async function createAndTransition(ctx: Ctx, def: AnyEntity, body: unknown, name: string): Promise<Row> {
  if (!def.states?.transitions[name]) throw notFound('notFound');
  const own = hooksOf(def).createAndTransition;
  if (own) return own(ctx, body, name);
  let data: Data | null = validate(ctx, def, body, 'create');
  return committing(ctx.db, (commit) => withTx(ctx.db, async (tx) => {
    // hooks adjust the data they get: a second run (a retry) starts again from the body
    const fresh = data ?? validate(ctx, def, body, 'create');
    data = null;
    const { row, out } = await insertRecord(tx, ctx, def, fresh, false, name);
    return transitionRow(tx, ctx, def, row, name, {}, out, [{ recordId: row.id, action: 'create', before: null, after: out }], commit);
  }));
}

/**
 * Runs `op` with its transaction committed by its hook's last statement (TransitionWrite.commit), and again without
 * when that statement found it had nothing to write (CommitRefused): the second run takes the usual path, which can
 * tell why (or make what was missing, e.g. a journal's first chain head).
 */
async function committing<T>(db: Database, op: (commit: boolean) => Promise<T>): Promise<T> {
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
function valueSql(c: Column, v: unknown): SQL {
  if (isSQLWrapper(v)) return sql`${v}`;
  const type = sql.raw(c.getSQLType().replace(/\(.*\)/, ''));
  return v === null || v === undefined ? sql`NULL::${type}` : sql`${c.mapToDriverValue(v)}::${type}`;
}

/** Every reference of `data` exists in the caller's company: one SQL condition (checkReferences names what is wrong). */
function referencesExist(ctx: Ctx, def: AnyEntity, data: Data): SQL | null {
  const conds: SQL[] = [];
  for (const { ids, target } of referencesOf(def, data)) {
    const t = tableOf(target);
    const scope = target.scope === 'tenant' ? sql`${t.id} = ${ctx.companyId}::int` : sql`${t.companyId} = ${ctx.companyId}::int`;
    conds.push(sql`(SELECT count(*) FROM ${t} WHERE ${t.id} = ANY(${`{${ids.join(',')}}`}::int[]) AND ${scope}) = ${ids.length}::int`);
  }
  return conds.length ? sql.join(conds, sql` AND `) : null;
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
 * caller writes it); the row as inserted and as answered (from RETURNING, unless an afterCreate hook ran). On a
 * hot path (`audit` false: create and transition `next` in one request) the insert is a named prepared statement.
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
  await hooks.afterCreate?.(ctx, tx, row);
  let out: Row;
  if (hooks.afterCreate) out = await getRecord(ctx, def, row.id, tx);
  else {
    out = present(ctx, def, { ...row });
    // what writeJunctions wrote, in loadJunctions' order
    for (const [key, fl] of Object.entries(def.fields)) if (fl.kind === 'refs') out[key] = [...new Set((data[key] as number[] | undefined) ?? [])].sort((a, b) => a - b);
    await attachRefTitles(tx, ctx, def, [out], refTitlesOf(def, out, raw!));
  }
  if (audit) await recordAudit(tx, ctx, def, out.id, 'create', null, out);
  return { row, out };
}

/** The reference titles a statement returned as `__ref_<key>` columns, for the references `row` has. */
function refTitlesOf(def: AnyEntity, row: Row, raw: Record<string, unknown>): Data {
  const known: Data = {};
  for (const k of Object.keys(def.fields)) if (def.fields[k]!.kind === 'ref' && typeof row[k] === 'number' && `__ref_${k}` in raw) known[k] = raw[`__ref_${k}`] ?? null;
  return known;
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
async function transitionRow(tx: Tx, ctx: Ctx, def: AnyEntity, row: Row, name: string, body: Data, known?: Row, audits: AuditEntry[] = [], commit = false): Promise<Row> {
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

export async function runAction(ctx: Ctx, def: AnyEntity, id: number, name: string, body: Data): Promise<unknown> {
  const action = hooksOf(def).actions?.[name];
  if (!action) throw notFound('notFound');
  return withTx(ctx.db, async (tx) => {
    const row = await lockRow(tx, ctx, def, id);
    const result = await action(ctx, tx, row, body);
    await recordAudit(tx, ctx, def, id, name, null, (body ?? null) as Data);
    return result;
  });
}
