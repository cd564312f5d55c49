import { type Column, type SQL, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { type AnyEntity, filterFieldOf, knownStates } from './define';
import { type AnyTable, indexedField } from '../db/entity-table';
import type { RowScope } from './hooks';
import { badRequest, fieldProblem } from '../http/errors';
import { messages } from '../i18n/messages';
import { DATE_MAX, DATE_MIN, MAX_INT, dateProblem, dateTimeProblem, hasNul } from './bounds';
import { normalizeSearch } from '../text/arabic-normalize';

/**
 * Turns list query parameters into SQL. Sort and filter fields come only from the entity's allowlist
 * (sort: true / filter: true / titleField / state field); values are validated and always bound as
 * parameters, so `sort=name;drop` or `filter[x]=' OR 1=1` is a 400, never SQL. A value its column cannot take (an id
 * past 2^31-1, 2026-02-30, a NUL) is a 400 naming the filter in the caller's language, as the bodies' checks do.
 * Conditions are SQL text with a `?` for each parameter (quoted column names; nothing from the client is in the
 * text), and the list statements are written by concatenation: building them from Drizzle's SQL objects cost more
 * than PostgreSQL took to run a page. `whereSql` gives the conditions back as Drizzle SQL for the query builder.
 */
export interface ListCondition {
  /** SQL with `?` in place of each parameter, in order. */
  text: string;
  params: unknown[];
}

export interface ListParams {
  /** The company scope (or the tenant's own row). */
  scope: ListCondition;
  /** The filters, ANDed. */
  filters: ListCondition[];
  /** The search term folded (`term`) and as a LIKE pattern (`pattern`); none without a term or a search column. */
  search?: { term: string; pattern: string };
  /** Whether a search term narrowed the rows (its count is capped closer, see countCap). */
  searching: boolean;
  /** ORDER BY list (ends with the id), as columns of the table (`"products"."name" ASC, "products"."id" ASC`). */
  order: string;
  /** The same list with bare column names, for a derived table of the same columns. */
  bareOrder: string;
  /** Whether the first sort key has an index to walk, (company_id, key) or the company's ids. */
  orderIndexed: boolean;
  page: number;
  pageSize: number;
}

const INT_RE = /^\d{1,10}$/;
const DEC_RE = /^-?\d{1,20}(\.\d{1,10})?$/;

// Definitions do not change once loaded: their allowlists are worked out once.
const sortable = new WeakMap<AnyEntity, string[]>();
const filterable = new WeakMap<AnyEntity, string[]>();

export function sortableKeys(def: AnyEntity): string[] {
  let keys = sortable.get(def);
  if (!keys) {
    const own = Object.entries(def.fields).filter(([, f]) => f.sort).map(([k]) => k);
    keys = [...new Set([...own, def.titleField, 'id', 'createdAt', 'updatedAt', ...(def.states ? [def.states.field] : [])])];
    sortable.set(def, keys);
  }
  return keys;
}

export function filterableKeys(def: AnyEntity): string[] {
  let keys = filterable.get(def);
  if (!keys) {
    const own = Object.entries(def.fields).filter(([, f]) => f.filter || f.kind === 'ref').map(([k]) => k);
    keys = [...own, ...(def.states ? [def.states.field] : []), ...Object.keys(def.filters ?? {})];
    filterable.set(def, keys);
  }
  return keys;
}

const quoted = (c: Column) => `"${c.name}"`;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

function filterValue(def: AnyEntity, key: string, raw: string, op: string): unknown {
  const isState = def.states?.field === key;
  const fl = filterFieldOf(def, key);
  const label = fl?.label ?? (isState ? def.fields[key]?.label : undefined) ?? { en: key, ar: key };
  const bad = () => fieldProblem(400, key, label, messages.badFilterValue);
  if (isState || fl?.kind === 'enum') {
    // a state is one the definition knows (its field's options, else its transitions' ends): `filter[status]=' OR 1=1` is a 400
    const allowed = isState ? knownStates(def) : fl && fl.kind === 'enum' ? fl.options.map((o) => o.value) : [];
    const values = raw.split(',');
    if (values.some((v) => v.length > 40 || hasNul(v) || (allowed && !allowed.includes(v)))) throw bad();
    return values;
  }
  switch (fl?.kind) {
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw bad();
      return raw === 'true';
    case 'ref': case 'integer':
      if (!INT_RE.test(raw) || Number(raw) > MAX_INT) throw bad();
      return Number(raw);
    case 'decimal':
      if (!DEC_RE.test(raw)) throw bad();
      return raw;
    case 'date': case 'datetime': {
      const problem = raw.length === 10 ? dateProblem(raw) : dateTimeProblem(raw);
      if (problem === 'dateOutOfRange') throw fieldProblem(400, key, label, messages.dateOutOfRange, { min: DATE_MIN, max: DATE_MAX });
      if (problem) throw bad();
      return raw;
    }
    default:
      if (op !== 'eq' || raw.length > 200 || hasNul(raw)) throw bad();
      return raw;
  }
}

export function parseListQuery(def: AnyEntity, table: AnyTable, query: Record<string, unknown>, companyId: number, rows?: RowScope): ListParams {
  const company = `${quoted(def.scope === 'tenant' ? table.id : table.companyId)} = ?`;
  // the rows this user may see (hooks.ts rowScope), with the company's
  const scope = rows ? { text: `${company} AND (${rows.text})`, params: [companyId, ...rows.params] } : { text: company, params: [companyId] };
  const str = (v: unknown) => (Array.isArray(v) ? String(v[0]) : v === undefined ? undefined : String(v));

  const raw = str(query.search);
  if (raw && hasNul(raw)) throw fieldProblem(400, 'search', messages.searchTerm, messages.badCharacter);
  const q = raw ? normalizeSearch(raw.trim()) : '';
  const search = q && table.searchText ? { term: q, pattern: '%' + escapeLike(q) + '%' } : undefined;

  const filters: ListCondition[] = [];
  const allowedFilters = filterableKeys(def);
  for (const [k, v] of Object.entries(query)) {
    const m = /^filter\[([A-Za-z0-9_]+)\](?:\[(gte|lte|eq)\])?$/.exec(k);
    if (!m) {
      if (k.startsWith('filter')) throw badRequest('badFilter', { field: k });
      continue;
    }
    const [, key, op = 'eq'] = m as unknown as [string, string, string | undefined];
    if (!allowedFilters.includes(key!)) throw badRequest('badFilter', { field: key! });
    const rawValue = str(v) ?? '';
    if (rawValue === '') continue;
    const value = filterValue(def, key!, rawValue, op!);
    // A named filter (def.filters) matches when any of its fields does: OR of the same condition on each.
    const cols = (def.filters?.[key!]?.anyOf ?? [key!]).map((c) => table[c] as Column);
    const cond = (col: Column): ListCondition => {
      if (Array.isArray(value)) {
        const params = value.map((x) => col.mapToDriverValue(x));
        return { text: params.length === 1 ? `${quoted(col)} = ?` : `${quoted(col)} IN (${params.map(() => '?').join(', ')})`, params };
      }
      return { text: `${quoted(col)} ${op === 'gte' ? '>=' : op === 'lte' ? '<=' : '='} ?`, params: [col.mapToDriverValue(value)] };
    };
    const each = cols.map(cond);
    filters.push(each.length === 1 ? each[0]! : { text: `(${each.map((c) => c.text).join(' OR ')})`, params: each.flatMap((c) => c.params) });
  }

  const sortRaw = str(query.sort) ?? def.list.defaultSort;
  const keys: string[] = [];
  const allowedSorts = sortableKeys(def);
  for (const part of sortRaw.split(',').slice(0, 3)) {
    const key = part.replace(/^-/, '');
    if (!allowedSorts.includes(key) || !table[key]) throw badRequest('badSort', { field: part.slice(0, 60) });
    keys.push(`${quoted(table[key] as Column)} ${part.startsWith('-') ? 'DESC' : 'ASC'}`);
  }
  keys.push('"id" ASC');
  const first = sortRaw.split(',')[0]!.replace(/^-/, '');
  const orderIndexed = first === 'id' || Boolean(def.fields[first] && indexedField(def.fields[first]!));

  const page = Number(str(query.page) ?? 1);
  const pageSize = Number(str(query.pageSize) ?? 25);
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) throw badRequest('badFilterValue', { field: 'page' });
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 200) throw badRequest('badFilterValue', { field: 'pageSize' });
  return {
    scope, filters, search, searching: Boolean(search), order: keys.map((k) => `"${def.table}".${k}`).join(', '), bareOrder: keys.join(', '),
    orderIndexed, page, pageSize,
  };
}

