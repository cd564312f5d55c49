import { type SQL, sql } from 'drizzle-orm';
import type { AnyEntity } from './define';
import type { RefField, RefsField } from './field';
import type { Data } from './hooks';
import { conditionSql, parseListQuery } from './list-query';
import { tableOf } from '../db/entity-table';
import { readInTx } from '../db/tx-memo';
import { MAX_INT } from './bounds';
import type { Tx } from '../db/tx';
import { entityByName } from '../../modules/registry';
import type { Ctx } from '../http/context';
import { validationError } from '../http/errors';
import { messages } from '../i18n/messages';
import { type Label, fill } from '../i18n/locale';

/**
 * INVARIANT: a record's references point at records of the caller's company (the tenant's own row for a tenant
 * entity) that match the reference field's `filters` (field.ts: the walk-in customer is a contact with the customer
 * role, a shortage account an active expense account without sub-accounts). A create is gated on it in its INSERT
 * (`referencesExist`: no row when one fails) and an update checks it first (`checkReferences`); either way the
 * caller gets 422 with every failing field named in its language (the record does not exist, or the field's own
 * `filtersMessage`), the first problem as the error's message, and nothing is written. A client may send any id:
 * the picker's filters are the same list filters, so what the form offers is what the server takes.
 */

interface Reference { key: string; fl: RefField | RefsField; ids: number[]; target: AnyEntity }

/** The references `data` sets: each field with its distinct ids and the target entity. */
function* referencesOf(def: AnyEntity, data: Data): Generator<Reference> {
  for (const [key, fl] of Object.entries(def.fields)) {
    if ((fl.kind !== 'ref' && fl.kind !== 'refs') || data[key] === undefined || data[key] === null) continue;
    const ids = fl.kind === 'ref' ? [data[key] as number] : [...new Set(data[key] as number[])];
    if (ids.length) yield { key, fl, ids, target: entityByName(fl.target) };
  }
}

// A field's filters do not change once loaded: their SQL (constants only) is built once.
const filterSql = new WeakMap<RefField, SQL | null>();

/** The field's `filters` as one SQL condition over its target's table (the list's own parsing), or null. */
function filtersOf(r: Reference): SQL | null {
  if (r.fl.kind !== 'ref' || !r.fl.filters) return null;
  let cond = filterSql.get(r.fl);
  if (cond === undefined) {
    const query = Object.fromEntries(Object.entries(r.fl.filters).map(([k, v]) => [`filter[${k}]`, v]));
    const { filters } = parseListQuery(r.target, tableOf(r.target), query, 0);
    cond = filters.length ? sql.join(filters.map(conditionSql), sql` AND `) : null;
    filterSql.set(r.fl, cond);
  }
  return cond;
}

/** The rows of `target` the caller's company owns (the tenant's own row for a tenant entity), as a condition. */
function scopeSql(ctx: Ctx, target: AnyEntity): SQL {
  const t = tableOf(target);
  return target.scope === 'tenant' ? sql`${t.id} = ${ctx.companyId}::int` : sql`${t.companyId} = ${ctx.companyId}::int`;
}

/** The target rows among `ids` in the caller's company, and how many of them match the field's filters. */
function countsSql(ctx: Ctx, r: Reference): SQL {
  const t = tableOf(r.target);
  const scope = scopeSql(ctx, r.target);
  const match = filtersOf(r);
  return sql`SELECT count(*)::int AS found, ${match ? sql`count(*) FILTER (WHERE ${match})::int` : sql`count(*)::int`} AS matching
    FROM ${t} WHERE ${t.id} = ANY(${`{${r.ids.join(',')}}`}::int[]) AND ${scope}`;
}

/** Every reference of `data` exists in the caller's company and matches its filters: one SQL condition. */
export function referencesExist(ctx: Ctx, def: AnyEntity, data: Data): SQL | null {
  const conds: SQL[] = [];
  for (const r of referencesOf(def, data)) conds.push(sql`(SELECT matching FROM (${countsSql(ctx, r)}) c) = ${r.ids.length}::int`);
  return conds.length ? sql.join(conds, sql` AND `) : null;
}

