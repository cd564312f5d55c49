import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../../core/db/connect';
import { registerReports } from '../../../../core/http/report.routes';
import { customerStatementReport } from './customer-statement.report';
import { expenseAnalysisReport, purchaseAnalysisReport } from './invoice-analysis.reports';
import { customerSalesReport, salesSummaryReport, salespersonReport } from './order-totals.reports';
import { productSalesReport } from './product-sales.report';
import { checkRefs, parseSalesParams, salesFilters } from './report-params';
import { srm } from './reports.messages';
import { salesAnalysisReport } from './sales-analysis.report';
import { salesOrderReport } from './sales-order.report';
import { salesReturnReport } from './sales-return.report';

/**
 * GET /api/sales/reports/<name>?from=&to=&period=&customerId=&productId=&categoryId=&salespersonId=&top=&minAmount=&maxAmount=&page=&pageSize=&format=json|xlsx|pdf
 * (sales-return also: groupBy=product|customer|category|reason|period, reasonId=)
 * GET /api/sales/reports/combined.xlsx?names=a,b (default: product sales + customer sales).
 * Permission sales.salesOrder.view; a failure answers "Error downloading report. Please try again".
 */
export const SALES_REPORTS = [
  productSalesReport, customerSalesReport, customerStatementReport, salesAnalysisReport, purchaseAnalysisReport, expenseAnalysisReport,
  salesOrderReport, salesSummaryReport, salespersonReport, salesReturnReport,
];

export function registerSalesReports(app: FastifyInstance, db: Database): void {
  registerReports(app, db, {
    prefix: '/api/sales/reports',
    permission: 'sales.salesOrder.view',
    reports: SALES_REPORTS,
    parse: parseSalesParams,
    defaults: checkRefs,
    filters: salesFilters,
    combined: ['product-sales', 'customer-sales'],
    messages: { failed: srm.downloadFailed, pdfFailed: srm.downloadFailed, unknown: srm.unknownReport },
    doc: {
      summary: 'Sales report',
      query: {
        customerId: 'Customer (customer statement: required; purchase/expense analysis: the vendor)', productId: 'Product', categoryId: 'Category and its sub-categories',
        salespersonId: 'Salesperson', reasonId: 'Return reason (sales return)', groupBy: 'Sales return rows: product (default), customer, category, reason, period', top: 'Top N rows by amount (1-1000)', minAmount: 'Rows with at least this amount', maxAmount: 'Rows with at most this amount',
      },
    },
  });
}
