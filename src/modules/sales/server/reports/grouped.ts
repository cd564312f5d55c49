import Decimal from 'decimal.js';
import { type Period, periodsBetween, startOf } from '../../../../core/documents/report-params';
import { type Column, L, type ReportData } from '../../../../core/documents/report.types';
import type { Ctx } from '../../../../core/http/context';
import { type Label, tr } from '../../../../core/i18n/locale';
import { periodLabel } from '../../../../core/documents/period-label';
import type { SalesReportParams } from './report-params';
import { srm } from './reports.messages';

/**
 * THE REFERENCE of grouped-sql.ts: no report runs this any more (each is one SQL statement); the tests put raw rows
 * summed in JS through it and require the statements' answers to equal it (reports.sql.api.test.ts,
 * reports.api.test.ts, sales-return.api.test.ts). Change the two together. Also: periodLabels and buckets, used by both.
 * The shape most sales reports share: one row per key (product, customer, category, salesperson, vendor), its
 * measures summed exactly (Decimal) over the periods, with `period` one amount column per period; then the min
 * and max amount and Top N applied to the rows' amount, rows by amount (largest first), paged; the totals row sums
 * every row kept (exact, rounded once); `summary.chart` is the amount per period (with a period) or of the ten
 * largest rows. `amount` is the measure the filters, order and chart use.
 */
export interface Agg { k: string | number; b: string | null; [measure: string]: unknown }
export interface GroupedSpec {
  name: string; title: Label;
  /** Columns shown before the measures, filled from the first aggregate row of each key. */
  head: Column[];
  measures: Column[];
  /** The measure the min/max, Top N, order and chart use (default `amount`). */
  amountKey?: string;
  /** Extra per-row values computed from the summed measures (e.g. an average), with their columns. */
  derived?: { column: Column; of: (m: Record<string, Decimal>) => string }[];
  /** Rows in key order (periods) instead of largest amount first, and the chart over every row. */
  byKey?: boolean;
  /** A share-of-total % column (of the amount over the rows kept). */
  share?: boolean;
}

const dp = (c: Column) => (c.kind === 'qty' ? 6 : c.kind === 'int' ? 0 : 2);

/** The period starts of [from, to] and their labels (a report whose rows are periods), at most 60 (else 400). */
export function periodLabels(from: string, to: string, period: Period): Map<string, Label> {
  return new Map(periodsBetween(from, to, period, srm.badPeriod).map((b) => [startOf(b.from, period), periodLabel(startOf(b.from, period), period)]));
}

export function buckets(p: SalesReportParams, from: string) {
  return p.period ? periodsBetween(from, p.to, p.period, srm.badPeriod).map((b) => ({ ...b, start: startOf(b.from, p.period!), label: periodLabel(startOf(b.from, p.period!), p.period!) })) : [];
}

