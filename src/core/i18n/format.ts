import type { Locale } from './locale';

/**
 * How dates and numbers are SHOWN: lists, detail pages, form displays and report screens in the web app, and the
 * server's PDFs and prints, all through this one isomorphic module. The wire (API JSON) and Excel never pass
 * through it: they keep ISO dates and decimal strings / real numbers.
 *
 * A user's preference (falling back to the company's default) picks the calendar, Gregorian, Hijri (Umm
 * al-Qura) or both, and the digits, Latin (0-9) or Arabic-Indic (٠-٩). The Hijri calendar is the platform's
 * Intl (ICU's `islamic-umalqura`), never a converter of our own; Arabic-Indic digits, separators and minus sign
 * are Intl's own (`ar-u-nu-arab`), put on the exact decimal string (a number is never turned into a float).
 */
export const CALENDARS = ['gregorian', 'hijri', 'both'] as const;
export const DIGITS = ['latin', 'arabic'] as const;
export type Calendar = (typeof CALENDARS)[number];
export type Digits = (typeof DIGITS)[number];
export interface DisplayPrefs { calendar: Calendar; digits: Digits }
/**
 * The preference and the page's language: what every formatter here takes. `timeZone`: the clock an instant is
 * read on, the company's (its books' days are that clock's, core/time/company-time.ts); without it, the runtime's.
 */
export interface DisplayFormat extends DisplayPrefs { locale: Locale; timeZone?: string }

export const DEFAULT_DISPLAY: DisplayPrefs = { calendar: 'gregorian', digits: 'latin' };

/** The effective preference: the user's choice, else the company's, else the default. */
export function displayPrefs(user: Partial<Record<keyof DisplayPrefs, unknown>> | null | undefined, company?: Partial<Record<keyof DisplayPrefs, unknown>> | null): DisplayPrefs {
  const pick = <T extends string>(all: readonly T[], ...vs: unknown[]): T | undefined => vs.find((v): v is T => all.includes(v as T));
  return {
    calendar: pick(CALENDARS, user?.calendar, company?.calendar) ?? DEFAULT_DISPLAY.calendar,
    digits: pick(DIGITS, user?.digits, company?.digits) ?? DEFAULT_DISPLAY.digits,
  };
}

/** A bare locale means the default preference (Gregorian, Latin digits). */
export function displayFormat(f: Locale | DisplayFormat): DisplayFormat {
  return typeof f === 'string' ? { locale: f, ...DEFAULT_DISPLAY } : f;
}

// Building an Intl formatter costs far more than using one: one per (language, calendar, digits, options).
const formatters = new Map<string, Intl.DateTimeFormat>();
function dtf(locale: Locale, digits: Digits, hijri: boolean, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = `${locale === 'ar' ? 'ar' : 'en-GB'}-u${hijri ? '-ca-islamic-umalqura' : ''}-nu-${digits === 'arabic' ? 'arab' : 'latn'}`;
  const key = tag + JSON.stringify(opts);
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(tag, opts)));
  return f;
}

const HIJRI_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** The Hijri day, with its era ("1 Ramadan 1447 AH", "١ رمضان ١٤٤٧ هـ") or without it (beside a Gregorian one). */
function hijri(d: Date, f: DisplayFormat, opts: Intl.DateTimeFormatOptions, era: boolean): string {
  const fmt = dtf(f.locale, f.digits, true, opts);
  if (era) return fmt.format(d);
  const parts = fmt.formatToParts(d);
  const kept = parts.filter((p, i) => p.type !== 'era' && !(p.type === 'literal' && parts[i + 1]?.type === 'era'));
  return kept.map((p) => p.value).join('').trim();
}

/**
 * A calendar day ('YYYY-MM-DD', or an ISO timestamp) as the reader reads it: "18 Feb 2026", "1 Ramadan 1447 AH",
 * or both, "18 Feb 2026 (1 Ramadan 1447)", in the page's language and digits. Anything unreadable is returned as is.
 */
export function formatDate(iso: string, f: Locale | DisplayFormat): string {
  const fm = displayFormat(f);
  const d = new Date(iso.length === 10 ? iso + 'T00:00:00Z' : iso);
  if (Number.isNaN(d.getTime())) return iso;
  const utc: Intl.DateTimeFormatOptions = { timeZone: 'UTC' };
  const greg = () => dtf(fm.locale, fm.digits, false, { dateStyle: 'medium', ...utc }).format(d);
  if (fm.calendar === 'gregorian') return greg();
  if (fm.calendar === 'hijri') return hijri(d, fm, { ...HIJRI_DAY, ...utc }, true);
  return `${greg()} (${hijri(d, fm, { ...HIJRI_DAY, ...utc }, false)})`;
}

/**
 * An instant, date and time, on the clock of `f.timeZone` (the company's, so a session opened at 00:30 in Riyadh
 * shows the day its orders are dated, as its print does), else the runtime's.
 */
