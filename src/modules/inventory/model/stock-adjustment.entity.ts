import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { ADJUSTMENT_REASONS, ADJUSTMENT_STATES } from './enums';

/**
 * A count of one location: items carry current (from the quants when drafted or confirmed), counted and the
 * difference. Confirming (once) moves the differences in or out of valuation and posts the gain or loss.
 */
const ro = { readOnly: true } as const;

export const stockAdjustment = defineEntity({
  name: 'stockAdjustment',
  module: 'inventory',
  path: 'stock-adjustments',
  table: 'stock_adjustments',
  label: { en: 'Stock adjustment', ar: 'تسوية مخزون' },
  pluralLabel: { en: 'Stock adjustments', ar: 'تسويات المخزون' },
  route: '/inventory/transactions/stock-adjustments',
  titleField: 'number',
  fields: {
    number: f.text({ en: 'Number', ar: 'الرقم' }, { ...ro, search: true, sort: true, max: 60 }),
    locationId: f.ref({ en: 'Location', ar: 'الموقع' }, 'location', { required: true, filter: true, messages: { required: { en: 'Location is required', ar: 'الموقع مطلوب' } } }),
    date: f.date({ en: 'Date', ar: 'التاريخ' }, { required: true, filter: true, sort: true }),
    reason: f.enum({ en: 'Reason', ar: 'السبب' }, ADJUSTMENT_REASONS, { required: true, default: 'physical_count', filter: true }),
    items: f.json({ en: 'Items', ar: 'الأصناف' }, { required: true, widget: 'adjustmentItems' }),
    totalDifferenceValue: f.money({ en: 'Difference value', ar: 'قيمة الفرق' }, { ...ro, sort: true }),
    confirmedById: f.ref({ en: 'Confirmed by', ar: 'أكده' }, 'user', ro),
    confirmedAt: f.datetime({ en: 'Confirmed at', ar: 'تاريخ التأكيد' }, ro),
    entryId: f.ref({ en: 'Journal entry', ar: 'قيد اليومية' }, 'journalEntry', ro),
    notes: f.textarea({ en: 'Notes', ar: 'ملاحظات' }, { max: 2000 }),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, ADJUSTMENT_STATES, { default: 'draft', filter: true }),
  },
  list: { columns: ['number', 'locationId', 'date', 'reason', 'totalDifferenceValue', 'status'], defaultSort: '-date' },
  form: {
    page: '/inventory/transactions/stock-adjustment', // web/NewAdjustmentScreen.tsx: the items need the width
    sections: [
      { title: { en: 'Adjustment', ar: 'التسوية' }, fields: ['locationId', 'date', 'reason'] },
      { title: { en: 'Items', ar: 'الأصناف' }, fields: ['items', 'notes'] },
    ],
  },
  states: {
    field: 'status',
    initial: 'draft',
    transitions: {
      confirm: { label: { en: 'Confirm', ar: 'تأكيد' }, from: ['draft'], to: 'confirmed', confirm: true, color: 'green' },
      cancel: { label: { en: 'Cancel', ar: 'إلغاء' }, from: ['draft'], to: 'cancelled', confirm: true, color: 'red' },
    },
    editableIn: ['draft'],
    deletableIn: ['draft', 'cancelled'],
    deleteBlockedBy: ['number', 'entryId'],
  },
});
