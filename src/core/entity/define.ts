import type { Label } from '../i18n/locale';
import type { Field } from './field';

/**
 * One definition per entity. The table, the zod schema (API and forms), labels, list and form layout,
 * permissions and state transitions all derive from this object; see docs/ARCHITECTURE.md.
 * Definitions are isomorphic: the server and the web import the same file.
 */
export interface Transition {
  label: Label;
  from: string[];
  to: string;
  /** Extra permission code suffix; defaults to the action name. */
  permission?: string;
  /** Ask the user to confirm before running (the spec asks it for activate, deactivate, reset, ...). */
  confirm?: boolean;
  color?: string;
}

export interface FormSection<K extends string> { title: Label; fields: K[] }

export interface NamedFilter<K extends string> { label: Label; anyOf: K[] }

export interface EntityDef<F extends Record<string, Field> = Record<string, Field>> {
  /** Singular machine name, unique across the product: 'contact', 'journalEntry'. */
  name: string;
  /** Module key: 'contacts', 'accounting'. Groups permissions, menus and the API path. */
  module: string;
  /** API collection segment in kebab-case plural: /api/<module>/<path>. */
  path: string;
  /** SQL table name. */
  table: string;
  label: Label;
  pluralLabel: Label;
  fields: F;
  /** Field shown when another record refers to this one. */
  titleField: keyof F & string;
  /** Web route (without /ar) where the generic list lives, e.g. '/contacts/contact'. */
  route?: string;
  list: {
    columns: (keyof F & string)[];
    defaultSort: string;
  };
  /**
   * Named list filters beyond the fields' own: `filter[<name>]=v` matches the rows where ANY of `anyOf` equals v
   * (the value is checked as the first field's), e.g. the stock moves touching a location (from OR to). The list
   * screen shows them beside the field filters and OpenAPI lists them.
   */
  filters?: Record<string, NamedFilter<keyof F & string>>;
  /**
   * The form's sections. `page`: web route (without /ar) of a full-page form for a new record, which the list's
   * "New" opens instead of the drawer (documents whose lines need the width).
   */
  form?: { sections: FormSection<keyof F & string>[]; page?: string };
  states?: {
    field: keyof F & string;
    initial: string;
    transitions: Record<string, Transition>;
    /**
     * A transition a create may run at once: `POST` with `"<name>": true` creates the record and runs it in the
     * same transaction (createAndTransition; it needs the transition's permission besides add), e.g. a journal
     * entry created posted, a delivery created validated.
     */
    onCreate?: string;
    /**
     * States in which a record may be edited (PATCH), and deleted (DELETE, bulk delete); in any other state both
     * answer 409 and the web offers neither (allowedOps in allowed-ops.ts, for the server and the web alike).
     * Required: every entity with states says it, e.g. `editableIn: ['draft'], deletableIn: ['draft', 'cancelled']`;
     * a record never edited or deleted says so with `operations` instead of an empty list.
     */
    editableIn: string[];
    deletableIn: string[];
    /** Fields that, once set (a document number, a posted entry), keep the record from deletion whatever its state. */
    deleteBlockedBy?: (keyof F & string)[];
    /**
     * The 409's message when an edit or delete is refused by the state, if not the shared `notEditableInState`;
     * `{state}` is replaced by the states it is allowed in.
     */
    lockedMessage?: Label;
  };
  /** Named actions beyond view/add/change/delete, with labels (used by groups screens). */
  actions?: Record<string, Label>;
  /** 'company' rows carry company_id (the default). 'tenant' is the companies table itself. */
  scope?: 'company' | 'tenant';
  /** Which generic operations exist. Defaults to all. */
  operations?: { create?: boolean; update?: boolean; delete?: boolean };
  /**
   * One record per company (made with the company): settings, the company itself. Declared, never inferred from
   * `operations` (a list clients cannot add to, like lots, is still a list). Needs `create: false, delete: false`.
   */
  singleton?: boolean;
  /**
   * Import from Excel/CSV (core/import): `naturalKey` is the field a file's row is matched on to update a record
   * (default: the first unique field, else none: every row inserts); `lines` imports a jsonb line field from one row
   * per line, rows of one record sharing its natural key; `disabled` keeps the entity out of imports.
   */
  import?: ImportSpec;
}

/** A line column of an import: its label, and `ref` (an entity name) when the file names a record by title or code. */
export interface ImportLineColumn { label: Label; ref?: string; kind?: 'text' | 'decimal' }
export interface ImportSpec {
  naturalKey?: string;
  lines?: { field: string; columns: Record<string, ImportLineColumn> };
  disabled?: boolean;
}

