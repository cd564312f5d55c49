import { type SQL, and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { type AnyEntity, filterFieldOf } from './define';
import type { AnyTable } from '../db/entity-table';
import { badRequest } from '../http/errors';
import { normalizeSearch } from '../text/arabic-normalize';

/**
 * Turns list query parameters into SQL. Sort and filter fields come only from the entity's allowlist
 * (sort: true / filter: true / titleField / state field); values are validated and always bound as
 * parameters, so `sort=name;drop` or `filter[x]=' OR 1=1` is a 400, never SQL.
 */
export interface ListParams {
  where: SQL | undefined;
  /** Whether a search term narrowed the rows (its count is capped closer, see countCap). */
  searching: boolean;
  orderBy: SQL[];
  page: number;
  pageSize: number;
}

const INT_RE = /^\d{1,10}$/;
const DEC_RE = /^-?\d{1,20}(\.\d{1,10})?$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

export function sortableKeys(def: AnyEntity): string[] {
  const keys = Object.entries(def.fields).filter(([, f]) => f.sort).map(([k]) => k);
  return [...new Set([...keys, def.titleField, 'id', 'createdAt', 'updatedAt', ...(def.states ? [def.states.field] : [])])];
}

export function filterableKeys(def: AnyEntity): string[] {
  const keys = Object.entries(def.fields).filter(([, f]) => f.filter || f.kind === 'ref').map(([k]) => k);
  return [...keys, ...(def.states ? [def.states.field] : []), ...Object.keys(def.filters ?? {})];
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

export function searchCondition(table: AnyTable, search: string): SQL | undefined {
  const q = normalizeSearch(search.trim());
  if (!q || !table.searchText) return undefined;
  return sql`${table.searchText} LIKE ${'%' + escapeLike(q) + '%'}`;
}

function filterValue(def: AnyEntity, key: string, raw: string, op: string): unknown {
  const isState = def.states?.field === key;
  const fl = filterFieldOf(def, key);
  const bad = () => badRequest('badFilterValue', { field: key });
  if (isState || fl?.kind === 'enum') {
    const allowed = isState ? null : fl && fl.kind === 'enum' ? fl.options.map((o) => o.value) : [];
    const values = raw.split(',');
    if (values.some((v) => v.length > 40 || (allowed && !allowed.includes(v)))) throw bad();
    return values;
  }
  switch (fl?.kind) {
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw bad();
      return raw === 'true';
    case 'ref': case 'integer':
      if (!INT_RE.test(raw)) throw bad();
      return Number(raw);
    case 'decimal':
      if (!DEC_RE.test(raw)) throw bad();
      return raw;
    case 'date': case 'datetime':
      if (!DATE_RE.test(raw) || Number.isNaN(Date.parse(raw))) throw bad();
      return raw;
    default:
      if (op !== 'eq' || raw.length > 200) throw bad();
      return raw;
  }
}

export function parseListQuery(def: AnyEntity, table: AnyTable, query: Record<string, unknown>, companyId: number): ListParams {
  const conds: (SQL | undefined)[] = [def.scope === 'tenant' ? eq(table.id, companyId) : eq(table.companyId, companyId)];
  const str = (v: unknown) => (Array.isArray(v) ? String(v[0]) : v === undefined ? undefined : String(v));

  const search = str(query.search);
  const searched = search ? searchCondition(table, search) : undefined;
  conds.push(searched);

  const filters = filterableKeys(def);
  for (const [k, v] of Object.entries(query)) {
    const m = /^filter\[([A-Za-z0-9_]+)\](?:\[(gte|lte|eq)\])?$/.exec(k);
    if (!m) {
      if (k.startsWith('filter')) throw badRequest('badFilter', { field: k });
      continue;
    }
    const [, key, op = 'eq'] = m as unknown as [string, string, string | undefined];
    if (!filters.includes(key!)) throw badRequest('badFilter', { field: key! });
    const raw = str(v) ?? '';
    if (raw === '') continue;
    const value = filterValue(def, key!, raw, op!);
    // A named filter (def.filters) matches when any of its fields does: OR of the same condition on each.
    const cols = (def.filters?.[key!]?.anyOf ?? [key!]).map((c) => table[c]);
    const cond = (col: (typeof cols)[number]) => (Array.isArray(value) ? (value.length === 1 ? eq(col, value[0]) : inArray(col, value))
      : op === 'gte' ? gte(col, value) : op === 'lte' ? lte(col, value) : eq(col, value));
    conds.push(cols.length === 1 ? cond(cols[0]!) : or(...cols.map(cond)));
  }

  const sortRaw = str(query.sort) ?? def.list.defaultSort;
  const orderBy: SQL[] = [];
  for (const part of sortRaw.split(',').slice(0, 3)) {
    const key = part.replace(/^-/, '');
    if (!sortableKeys(def).includes(key) || !table[key]) throw badRequest('badSort', { field: part.slice(0, 60) });
    orderBy.push(part.startsWith('-') ? desc(table[key]) : asc(table[key]));
  }
  orderBy.push(asc(table.id));

  const page = Number(str(query.page) ?? 1);
  const pageSize = Number(str(query.pageSize) ?? 25);
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) throw badRequest('badFilterValue', { field: 'page' });
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 200) throw badRequest('badFilterValue', { field: 'pageSize' });
  return { where: and(...conds.filter(Boolean)), searching: Boolean(searched), orderBy, page, pageSize };
}
