import { sql } from 'drizzle-orm';
import { L, col, type ReportDef } from '../../../../core/documents/report.types';
import type { Label } from '../../../../core/i18n/locale';
import { postedInvoicesSql } from '../../../accounting';
import { type Agg, groupedReport } from './grouped';
import type { SalesReportParams } from './report-params';
import { bucketOf } from './sales-lines.sql';

/**
 * Purchase and expense analysis: accounting's posted PURCHASE / EXPENSE invoices (accounting's postedInvoicesSql,
 * credit notes negative) per vendor over [from, to]: invoices, subtotal, tax, total, paid, due, with `period` the
 * total per period. Empty until purchases and treasury post such invoices (accounting's own invoice screen can).
 * The customer filter narrows to one partner; product, category and salesperson do not apply.
 */
function invoiceAnalysis(name: string, title: Label, type: string): ReportDef<SalesReportParams> {
  return {
    name, title,
    async run(db, ctx, p) {
      const c = ctx.companyId;
      const from = p.from ?? `${p.to.slice(0, 4)}-01-01`;
      const partner = ctx.locale === 'ar' ? sql.raw(`coalesce(nullif(k.name_ar, ''), k.name)`) : sql.raw('k.name');
      const r = await db.execute(sql`SELECT i.partner_id AS k, ${bucketOf(sql`i.date`, p.period)}::text AS b, ${partner} AS vendor,
          sum(i.n) AS invoices, sum(i.subtotal)::text AS subtotal, sum(i.tax)::text AS tax, sum(i.total)::text AS total, sum(i.paid)::text AS paid, sum(i.due)::text AS due
        FROM ${postedInvoicesSql(c, type, from, p.to)} i JOIN contacts k ON k.id = i.partner_id
        ${p.customerId ? sql`WHERE i.partner_id = ${p.customerId}` : sql``}
        GROUP BY 1, 2, k.name, k.name_ar`);
      return groupedReport(ctx, p, from, r.rows as Agg[], {
        name, title, amountKey: 'total', share: true,
        head: [col('vendor', 'Vendor', 'المورد', 'text')],
        measures: [col('invoices', 'Invoices', 'الفواتير', 'int'), col('subtotal', 'Subtotal', 'المجموع الفرعي'), col('tax', 'Tax', 'الضريبة'),
          col('total', 'Total', 'الإجمالي'), col('paid', 'Paid', 'المدفوع'), col('due', 'Due', 'المستحق')],
      });
    },
  };
}

export const purchaseAnalysisReport = invoiceAnalysis('purchase-analysis', L('Purchase analysis', 'تحليل المشتريات'), 'PURCHASE');
export const expenseAnalysisReport = invoiceAnalysis('expense-analysis', L('Expense analysis', 'تحليل المصروفات'), 'EXPENSE');
