import { sql } from 'drizzle-orm';
import { L, col, type ReportDef } from '../../../../core/documents/report.types';
import type { Label } from '../../../../core/i18n/locale';
import { postedInvoicesSql } from '../../../accounting';
import { groupedSqlReport } from './grouped-sql';
import { GROUP_LIMITS, type SalesReportParams } from './report-params';
import { bucketOf, customerLabels } from './sales-lines.sql';

/**
 * Purchase and expense analysis: accounting's posted PURCHASE / EXPENSE invoices (accounting's postedInvoicesSql,
 * credit notes negative) per vendor over [from, to]: invoices, subtotal, tax, total, paid, due, with `period` the
 * total per period. Empty until purchases and treasury post such invoices (accounting's own invoice screen can).
 * The customer filter narrows to one partner; product, category and salesperson do not apply. One statement
 * (grouped-sql.ts).
 */
function invoiceAnalysis(name: string, title: Label, type: string): ReportDef<SalesReportParams> {
  return {
    name, title, applies: ['customerId', ...GROUP_LIMITS],
    async run(db, ctx, p) {
      const c = ctx.companyId;
      const from = p.from ?? `${p.to.slice(0, 4)}-01-01`;
      return groupedSqlReport(db, ctx, p, from, {
        name, title, amountKey: 'total', share: true,
        source: sql`SELECT i.partner_id AS k, ${bucketOf(sql`i.date`, p.period)} AS b,
            sum(i.n) AS invoices, sum(i.subtotal) AS subtotal, sum(i.tax) AS tax, sum(i.total) AS total, sum(i.paid) AS paid, sum(i.due) AS due
          FROM ${postedInvoicesSql(c, type, from, p.to)} i WHERE ${p.customerId ? sql`i.partner_id = ${p.customerId}` : sql`i.partner_id IS NOT NULL`} GROUP BY 1, 2`,
        labels: customerLabels(ctx, 'vendor'),
        head: [col('vendor', 'Vendor', 'المورد', 'text')],
        measures: [col('invoices', 'Invoices', 'الفواتير', 'int'), col('subtotal', 'Subtotal', 'المجموع الفرعي'), col('tax', 'Tax', 'الضريبة'),
          col('total', 'Total', 'الإجمالي'), col('paid', 'Paid', 'المدفوع'), col('due', 'Due', 'المستحق')],
      });
    },
  };
}

export const purchaseAnalysisReport = invoiceAnalysis('purchase-analysis', L('Purchase analysis', 'تحليل المشتريات'), 'PURCHASE');
export const expenseAnalysisReport = invoiceAnalysis('expense-analysis', L('Expense analysis', 'تحليل المصروفات'), 'EXPENSE');
