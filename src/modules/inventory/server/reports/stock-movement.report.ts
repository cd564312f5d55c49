import { type SQL, sql } from 'drizzle-orm';
import { addDays, periodsBetween, startOf } from '../../../../core/documents/report-params';
import { type Column, L, col, type ReportDef } from '../../../../core/documents/report.types';
import { type Label, tr } from '../../../../core/i18n/locale';
import { periodLabel } from '../../../../core/documents/period-label';
import { STOCK_FILTERS, type InventoryReportParams } from './report-params';
import { rm } from './reports.messages';
import { type MovementAgg, movementRows } from './stock-movement.rows';
import { balanceAt, locationScope, nameOf, productScope, type Span, stockSpan, totalsBetween, unitOf } from './stock-totals';

/**
 * Opening, in, out and closing quantity per product over [from, to] in the selected locations, with opening and
 * closing values, from the stock totals; with `period`, in and out per period. A transfer between two selected
 * locations counts as in at one and out at the other. With `moveType`, in and out (and their value) of the moves
 * of that type only, read from stock_moves over the range; opening and closing are then not shown.
 */
interface Bucket { key: string; label: Label; from: string; to: string }

function aggregates(c: number, p: InventoryReportParams, from: string, buckets: Bucket[], span: Span): SQL {
  const values = sql`(VALUES ${sql.join(buckets.map((b) => sql`(${b.key}, ${b.from}::date, ${b.to}::date)`), sql`, `)}) b(k, f, t)`;
  const products = productScope(c, p);
  const onProducts = (col: string) => (products ? sql` AND ${sql.raw(col)} IN (${products})` : sql``);
  if (p.moveType) {
    const sel = (col: string) => sql.raw(`${col} IN (SELECT id FROM loc WHERE s)`);
    return sql`SELECT m.product_id, b.k AS bucket, true AS s, true AS v,
        sum(CASE WHEN ${sel('m.to_location_id')} THEN m.quantity ELSE 0 END) AS qi, sum(CASE WHEN ${sel('m.from_location_id')} THEN m.quantity ELSE 0 END) AS qo,
        sum(CASE WHEN ${sel('m.to_location_id')} THEN coalesce(m.value, 0) ELSE 0 END) AS vi, sum(CASE WHEN ${sel('m.from_location_id')} THEN coalesce(m.value, 0) ELSE 0 END) AS vo
      FROM stock_moves m JOIN ${values} ON m.date BETWEEN b.f AND b.t
      WHERE m.company_id = ${c} AND m.move_type = ${p.moveType} AND m.date BETWEEN ${from} AND ${p.to}
        AND (${sel('m.to_location_id')} OR ${sel('m.from_location_id')})${onProducts('m.product_id')}
      GROUP BY 1, 2`;
  }
  const where = sql`location_id IN (SELECT id FROM loc WHERE s OR v)${onProducts('product_id')}`;
  const useMonths = p.period !== 'daily' && p.period !== 'weekly';
  return sql`SELECT u.product_id, b.k AS bucket, loc.s, loc.v, sum(u.qty_in) AS qi, sum(u.qty_out) AS qo, sum(u.value_in) AS vi, sum(u.value_out) AS vo
      FROM (${totalsBetween(c, { from, to: p.to }, where, useMonths)}) u JOIN loc ON loc.id = u.location_id JOIN ${values} ON u.day BETWEEN b.f AND b.t
      GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT u.product_id, NULL, loc.s, loc.v, sum(u.qty), 0, sum(u.value), 0
      FROM (${balanceAt(c, addDays(from, -1), where, span)}) u JOIN loc ON loc.id = u.location_id
      GROUP BY 1, 3, 4`;
}

export const stockMovementReport: ReportDef<InventoryReportParams> = {
  name: 'stock-movement',
  applies: [...STOCK_FILTERS, 'moveType'],
  title: L('Stock movement', 'حركة المخزون'),
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const from = p.from ?? `${p.to.slice(0, 4)}-01-01`;
    const buckets: Bucket[] = p.period
      ? periodsBetween(from, p.to, p.period, rm.badParam).map((b) => ({ ...b, label: periodLabel(startOf(b.from, p.period!), p.period!) }))
      : [{ key: 'all', label: L('', ''), from, to: p.to }];
    const n = ctx.locale;
    const r = await db.execute(sql`
      WITH loc AS (SELECT id, id IN (${locationScope(c, p)}) AS s, NOT is_scrap AS v FROM locations WHERE company_id = ${c} AND kind = 'internal'),
      a AS (${aggregates(c, p, from, buckets, await stockSpan(db, c))})
      SELECT a.product_id AS "productId", p.sku, ${nameOf(n, 'p')} AS product, ${unitOf(n, 'u')} AS uom,
        a.bucket, a.s, a.v, a.qi::text AS qi, a.qo::text AS qo, a.vi::text AS vi, a.vo::text AS vo
      FROM a JOIN products p ON p.id = a.product_id JOIN uoms u ON u.id = p.uom_id
      ORDER BY ${nameOf(n, 'p')}, a.product_id`);
    const withBalances = !p.moveType;
    const { rows, totals } = movementRows(r.rows as unknown as MovementAgg[], buckets.map((b) => b.key), withBalances);
    const start = (p.page - 1) * p.pageSize;

    const head = [col('sku', 'SKU', 'رمز المنتج', 'text'), col('product', 'Product', 'المنتج', 'text'), col('uom', 'Unit', 'الوحدة', 'text')];
    const flows: Column[] = p.period ? buckets.flatMap((b) => [
      { key: `in_${b.key}`, label: L(`In ${b.label.en}`, `وارد ${b.label.ar}`), kind: 'qty' as const },
      { key: `out_${b.key}`, label: L(`Out ${b.label.en}`, `صادر ${b.label.ar}`), kind: 'qty' as const },
    ]) : [col('in', 'In', 'الوارد', 'qty'), col('out', 'Out', 'الصادر', 'qty')];
    const columns: Column[] = withBalances
      ? [...head, col('opening', 'Opening', 'الرصيد الافتتاحي', 'qty'), ...flows, col('closing', 'Closing', 'الرصيد الختامي', 'qty'),
        col('openingValue', 'Opening value', 'قيمة الافتتاح'), col('closingValue', 'Closing value', 'قيمة الختام')]
      : [...head, ...flows, col('inValue', 'In value', 'قيمة الوارد'), col('outValue', 'Out value', 'قيمة الصادر')];
    const money = withBalances
      ? { openingValue: totals.openingValue.toFixed(2), closingValue: totals.closingValue.toFixed(2) }
      : { inValue: totals.inValue.toFixed(2), outValue: totals.outValue.toFixed(2) };
    return {
      name: this.name, title: this.title, params: { ...p, from }, columns,
      rows: rows.slice(start, start + p.pageSize),
      totals: { sku: '', product: tr(rm.total, ctx.locale), ...money },
      summary: money,
      page: { page: p.page, pageSize: p.pageSize, total: rows.length },
    };
  },
};
