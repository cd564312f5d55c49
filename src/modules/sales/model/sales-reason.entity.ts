import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/** A reason a sale is returned or refused (returns and their lines will name one). */
export const salesReason = defineEntity({
  name: 'salesReason',
  module: 'sales',
  path: 'reasons',
  table: 'sales_reasons',
  label: { en: 'Sales reason', ar: 'سبب مبيعات' },
  pluralLabel: { en: 'Sales reasons', ar: 'أسباب المبيعات' },
  route: '/sales/reason',
  titleField: 'name',
  fields: {
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true, unique: true, max: 200,
      messages: { required: { en: 'Name is required', ar: 'الاسم مطلوب' } } }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true, max: 200 }),
  },
  list: { columns: ['name', 'nameAr'], defaultSort: 'name' },
});