export function defineEntity<const F extends Record<string, Field>>(def: EntityDef<F>): EntityDef<F> {
  const keys = Object.keys(def.fields);
  for (const c of def.list.columns) if (!keys.includes(c)) throw new Error(`${def.name}: list column ${c} is not a field`);
  if (!keys.includes(def.titleField)) throw new Error(`${def.name}: titleField ${def.titleField} is not a field`);
  for (const s of def.form?.sections ?? [])
    for (const k of s.fields) if (!keys.includes(k)) throw new Error(`${def.name}: form field ${k} is not a field`);
  if (def.states && !keys.includes(def.states.field)) throw new Error(`${def.name}: state field missing`);
  if (def.states?.onCreate && !def.states.transitions[def.states.onCreate]) throw new Error(`${def.name}: onCreate names no transition`);
  if (def.states) checkStates(def as AnyEntity);
  if (def.singleton && (def.operations?.create !== false || def.operations?.delete !== false))
    throw new Error(`${def.name}: a singleton has operations create: false and delete: false`);
  for (const [name, nf] of Object.entries(def.filters ?? {})) {
    const kinds = new Set(nf.anyOf.map((k) => def.fields[k]?.kind));
    if (keys.includes(name) || nf.anyOf.length < 2 || kinds.size !== 1 || kinds.has(undefined))
      throw new Error(`${def.name}: filter ${name} needs a new name and two or more fields of one kind`);
  }
  return def;
}

/** The states a definition knows: its state field's options, else its initial state and its transitions' ends. */
export function knownStates(def: AnyEntity): string[] {
  const st = def.states!;
  const field = def.fields[st.field];
  if (field?.kind === 'enum') return field.options.map((o) => o.value);
  return [...new Set([st.initial, ...Object.values(st.transitions).flatMap((t) => [...t.from, t.to])])];
}

/** editableIn / deletableIn name known states (a typo would lock every record) and deleteBlockedBy names fields. */
function checkStates(def: AnyEntity): void {
  const st = def.states!;
  const known = knownStates(def);
  for (const key of ['editableIn', 'deletableIn'] as const) {
    const list = st[key] as string[] | undefined;
    if (!Array.isArray(list) || list.length === 0)
      throw new Error(`${def.name}: states.${key} must list the states it is allowed in (or set operations to forbid it)`);
    for (const s of list) if (!known.includes(s)) throw new Error(`${def.name}: states.${key} names an unknown state ${s}`);
  }
  for (const k of st.deleteBlockedBy ?? []) if (!(k in def.fields)) throw new Error(`${def.name}: deleteBlockedBy ${k} is not a field`);
}

/** Any entity, compared structurally (EntityDef<F> is invariant in F because of `keyof F`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEntity = Omit<EntityDef<any>, 'fields'> & { fields: Record<string, Field> };

/** Permission codes: `<module>.<entity>.<op>`; ops are view/add/change/delete and the named actions. */
export function permissionCode(def: AnyEntity, op: string): string {
  return `${def.module}.${def.name}.${op}`;
}

export function permissionCodesOf(def: AnyEntity): string[] {
  const ops = ['view', 'add', 'change', 'delete', ...Object.keys(def.actions ?? {})];
  for (const [name, t] of Object.entries(def.states?.transitions ?? {})) ops.push(t.permission ?? name);
  return [...new Set(ops)].map((op) => permissionCode(def, op));
}

/**
 * Settings-like entities, declared `singleton: true`: one record per company (made with the company) that clients
 * may edit but neither create nor delete. Their API adds GET <base>/current and their route shows that record
 * instead of a list.
 */
export function isSingleton(def: AnyEntity): boolean {
  return def.singleton === true;
}

/** Fields a client may send (not readOnly, not secret). */
export function writableKeys(def: AnyEntity): string[] {
  return Object.entries(def.fields)
    .filter(([, fl]) => !fl.readOnly && !fl.secret)
    .map(([k]) => k);
}

/** What a list filter key reads like: its field, or a named filter's first field under the filter's label. */
export function filterFieldOf(def: AnyEntity, key: string): Field | undefined {
  const named = def.filters?.[key];
  if (!named) return def.fields[key];
  const first = def.fields[named.anyOf[0]!];
  return first && { ...first, label: named.label, filter: true };
}
