import { type Column, type SQL, and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { MAX_INT } from './bounds';
import { type AnyEntity } from './define';
import { type Data, type Row, hooksOf } from './hooks';
import { countStatement, pageStatement, parseListQuery, whereSql, type PageStatement } from './list-query';
import { tableOf, junctionOf, rowFromSql, type AnyTable } from '../db/entity-table';
import { entityByName } from '../../modules/registry';
import { type Tx } from '../db/tx';
import { POOLED } from '../db/statement-names';
import type { Ctx } from '../http/context';
import { notFound } from '../http/errors';
import { tr } from '../i18n/locale';

/**
 * The generic reads: a record as the API answers it (present: hidden fields left out, the present hook), the
 * titles of its references (`_refs`, read by the same statement as the row where it can: getRecord, lockRowTitled),
 * list pages and exports, and the row locks the writes take (crud.service.ts, crud.transition.ts).
 */
export const HIDDEN = new Set(['searchText', 'companyId']);
export const SEARCH_COUNT_AHEAD = 250;
export const LIST_COUNT_CAP = 10_000;

/**
 * What a list statement selects for an entity in one language, built once: the table's columns (without
 * search_text and the other columns no answer shows) and the title of each reference as `__ref_<key>`, with
 * how to read a row of it back. Building these per request cost more than PostgreSQL took to run the page.
 */
export interface ListShape { select: string; columns: [key: string, name: string, column: Column][]; refKeys: string[] }
const listShapes = new Map<string, ListShape>();
const dialect = new PgDialect();
export function listShape(ctx: Ctx, def: AnyEntity, table: AnyTable): ListShape {
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
export function presentListRow(ctx: Ctx, def: AnyEntity, shape: ListShape, raw: unknown[]): Row {
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

export function scopeCond(def: AnyEntity, table: AnyTable, ctx: Ctx, id: number) {
  return and(eq(table.id, id), companyCond(def, table, ctx));
}

/** The company's rows (the tenant: its own row) that this user may see (hooks.ts rowScope). */
function companyCond(def: AnyEntity, table: AnyTable, ctx: Ctx): SQL {
  const company = def.scope === 'tenant' ? eq(table.id, ctx.companyId) : eq(table.companyId, ctx.companyId);
  const rows = hooksOf(def).rowScope?.(ctx);
  if (!rows) return company;
  const parts = rows.text.split('?');
  return and(company, sql.join(parts.flatMap((text, i) => (i < rows.params.length ? [sql.raw(text), sql`${rows.params[i]}`] : [sql.raw(text)]))))!;
}

/** The list query's conditions, with the rows this user may see. */
const listQuery = (ctx: Ctx, def: AnyEntity, table: AnyTable, query: Record<string, unknown>) => parseListQuery(def, table, query, ctx.companyId, hooksOf(def).rowScope?.(ctx));

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
export function titleSql(ctx: Ctx, target: AnyEntity, alias?: string): SQL {
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

export function refTitleExpr(ctx: Ctx, def: AnyEntity, key: string, id: SQL): SQL {
  const target = entityByName((def.fields[key] as { target: string }).target);
  return sql`(SELECT ${titleSql(ctx, target, '__r')} FROM ${tableOf(target)} AS "__r" WHERE "__r"."id" = ${id})`;
}

/**
 * Titles of referenced records, `_refs: { branchId: "Main" }`: ONE statement for every reference of the rows
 * (a UNION ALL of one branch per referenced entity), none when `known` has them all.
 */
export async function attachRefTitles(tx: Tx | Ctx['db']['orm'], ctx: Ctx, def: AnyEntity, rows: Row[], known: Data = {}): Promise<void> {
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

export async function loadJunctions(tx: Tx | Ctx['db']['orm'], def: AnyEntity, row: Row): Promise<void> {
  for (const [key, fl] of Object.entries(def.fields)) {
    if (fl.kind !== 'refs') continue;
    const j = junctionOf(def, key);
    const links = await tx.select({ id: j.targetId }).from(j).where(eq(j.ownerId, row.id)).orderBy(j.targetId);
    row[key] = links.map((l) => l.id);
  }
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
  const p = listQuery(ctx, def, table, query);
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
export function runStatement(orm: Ctx['db']['orm'], st: PageStatement): Promise<unknown[][]> {
  return orm._.session.prepareQuery({ sql: st.text, params: st.params }, undefined, st.name, true, (rows) => rows).execute() as Promise<unknown[][]>;
}

/**
 * The records `ids` of the caller's company, presented as a list's rows (reference titles in `_refs`), in the order
 * of `ids` (ids not the company's are left out): a page whose order a module worked out itself (a computed sort).
 */
export async function recordsByIds(ctx: Ctx, def: AnyEntity, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const table = tableOf(def);
  const rows = await ctx.db.orm.select().from(table).where(and(companyCond(def, table, ctx), sql`${table.id} = ANY(${`{${ids.join(',')}}`}::int[])`));
  const items = rows.map((r) => present(ctx, def, r));
  await attachRefTitles(ctx.db.orm, ctx, def, items);
  const at = new Map(ids.map((id, i) => [id, i]));
  return items.sort((a, b) => at.get(a.id as number)! - at.get(b.id as number)!);
}

/** All rows matching a list query (for exports), in pages of 1000, at most `limit`. */
export async function allRecords(ctx: Ctx, def: AnyEntity, query: Record<string, unknown>, limit = 100_000): Promise<Row[]> {
  const table = tableOf(def);
  const p = listQuery(ctx, def, table, { ...query, page: '1', pageSize: '1' });
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
  const [row] = await tx.select().from(table).where(scopeCond(def, table, ctx, validId(ctx, def, id))).for('update');
  if (!row) throw notFound('recordNotFound', { entity: tr(def.label, ctx.locale) });
  return row as Row;
}

/** lockRow, with the titles of the row's references read by the same statement (for the answer's `before`). */
export async function lockRowTitled(tx: Tx, ctx: Ctx, def: AnyEntity, id: number): Promise<{ row: Row; titles: Data }> {
  const table = tableOf(def);
  const [raw] = await tx.select({ ...getTableColumns(table), ...refTitleFields(ctx, def) }).from(table)
    .where(scopeCond(def, table, ctx, validId(ctx, def, id))).for('update', { of: table });
  if (!raw) throw notFound('recordNotFound', { entity: tr(def.label, ctx.locale) });
  return splitTitles(def, raw as Data);
}

/** `id` when it can be a record's id (a positive int4); else the entity's "not found", as for a missing row. */
function validId(ctx: Ctx, def: AnyEntity, id: number): number {
  if (!Number.isInteger(id) || id < 1 || id > MAX_INT) throw notFound('recordNotFound', { entity: tr(def.label, ctx.locale) });
  return id;
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
  // the row and the titles of its references in one statement
  const [raw] = await orm.select({ ...getTableColumns(table), ...refTitleFields(ctx, def) }).from(table).where(scopeCond(def, table, ctx, validId(ctx, def, id)));
  if (!raw) throw notFound('recordNotFound', { entity: tr(def.label, ctx.locale) });
  const { row, titles } = splitTitles(def, raw as Data);
  return presentRow(orm, ctx, def, row, titles);
}

/** The select fields `__ref_<key>` (the title of each reference) of a statement over the entity's own table. */
export function refTitleFields(ctx: Ctx, def: AnyEntity): Record<string, SQL> {
  const table = tableOf(def);
  const keys = Object.keys(def.fields).filter((k) => def.fields[k]!.kind === 'ref' && table[k]);
  return Object.fromEntries(keys.map((k) => [`__ref_${k}`, refTitleExpr(ctx, def, k, sql`${table[k]}`)]));
}

/** A row selected with refTitleFields, as the row and its known titles. */
export function splitTitles(def: AnyEntity, raw: Data): { row: Row; titles: Data } {
  const row: Data = {};
  const titles: Data = {};
  for (const [k, v] of Object.entries(raw)) if (!k.startsWith('__ref_')) row[k] = v;
  for (const k of Object.keys(def.fields)) if (def.fields[k]!.kind === 'ref' && typeof row[k] === 'number' && `__ref_${k}` in raw) titles[k] = raw[`__ref_${k}`] ?? null;
  return { row: row as Row, titles };
}

/** getRecord's answer for a row already read (select or RETURNING); `known` reference titles are not queried. */
export async function presentRow(orm: Tx | Ctx['db']['orm'], ctx: Ctx, def: AnyEntity, row: Row, known: Data = {}): Promise<Row> {
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

/** The reference titles a statement returned as `__ref_<key>` columns, for the references `row` has. */
export function refTitlesOf(def: AnyEntity, row: Row, raw: Record<string, unknown>): Data {
  const known: Data = {};
  for (const k of Object.keys(def.fields)) if (def.fields[k]!.kind === 'ref' && typeof row[k] === 'number' && `__ref_${k}` in raw) known[k] = raw[`__ref_${k}`] ?? null;
  return known;
}
