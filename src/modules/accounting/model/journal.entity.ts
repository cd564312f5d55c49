import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { JOURNAL_TYPES } from './enums';

export const journal = defineEntity({
  name: 'journal',
  module: 'accounting',
  path: 'journals',
  table: 'journals',
  label: { en: 'Journal', ar: 'دفتر يومية' },
  pluralLabel: { en: 'Journals', ar: 'دفاتر اليومية' },
  route: '/accounting/journals/journal',
  titleField: 'nameEn',
  fields: {
    code: f.text({ en: 'Code', ar: 'الرمز' }, { required: true, unique: true, search: true, sort: true, max: 10 }),
    nameEn: f.text({ en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, { required: true, search: true, sort: true }),
    nameAr: f.text({ en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, { required: true, search: true, sort: true }),
    type: f.enum({ en: 'Journal type', ar: 'نوع الدفتر' }, JOURNAL_TYPES, { required: true, filter: true, sort: true }),
    defaultDebitAccountId: f.ref({ en: 'Default debit account', ar: 'الحساب المدين الافتراضي' }, 'account'),
    defaultCreditAccountId: f.ref({ en: 'Default credit account', ar: 'الحساب الدائن الافتراضي' }, 'account'),
    prefix: f.text({ en: 'Number prefix', ar: 'بادئة الترقيم' }, { required: true, max: 10 }),
    isActive: f.boolean({ en: 'Active', ar: 'نشط' }, { default: true, filter: true }),
  },
  list: { columns: ['code', 'nameEn', 'nameAr', 'type', 'prefix', 'isActive'], defaultSort: 'code' },
});
