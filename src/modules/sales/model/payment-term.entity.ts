import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/** A payment term: the invoice of an order falls due `dueDays` after the order date. */
export const paymentTerm = defineEntity({
  name: 'paymentTerm',
  module: 'sales',
  path: 'payment-terms',
  table: 'payment_terms',
  label: { en: 'Payment term', ar: 'شرط دفع' },
  pluralLabel: { en: 'Payment terms', ar: 'شروط الدفع' },
  route: '/sales/paymentterms',
  titleField: 'name',
  fields: {
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true, unique: true, max: 100,
      messages: { required: { en: 'Name is required', ar: 'الاسم مطلوب' } } }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true, max: 100 }),
    dueDays: f.integer({ en: 'Due days', ar: 'أيام الاستحقاق' }, { required: true, minValue: 0, maxValue: 3650, default: 0, sort: true }),
    description: f.textarea({ en: 'Description', ar: 'الوصف' }, { max: 1000 }),
  },
  list: { columns: ['name', 'nameAr', 'dueDays', 'description'], defaultSort: 'dueDays' },
});
