import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { DESTINATION_TYPES, MOVE_DOC_STATES, moveDocTransitions } from './enums';

/** Goods delivered out of an internal location; validating moves stock out at cost and posts the cost of sales. */
const ro = { readOnly: true } as const;

export const delivery = defineEntity({
  name: 'delivery',
  module: 'inventory',
  path: 'deliveries',
  table: 'deliveries',
  label: { en: 'Delivery', ar: 'إذن تسليم' },
  pluralLabel: { en: 'Deliveries', ar: 'أذون التسليم' },
  route: '/inventory/transactions/deliveries',
  titleField: 'number',
  fields: {
    number: f.text({ en: 'Number', ar: 'الرقم' }, { ...ro, search: true, sort: true, max: 60 }),
    orderSequence: f.text({ en: 'Order sequence', ar: 'تسلسل الطلب' }, { search: true, sort: true, max: 60 }),
    destinationType: f.enum({ en: 'Destination type', ar: 'نوع الوجهة' }, DESTINATION_TYPES, { required: true, default: 'customer', filter: true }),
    destinationName: f.text({ en: 'Destination name', ar: 'اسم الوجهة' }, { search: true, max: 200 }),
    destinationContactId: f.ref({ en: 'Destination contact', ar: 'جهة الاتصال' }, 'contact', { filter: true }),
    deliveryDate: f.date({ en: 'Delivery date', ar: 'تاريخ التسليم' }, { required: true, filter: true, sort: true }),
    deliveredById: f.ref({ en: 'Delivered by', ar: 'سلّمه' }, 'user', { filter: true }),
    locationId: f.ref({ en: 'Source location', ar: 'موقع الصرف' }, 'location', { required: true, filter: true, messages: { required: { en: 'Location is required', ar: 'الموقع مطلوب' } } }),
    items: f.json({ en: 'Items', ar: 'الأصناف' }, { required: true, widget: 'moveItems' }),
    totalCost: f.money({ en: 'Total cost', ar: 'إجمالي التكلفة' }, { ...ro, sort: true }),
    entryId: f.ref({ en: 'Journal entry', ar: 'قيد اليومية' }, 'journalEntry', ro),
    notes: f.textarea({ en: 'Notes', ar: 'ملاحظات' }, { max: 2000 }),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, MOVE_DOC_STATES, { default: 'draft', filter: true }),
  },
  list: { columns: ['number', 'orderSequence', 'destinationType', 'destinationName', 'deliveryDate', 'locationId', 'totalCost', 'status'], defaultSort: '-deliveryDate' },
  form: {
    sections: [
      { title: { en: 'Delivery', ar: 'التسليم' }, fields: ['orderSequence', 'destinationType', 'destinationName', 'destinationContactId', 'deliveryDate', 'deliveredById', 'locationId'] },
      { title: { en: 'Items', ar: 'الأصناف' }, fields: ['items', 'notes'] },
    ],
  },
  // `"validate": true` on create: created and validated in one request (the point of sale's path)
  states: { field: 'status', initial: 'draft', transitions: moveDocTransitions, onCreate: 'validate', editableIn: ['draft'], deletableIn: ['draft', 'cancelled'], deleteBlockedBy: ['number', 'entryId'] },
});
