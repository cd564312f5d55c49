import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../../../core/db/connect';
import { L, type ReportData } from '../../../../core/documents/report.types';
import type { Ctx } from '../../../../core/http/context';
import { tr } from '../../../../core/i18n/locale';
import { type GroupedSpec, buckets } from './grouped';
import type { SalesReportParams } from './report-params';
import { srm } from './reports.messages';

/**
 * grouped.ts's report computed in ONE statement, for reports over many keys (product sales: thousands of products
 * times the periods): the sums per key and per period (one aggregate with a FILTER per period), the min/max amount,
 * the order (amount, largest first, then key), Top N, the count and the totals are set-based SQL; only the page's
 * rows (and the ten largest, for the chart without a period) leave PostgreSQL, their labels joined after the LIMIT,
 * and the totals as one more row (rn 0). So node's share no longer grows with keys x periods (issue 13's product
 * sales benchmark: 22,800 aggregate rows summed with decimal.js took 0.3-0.7 s of a 0.5-0.9 s report). Same answer
 * as groupedReport over the same rows (reports.api.test.ts compares the two): exact sums, each figure rounded once,
 * half away from zero (Decimal's toFixed and PostgreSQL's round agree).
 * The statement's values (company, dates, amounts, ids: all parsed and bounded by report-params.ts) are inlined:
 * PostgreSQL connections plan with `plan_cache_mode=force_generic_plan` (core/db/connect.ts, for the hot
 * statements), and a generic plan estimates a date range and the page's bounds blind (one page row instead of
 * 1,000: a nested loop took 5.4 s over 200,000 lines); planned with its values it costs 2-3 ms of planning.
 * The rows are summed in key order (sorted input: the month table's primary key gives it without a sort), so each
 * key's dozen numeric sums are held one key at a time: hashed, 1,900 keys x 15 sums took 8 MB and spilled to disk
 * past work_mem (4 MB), 41 ms against 21 ms sorted (the whole statement, best of 12, 200,000 lines).
 * `source`: rows (k, b, <measure>...), any number per key `k` and period start `b` (a date; NULL without a period).
 * `labels`: a derived table with `k` and the head columns, LEFT joined to the page's keys only (a key without a label
 * shows empty head columns, as grouped.ts's rows without the column).
 * `byKey` (a report whose rows are periods: the sales summary, returns by period): rows in key order, Top N the N
 * largest amounts then back in key order, and every row kept comes back for the chart (at most 60 periods).
 * Every sales report but the customer statement and the sales order list is this statement (issue 13); grouped.ts
 * stays as the reference the tests compare it with (reports.sql.api.test.ts: brute force over random sales).
 */
export interface SqlGroupedSpec extends GroupedSpec { source: SQL; labels: SQL }

const dp = (kind: string) => (kind === 'qty' ? 6 : kind === 'int' ? 0 : 2);
const id = (k: string) => sql.raw(`"${k.replace(/"/g, '')}"`);

