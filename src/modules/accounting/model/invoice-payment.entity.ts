import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/** Payments of invoices: made only by the invoice's recordPayment action (which posts the payment entry). */
const ro = { readOnly: true } as const;

export const invoicePayment = defineEntity({
  name: 'invoicePayment',
  module: 'accounting',
  path: 'invoice-payments',
  table: 'invoice_payments',
  label: { en: 'Invoice payment', ar: 'دفعة فاتورة' },
  pluralLabel: { en: 'Invoice payments', ar: 'دفعات الفواتير' },
  titleField: 'reference',
  operations: { create: false, update: false, delete: false },
  fields: {
    invoiceId: f.ref({ en: 'Invoice', ar: 'الفاتورة' }, 'invoice', { ...ro, filter: true }),
    date: f.date({ en: 'Date', ar: 'التاريخ' }, { ...ro, sort: true, filter: true }),
    amount: f.money({ en: 'Amount', ar: 'المبلغ' }, ro),
    journalId: f.ref({ en: 'Journal', ar: 'الدفتر' }, 'journal', ro),
    accountId: f.ref({ en: 'Paid through account', ar: 'حساب السداد' }, 'account', ro),
    reference: f.text({ en: 'Reference', ar: 'المرجع' }, { ...ro, search: true }),
    entryId: f.ref({ en: 'Journal entry', ar: 'قيد اليومية' }, 'journalEntry', ro),
  },
  list: { columns: ['date', 'invoiceId', 'amount', 'journalId', 'reference'], defaultSort: '-date' },
});
