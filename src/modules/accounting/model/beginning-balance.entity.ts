import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { ENTRY_STATES } from './enums';

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
  list: { columns: ['date', 'reference', 'journalId', 'totalDebit', 'totalCredit', 'status'], defaultSort: '-date' },
  states: {
    field: 'status',
    initial: 'draft',
    transitions: {
      post: { label: { en: 'Post', ar: 'ترحيل' }, from: ['draft'], to: 'posted', confirm: true, color: 'green' },
      cancel: { label: { en: 'Cancel', ar: 'إلغاء' }, from: ['posted', 'draft'], to: 'cancelled', confirm: true, color: 'red' },
      resetToDraft: { label: { en: 'Reset to draft', ar: 'إعادة إلى مسودة' }, from: ['cancelled'], to: 'draft', confirm: true },
    },
  },
});
