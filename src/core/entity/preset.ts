import type { Label } from '../i18n/locale';
import type { AnyEntity, FormSection } from './define';
import type { Field } from './field';

/**
 * A list preset (isomorphic): one entity's records narrowed and dressed for a screen of their own, with no
 * definition, table or permissions of its own: the point of sale's customers are the contacts with the customer
 * role, titled "Customers", with their balance beside them. The generic list, form and record page serve it
 * (`EntityListPage preset`, web/entity), so searching, sorting, paging, columns and the form behave as everywhere.
 *
 * - `filters` are always applied (`filter[<key>]=<value>` on every list request; the screen hides them) and the
 *   server route answering `url` applies them too, so the screen cannot be turned into the whole list;
 * - `defaults` are sent with every record created from the screen (a new customer is `isCustomer: true`);
 * - `computed` are read-only columns the preset's `url` adds to each row (a balance): shown, never sent; those named in
 *   `sortable` may be sorted on (`sort=<key>` / `-<key>`), and those named in `filterable` filtered by a from/to range
 *   (`filter[<key>][gte]` / `[lte]`, a decimal's pair of inputs in the filter bar), which the preset's `url` must then
 *   answer itself;
 * - `formFields` (in `form` sections) are the fields its create and edit forms show; the rest keep their values.
 *
 * `def` is the base definition under the preset's labels, columns and form: same name, module and API path, so
 * permissions, validation (the same zod schema) and writes are the base entity's.
 */
export interface ListPreset {
  /** Where columns and folded filters are remembered and the list cached, e.g. 'pos.customers'. */
  key: string;
  def: AnyEntity;
  base: AnyEntity;
  filters: Record<string, string>;
  defaults: Record<string, unknown>;
  /** The list API (GET `url`, `url`/export.xlsx): the base's generic one unless the preset adds computed columns. */
  url?: string;
  /** The screen's route, and its record page (`route`/{id}). */
  route: string;
  formFields?: string[];
}

export interface PresetOptions {
  key: string;
  route: string;
  label: Label;
  pluralLabel: Label;
  filters?: Record<string, string>;
  defaults?: Record<string, unknown>;
  columns: string[];
  defaultSort?: string;
  /** Labels that read better on this screen (the contact's "Type" as "Customer type"). */
  labels?: Record<string, Label>;
  computed?: Record<string, Field>;
  /** Computed columns the preset's own list API sorts by (server-side, over every row, not the page). */
  sortable?: string[];
  /** Computed decimal columns the preset's own list API filters by a from/to range (server-side, over every row). */
  filterable?: string[];
  form?: FormSection<string>[];
  url?: string;
}

export function listPreset(base: AnyEntity, o: PresetOptions): ListPreset {
  const computed: Record<string, Field> = {};
  for (const [k, f] of Object.entries(o.computed ?? {})) {
    if (k in base.fields) throw new Error(`${o.key}: computed column ${k} is a field of ${base.name}`);
    computed[k] = { ...f, readOnly: true, sort: Boolean(o.sortable?.includes(k)), filter: Boolean(o.filterable?.includes(k)), search: false };
  }
  for (const k of o.sortable ?? []) if (!computed[k]) throw new Error(`${o.key}: sortable ${k} is not a computed column`);
  if (o.sortable?.length && !o.url) throw new Error(`${o.key}: a sortable computed column needs the preset's own url`);
  for (const k of o.filterable ?? []) if (computed[k]?.kind !== 'decimal') throw new Error(`${o.key}: filterable ${k} is not a computed decimal column`);
  if (o.filterable?.length && !o.url) throw new Error(`${o.key}: a filterable computed column needs the preset's own url`);
  // the preset's columns first, in its order (a list shows its columns in the order of the fields)
  const fields: Record<string, Field> = {};
  for (const k of o.columns) if (base.fields[k] ?? computed[k]) fields[k] = (base.fields[k] ?? computed[k])!;
  Object.assign(fields, base.fields, computed);
  for (const [k, label] of Object.entries(o.labels ?? {})) fields[k] = { ...fields[k]!, label };
  // a fixed filter is not offered as one
  for (const k of Object.keys(o.filters ?? {})) if (fields[k]) fields[k] = { ...fields[k]!, filter: false };
  for (const k of [...o.columns, ...(o.form ?? []).flatMap((s) => s.fields)])
    if (!(k in fields)) throw new Error(`${o.key}: ${k} is not a field of ${base.name} nor computed`);
  const def: AnyEntity = {
    ...base, label: o.label, pluralLabel: o.pluralLabel, route: o.route, fields,
    list: { columns: o.columns, defaultSort: o.defaultSort ?? base.list.defaultSort },
    ...(o.form && { form: { sections: o.form } }),
  };
  return {
    key: o.key, def, base, filters: o.filters ?? {}, defaults: o.defaults ?? {}, url: o.url, route: o.route,
    formFields: o.form?.flatMap((s) => s.fields),
  };
}

/** A list query with the preset's filters over the caller's (a fixed filter cannot be changed or dropped). */
export function withPresetFilters(preset: Pick<ListPreset, 'filters'>, query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...query };
  for (const [k, v] of Object.entries(preset.filters)) {
    for (const key of Object.keys(out)) if (key === `filter[${k}]` || key.startsWith(`filter[${k}][`)) delete out[key];
    out[`filter[${k}]`] = v;
  }
  return out;
}
