import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { ACCOUNT_SUBTYPES, ACCOUNT_TYPES, ACTIVE_STATES, activeTransitions } from './enums';

/** Chart of accounts: a tree by parent. Only leaf accounts (isLeaf, kept by the server) take postings. */
export const account = defineEntity({
  name: 'account',
  module: 'accounting',
  path: 'accounts',
  table: 'accounts',
  label: { en: 'Account', ar: 'حساب' },
  pluralLabel: { en: 'Accounts', ar: 'الحسابات' },
  route: '/accounting/accounts/account',
  titleField: 'nameEn',
  fields: {
    code: f.text({ en: 'Code', ar: 'الرمز' }, { required: true, unique: true, search: true, sort: true, max: 20 }),
    nameEn: f.text({ en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, { required: true, search: true, sort: true }),
    nameAr: f.text({ en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, { required: true, search: true, sort: true }),
    type: f.enum({ en: 'Account type', ar: 'نوع الحساب' }, ACCOUNT_TYPES, { required: true, filter: true, sort: true }),
    subtype: f.enum({ en: 'Subtype', ar: 'النوع الفرعي' }, ACCOUNT_SUBTYPES, { filter: true }),
    categoryId: f.ref({ en: 'Category', ar: 'الفئة' }, 'accountCategory', { filter: true }),
    parentId: f.ref({ en: 'Parent account', ar: 'الحساب الأب' }, 'account', { filter: true }),
    description: f.textarea({ en: 'Description', ar: 'الوصف' }),
    isLeaf: f.boolean({ en: 'Postable (leaf)', ar: 'يقبل الترحيل' }, { readOnly: true, default: true, filter: true }),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, ACTIVE_STATES, { default: 'active' }),
  },
  list: { columns: ['code', 'nameEn', 'nameAr', 'type', 'subtype', 'parentId', 'isLeaf', 'status'], defaultSort: 'code' },
  form: {
    sections: [
      { title: { en: 'Account', ar: 'الحساب' }, fields: ['code', 'nameEn', 'nameAr', 'type', 'subtype'] },
      { title: { en: 'Place in the chart', ar: 'الموقع في الدليل' }, fields: ['categoryId', 'parentId', 'description'] },
    ],
  },
  states: { field: 'status', initial: 'active', transitions: activeTransitions, editableIn: ['active', 'inactive'], deletableIn: ['active', 'inactive'] },
});
