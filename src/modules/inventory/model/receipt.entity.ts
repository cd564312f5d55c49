import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { RECEIPT_STATES } from './enums';

/**
 * Goods received from a vendor (or a department) into an internal location. pending -(approve)-> approved, which
 * takes the number; receiving (all, or part with the receivePartial action) moves stock in with valuation layers
 * and posts Dr inventory / Cr the settings' stock-received account -> partially_received / received.
 */
const ro = { readOnly: true } as const;

export const receipt = defineEntity({
  name: 'receipt',
  module: 'inventory',
  path: 'receipts',
  table: 'receipts',
  label: { en: 'Receipt', ar: 'إيصال استلام' },
  pluralLabel: { en: 'Receipts', ar: 'إيصالات الاستلام' },
  route: '/inventory/transactions/receipts',
  titleField: 'number',
  fields: {
    number: f.text({ en: 'Number', ar: 'الرقم' }, { ...ro, search: true, sort: true, max: 60 }),
    orderSequence: f.text({ en: 'Order sequence', ar: 'تسلسل الطلب' }, { search: true, sort: true, max: 60 }),
    vendorId: f.ref({ en: 'Vendor', ar: 'المورد' }, 'contact', { filter: true }),
    sourceDepartment: f.text({ en: 'Source department', ar: 'القسم المصدر' }, { search: true, max: 120 }),
    receiptDate: f.date({ en: 'Receipt date', ar: 'تاريخ الاستلام' }, { required: true, filter: true, sort: true }),
    receivedById: f.ref({ en: 'Received by', ar: 'استلمه' }, 'user', { filter: true }),
    locationId: f.ref({ en: 'Destination location', ar: 'موقع الاستلام' }, 'location', { required: true, filter: true, messages: { required: { en: 'Location is required', ar: 'الموقع مطلوب' } } }),
    items: f.json({ en: 'Items', ar: 'الأصناف' }, { required: true, widget: 'receiptItems' }),
    totalAmount: f.money({ en: 'Total', ar: 'الإجمالي' }, { ...ro, sort: true }),
    notes: f.textarea({ en: 'Notes', ar: 'ملاحظات' }, { max: 2000 }),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, RECEIPT_STATES, { default: 'pending', filter: true }),
  },
  list: { columns: ['number', 'orderSequence', 'vendorId', 'receiptDate', 'locationId', 'totalAmount', 'status'], defaultSort: '-receiptDate' },
  form: {
    sections: [
      { title: { en: 'Receipt', ar: 'الاستلام' }, fields: ['orderSequence', 'vendorId', 'sourceDepartment', 'receiptDate', 'receivedById', 'locationId'] },
      { title: { en: 'Items', ar: 'الأصناف' }, fields: ['items', 'notes'] },
    ],
  },
  states: {
    field: 'status',
    initial: 'pending',
    transitions: {
      approve: { label: { en: 'Approve', ar: 'اعتماد' }, from: ['pending'], to: 'approved', color: 'green' },
      reject: { label: { en: 'Reject', ar: 'رفض' }, from: ['pending'], to: 'rejected', confirm: true, color: 'red' },
      receive: { label: { en: 'Receive all', ar: 'استلام الكل' }, from: ['approved', 'partially_received'], to: 'received', confirm: true, color: 'green' },
      cancel: { label: { en: 'Cancel', ar: 'إلغاء' }, from: ['pending', 'approved'], to: 'cancelled', confirm: true, color: 'red' },
    },
    // numbered when approved: a receipt cancelled after that stays
    editableIn: ['pending'],
    deletableIn: ['pending', 'cancelled', 'rejected'],
    deleteBlockedBy: ['number'],
  },
  actions: { receivePartial: { en: 'Receive part', ar: 'استلام جزئي' } },
});
