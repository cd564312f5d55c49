import type { ModuleWeb } from '../../../web/moduleWeb';

/** Browser code of the accounting module: editors for the line arrays of entries and invoices (lazy). */
export const web: ModuleWeb = {
  widgets: {
    entryLines: () => import('./EntryLinesWidget'),
    invoiceLines: () => import('./InvoiceLinesWidget'),
  },
};
