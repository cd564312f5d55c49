import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { MOVE_TYPES } from './enums';

/**
 * The stock ledger: one row per product line moved, written once by server/stock.post.ts and never changed (a
 * trigger refuses UPDATE/DELETE). quantity is in the product's unit, always positive; uomQuantity/uomId keep what
 * the document said. value is the cost moved (0 for moves that do not change valuation, e.g. internal transfers).
 */
const ro = { readOnly: true } as const;

export const stockMove = defineEntity({
  name: 'stockMove',
  module: 'inventory',
  path: 'stock-moves',
  table: 'stock_moves',
  label: { en: 'Stock move', ar: 'حركة مخزون' },
  pluralLabel: { en: 'Stock moves', ar: 'حركات المخزون' },
  route: '/inventory/transactions/stockmoves',
  titleField: 'reference',
  operations: { create: false, update: false, delete: false },
  fields: {
    date: f.date({ en: 'Date', ar: 'التاريخ' }, { ...ro, required: true, filter: true, sort: true }),
    reference: f.text({ en: 'Reference', ar: 'المرجع' }, { ...ro, search: true, sort: true, max: 120 }),
    moveType: f.enum({ en: 'Move type', ar: 'نوع الحركة' }, MOVE_TYPES, { ...ro, required: true, filter: true }),
    productId: f.ref({ en: 'Product', ar: 'المنتج' }, 'product', { ...ro, required: true, filter: true }),
    lotId: f.ref({ en: 'Lot / serial', ar: 'الدفعة / الرقم التسلسلي' }, 'stockLot', { ...ro, filter: true }),
    fromLocationId: f.ref({ en: 'From location', ar: 'من موقع' }, 'location', { ...ro, required: true }),
    toLocationId: f.ref({ en: 'To location', ar: 'إلى موقع' }, 'location', { ...ro, required: true }),
    quantity: f.quantity({ en: 'Quantity', ar: 'الكمية' }, { ...ro, required: true }),
    uomId: f.ref({ en: 'Unit', ar: 'الوحدة' }, 'uom', ro),
    uomQuantity: f.quantity({ en: 'Quantity (document unit)', ar: 'الكمية (وحدة المستند)' }, ro),
    unitCost: f.money({ en: 'Unit cost', ar: 'تكلفة الوحدة' }, ro),
    value: f.money({ en: 'Value', ar: 'القيمة' }, { ...ro, sort: true }),
    sourceType: f.text({ en: 'Source document', ar: 'المستند المصدر' }, { ...ro, filter: true, max: 40, format: 'entityName' }),
    sourceId: f.integer({ en: 'Source id', ar: 'رقم المصدر' }, { ...ro, filter: true }),
    entryId: f.ref({ en: 'Journal entry', ar: 'قيد اليومية' }, 'journalEntry', ro),
    notes: f.text({ en: 'Notes', ar: 'ملاحظات' }, { ...ro, max: 500 }),
  },
  // "All moves touching a location": filter[locationId] matches from OR to (filter[fromLocationId] / [toLocationId]
  // still pick one side).
  filters: { locationId: { label: { en: 'Location', ar: 'الموقع' }, anyOf: ['fromLocationId', 'toLocationId'] } },
  actions: { reports: { en: 'Inventory reports', ar: 'تقارير المخزون' } },
  list: { columns: ['date', 'reference', 'moveType', 'productId', 'fromLocationId', 'toLocationId', 'quantity', 'value'], defaultSort: '-date' },
});
