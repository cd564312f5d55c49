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
 * Without a customer it has no rows (the screen asks for one).
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
  async run(db, ctx, p) {
    const c = ctx.companyId;
    const from = p.from ?? `${p.to.slice(0, 4)}-01-01`;
    if (!p.customerId) return empty(this, p, from);
    const r = await db.execute(sql`SELECT x.date::text AS date, x.number, x.reference, x.label, x.debit::text AS debit, x.credit::text AS credit
      FROM ${receivableLinesSql(c, p.customerId!, p.to)} x WHERE x.date >= ${from} ORDER BY x.date, x.entry_id, x.line_no`);
    const [o] = (await db.execute(sql`SELECT coalesce(sum(x.debit - x.credit), 0)::text AS b FROM ${receivableLinesSql(c, p.customerId!, addDays(from, -1))} x`)).rows as { b: string }[];
    const opening = new Decimal(o?.b ?? 0);
    let balance = opening;
    let debit = new Decimal(0);
    let credit = new Decimal(0);
    const lines = (r.rows as Record<string, string>[]).map((x) => {
      balance = balance.plus(x.debit!).minus(x.credit!);
      debit = debit.plus(x.debit!); credit = credit.plus(x.credit!);
      return { date: x.date, number: x.number ?? '', reference: x.reference || x.label || '', debit: new Decimal(x.debit!).toFixed(2), credit: new Decimal(x.credit!).toFixed(2), balance: balance.toFixed(2) };
    });
    const all = [{ date: from, number: '', reference: tr(srm.opening, ctx.locale), debit: '', credit: '', balance: opening.toFixed(2) }, ...lines];
    const start = (p.page - 1) * p.pageSize;
    return {
      name: this.name, title: this.title, params: { ...p, from },
      columns: COLUMNS,
      rows: all.slice(start, start + p.pageSize),
      totals: { number: tr(srm.total, ctx.locale), debit: debit.toFixed(2), credit: credit.toFixed(2), balance: balance.toFixed(2) },
      summary: { opening: opening.toFixed(2), debit: debit.toFixed(2), credit: credit.toFixed(2), closing: balance.toFixed(2) },
      page: { page: p.page, pageSize: p.pageSize, total: all.length },
    };
  },
};
