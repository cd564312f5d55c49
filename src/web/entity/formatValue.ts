import type { AnyEntity } from '../../core/entity/define';
import type { Field } from '../../core/entity/field';
import { type Locale, tr } from '../../core/i18n/locale';
import { i18next } from '../i18n/i18n';
import { formatDecimal } from './formatDecimal';

/**
 * Plain-text rendering of a field value in the page's language: enum labels from the definition, Yes/No,
 * dates in the locale (Arabic with Latin digits, as business users here read them), decimals exactly as sent.
 */
function intlLocale(locale: Locale): string {
  return locale === 'ar' ? 'ar-u-nu-latn' : 'en-GB';
}

/** Accepts ISO strings and PostgreSQL's text form ('2026-11-22 00:01:15.982+00'), which not every browser parses. */
export function parseTimestamp(v: string): Date {
  const iso = v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(iso);
}

export function formatDate(v: string, locale: Locale): string {
  const d = new Date(v.length === 10 ? v + 'T00:00:00Z' : v);
  if (Number.isNaN(d.getTime())) return v;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

export function formatDateTime(v: string, locale: Locale): string {
  const d = parseTimestamp(v);
  if (Number.isNaN(d.getTime())) return v;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatValue(field: Field | undefined, value: unknown, locale: Locale, refTitle?: string | null): string {
  const none = i18next.t('common.none');
  if (value === null || value === undefined || value === '') return none;
  if (!field) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  switch (field.kind) {
    case 'boolean': return value ? i18next.t('common.yes') : i18next.t('common.no');
    case 'enum': {
      const o = field.options.find((x) => x.value === value);
      return o ? tr(o.label, locale) : String(value);
    }
    case 'decimal': return formatDecimal(value, field.scale >= 6 ? 0 : 2);
    case 'date': return formatDate(String(value), locale);
    case 'datetime': return formatDateTime(String(value), locale);
    case 'ref': return refTitle ?? `#${String(value)}`;
    case 'refs': return Array.isArray(value) ? value.map((x) => `#${String(x)}`).join(', ') || none : String(value);
    case 'json': return Array.isArray(value) ? String(value.length) : JSON.stringify(value);
    default: return String(value);
  }
}

/**
 * The title of a record in the page's language: on Arabic pages `<titleField>Ar` or `<name>En` -> `<name>Ar`
 * (e.g. nameAr) when the
 * definition has one and the record fills it, else the title field.
 */
export function recordTitle(def: AnyEntity, row: Record<string, unknown>, locale: Locale): string {
  const ar = [def.titleField + 'Ar', def.titleField.replace(/En$/, 'Ar')].find((k) => k !== def.titleField && k in def.fields);
  const v = locale === 'ar' && ar && row[ar] ? row[ar] : row[def.titleField];
  return v === null || v === undefined || v === '' ? `#${String(row.id)}` : String(v);
}
