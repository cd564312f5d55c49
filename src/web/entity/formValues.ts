import { type AnyEntity, writableKeys } from '../../core/entity/define';
import type { Field } from '../../core/entity/field';
import type { Label } from '../../core/i18n/locale';
import type { Row } from '../api/useEntityQueries';
import { parseTimestamp } from './formatValue';

/**
 * Between records and form state. Inputs hold what they display (decimals stay strings, refs are string ids
 * for Select, datetimes are local 'YYYY-MM-DDTHH:mm'); `toBody` turns that back into what the entity's zod
 * schema accepts, and the schema's output is what we send.
 */
export type FormValues = Record<string, unknown>;
export interface Section { title?: Label; fields: string[] }

/** Editable keys: not readOnly, not secret, not the state field (states change through transitions only). */
export function editableKeys(def: AnyEntity): string[] {
  return writableKeys(def).filter((k) => k !== def.states?.field);
}

export function formSections(def: AnyEntity, only?: string[]): Section[] {
  const editable = new Set(only ?? editableKeys(def));
  const sections: Section[] = def.form
    ? def.form.sections.map((s) => ({ title: s.title, fields: s.fields.filter((k) => editable.has(k)) }))
    : [{ fields: [...editable] }];
  const placed = new Set(sections.flatMap((s) => s.fields));
  const rest = [...editable].filter((k) => !placed.has(k));
  if (rest.length) sections.push({ fields: rest });
  return sections.filter((s) => s.fields.length > 0);
}

const pad = (n: number) => String(n).padStart(2, '0');

function toLocalDateTime(v: unknown): string {
  if (typeof v !== 'string' || !v) return '';
  const d = parseTimestamp(v);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function defaultOf(field: Field): unknown {
  switch (field.kind) {
    case 'boolean': return field.default ?? false;
    case 'enum': return field.default ?? null;
    case 'integer': return field.default ?? '';
    case 'decimal': return field.default ?? '';
    case 'refs': return [];
    case 'ref': case 'file': case 'json': return null;
    default: return '';
  }
}

function fromRow(field: Field, v: unknown): unknown {
  if (v === undefined || v === null) {
    if (field.kind === 'refs') return [];
    if (field.kind === 'boolean') return false;
    return ['enum', 'ref', 'file', 'json'].includes(field.kind) ? null : '';
  }
  switch (field.kind) {
    case 'integer': return typeof v === 'number' ? v : Number(v);
    // The API sends the column's scale ("10.000000"); the input shows the number as a person writes it ("10").
    case 'decimal': return String(v).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
    case 'date': return String(v).slice(0, 10);
    case 'datetime': return toLocalDateTime(v);
    case 'ref': return String(v);
    case 'refs': return Array.isArray(v) ? v.map(String) : [];
    case 'boolean': return Boolean(v);
    case 'json': case 'file': case 'enum': return v;
    default: return String(v);
  }
}

/** A record's values (edit), else the defaults with `prefill`'s fields over them (a new record started elsewhere). */
export function initialValues(def: AnyEntity, keys: string[], row?: Row, prefill?: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const k of keys) {
    const field = def.fields[k]!;
    out[k] = row ? fromRow(field, row[k]) : prefill && prefill[k] !== undefined ? fromRow(field, prefill[k]) : defaultOf(field);
  }
  return out;
}

export function toBody(def: AnyEntity, keys: string[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const field = def.fields[k]!;
    const v = values[k];
    switch (field.kind) {
      case 'integer': out[k] = v === '' || v === null ? undefined : v; break;
      case 'datetime': out[k] = typeof v === 'string' && v ? new Date(v).toISOString() : null; break;
      case 'ref': out[k] = v === null || v === '' ? null : Number(v); break;
      case 'refs': out[k] = Array.isArray(v) ? v.map(Number) : []; break;
      default: out[k] = v;
    }
  }
  return out;
}