/** Every condition of the list (scope, filters, search as LIKE). */
export function listConditions(table: AnyTable, p: ListParams): ListCondition[] {
  return [p.scope, ...p.filters, ...(p.search ? [{ text: `${quoted(table.searchText as Column)} LIKE ?`, params: [p.search.pattern] }] : [])];
}

/** One condition as Drizzle SQL, its parameters bound. */
export function conditionSql(c: ListCondition): SQL {
  const pieces = c.text.split('?');
  return sql.join(pieces.flatMap((piece, i) => (i < c.params.length ? [sql.raw(piece), sql`${c.params[i]}`] : [sql.raw(piece)])));
}

/** The conditions ANDed as Drizzle SQL (for the query builder: exports). */
export function whereSql(table: AnyTable, p: ListParams): SQL {
  return sql.join(listConditions(table, p).map(conditionSql), sql` AND `);
}

/** A statement's text and parameters as they are built: `bind` numbers each `?` of a condition as the next $n. */
class Statement {
  params: unknown[] = [];
  bind(c: ListCondition, hidden?: string): string {
    let i = 0;
    return c.text.replace(/\?/g, () => {
      this.params.push(c.params[i++]);
      return hidden ? `(SELECT $${this.params.length}::${hidden})` : `$${this.params.length}`;
    });
  }
}

