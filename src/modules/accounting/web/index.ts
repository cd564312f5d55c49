import type { ModuleWeb } from '../../../web/moduleWeb';

/** Browser code of the accounting module: the report screens and editors for the line arrays of entries and invoices (lazy). */
/** Every report route uses the one generic report screen (configs in reports/reportConfig.ts). */
const REPORT_SLUGS = ['trial-balance', 'detailed-trial-balance', 'general-ledger', 'balance-sheet', 'income-statement', 'cash-flow-statement', 'accounts-receivable-aging'];

export const web: ModuleWeb = {
  screens: [
    ...REPORT_SLUGS.map((slug) => ({ route: `/accounting/reports/${slug}`, load: () => import('./ReportScreen') })),
    { route: '/accounting/accounts/invoicedetails/{id}', load: () => import('./InvoiceDetailScreen') },
    { route: '/accounting/einvoicing', load: () => import('./EInvoicingScreen') },
  ],
  widgets: {
    entryLines: () => import('./EntryLinesWidget'),
    invoiceLines: () => import('./InvoiceLinesWidget'),
  },
};
