import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/**
 * Stock valuation layers: + for stock entering valuation, - for stock leaving it. Incoming layers keep
 * remainingQty/remainingValue, consumed by FIFO, LIFO, average or by lot (specific). Invariant 6: the sum of
 * value equals the balance of the inventory accounts. Written only by server/stock.post.ts; never changed except
 * the remaining columns.
 */
const ro = { readOnly: true } as const;

export const valuationLayer = defineEntity({
  name: 'valuationLayer',
  module: 'inventory',
  path: 'valuation-layers',
  table: 'stock_valuation_layers',
  label: { en: 'Valuation layer', ar: 'طبقة تقييم' },
  pluralLabel: { en: 'Valuation layers', ar: 'طبقات التقييم' },
  titleField: 'date',
  operations: { create: false, update: false, delete: false },
  fields: {
    date: f.date({ en: 'Date', ar: 'التاريخ' }, { ...ro, required: true, filter: true, sort: true }),
    productId: f.ref({ en: 'Product', ar: 'المنتج' }, 'product', { ...ro, required: true, filter: true }),
    lotId: f.ref({ en: 'Lot / serial', ar: 'الدفعة / الرقم التسلسلي' }, 'stockLot', { ...ro, filter: true }),
    moveId: f.ref({ en: 'Stock move', ar: 'حركة المخزون' }, 'stockMove', { ...ro, required: true }),
    quantity: f.quantity({ en: 'Quantity', ar: 'الكمية' }, { ...ro, required: true }),
    unitCost: f.money({ en: 'Unit cost', ar: 'تكلفة الوحدة' }, { ...ro, required: true }),
    value: f.money({ en: 'Value', ar: 'القيمة' }, { ...ro, required: true }),
    remainingQty: f.quantity({ en: 'Remaining quantity', ar: 'الكمية المتبقية' }, { ...ro, required: true, default: '0' }),
    remainingValue: f.money({ en: 'Remaining value', ar: 'القيمة المتبقية' }, { ...ro, required: true, default: '0' }),
    accountId: f.ref({ en: 'Inventory account', ar: 'حساب المخزون' }, 'account', { ...ro, required: true }),
  },
  list: { columns: ['date', 'productId', 'lotId', 'quantity', 'unitCost', 'value', 'remainingQty', 'remainingValue'], defaultSort: '-date' },
});
