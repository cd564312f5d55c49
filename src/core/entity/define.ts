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
  };
  /** Named actions beyond view/add/change/delete, with labels (used by groups screens). */
  actions?: Record<string, Label>;
  /** 'company' rows carry company_id (the default). 'tenant' is the companies table itself. */
  scope?: 'company' | 'tenant';
  /** Which generic operations exist. Defaults to all. */
  operations?: { create?: boolean; update?: boolean; delete?: boolean };
}

export function defineEntity<const F extends Record<string, Field>>(def: EntityDef<F>): EntityDef<F> {
  const keys = Object.keys(def.fields);
  for (const c of def.list.columns) if (!keys.includes(c)) throw new Error(`${def.name}: list column ${c} is not a field`);
  if (!keys.includes(def.titleField)) throw new Error(`${def.name}: titleField ${def.titleField} is not a field`);
  for (const s of def.form?.sections ?? [])
    for (const k of s.fields) if (!keys.includes(k)) throw new Error(`${def.name}: form field ${k} is not a field`);
  if (def.states && !keys.includes(def.states.field)) throw new Error(`${def.name}: state field missing`);
  if (def.states?.onCreate && !def.states.transitions[def.states.onCreate]) throw new Error(`${def.name}: onCreate names no transition`);
  for (const [name, nf] of Object.entries(def.filters ?? {})) {
    const kinds = new Set(nf.anyOf.map((k) => def.fields[k]?.kind));
    if (keys.includes(name) || nf.anyOf.length < 2 || kinds.size !== 1 || kinds.has(undefined))
      throw new Error(`${def.name}: filter ${name} needs a new name and two or more fields of one kind`);
  }
  return def;
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
 * Settings-like entities: one record per company (made with the company) that clients may edit but neither create
 * nor delete. Their API adds GET <base>/current and their route shows that record instead of a list.
 */
export function isSingleton(def: AnyEntity): boolean {
  return def.operations?.create === false && def.operations?.delete === false && def.operations?.update !== false;
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
