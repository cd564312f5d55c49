import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/** A lot (batch) or serial number of a product, with its expiry date; created by receipts and opening balances. */
export const stockLot = defineEntity({
  name: 'stockLot',
  module: 'inventory',
  path: 'lots',
  table: 'stock_lots',
  label: { en: 'Lot / serial number', ar: 'دفعة / رقم تسلسلي' },
  pluralLabel: { en: 'Lots and serial numbers', ar: 'الدفعات والأرقام التسلسلية' },
  route: '/inventory/inventory/lots',
  titleField: 'name',
  operations: { create: false, delete: false },
  fields: {
    name: f.text({ en: 'Lot / serial', ar: 'الدفعة / الرقم التسلسلي' }, { required: true, search: true, sort: true, max: 80 }),
    productId: f.ref({ en: 'Product', ar: 'المنتج' }, 'product', { required: true, filter: true }),
    isSerial: f.boolean({ en: 'Serial number', ar: 'رقم تسلسلي' }, { readOnly: true, filter: true }),
    expiryDate: f.date({ en: 'Expiry date', ar: 'تاريخ الانتهاء' }, { filter: true, sort: true }),
    notes: f.textarea({ en: 'Notes', ar: 'ملاحظات' }, { max: 1000 }),
  },
  list: { columns: ['name', 'productId', 'isSerial', 'expiryDate'], defaultSort: 'expiryDate' },
});