/** The problem's message with the field's label, in each language. */
function problemOf(fl: RefField | RefsField, message: Label): Label {
  return { en: fill(message.en, { field: fl.label.en }), ar: fill(message.ar, { field: fl.label.ar }) };
}

/** Refuses (422) the references of `data` that do not exist in the caller's company or do not match their filters. */
export async function checkReferences(tx: Tx, ctx: Ctx, def: AnyEntity, data: Data): Promise<void> {
  const problems: [string, Label][] = [];
  for (const r of referencesOf(def, data)) {
    const { rows } = await tx.execute(countsSql(ctx, r));
    const { found, matching } = rows[0] as { found: number; matching: number };
    const message = found !== r.ids.length ? messages.refNotFound
      : matching !== r.ids.length ? (r.fl.kind === 'ref' && r.fl.filtersMessage) || messages.refNotAllowed : null;
    if (message) problems.push([r.key, problemOf(r.fl, message)]);
  }
  if (!problems.length) return;
  const fields = Object.fromEntries(problems.map(([k, l]) => [k, l[ctx.locale]]));
  throw validationError(fields, problems[0]![1]);
}

/**
 * The same rule for a batch (an import's set-based insert, whose references the import resolved in the company):
 * one statement per reference field with `filters` over the batch's distinct ids; 422 when any does not match, for
 * the caller to write the rows one by one and name each failing row.
 */
export async function checkFilteredReferencesOf(tx: Tx, ctx: Ctx, def: AnyEntity, rows: Data[]): Promise<void> {
  for (const [key, fl] of Object.entries(def.fields)) {
    if (fl.kind !== 'ref' || !fl.filters) continue;
    const ids = [...new Set(rows.map((d) => d[key]).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) continue;
    const { rows: counts } = await tx.execute(countsSql(ctx, { key, fl, ids, target: entityByName(fl.target) }));
    if ((counts[0] as { matching: number }).matching === ids.length) continue;
    const problem = problemOf(fl, fl.filtersMessage ?? messages.refNotAllowed);
    throw validationError({ [key]: problem[ctx.locale] }, problem);
  }
}

/**
 * The same rule for references no field declares: the ids inside a document's jsonb lines (an invoice line's
 * product), of an entity the document's module may not read itself (modules depend one way, and a module never
 * names another's tables: modules/module-boundaries.test.ts), checked through the registry as a `ref` field's are.
 * Answers those of `ids` that name no record of the entity `target` in the caller's company (the tenant's own row
 * for a tenant entity): one statement over the distinct ids, none when there are none. An id that is not an
 * integer from 1 to 2^31-1 names no record and is not looked up, nor is one the transaction already read as the
 * company's (core/db/tx-memo.ts noteReadInTx). The caller refuses with its own message, naming the line.
 */
export async function missingRecords(tx: Tx, ctx: Ctx, target: string, ids: readonly number[]): Promise<Set<number>> {
  const isId = (id: number) => Number.isInteger(id) && id > 0 && id <= MAX_INT;
  const wanted = [...new Set(ids)];
  const candidates = wanted.filter(isId).sort((a, b) => a - b);
  const missing = new Set(wanted.filter((id) => !isId(id)));
  // records this transaction already read as the company's (a till sale's products, read by its pricing) are not read again
  const valid = candidates.filter((id) => !readInTx(tx, target, id));
  if (!valid.length) return missing;
  const def = entityByName(target);
  const t = tableOf(def);
  const { rows } = await tx.execute(sql`SELECT ${t.id} AS id FROM ${t} WHERE ${t.id} = ANY(${`{${valid.join(',')}}`}::int[]) AND ${scopeSql(ctx, def)}`);
  const found = new Set(rows.map((r) => Number((r as { id: number | string }).id)));
  for (const id of valid) if (!found.has(id)) missing.add(id);
  return missing;
}