export interface PageStatement {
  text: string;
  params: unknown[];
  /** The name to keep it prepared under (a hash of its text), for the statement made to be planned once. */
  name?: string;
}

/**
 * The page of a list, each row carrying the capped count (`__total`); `select` is the select list (columns and
 * reference titles, rendered once per entity and language) over the table's own name.
 *
 * A first page searched on PostgreSQL is one statement made to be planned once and kept prepared (`name`): its plan
 * may not depend on the term, so the term and the company reach the planner as `(SELECT $n)`, values it cannot
 * see, and the count (the trigram index, capped) picks the page's path as it runs. When the count reaches its cap
 * the term is frequent and the first page is near: the sort index is walked, testing `strpos` (not LIKE, which the
 * planner would take to the trigram index); below the cap its few matches are read through the trigram index and
 * sorted. Planned from the term instead, a quarter of the statement's time went to planning (ten reference titles,
 * the table planned twice), and an estimate off by two histogram samples (out of 100) had the count scan half the
 * table for a rare term. Its LIMITs are written in the text: PostgreSQL costs unknown limits as a tenth of the rows,
 * which priced the plan high enough to be compiled (JIT) at every run. The price: a term in most rows counts through
 * a bitmap of all its matches where a plan from the term scanned a few hundred rows (13 ms against 1.8 for 100k).
 * Only an indexed first sort key is walked. Other pages, other sorts, terms without a trigram (fewer than three
 * letters or digits in a row: the trigram index would read all of itself) and PGlite, which prepares nothing, run
 * the statement planned from its values.
 */
export function pageStatement(def: AnyEntity, table: AnyTable, p: ListParams, select: string, cap: number, prepares: boolean): PageStatement {
  const t = `"${def.table}"`;
  if (prepares && p.search && p.page === 1 && p.orderIndexed && def.scope !== 'tenant' && TRIGRAM_RE.test(p.search.term)) {
    const st = new Statement();
    const scope = st.bind(p.scope, 'int');
    const filters = p.filters.map((c) => ` AND ${st.bind(c)}`).join('');
    const like = `${quoted(table.searchText as Column)} LIKE ${st.bind({ text: '?', params: [p.search.pattern] }, 'text')}`;
    const contains = `strpos(${quoted(table.searchText as Column)}, ${st.bind({ text: '?', params: [p.search.term] }, 'text')}) > 0`;
    const n = '(SELECT n FROM "__count")';
    const text = `WITH "__count" AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT 1 FROM ${t} WHERE ${scope}${filters} AND ${like} LIMIT ${cap + 1}) capped)
      SELECT ${select}, ${n} AS "__total" FROM (
        (SELECT * FROM ${t} WHERE ${scope}${filters} AND ${contains} AND ${n} > ${cap} ORDER BY ${p.bareOrder} LIMIT ${p.pageSize})
        UNION ALL
        (SELECT * FROM (SELECT * FROM ${t} WHERE ${scope}${filters} AND ${like} OFFSET 0) found WHERE ${n} <= ${cap} ORDER BY ${p.bareOrder} LIMIT ${p.pageSize})
      ) AS ${t} ORDER BY ${p.order}`;
    let name = statementNames.get(text);
    if (!name && statementNames.size < MAX_PREPARED) statementNames.set(text, (name = 'list_' + createHash('sha1').update(text).digest('hex').slice(0, 20)));
    if (name) return { text, params: st.params, name };
  }
  const st = new Statement();
  const where = listConditions(table, p).map((c) => st.bind(c)).join(' AND ');
  const total = `(SELECT count(*) FROM (SELECT 1 FROM ${t} WHERE ${where} LIMIT ${cap + 1}) capped)`;
  const text = `SELECT ${select}, ${total} AS "__total" FROM ${t} WHERE ${where} ORDER BY ${p.order} LIMIT ${p.pageSize} OFFSET ${(p.page - 1) * p.pageSize}`;
  return { text, params: st.params };
}

/** The capped count alone (a page past the end has no row to carry it). */
export function countStatement(def: AnyEntity, table: AnyTable, p: ListParams, cap: number): PageStatement {
  const st = new Statement();
  const where = listConditions(table, p).map((c) => st.bind(c)).join(' AND ');
  return { text: `SELECT count(*) AS n FROM (SELECT 1 FROM "${def.table}" WHERE ${where} LIMIT ${cap + 1}) capped`, params: st.params };
}

/**
 * The prepared statements' names by text: one per entity, language, sort, filters and page size asked, each kept by
 * every connection that ran it. Past MAX_PREPARED texts a search runs the statement planned from its values.
 */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 200;

/** A run of three letters or digits: a term pg_trgm draws at least one trigram from. */
const TRIGRAM_RE = /[\p{L}\p{N}]{3}/u;