export function formatDateTime(d: Date, f: Locale | DisplayFormat): string {
  const fm = displayFormat(f);
  if (Number.isNaN(d.getTime())) return '';
  const zone: Intl.DateTimeFormatOptions = fm.timeZone ? { timeZone: fm.timeZone } : {};
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  const greg = () => dtf(fm.locale, fm.digits, false, { dateStyle: 'medium', timeStyle: 'short', ...zone }).format(d);
  if (fm.calendar === 'gregorian') return greg();
  if (fm.calendar === 'hijri') return hijri(d, fm, { ...HIJRI_DAY, ...time, ...zone }, true);
  return `${greg()} (${hijri(d, fm, { ...HIJRI_DAY, ...zone }, false)})`;
}

/**
 * A decimal string ("-12345.6000") as "-12,345.60" without ever turning it into a float: at least `minDecimals`
 * decimals, more only when they are not zero (a quantity of "2.500000" shows "2.5").
 */
export function formatDecimal(v: unknown, minDecimals = 2): string {
  if (v === null || v === undefined || v === '') return '';
  const m = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/.exec(String(v));
  if (!m) return String(v);
  const int = (m[2] || '0').replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').padEnd(minDecimals, '0').replace(new RegExp(`(?<=^\\d{${minDecimals}}\\d*?)0+$`), '');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const zero = /^0*$/.test(int + frac);
  return `${m[1] && !zero ? '-' : ''}${grouped}${frac ? '.' + frac : ''}`;
}

/** Intl's Arabic-Indic digits, group and decimal separators and minus sign (with its Arabic letter mark). */
let arab: { digits: string[]; group: string; decimal: string; minus: string } | null = null;
function arabSymbols() {
  if (arab) return arab;
  const nf = new Intl.NumberFormat('ar-u-nu-arab', { useGrouping: true });
  const parts = nf.formatToParts(-1234.5);
  const m = parts.findIndex((p) => p.type === 'minusSign');
  const sym = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  arab = {
    digits: Array.from({ length: 10 }, (_, i) => nf.format(i)),
    group: sym('group'), decimal: sym('decimal'), minus: parts.slice(0, m + 1).map((p) => p.value).join(''),
  };
  return arab;
}

/** Latin digits of a text (a formatted number, a date, a document number) in the reader's digits. */
export function withDigits(text: string, digits: Digits): string {
  if (digits === 'latin') return text;
  const s = arabSymbols();
  return text.replace(/[0-9]/g, (c) => s.digits[Number(c)]!);
}

/**
 * A length of time in whole minutes, in words of the page's language and the reader's digits: "8 hours", "1 hour,
 * 5 minutes", "٨ ساعات", "ساعتان ودقيقتان", "3 ساعات ودقيقة". Intl's units and list (CLDR's plural forms, Arabic's
 * dual and its 3-10 plural included), never a pattern of ours: "{h} ساعة" read "8 ساعة". Under half a minute:
 * "less than a minute", "أقل من دقيقة".
 */
export function formatDuration(minutes: number, f: Locale | DisplayFormat): string {
  const fm = displayFormat(f);
  const total = Math.max(0, Math.round(minutes));
  // a session opened and closed within the minute: not "0 دقيقة"
  if (total === 0) return fm.locale === 'ar' ? 'أقل من دقيقة' : 'less than a minute';
  const [h, m] = [Math.floor(total / 60), total % 60];
  const parts = [...(h ? [formatUnit(h, 'hour', fm)] : []), ...(m || !h ? [formatUnit(m, 'minute', fm)] : [])];
  return new Intl.ListFormat(intlTag(fm), { type: 'unit', style: 'long' }).format(parts);
}

/**
 * A whole count of a unit of time with its noun in the number's form: "7 أيام", "14 يومًا", "يومان", "14 days"
 * (the return period, the days of an alert). A message says "{days}", never "{days} يومًا".
 */
export function formatUnit(value: number, unit: 'day' | 'hour' | 'minute', f: Locale | DisplayFormat): string {
  return new Intl.NumberFormat(intlTag(displayFormat(f)), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

const intlTag = (f: DisplayFormat) => `${f.locale === 'ar' ? 'ar' : 'en'}-u-nu-${f.digits === 'arabic' ? 'arab' : 'latn'}`;

/** A decimal string as the reader reads it: grouped, in their digits ("1250.5000" -> "1,250.50" or "١٬٢٥٠٫٥٠"). */
export function formatNumber(v: unknown, f: { digits: Digits; minDecimals?: number }): string {
  const s = formatDecimal(v, f.minDecimals ?? 2);
  if (f.digits === 'latin' || !/^-?[\d,]+(\.\d+)?$/.test(s)) return s;
  const a = arabSymbols();
  return s.replace(/^-/, a.minus).replace(/[0-9,.]/g, (c) => (c === ',' ? a.group : c === '.' ? a.decimal : a.digits[Number(c)]!));
}
