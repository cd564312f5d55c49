import type { AnyEntity } from '../../core/entity/define';
import type { Field } from '../../core/entity/field';
import { type DisplayFormat, formatDate, formatDateTime as formatMoment, formatNumber, withDigits } from '../../core/i18n/format';
import { type Locale, tr } from '../../core/i18n/locale';
import { i18next } from '../i18n/i18n';

/**
 * Plain-text rendering of a field value in the page's language and the reader's calendar and digits
 * (core/i18n/format.ts; `useFormat()` gives them): enum labels from the definition, Yes/No, dates, decimals exactly
 * as sent, grouped. A bare locale means Gregorian dates and Latin digits.
 */
export { formatDate };

/** Accepts ISO strings and PostgreSQL's text form ('2026-11-22 00:01:15.982+00'), which not every browser parses. */
export function parseTimestamp(v: string): Date {
  const iso = v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(iso);
}

export function formatDateTime(v: string, f: Locale | DisplayFormat): string {
  const d = parseTimestamp(v);
  return Number.isNaN(d.getTime()) ? v : formatMoment(d, f);
}

/** An instant with seconds, on the wall clock of `timeZone` (the company's): e.g. when a report's data is as of. */
export function formatInstant(v: string, locale: Locale, timeZone: string): string {
  const d = parseTimestamp(v);
  if (Number.isNaN(d.getTime())) return v;
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(d);
}

export function formatValue(field: Field | undefined, value: unknown, f: Locale | DisplayFormat, refTitle?: string | null): string {
  const none = i18next.t('common.none');
  const locale = typeof f === 'string' ? f : f.locale;
  const digits = typeof f === 'string' ? 'latin' : f.digits;
  if (value === null || value === undefined || value === '') return none;
  if (!field) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  switch (field.kind) {
    case 'boolean': return value ? i18next.t('common.yes') : i18next.t('common.no');
    case 'enum': {
      const o = field.options.find((x) => x.value === value);
      return o ? tr(o.label, locale) : String(value);
    }
    case 'decimal': return formatNumber(value, { digits, minDecimals: field.scale >= 6 ? 0 : 2 });
    case 'integer': return withDigits(String(value), digits);
    case 'date': return formatDate(String(value), f);
    case 'datetime': return formatDateTime(String(value), f);
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
  if (def.singleton) return tr(def.label, locale); // the company's one record: "Inventory settings", not a value of it
  const field = def.fields[def.titleField];
  if (field?.kind === 'enum') return formatValue(field, row[def.titleField], locale);
  const ar = [def.titleField + 'Ar', def.titleField.replace(/En$/, 'Ar')].find((k) => k !== def.titleField && k in def.fields);
  const v = locale === 'ar' && ar && row[ar] ? row[ar] : row[def.titleField];
  return v === null || v === undefined || v === '' ? `#${String(row.id)}` : String(v);
}
