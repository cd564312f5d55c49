import { AppError } from '../../../../core/http/errors';
import type { Label } from '../../../../core/i18n/locale';
import { am } from '../messages';

/** Report query parameters, validated (400 on anything malformed), and period buckets for comparison columns. */
export type Period = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'yearly';
export interface ReportParams {
  from: string | null; to: string; period: Period | null;
  accountId: number | null; journalId: number | null; contactId: number | null;
  page: number; pageSize: number; format: 'json' | 'xlsx' | 'pdf';
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const bad = (param: string) => new AppError(400, 'bad_request', am.badReportParam, undefined, { param });
export const today = () => new Date().toISOString().slice(0, 10);

export function parseParams(q: Record<string, unknown>): ReportParams {
  const s = (k: string) => (Array.isArray(q[k]) ? String((q[k] as unknown[])[0]) : q[k] === undefined || q[k] === '' ? undefined : String(q[k]));
  const date = (k: string) => { const v = s(k); if (v === undefined) return null; if (!DATE_RE.test(v) || Number.isNaN(Date.parse(v))) throw bad(k); return v; };
  const id = (k: string) => { const v = s(k); if (v === undefined) return null; if (!/^[1-9]\d{0,9}$/.test(v) || Number(v) > 2147483647) throw bad(k); return Number(v); };
  const int = (k: string, def: number, max: number) => { const v = s(k); if (v === undefined) return def; const n = Number(v); if (!Number.isInteger(n) || n < 1 || n > max) throw bad(k); return n; };
  const period = s('period') ?? null;
  if (period !== null && !['daily', 'weekly', 'monthly', 'quarterly', 'yearly'].includes(period)) throw bad('period');
  const format = s('format') ?? 'json';
  if (!['json', 'xlsx', 'pdf'].includes(format)) throw bad('format');
  const from = date('from');
  const to = date('to') ?? today();
  if (from && from > to) throw bad('from');
  return { from, to, period: period as Period | null, accountId: id('accountId'), journalId: id('journalId'), contactId: id('contactId'),
    page: int('page', 1, 1_000_000), pageSize: int('pageSize', 100, 1000), format: format as ReportParams['format'] };
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (s: string) => new Date(s + 'T00:00:00Z');
export const addDays = (s: string, n: number) => iso(new Date(utc(s).getTime() + n * 86_400_000));

function startOf(s: string, p: Period): string {
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

/** Buckets covering [from, to], clipped to the range; at most 60 (the rest is refused). */
export function periodsBetween(from: string, to: string, p: Period): { key: string; label: Label; from: string; to: string }[] {
  const out: { key: string; label: Label; from: string; to: string }[] = [];
  for (let start = startOf(from, p); start <= to; start = nextStart(start, p)) {
    const f = start < from ? from : start;
    const end = addDays(nextStart(start, p), -1);
    const t = end > to ? to : end;
    const key = `p${out.length + 1}`;
    out.push({ key, label: { en: `${f} – ${t}`, ar: `${f} – ${t}` }, from: f, to: t });
    if (out.length > 60) throw bad('period');
  }
  return out;
}
