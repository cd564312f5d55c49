import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { addDays } from '../../../../core/documents/report-params';
import { L, col, type ReportData, type ReportDef } from '../../../../core/documents/report.types';
import { tr } from '../../../../core/i18n/locale';
import { receivableLinesSql } from '../../../accounting';
import type { SalesReportParams } from './report-params';
import { srm } from './reports.messages';

/**
 * Customer statement: the customer's posted lines on receivable accounts (accounting's receivableLinesSql: its
 * invoices, payments, credit notes and refunds as the books hold them) over [from, to], after an opening balance
 * (everything before `from`), each with the running balance (debit - credit); totals and the closing balance.
 * Without a customer it has no rows (the screen asks for one). One statement: the running balance is a window sum,
 * paged in SQL (the opening is the first row), the totals and closing balance summed there too.
 */
const COLUMNS = [col('date', 'Date', 'التاريخ', 'date'), col('number', 'Entry', 'القيد', 'text'), col('reference', 'Reference', 'المرجع', 'text'),
  col('debit', 'Debit', 'مدين'), col('credit', 'Credit', 'دائن'), col('balance', 'Balance', 'الرصيد')];

/** No customer chosen yet: the statement's columns and no rows (the screen asks for a customer). */
function empty(def: { name: string; title: ReportData['title'] }, p: SalesReportParams, from: string): ReportData {
  return { name: def.name, title: def.title, params: { ...p, from }, columns: COLUMNS, rows: [], page: { page: p.page, pageSize: p.pageSize, total: 0 } };
}

export const customerStatementReport: ReportDef<SalesReportParams> = {
  name: 'customer-statement',
  title: L('Customer statement', 'كشف حساب عميل'),
  applies: ['customerId'],
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const from = p.from ?? `${p.to.slice(0, 4)}-01-01`;
    if (!p.customerId) return empty(this, p, from);
    const first = (p.page - 1) * p.pageSize;
    // one statement: the opening (everything before `from`), each line's running balance (a window over the lines
    // in date, entry, line order), the page (the opening is row 1, the lines rows 2..), and the totals (rn 0)
    const r = await db.execute(sql`WITH o AS MATERIALIZED (SELECT coalesce(sum(x.debit - x.credit), 0) AS b FROM ${receivableLinesSql(c, p.customerId!, addDays(from, -1))} x),
      l AS MATERIALIZED (SELECT x.*, 1 + row_number() OVER w AS rn, (SELECT b FROM o) + sum(x.debit - x.credit) OVER w AS balance
        FROM ${receivableLinesSql(c, p.customerId!, p.to)} x WHERE x.date >= ${from} WINDOW w AS (ORDER BY x.date, x.entry_id, x.line_no ROWS UNBOUNDED PRECEDING))
      SELECT 0::bigint AS rn, NULL AS date, NULL AS number, NULL AS reference, NULL AS label, coalesce(sum(debit), 0)::text AS debit, coalesce(sum(credit), 0)::text AS credit,
        ((SELECT b FROM o) + coalesce(sum(debit - credit), 0))::text AS balance, (SELECT b FROM o)::text AS opening, 1 + count(*)::int AS n FROM l
      UNION ALL
      SELECT rn, date::text, number, reference, label, debit::text, credit::text, balance::text, NULL, NULL FROM l WHERE rn > ${first} AND rn <= ${first + p.pageSize}
      ORDER BY 1`);
    const [sums, ...got] = r.rows as Record<string, string>[];
    const opening = new Decimal(sums!.opening!);
    const lines = got.map((x) => ({ date: x.date, number: x.number ?? '', reference: x.reference || x.label || '', debit: new Decimal(x.debit!).toFixed(2),
      credit: new Decimal(x.credit!).toFixed(2), balance: new Decimal(x.balance!).toFixed(2) }));
    const all = first === 0 ? [{ date: from, number: '', reference: tr(srm.opening, ctx.locale), debit: '', credit: '', balance: opening.toFixed(2) }, ...lines.slice(0, p.pageSize - 1)] : lines;
    const [debit, credit, balance] = [new Decimal(sums!.debit!), new Decimal(sums!.credit!), new Decimal(sums!.balance!)];
    return {
      name: this.name, title: this.title, params: { ...p, from },
      columns: COLUMNS,
      rows: all,
      totals: { number: tr(srm.total, ctx.locale), debit: debit.toFixed(2), credit: credit.toFixed(2), balance: balance.toFixed(2) },
      summary: { opening: opening.toFixed(2), debit: debit.toFixed(2), credit: credit.toFixed(2), closing: balance.toFixed(2) },
      page: { page: p.page, pageSize: p.pageSize, total: Number(sums!.n) },
    };
  },
};
