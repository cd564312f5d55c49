import { type AnyEntity, isSingleton } from '../entity/define';
import type { Field } from '../entity/field';
import type { Label } from '../i18n/locale';
import { foldHeader } from './cells';

/**
 * What an import reads for an entity, from its definition alone (isomorphic: the web's mapping screen uses it):
 * the natural key a row is matched on, the columns a file may carry (its writable fields, then its line columns),
 * the template's and the export's columns, and the mapping suggested from a file's headers (English or Arabic).
 */
export interface ImportColumn { key: string; label: Label; required: boolean; line: boolean; field?: Field }

/** Kinds a spreadsheet cell can carry; json (other than declared lines), refs and files are not imported. */
const CELL_KINDS = new Set(['text', 'textarea', 'email', 'phone', 'url', 'decimal', 'integer', 'boolean', 'date', 'datetime', 'enum', 'ref']);

/**
 * The field a row is matched on to update a record: declared, else the first unique field, else the title field
 * when a file can carry it (a contact's name: two rows naming the same one are then a duplicate in the file).
 */
export function naturalKeyOf(def: AnyEntity): string | null {
  if (def.import?.naturalKey) return def.import.naturalKey;
  const usable = ([, fl]: [string, Field]) => !fl.readOnly && !fl.secret && CELL_KINDS.has(fl.kind);
  const unique = Object.entries(def.fields).find((e) => e[1].unique && usable(e));
  if (unique) return unique[0];
  const title = def.fields[def.titleField];
  return title && usable([def.titleField, title]) ? def.titleField : null;
}

function fieldColumns(def: AnyEntity): ImportColumn[] {
  const lines = def.import?.lines?.field;
  return Object.entries(def.fields)
    .filter(([k, fl]) => !fl.readOnly && !fl.secret && !fl.virtual && k !== def.states?.field && k !== lines && CELL_KINDS.has(fl.kind))
    .map(([k, fl]) => ({ key: k, label: fl.label, required: !!fl.required, line: false, field: fl }));
}

function lineColumns(def: AnyEntity): ImportColumn[] {
  const spec = def.import?.lines;
  if (!spec) return [];
  return Object.entries(spec.columns).map(([k, c]) => ({ key: `${spec.field}.${k}`, label: c.label, required: false, line: true }));
}

/** Columns a file may map to, fields first (required ones first), then line columns. */
export function importColumns(def: AnyEntity): ImportColumn[] {
  const cols = fieldColumns(def);
  return [...cols.filter((c) => c.required), ...cols.filter((c) => !c.required), ...lineColumns(def)];
}

/**
 * Whether the entity can be imported: created by the generic API, one per row (not a singleton nor the company
 * itself), and every required writable field is a column a file can carry.
 */
export function isImportable(def: AnyEntity): boolean {
  if (def.import?.disabled || def.operations?.create === false || isSingleton(def) || def.scope === 'tenant') return false;
  const cols = new Set(importColumns(def).map((c) => c.key));
  const lines = def.import?.lines?.field;
  return Object.entries(def.fields).every(([k, fl]) => !fl.required || fl.readOnly || k === lines || k === def.states?.field || cols.has(k));
}

/**
 * The columns an export writes and a template carries: the list's columns, the natural key if the list lacks it
 * (so an exported file can be imported back), then, in a template, every other importable column.
 */
export function exportColumns(def: AnyEntity): string[] {
  const cols: string[] = [...def.list.columns];
  const key = naturalKeyOf(def);
  if (key && !cols.includes(key)) cols.push(key);
  return cols;
}

export function templateColumns(def: AnyEntity): ImportColumn[] {
  const all = importColumns(def);
  const first = exportColumns(def).map((k) => all.find((c) => c.key === k)).filter((c): c is ImportColumn => !!c);
  return [...first, ...all.filter((c) => !first.includes(c))];
}

/**
 * The mapping suggested for a file's headers: each header to the column whose English or Arabic label (or key)
 * folds to the same text; an unknown header (or a read-only field, e.g. an exported total) maps to nothing.
 */
export function suggestMapping(def: AnyEntity, headers: string[]): (string | null)[] {
  const byName = new Map<string, string>();
  for (const c of importColumns(def)) for (const n of [c.label.en, c.label.ar, c.key]) byName.set(foldHeader(n), c.key);
  const used = new Set<string>();
  return headers.map((h) => {
    const k = byName.get(foldHeader(h));
    if (!k || used.has(k)) return null;
    used.add(k);
    return k;
  });
}
