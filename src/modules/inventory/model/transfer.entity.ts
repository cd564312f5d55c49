import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { MOVE_DOC_STATES, moveDocTransitions } from './enums';

/** Stock moved between two internal locations; value unchanged, so nothing posts to the ledger. */
const ro = { readOnly: true } as const;
const loc = (en: string, ar: string) => f.ref({ en, ar }, 'location', { required: true, filter: true, messages: { required: { en: 'Location is required', ar: 'الموقع مطلوب' } } });

export const transfer = defineEntity({
  name: 'transfer',
  module: 'inventory',
  path: 'transfers',
  table: 'transfers',
  label: { en: 'Transfer', ar: 'تحويل مخزني' },
  pluralLabel: { en: 'Transfers', ar: 'التحويلات المخزنية' },
  route: '/inventory/transactions/transfers',
  titleField: 'number',
  fields: {
    number: f.text({ en: 'Number', ar: 'الرقم' }, { ...ro, search: true, sort: true, max: 60 }),
    fromLocationId: loc('From location', 'من موقع'),
    toLocationId: loc('To location', 'إلى موقع'),
    sourceDepartment: f.text({ en: 'Source department', ar: 'القسم المصدر' }, { search: true, max: 120 }),
    transferredById: f.ref({ en: 'Transferred by', ar: 'حوّله' }, 'user', { filter: true }),
    transferDate: f.date({ en: 'Transfer date', ar: 'تاريخ التحويل' }, { required: true, filter: true, sort: true }),
    items: f.json({ en: 'Items', ar: 'الأصناف' }, { required: true, widget: 'moveItems' }),
    notes: f.textarea({ en: 'Notes', ar: 'ملاحظات' }, { max: 2000 }),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, MOVE_DOC_STATES, { default: 'draft', filter: true }),
  },
  list: { columns: ['number', 'fromLocationId', 'toLocationId', 'sourceDepartment', 'transferDate', 'status'], defaultSort: '-transferDate' },
  form: {
    sections: [
      { title: { en: 'Transfer', ar: 'التحويل' }, fields: ['fromLocationId', 'toLocationId', 'sourceDepartment', 'transferredById', 'transferDate'] },
      { title: { en: 'Items', ar: 'الأصناف' }, fields: ['items', 'notes'] },
    ],
  },
  states: { field: 'status', initial: 'draft', transitions: moveDocTransitions, editableIn: ['draft'], deletableIn: ['draft', 'cancelled'], deleteBlockedBy: ['number'] },
});
