import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/**
 * On hand per (product, location, lot): a quant. Written only by the stock ledger (server/stock.post.ts) in the
 * posting transaction; invariant 5: quantity = sum of done moves in - out, never below zero unless allowed.
 */
const ro = { readOnly: true } as const;

export const stockItem = defineEntity({
  name: 'stockItem',
  module: 'inventory',
  path: 'stock-items',
  table: 'stock_quants',
  label: { en: 'Stock item', ar: 'صنف مخزون' },
  pluralLabel: { en: 'Stock items', ar: 'أصناف المخزون' },
  route: '/inventory/inventory/stock-items',
  titleField: 'productId',
  operations: { create: false, update: false, delete: false },
  fields: {
    productId: f.ref({ en: 'Product', ar: 'المنتج' }, 'product', { ...ro, required: true, filter: true }),
    locationId: f.ref({ en: 'Location', ar: 'الموقع' }, 'location', { ...ro, required: true, filter: true }),
    lotId: f.ref({ en: 'Lot / serial', ar: 'الدفعة / الرقم التسلسلي' }, 'stockLot', { ...ro, filter: true }),
    quantity: f.quantity({ en: 'On hand', ar: 'الكمية المتاحة' }, { ...ro, required: true, default: '0', sort: true }),
    reservedQuantity: f.quantity({ en: 'Reserved', ar: 'المحجوز' }, { ...ro, required: true, default: '0' }),
  },
  list: { columns: ['productId', 'locationId', 'lotId', 'quantity', 'reservedQuantity'], defaultSort: 'productId' },
});
