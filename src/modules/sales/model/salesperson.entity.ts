import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/** A user who sells, with a sales target; one salesperson per user (unique). Totals come with the reports. */
export const salesperson = defineEntity({
  name: 'salesperson',
  module: 'sales',
  path: 'salespersons',
  table: 'salespersons',
  label: { en: 'Salesperson', ar: 'مندوب مبيعات' },
  pluralLabel: { en: 'Salespersons', ar: 'مندوبو المبيعات' },
  route: '/sales/salesperson',
  titleField: 'name',
  fields: {
    userId: f.ref({ en: 'User', ar: 'المستخدم' }, 'user', { required: true, unique: true, filter: true,
      messages: { required: { en: 'User is required', ar: 'المستخدم مطلوب' } } }),
    name: f.text({ en: 'Name', ar: 'الاسم' }, { readOnly: true, search: true, sort: true }),
    salesTarget: f.money({ en: 'Sales target', ar: 'المستهدف من المبيعات' }, { min: 'nonNegative', default: '0', sort: true }),
    isActive: f.boolean({ en: 'Active', ar: 'نشط' }, { default: true, filter: true }),
  },
  list: { columns: ['name', 'userId', 'salesTarget', 'isActive'], defaultSort: 'name' },
  form: { sections: [{ title: { en: 'Salesperson', ar: 'مندوب المبيعات' }, fields: ['userId', 'salesTarget', 'isActive'] }] },
});
