import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { ENTRY_STATES, POSTED_IMMUTABLE } from './enums';

/**
 * Journal entries. A draft keeps its lines in `lines` (jsonb, validated by entryLineSchema); posting writes them
 * to the immutable journal_lines table with the journal's next number and the hash chain (server/ledger.*.ts).
 * Everything below `lines` is set by the server.
 */
const ro = { readOnly: true } as const;

export const journalEntry = defineEntity({
  name: 'journalEntry',
  module: 'accounting',
  path: 'journal-entries',
  table: 'journal_entries',
  label: { en: 'Journal entry', ar: 'قيد يومية' },
  pluralLabel: { en: 'Journal entries', ar: 'قيود اليومية' },
  route: '/accounting/journals/journals-entry',
  titleField: 'number',
  fields: {
    journalId: f.ref({ en: 'Journal', ar: 'الدفتر' }, 'journal', { required: true, filter: true }),
    date: f.date({ en: 'Date', ar: 'التاريخ' }, { required: true, filter: true, sort: true }),
    reference: f.text({ en: 'Reference', ar: 'المرجع' }, { search: true, sort: true }),
    lines: f.json({ en: 'Lines', ar: 'البنود' }, { required: true, widget: 'entryLines' }),
    totalDebit: f.money({ en: 'Total debit', ar: 'إجمالي المدين' }, { ...ro, sort: true }),
    totalCredit: f.money({ en: 'Total credit', ar: 'إجمالي الدائن' }, { ...ro, sort: true }),
    number: f.text({ en: 'Number', ar: 'الرقم' }, { ...ro, search: true, sort: true, max: 60 }),
    sequenceNo: f.integer({ en: 'Sequence', ar: 'التسلسل' }, ro),
    fiscalYear: f.integer({ en: 'Fiscal year', ar: 'السنة المالية' }, { ...ro, filter: true }),
    sourceType: f.text({ en: 'Source', ar: 'المصدر' }, { ...ro, filter: true, max: 40, format: 'entityName' }),
    sourceId: f.integer({ en: 'Source ID', ar: 'معرّف المصدر' }, { ...ro, filter: true }),
    reversalOfId: f.ref({ en: 'Reversal of', ar: 'عكس للقيد' }, 'journalEntry', ro),
    reversedById: f.ref({ en: 'Reversed by', ar: 'معكوس بالقيد' }, 'journalEntry', ro),
    chainSeq: f.integer({ en: 'Chain position', ar: 'الموضع في السلسلة' }, ro),
    prevHash: f.text({ en: 'Previous hash', ar: 'البصمة السابقة' }, { ...ro, max: 64 }),
    hash: f.text({ en: 'Hash', ar: 'البصمة' }, { ...ro, max: 64 }),
    postedAt: f.datetime({ en: 'Posted at', ar: 'وقت الترحيل' }, ro),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, ENTRY_STATES, { default: 'draft' }),
  },
  list: { columns: ['number', 'date', 'journalId', 'reference', 'totalDebit', 'totalCredit', 'status'], defaultSort: '-date' },
  form: { sections: [{ title: { en: 'Entry', ar: 'القيد' }, fields: ['journalId', 'date', 'reference', 'lines'] }] },
  states: {
    field: 'status',
    initial: 'draft',
    // `"post": true` on create: the entry is written posted (server/journal-entry.hooks.ts, createAndTransition)
    onCreate: 'post',
    transitions: {
      post: { label: { en: 'Post', ar: 'ترحيل' }, from: ['draft'], to: 'posted', confirm: true, color: 'green' },
      cancel: { label: { en: 'Cancel (reverse)', ar: 'إلغاء (عكس القيد)' }, from: ['posted'], to: 'cancelled', confirm: true, color: 'red' },
    },
    editableIn: ['draft'],
    deletableIn: ['draft'],
    lockedMessage: POSTED_IMMUTABLE,
  },
  actions: {
    reports: { en: 'View financial reports', ar: 'عرض التقارير المالية' },
    verify: { en: 'Verify ledger integrity', ar: 'التحقق من سلامة الدفتر' },
    rebuildBalances: { en: 'Rebuild account balances', ar: 'إعادة بناء أرصدة الحسابات' },
  },
});
