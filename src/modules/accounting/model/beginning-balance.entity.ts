import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { ENTRY_STATES, NOT_DRAFT } from './enums';
import { entryLineLabels as L } from './lines.schema';

/** Opening balances: a draft set of lines; posting creates the (balanced) opening entry. */
const ro = { readOnly: true } as const;

export const beginningBalance = defineEntity({
  name: 'beginningBalance',
  module: 'accounting',
  path: 'beginning-balances',
  table: 'beginning_balances',
  label: { en: 'Beginning balance', ar: 'رصيد افتتاحي' },
  pluralLabel: { en: 'Beginning balances', ar: 'الأرصدة الافتتاحية' },
  route: '/accounting/settings/beginningbalance',
  titleField: 'reference',
  fields: {
    date: f.date({ en: 'Date', ar: 'التاريخ' }, { required: true, sort: true, filter: true }),
    reference: f.text({ en: 'Reference', ar: 'المرجع' }, { search: true, sort: true }),
    journalId: f.ref({ en: 'Journal', ar: 'الدفتر' }, 'journal'),
    lines: f.json({ en: 'Lines', ar: 'البنود' }, { required: true, widget: 'entryLines' }),
    totalDebit: f.money({ en: 'Total debit', ar: 'إجمالي المدين' }, ro),
    totalCredit: f.money({ en: 'Total credit', ar: 'إجمالي الدائن' }, ro),
    entryId: f.ref({ en: 'Journal entry', ar: 'قيد اليومية' }, 'journalEntry', ro),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, ENTRY_STATES, { default: 'draft' }),
  },
  // imported one row per line, the rows of one balance sharing its reference (core/import)
  import: {
    naturalKey: 'reference',
    lines: {
      field: 'lines',
      columns: { accountId: { label: L.accountId!, ref: 'account' }, label: { label: L.label! }, debit: { label: L.debit!, kind: 'decimal' }, credit: { label: L.credit!, kind: 'decimal' }, contactId: { label: L.contactId!, ref: 'contact' } },
    },
  },
  list: { columns: ['date', 'reference', 'journalId', 'totalDebit', 'totalCredit', 'status'], defaultSort: '-date' },
  states: {
    field: 'status',
    initial: 'draft',
    transitions: {
      post: { label: { en: 'Post', ar: 'ترحيل' }, from: ['draft'], to: 'posted', confirm: true, color: 'green' },
      cancel: { label: { en: 'Cancel', ar: 'إلغاء' }, from: ['posted', 'draft'], to: 'cancelled', confirm: true, color: 'red' },
      resetToDraft: { label: { en: 'Reset to draft', ar: 'إعادة إلى مسودة' }, from: ['cancelled'], to: 'draft', confirm: true },
    },
    // a cancelled one (its entry reversed) may be deleted or reset to draft; a posted one only cancelled
    editableIn: ['draft'],
    deletableIn: ['draft', 'cancelled'],
    lockedMessage: NOT_DRAFT,
  },
});
