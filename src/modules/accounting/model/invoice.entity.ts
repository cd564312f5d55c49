import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { INVOICE_STATES, INVOICE_TYPES, NOT_DRAFT } from './enums';

/**
 * Invoices (sale, purchase, expense, other) and their credit and debit notes (rows marked `isCreditNote` or
 * `isDebitNote`, pointing to the invoice they correct; which invoice takes which: invoice-notes.ts). Totals, paid
 * and due are computed by the server (server/invoice.*.ts); confirming posts the entry, payments post payment
 * entries. A debit note is an invoice of its own (its number, entry, due amount); the invoice it corrects is not
 * changed by it.
 * States: DRAFT -(submit)-> PENDING -(confirm)-> CONFIRMED -(markSent)-> SENT -(markDelivered)-> DELIVERED;
 * payments make PARTIALLY_PAID / PAID; OVERDUE is set for unpaid invoices past their due date; cancel (no
 * posting yet) -> CANCELLED; void (posted, unpaid) -> VOID with a reversal; a credit note makes RETURNED and,
 * once its refund is paid, REFUNDED. PROCESSING is reserved for the sales flow (order being fulfilled).
 */
const ro = { readOnly: true } as const;
const UNPAID_POSTED = ['CONFIRMED', 'SENT', 'DELIVERED', 'OVERDUE', 'PROCESSING'];

export const invoice = defineEntity({
  name: 'invoice',
  module: 'accounting',
  path: 'invoices',
  table: 'invoices',
  label: { en: 'Invoice', ar: 'فاتورة' },
  pluralLabel: { en: 'Invoices', ar: 'الفواتير' },
  route: '/accounting/accounts/invoice',
  titleField: 'number',
  fields: {
    type: f.enum({ en: 'Type', ar: 'النوع' }, INVOICE_TYPES, { required: true, default: 'SALE', filter: true, sort: true }),
    number: f.text({ en: 'Sequence', ar: 'التسلسل' }, { ...ro, search: true, sort: true, max: 60 }),
    partnerId: f.ref({ en: 'Partner', ar: 'الشريك' }, 'contact', { required: true, filter: true }),
    date: f.date({ en: 'Date', ar: 'التاريخ' }, { required: true, filter: true, sort: true }),
    /** The issue instant, set when confirmed: the invoice's date at the confirmation's time of day (tax-invoice/issue-time.ts). */
    issuedAt: f.datetime({ en: 'Issued at', ar: 'وقت الإصدار' }, ro),
    paymentTermDays: f.integer({ en: 'Payment term (days)', ar: 'مدة السداد (أيام)' }, { minValue: 0, maxValue: 3650 }),
    dueDate: f.date({ en: 'Due date', ar: 'تاريخ الاستحقاق' }, { filter: true, sort: true }),
    journalId: f.ref({ en: 'Journal', ar: 'الدفتر' }, 'journal'),
    reference: f.text({ en: 'Reference', ar: 'المرجع' }, { search: true }),
    lines: f.json({ en: 'Lines', ar: 'البنود' }, { required: true, widget: 'invoiceLines' }),
    discount: f.money({ en: 'Discount', ar: 'الخصم' }, { min: 'nonNegative', default: '0' }),
    notes: f.textarea({ en: 'Notes', ar: 'ملاحظات' }),
    subtotal: f.money({ en: 'Subtotal', ar: 'المجموع الفرعي' }, ro),
    taxAmount: f.money({ en: 'Tax', ar: 'الضريبة' }, ro),
    totalAmount: f.money({ en: 'Total', ar: 'الإجمالي' }, { ...ro, sort: true }),
    paidAmount: f.money({ en: 'Paid', ar: 'المدفوع' }, ro),
    dueAmount: f.money({ en: 'Due', ar: 'المستحق' }, { ...ro, sort: true }),
    creditedAmount: f.money({ en: 'Credited', ar: 'المردود' }, ro),
    isCreditNote: f.boolean({ en: 'Credit note', ar: 'إشعار دائن' }, { ...ro, filter: true }),
    creditNoteOfId: f.ref({ en: 'Credit note of', ar: 'إشعار دائن للفاتورة' }, 'invoice', ro),
    isDebitNote: f.boolean({ en: 'Debit note', ar: 'إشعار مدين' }, { ...ro, filter: true }),
    debitNoteOfId: f.ref({ en: 'Debit note of', ar: 'إشعار مدين للفاتورة' }, 'invoice', ro),
    /** A note's reason (a debit note's is required; ZATCA's InstructionNote). */
    reason: f.text({ en: 'Reason', ar: 'السبب' }, { ...ro, max: 500 }),
    entryId: f.ref({ en: 'Journal entry', ar: 'قيد اليومية' }, 'journalEntry', ro),
    // a till sale's invoice: the POS branch it was sold at (set by the server; its ZATCA unit signs it: zatca/documents.ts)
    posBranchId: f.ref({ en: 'POS branch', ar: 'فرع نقطة البيع' }, 'posBranch', ro),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, INVOICE_STATES, { default: 'DRAFT' }),
  },
  list: { columns: ['number', 'type', 'partnerId', 'date', 'dueDate', 'totalAmount', 'paidAmount', 'dueAmount', 'status'], defaultSort: '-date' },
  // the credit and debit notes of one invoice (its page lists them)
  filters: { noteOfId: { label: { en: 'Notes of invoice', ar: 'إشعارات الفاتورة' }, anyOf: ['creditNoteOfId', 'debitNoteOfId'] } },
  form: {
    sections: [
      { title: { en: 'Invoice', ar: 'الفاتورة' }, fields: ['type', 'partnerId', 'date', 'paymentTermDays', 'dueDate', 'journalId', 'reference'] },
      { title: { en: 'Lines', ar: 'البنود' }, fields: ['lines', 'discount', 'notes'] },
    ],
  },
  states: {
    field: 'status',
    initial: 'DRAFT',
    transitions: {
      submit: { label: { en: 'Submit', ar: 'إرسال للاعتماد' }, from: ['DRAFT'], to: 'PENDING' },
      confirm: { label: { en: 'Confirm', ar: 'تأكيد' }, from: ['DRAFT', 'PENDING'], to: 'CONFIRMED', confirm: true, color: 'green' },
      markSent: { label: { en: 'Mark as sent', ar: 'تعيين كمرسلة' }, from: ['CONFIRMED', 'OVERDUE'], to: 'SENT' },
      markDelivered: { label: { en: 'Mark as delivered', ar: 'تعيين كمسلّمة' }, from: ['CONFIRMED', 'SENT'], to: 'DELIVERED' },
      cancel: { label: { en: 'Cancel', ar: 'إلغاء' }, from: ['DRAFT', 'PENDING'], to: 'CANCELLED', confirm: true, color: 'red' },
      void: { label: { en: 'Void', ar: 'إبطال' }, from: UNPAID_POSTED, to: 'VOID', confirm: true, color: 'red' },
    },
    // totals are the server's; once confirmed (numbered, posted) an invoice changes only through its transitions
    editableIn: ['DRAFT', 'PENDING'],
    deletableIn: ['DRAFT', 'PENDING', 'CANCELLED'],
    deleteBlockedBy: ['entryId'],
    lockedMessage: NOT_DRAFT,
  },
  actions: {
    recordPayment: { en: 'Record payment', ar: 'تسجيل دفعة' },
    creditNote: { en: 'Credit note', ar: 'إشعار دائن' },
    debitNote: { en: 'Debit note', ar: 'إشعار مدين' },
    print: { en: 'Print', ar: 'طباعة' },
  },
});
