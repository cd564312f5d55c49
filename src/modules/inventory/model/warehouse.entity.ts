import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/** A warehouse: its managers (users) and its locations (locationsCount is kept by the server). */
export const warehouse = defineEntity({
  name: 'warehouse',
  module: 'inventory',
  path: 'warehouses',
  table: 'warehouses',
  label: { en: 'Warehouse', ar: 'مستودع' },
  pluralLabel: { en: 'Warehouses', ar: 'المستودعات' },
  route: '/inventory/locations/warehouses',
  titleField: 'name',
  fields: {
    code: f.text({ en: 'Code', ar: 'الرمز' }, { search: true, sort: true, unique: true, max: 20 }),
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true, unique: true, max: 120 }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true, max: 120 }),
    address: f.textarea({ en: 'Address', ar: 'العنوان' }, { required: true, max: 500, messages: { required: { en: 'Address is required', ar: 'العنوان مطلوب' } } }),
    managers: f.refs({ en: 'Managers', ar: 'المدراء' }, 'user'),
    locationsCount: f.integer({ en: 'Locations', ar: 'عدد المواقع' }, { readOnly: true, default: 0, sort: true }),
    isActive: f.boolean({ en: 'Active', ar: 'نشط' }, { default: true, filter: true }),
  },
  list: { columns: ['code', 'name', 'nameAr', 'address', 'locationsCount', 'isActive'], defaultSort: 'name' },
});