export function groupedReport(ctx: Ctx, p: SalesReportParams, from: string, aggs: Agg[], spec: GroupedSpec): ReportData {
  const amountKey = spec.amountKey ?? 'amount';
  const bs = buckets(p, from);
  const keyOf = new Map(bs.map((b) => [b.start, b.key]));
  const zero = () => Object.fromEntries(spec.measures.map((m) => [m.key, new Decimal(0)])) as Record<string, Decimal>;
  const rows = new Map<string, { head: Record<string, unknown>; m: Record<string, Decimal>; per: Map<string, Decimal> }>();
  for (const a of aggs) {
    const id = String(a.k);
    let r = rows.get(id);
    if (!r) { r = { head: Object.fromEntries([['key', a.k], ...spec.head.map((h) => [h.key, a[h.key] ?? ''])]), m: zero(), per: new Map() }; rows.set(id, r); }
    for (const m of spec.measures) r.m[m.key] = r.m[m.key]!.plus(String(a[m.key] ?? 0));
    if (a.b) { const k = keyOf.get(String(a.b).slice(0, 10)); if (k) r.per.set(k, (r.per.get(k) ?? new Decimal(0)).plus(String(a[amountKey] ?? 0))); }
  }
  let list = [...rows.values()];
  if (p.minAmount) list = list.filter((r) => r.m[amountKey]!.gte(p.minAmount!));
  if (p.maxAmount) list = list.filter((r) => r.m[amountKey]!.lte(p.maxAmount!));
  const byKey = (a: { head: Record<string, unknown> }, b: { head: Record<string, unknown> }) => String(a.head.key).localeCompare(String(b.head.key), undefined, { numeric: true });
  list.sort((a, b) => (spec.byKey ? byKey(a, b) : b.m[amountKey]!.cmp(a.m[amountKey]!) || byKey(a, b)));
  if (p.top) list = spec.byKey ? [...list].sort((a, b) => b.m[amountKey]!.cmp(a.m[amountKey]!) || byKey(a, b)).slice(0, p.top).sort(byKey) : list.slice(0, p.top);
  const kept = list.reduce((a, r) => a.plus(r.m[amountKey]!), new Decimal(0));
  const shareOf = (v: Decimal) => (kept.isZero() ? '0.00' : v.times(100).div(kept).toFixed(2));

  const periodCols: Column[] = bs.map((b) => ({ key: b.key, label: b.label, kind: 'money' }));
  const shareCol: Column[] = spec.share ? [{ key: 'share', label: L('Share %', 'النسبة %'), kind: 'money' }] : [];
  const columns = [...spec.head, ...spec.measures, ...(spec.derived ?? []).map((d) => d.column), ...shareCol, ...periodCols];
  const total = zero();
  const perTotal = new Map<string, Decimal>();
  const out = list.map((r) => {
    for (const m of spec.measures) total[m.key] = total[m.key]!.plus(r.m[m.key]!);
    for (const [k, v] of r.per) perTotal.set(k, (perTotal.get(k) ?? new Decimal(0)).plus(v));
    const row: Record<string, unknown> = {
      ...r.head,
      ...Object.fromEntries(spec.measures.map((m) => [m.key, r.m[m.key]!.toFixed(dp(m))])),
      ...Object.fromEntries((spec.derived ?? []).map((d) => [d.column.key, d.of(r.m)])),
      ...(spec.share ? { share: shareOf(r.m[amountKey]!) } : {}),
      ...Object.fromEntries(bs.map((b) => [b.key, (r.per.get(b.key) ?? new Decimal(0)).toFixed(2)])),
    };
    return row;
  });
  const totals = {
    [spec.head[0]?.key ?? 'name']: tr(srm.total, ctx.locale),
    ...Object.fromEntries(spec.measures.map((m) => [m.key, total[m.key]!.toFixed(dp(m))])),
    ...Object.fromEntries((spec.derived ?? []).map((d) => [d.column.key, d.of(total)])),
    ...(spec.share && out.length ? { share: '100.00' } : {}),
    ...Object.fromEntries(bs.map((b) => [b.key, (perTotal.get(b.key) ?? new Decimal(0)).toFixed(2)])),
  };
  const chart = bs.length
    ? bs.map((b) => ({ label: tr(b.label, ctx.locale), value: (perTotal.get(b.key) ?? new Decimal(0)).toFixed(2) }))
    : out.slice(0, spec.byKey ? out.length : 10).map((r) => ({ label: String(r[spec.head.find((h) => h.kind === 'text')?.key ?? 'key'] ?? ''), value: String(r[amountKey]) }));
  const start = (p.page - 1) * p.pageSize;
  return {
    name: spec.name, title: spec.title, params: { ...p, from }, columns,
    rows: out.slice(start, start + p.pageSize), totals,
    summary: { [amountKey]: total[amountKey]!.toFixed(2), chart },
    page: { page: p.page, pageSize: p.pageSize, total: out.length },
  };
}

export { L };