export async function groupedSqlReport(db: Orm, ctx: Ctx, p: SalesReportParams, from: string, spec: SqlGroupedSpec): Promise<ReportData> {
  const amountKey = spec.amountKey ?? 'amount';
  const amount = id(amountKey);
  const bs = buckets(p, from);
  const ms = spec.measures.map((m) => m.key);
  const list = (xs: SQL[]) => sql.join(xs, sql`, `);
  const band = [sql`TRUE`];
  if (p.minAmount) band.push(sql`r.${amount} >= ${p.minAmount}::numeric`);
  if (p.maxAmount) band.push(sql`r.${amount} <= ${p.maxAmount}::numeric`);
  const first = (p.page - 1) * p.pageSize;
  const perKey = bs.map((b) => sql`, sum(s.${amount}) FILTER (WHERE s.b = ${b.start}::date) AS ${id(b.key)}`);
  const head = spec.head.map((h) => id(h.key));
  const r = await db.execute(sql`
    WITH r AS (SELECT s.k, ${list(ms.map((m) => sql`sum(s.${id(m)}) AS ${id(m)}`))}${sql.join(perKey, sql``)}
      FROM (SELECT * FROM (${spec.source}) s0 ORDER BY s0.k) s GROUP BY s.k),
    kept AS MATERIALIZED (SELECT f.*, row_number() OVER (ORDER BY ${spec.byKey ? sql`f.k` : sql`f.tn`}) AS rn
      FROM (SELECT r.*, row_number() OVER (ORDER BY r.${amount} DESC, r.k) AS tn FROM r WHERE ${sql.join(band, sql` AND `)}) f
      ${p.top ? sql`WHERE f.tn <= ${p.top}` : sql``})
    SELECT 0::bigint AS rn, NULL AS k, count(*)::int AS n, ${list(head.map((h) => sql`NULL AS ${h}`))},
      ${list(ms.map((m) => sql`coalesce(sum(${id(m)}), 0)::text AS ${id(m)}`))}${sql.join(bs.map((b) => sql`, round(coalesce(sum(${id(b.key)}), 0), 2)::text AS ${id(b.key)}`), sql``)}
    FROM kept
    UNION ALL
    SELECT kept.rn, kept.k, NULL, ${list(head.map((h) => sql`lab.${h}`))},
      ${list(ms.map((m) => sql`kept.${id(m)}::text`))}${sql.join(bs.map((b) => sql`, round(coalesce(kept.${id(b.key)}, 0), 2)::text`), sql``)}
    FROM kept LEFT JOIN ${spec.labels} lab ON lab.k = kept.k
    WHERE (kept.rn > ${first} AND kept.rn <= ${first + p.pageSize})${spec.byKey ? sql` OR TRUE` : bs.length ? sql`` : sql` OR kept.rn <= 10`}
    ORDER BY 1`.inlineParams());
  const got = r.rows as (Record<string, unknown> & { rn: string | number; k: unknown; n: number | null })[];
  const sums = got[0]!;
  const total = Object.fromEntries(ms.map((k) => [k, new Decimal(String(sums[k] ?? 0))])) as Record<string, Decimal>;
  const shareOf = (v: Decimal) => (total[amountKey]!.isZero() ? '0.00' : v.times(100).div(total[amountKey]!).toFixed(2));
  const toRow = (x: Record<string, unknown>) => {
    const m = Object.fromEntries(ms.map((k) => [k, new Decimal(String(x[k] ?? 0))])) as Record<string, Decimal>;
    return {
      key: x.k,
      ...Object.fromEntries(spec.head.map((h) => [h.key, x[h.key] ?? ''])),
      ...Object.fromEntries(spec.measures.map((c) => [c.key, m[c.key]!.toFixed(dp(c.kind))])),
      ...Object.fromEntries((spec.derived ?? []).map((d) => [d.column.key, d.of(m)])),
      ...(spec.share ? { share: shareOf(m[amountKey]!) } : {}),
      ...Object.fromEntries(bs.map((b) => [b.key, x[b.key]])),
    } as Record<string, unknown>;
  };
  const ranked = got.slice(1).map((x) => ({ rn: Number(x.rn), x }));
  const rows = ranked.filter((y) => y.rn > first && y.rn <= first + p.pageSize).map((y) => toRow(y.x));
  const columns = [...spec.head, ...spec.measures, ...(spec.derived ?? []).map((d) => d.column),
    ...(spec.share ? [{ key: 'share', label: L('Share %', 'النسبة %'), kind: 'money' as const }] : []),
    ...bs.map((b) => ({ key: b.key, label: b.label, kind: 'money' as const }))];
  const totals = {
    [spec.head[0]?.key ?? 'name']: tr(srm.total, ctx.locale),
    ...Object.fromEntries(spec.measures.map((c) => [c.key, total[c.key]!.toFixed(dp(c.kind))])),
    ...Object.fromEntries((spec.derived ?? []).map((d) => [d.column.key, d.of(total)])),
    ...(spec.share && sums.n ? { share: '100.00' } : {}),
    ...Object.fromEntries(bs.map((b) => [b.key, sums[b.key]])),
  };
  const label = spec.head.find((h) => h.kind === 'text')?.key ?? 'key';
  const chart = bs.length
    ? bs.map((b) => ({ label: tr(b.label, ctx.locale), value: String(sums[b.key]) }))
    : ranked.filter((y) => spec.byKey || y.rn <= 10).map((y) => toRow(y.x)).map((x) => ({ label: String(x[label] ?? ''), value: String(x[amountKey]) }));
  return {
    name: spec.name, title: spec.title, params: { ...p, from }, columns, rows, totals,
    summary: { [amountKey]: total[amountKey]!.toFixed(2), chart },
    page: { page: p.page, pageSize: p.pageSize, total: Number(sums.n) },
  };
}
