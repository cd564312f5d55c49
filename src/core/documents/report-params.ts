import { DATE_MAX, DATE_MIN, dateProblem, hasNul } from '../entity/bounds';
import { AppError } from '../http/errors';
import { type Label, fill } from '../i18n/locale';
import { messages } from '../i18n/messages';

/**
 * Report query parameters shared by every module (400 on anything malformed, naming the parameter in the caller's
 * language in the message and in `fields`) and period buckets for comparison columns. A date is a real calendar day
 * in the platform's range (core/entity/bounds.ts), as in bodies and list filters. A module's report params add their
 * own filters with the same reader.
 */
export type Period = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'yearly';
export const PERIODS: Period[] = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'];
export interface BaseReportParams {
  from: string | null; to: string; period: Period | null;
  page: number; pageSize: number; format: 'json' | 'xlsx' | 'pdf';
}

export const badReportParam: Label = { en: 'Invalid report parameter {param}', ar: 'معامل تقرير غير صالح {param}' };
/** Names of the shared parameters (a module's own are named by their key). */
const PARAM_LABELS: Record<string, Label> = {
  from: { en: 'From', ar: 'من' }, to: { en: 'To', ar: 'إلى' }, period: { en: 'Period', ar: 'الفترة' },
  page: { en: 'Page', ar: 'الصفحة' }, pageSize: { en: 'Page size', ar: 'حجم الصفحة' }, format: { en: 'Format', ar: 'الصيغة' },
};

/** Typed reads of one query string; every malformed value is a 400 naming the parameter. */
export function queryReader(q: Record<string, unknown>, message: Label = badReportParam, labels: Record<string, Label> = {}) {
  const bad = (param: string, msg: Label = message, vars: Record<string, string> = {}) => {
    const name = labels[param] ?? PARAM_LABELS[param] ?? { en: param, ar: param };
    const label = { en: fill(msg.en, { ...vars, param: name.en, field: name.en }), ar: fill(msg.ar, { ...vars, param: name.ar, field: name.ar }) };
    return new AppError(400, 'bad_request', label, { [param]: label }, { param });
  };
  const str = (k: string) => (Array.isArray(q[k]) ? String((q[k] as unknown[])[0]) : q[k] === undefined || q[k] === '' ? undefined : String(q[k]));
  return {
    bad, str,
    date(k: string): string | null {
      const v = str(k);
      if (v === undefined) return null;
      const problem = dateProblem(v);
      if (problem === 'dateOutOfRange') throw bad(k, messages.dateOutOfRange, { min: DATE_MIN, max: DATE_MAX });
      if (problem) throw bad(k, messages.invalidDate);
      return v;
    },
    id(k: string): number | null {
      const v = str(k);
      if (v === undefined) return null;
      if (!/^[1-9]\d{0,9}$/.test(v) || Number(v) > 2147483647) throw bad(k);
      return Number(v);
    },
    int(k: string, def: number, max: number, min = 1): number {
      const v = str(k);
      if (v === undefined) return def;
      const n = Number(v);
      if (!/^\d+$/.test(v) || !Number.isInteger(n) || n < min || n > max) throw bad(k);
      return n;
    },
    oneOf<T extends string>(k: string, values: readonly T[]): T | null {
      const v = str(k);
      if (v === undefined) return null;
      if (hasNul(v) || !(values as readonly string[]).includes(v)) throw bad(k);
      return v as T;
    },
  };
}
export type QueryReader = ReturnType<typeof queryReader>;

/** `today` is the company's date (companyToday): the default `to`. */
export function parseBaseParams(r: QueryReader, today: string): BaseReportParams {
  const period = r.oneOf('period', PERIODS);
  const format = r.oneOf('format', ['json', 'xlsx', 'pdf'] as const) ?? 'json';
  const from = r.date('from');
  const to = r.date('to') ?? today;
  if (from && from > to) throw r.bad('from');
  return { from, to, period, page: r.int('page', 1, 1_000_000), pageSize: r.int('pageSize', 100, 1000), format };
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (s: string) => new Date(s + 'T00:00:00Z');
export const addDays = (s: string, n: number) => iso(new Date(utc(s).getTime() + n * 86_400_000));
/** Whole days from a to b (b - a). */
export const daysBetween = (a: string, b: string) => Math.round((utc(b).getTime() - utc(a).getTime()) / 86_400_000);

export function startOf(s: string, p: Period): string {
  const d = utc(s);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (p) {
    case 'daily': return s;
    case 'weekly': return addDays(s, -((d.getUTCDay() + 6) % 7));
    case 'monthly': return iso(new Date(Date.UTC(y, m, 1)));
    case 'quarterly': return iso(new Date(Date.UTC(y, m - (m % 3), 1)));
    case 'yearly': return iso(new Date(Date.UTC(y, 0, 1)));
  }
}

function nextStart(s: string, p: Period): string {
  const d = utc(s);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (p) {
    case 'daily': return addDays(s, 1);
    case 'weekly': return addDays(s, 7);
    case 'monthly': return iso(new Date(Date.UTC(y, m + 1, 1)));
    case 'quarterly': return iso(new Date(Date.UTC(y, m + 3, 1)));
    case 'yearly': return iso(new Date(Date.UTC(y + 1, 0, 1)));
  }
}

/** Buckets covering [from, to], clipped to the range; at most 60 (more is a 400 on `period`). */
export function periodsBetween(from: string, to: string, p: Period, message: Label = badReportParam): { key: string; label: Label; from: string; to: string }[] {
  const out: { key: string; label: Label; from: string; to: string }[] = [];
  for (let start = startOf(from, p); start <= to; start = nextStart(start, p)) {
    const f = start < from ? from : start;
    const end = addDays(nextStart(start, p), -1);
    const t = end > to ? to : end;
    const key = `p${out.length + 1}`;
    out.push({ key, label: { en: `${f} – ${t}`, ar: `${f} – ${t}` }, from: f, to: t });
    if (out.length > 60) throw new AppError(400, 'bad_request', message, undefined, { param: 'period' });
  }
  return out;
}
