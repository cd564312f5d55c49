import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

export const company = defineEntity({
  name: 'company',
  module: 'admin',
  path: 'companies',
  table: 'companies',
  scope: 'tenant',
  label: { en: 'Company', ar: 'الشركة' },
  pluralLabel: { en: 'Companies', ar: 'الشركات' },
  route: '/settings/company',
  titleField: 'nameEn',
  operations: { create: false, delete: false },
  fields: {
    nameEn: f.text({ en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, { required: true, search: true }),
    nameAr: f.text({ en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, { required: true, search: true }),
    logo: f.image({ en: 'Logo', ar: 'الشعار' }),
    address: f.textarea({ en: 'Address', ar: 'العنوان' }, { max: 500 }),
    phone: f.phone({ en: 'Phone', ar: 'الهاتف' }),
    email: f.email({ en: 'Email', ar: 'البريد الإلكتروني' }),
    taxNumber: f.text({ en: 'Tax number', ar: 'الرقم الضريبي' }, { max: 50 }),
    currency: f.text({ en: 'Currency', ar: 'العملة' }, { required: true, min: 3, max: 3 }),
    currencyDecimals: f.integer({ en: 'Currency decimals', ar: 'منازل العملة العشرية' }, { minValue: 0, maxValue: 4, default: 2 }),
    fiscalYearStartMonth: f.integer({ en: 'Fiscal year start month', ar: 'شهر بداية السنة المالية' }, { minValue: 1, maxValue: 12, default: 1 }),
    fiscalYearStartDay: f.integer({ en: 'Fiscal year start day', ar: 'يوم بداية السنة المالية' }, { minValue: 1, maxValue: 31, default: 1 }),
    defaultLanguage: f.enum({ en: 'Default language', ar: 'اللغة الافتراضية' }, [
      { value: 'en', label: { en: 'English', ar: 'الإنجليزية' } },
      { value: 'ar', label: { en: 'Arabic', ar: 'العربية' } },
    ], { required: true, default: 'en' }),
  },
  list: { columns: ['nameEn', 'nameAr', 'currency'], defaultSort: 'nameEn' },
  form: {
    sections: [
      { title: { en: 'Identity', ar: 'الهوية' }, fields: ['nameEn', 'nameAr', 'logo', 'taxNumber'] },
      { title: { en: 'Contact', ar: 'الاتصال' }, fields: ['address', 'phone', 'email'] },
      {
        title: { en: 'Money and calendar', ar: 'المال والتقويم' },
        fields: ['currency', 'currencyDecimals', 'fiscalYearStartMonth', 'fiscalYearStartDay', 'defaultLanguage'],
      },
    ],
  },
});
