import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { ACCOUNT_TYPES } from './enums';

export const accountCategory = defineEntity({
  name: 'accountCategory',
  module: 'accounting',
  path: 'account-categories',
  table: 'account_categories',
  label: { en: 'Account category', ar: 'فئة الحسابات' },
  pluralLabel: { en: 'Account categories', ar: 'فئات الحسابات' },
  route: '/accounting/accounts/categories',
  titleField: 'nameEn',
  fields: {
    code: f.text({ en: 'Code', ar: 'الرمز' }, { required: true, unique: true, search: true, sort: true, max: 20 }),
    nameEn: f.text({ en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, { required: true, search: true, sort: true }),
    nameAr: f.text({ en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, { required: true, search: true, sort: true }),
    type: f.enum({ en: 'Account type', ar: 'نوع الحساب' }, ACCOUNT_TYPES, { required: true, filter: true, sort: true }),
    parentId: f.ref({ en: 'Parent category', ar: 'الفئة الأم' }, 'accountCategory', { filter: true }),
    description: f.textarea({ en: 'Description', ar: 'الوصف' }),
  },
  list: { columns: ['code', 'nameEn', 'nameAr', 'type', 'parentId'], defaultSort: 'code' },
});
