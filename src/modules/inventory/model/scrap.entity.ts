import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { MOVE_DOC_STATES, moveDocTransitions } from './enums';

/** Stock written off into a scrap location; validating takes it out of valuation and posts the loss. */
const ro = { readOnly: true } as const;

export const scrap = defineEntity({
  name: 'scrap',
  module: 'inventory',
  path: 'scraps',
  table: 'scraps',
  label: { en: 'Scrap', ar: 'إتلاف' },
  pluralLabel: { en: 'Scraps', ar: 'عمليات الإتلاف' },
  route: '/inventory/transactions/scraps',
  titleField: 'number',
  fields: {
    number: f.text({ en: 'Number', ar: 'الرقم' }, { ...ro, search: true, sort: true, max: 60 }),
    sourceLocationId: f.ref({ en: 'Source location', ar: 'الموقع المصدر' }, 'location', { required: true, filter: true, messages: { required: { en: 'Location is required', ar: 'الموقع مطلوب' } } }),
    scrapLocationId: f.ref({ en: 'Scrap location', ar: 'موقع الإتلاف' }, 'location', { required: true, filter: true, messages: { required: { en: 'Scrap location is required', ar: 'موقع الإتلاف مطلوب' } } }),
    scrapDate: f.date({ en: 'Scrap date', ar: 'تاريخ الإتلاف' }, { required: true, filter: true, sort: true }),
    scrappedById: f.ref({ en: 'Scrapped by', ar: 'أتلفه' }, 'user', { filter: true }),
    reason: f.textarea({ en: 'Reason', ar: 'السبب' }, { search: true, max: 1000 }),
    items: f.json({ en: 'Items', ar: 'الأصناف' }, { required: true, widget: 'moveItems' }),
    totalCost: f.money({ en: 'Total cost', ar: 'إجمالي التكلفة' }, { ...ro, sort: true }),
    entryId: f.ref({ en: 'Journal entry', ar: 'قيد اليومية' }, 'journalEntry', ro),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, MOVE_DOC_STATES, { default: 'draft', filter: true }),
  },
  list: { columns: ['number', 'sourceLocationId', 'scrapLocationId', 'scrapDate', 'reason', 'totalCost', 'status'], defaultSort: '-scrapDate' },
  form: {
    sections: [
      { title: { en: 'Scrap', ar: 'الإتلاف' }, fields: ['sourceLocationId', 'scrapLocationId', 'scrapDate', 'scrappedById', 'reason'] },
      { title: { en: 'Items', ar: 'الأصناف' }, fields: ['items'] },
    ],
  },
  states: { field: 'status', initial: 'draft', transitions: moveDocTransitions, editableIn: ['draft'], deletableIn: ['draft', 'cancelled'], deleteBlockedBy: ['number', 'entryId'] },
});
