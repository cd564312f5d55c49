import { type Column, type SQL, getTableColumns, sql } from 'drizzle-orm';
import {
  type AnyPgColumn, type PgColumnBuilderBase, type PgTableWithColumns, boolean, date, index, integer, jsonb,
  numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import type { AnyEntity } from '../entity/define';
import { columnName, type Field } from '../entity/field';

/**
 * Drizzle tables derived from entity definitions. Every company-scoped table gets company_id, audit columns,
 * a version for optimistic locking and, when fields are searchable, a generated `search_text` folded by the
 * SQL function ar_norm with a trigram index, so Arabic-aware search stays indexed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTable = PgTableWithColumns<any>;

const tables = new Map<string, AnyTable>();
const junctions = new Map<string, AnyTable>();
let companiesRef: () => AnyPgColumn = () => { throw new Error('companies table not built'); };

function column(key: string, fl: Field, refOf: (target: string) => AnyPgColumn): PgColumnBuilderBase | null {
  const name = columnName(key);
  let c;
  switch (fl.kind) {
    case 'text': case 'textarea': case 'email': case 'phone': case 'url':
      c = fl.max && fl.max <= 500 ? varchar(name, { length: fl.max }) : text(name);
      if (fl.default !== undefined) c = c.default(fl.default);
      break;
    case 'decimal': {
      const n = numeric(name, { precision: fl.precision, scale: fl.scale });
      c = fl.default !== undefined ? n.default(fl.default) : n;
      break;
    }
    case 'integer': c = fl.default !== undefined ? integer(name).default(fl.default) : integer(name); break;
    case 'boolean': c = boolean(name).notNull().default(fl.default ?? false); break;
    case 'date': c = date(name, { mode: 'string' }); break;
    case 'datetime': c = timestamp(name, { withTimezone: true, mode: 'string' }); break;
    case 'enum': c = fl.default ? varchar(name, { length: 40 }).default(fl.default) : varchar(name, { length: 40 }); break;
    case 'ref': c = integer(name).references(() => refOf(fl.target), { onDelete: fl.onDelete ?? 'restrict' }); break;
    case 'file': c = varchar(name, { length: 100 }); break;
    case 'json': c = jsonb(name); break;
    case 'refs': return null;
  }
  return fl.required && fl.kind !== 'boolean' ? c.notNull() : c;
}

/** The SQL that folds the searchable fields of a row, used by the generated search_text column. */
export function searchExpression(def: AnyEntity): SQL | null {
  const cols = Object.entries(def.fields).filter(([, fl]) => fl.search).map(([k]) => columnName(k));
  if (!cols.length) return null;
  const parts = cols.map((c) => `coalesce(${c}::text, '')`).join(` || ' ' || `);
  return sql.raw(`ar_norm(${parts})`);
}

/**
 * Whether a field gets an index of its own ((company_id, field) on a company's table): unique fields, references,
 * sort fields and filters. Not a boolean filter: (company, flag) halves a company's rows at best, so the planner
 * walks the sort index or scans instead, and the index only cost every write and every plan of the table.
 */
export function indexedField(fl: Field): boolean {
  return Boolean(fl.unique) || fl.kind === 'ref' || Boolean(fl.sort) || (Boolean(fl.filter) && fl.kind !== 'boolean');
}

export function buildTables(defs: AnyEntity[]): Map<string, AnyTable> {
  const refOf = (target: string): AnyPgColumn => {
    const t = tables.get(target);
    if (!t) throw new Error(`reference to unknown entity ${target}`);
    return t.id as AnyPgColumn;
  };
  for (const def of defs) {
    const cols: Record<string, PgColumnBuilderBase> = {
      id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    };
    if (def.scope !== 'tenant') cols.companyId = integer('company_id').notNull().references(() => companiesRef(), { onDelete: 'cascade' });
    for (const [k, fl] of Object.entries(def.fields)) {
      if (fl.virtual) continue;
      const c = column(k, fl, refOf);
      if (c) cols[k] = c;
    }
    if (def.states) cols[def.states.field] = varchar(columnName(def.states.field), { length: 40 }).notNull().default(def.states.initial);
    const search = searchExpression(def);
    if (search) cols.searchText = text('search_text').generatedAlwaysAs(search);
    cols.version = integer('version').notNull().default(1);
    cols.createdAt = timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
    cols.updatedAt = timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
    cols.createdBy = integer('created_by');
    cols.updatedBy = integer('updated_by');

    const table = pgTable(def.table, cols, (tt) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const t = tt as Record<string, any>;
      const idx = [];
      const scoped = def.scope !== 'tenant';
      for (const [k, fl] of Object.entries(def.fields)) {
        const col = t[k];
        if (!col) continue;
        const cols = (scoped ? [t.companyId, col] : [col]) as [typeof col, ...(typeof col)[]];
        if (fl.unique === 'global') idx.push(uniqueIndex(`${def.table}_${columnName(k)}_uq`).on(col));
        else if (fl.unique) idx.push(uniqueIndex(`${def.table}_${columnName(k)}_uq`).on(...cols));
        else if (indexedField(fl)) idx.push(index(`${def.table}_${columnName(k)}_idx`).on(...cols));
      }
      if (scoped) idx.push(index(`${def.table}_company_idx`).on(t.companyId, t.id));
      if (t.searchText) idx.push(index(`${def.table}_search_trgm`).using('gin', sql`${t.searchText} gin_trgm_ops`));
      return idx;
    });
    tables.set(def.name, table);
    if (def.scope === 'tenant') companiesRef = () => table.id as AnyPgColumn;

    for (const [k, fl] of Object.entries(def.fields)) {
      if (fl.kind !== 'refs') continue;
      const jt = pgTable(`${def.table}_${columnName(k)}`, {
        ownerId: integer('owner_id').notNull().references(() => table.id as AnyPgColumn, { onDelete: 'cascade' }),
        targetId: integer('target_id').notNull().references(() => refOf(fl.target), { onDelete: 'cascade' }),
      }, (t) => [primaryKey({ columns: [t.ownerId, t.targetId] }), index(`${def.table}_${columnName(k)}_target_idx`).on(t.targetId)]);
      junctions.set(`${def.name}.${k}`, jt);
    }
  }
  return tables;
}

export function tableOf(def: AnyEntity): AnyTable {
  const t = tables.get(def.name);
  if (!t) throw new Error(`no table for ${def.name}`);
  return t;
}

export function junctionOf(def: AnyEntity, key: string): AnyTable {
  const t = junctions.get(`${def.name}.${key}`);
  if (!t) throw new Error(`no junction for ${def.name}.${key}`);
  return t;
}

export function allJunctions(): AnyTable[] {
  return [...junctions.values()];
}

/** A raw row of the table (SQL column names, e.g. from `RETURNING *`) as Drizzle's select() gives it. */
export function rowFromSql(table: AnyTable, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    const v = raw[col.name];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out;
}
