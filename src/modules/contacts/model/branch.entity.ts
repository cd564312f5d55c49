import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

export const branch = defineEntity({
  name: 'branch',
  module: 'contacts',
  path: 'branches',
  table: 'branches',
  label: { en: 'Branch', ar: 'فرع' },
  pluralLabel: { en: 'Branches', ar: 'الفروع' },
  route: '/contacts/branches',
  titleField: 'name',
  fields: {
    code: f.text({ en: 'Code', ar: 'الرمز' }, { search: true, unique: true, sort: true, max: 20 }),
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true }),
    phone: f.phone({ en: 'Phone', ar: 'الهاتف' }, { search: true }),
    address: f.textarea({ en: 'Address', ar: 'العنوان' }, { max: 500 }),
    isActive: f.boolean({ en: 'Active', ar: 'نشط' }, { default: true, filter: true }),
  },
  list: { columns: ['code', 'name', 'nameAr', 'phone', 'isActive'], defaultSort: 'name' },
});
