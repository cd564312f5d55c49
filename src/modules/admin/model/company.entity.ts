import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { calendarField, digitsField } from './display-fields';
import { PACKS } from '../../accounting/model/country-packs/packs';
import { ADDRESS_FORM_FIELDS, addressFields } from '../../contacts/model/address-fields';

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
  singleton: true,
  fields: {
    nameEn: f.text({ en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, { required: true, search: true }),
    nameAr: f.text({ en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, { required: true, search: true }),
    logo: f.image({ en: 'Logo', ar: 'الشعار' }),
    address: f.textarea({ en: 'Address', ar: 'العنوان' }, { max: 500 }),
    /** The national address printed on tax invoices (contacts/model/address-fields.ts). */
    ...addressFields(),
    phone: f.phone({ en: 'Phone', ar: 'الهاتف' }),
    email: f.email({ en: 'Email', ar: 'البريد الإلكتروني' }),
    taxNumber: f.text({ en: 'Tax number', ar: 'الرقم الضريبي' }, { max: 50 }),
    currency: f.text({ en: 'Currency', ar: 'العملة' }, { required: true, min: 3, max: 3 }),
    currencyDecimals: f.integer({ en: 'Currency decimals', ar: 'منازل العملة العشرية' }, { minValue: 0, maxValue: 4, default: 2 }),
    fiscalYearStartMonth: f.integer({ en: 'Fiscal year start month', ar: 'شهر بداية السنة المالية' }, { minValue: 1, maxValue: 12, default: 1 }),
    fiscalYearStartDay: f.integer({ en: 'Fiscal year start day', ar: 'يوم بداية السنة المالية' }, { minValue: 1, maxValue: 31, default: 1 }),
    timeZone: f.timeZone({ en: 'Time zone', ar: 'المنطقة الزمنية' }, {
      required: true, default: 'UTC', widget: 'timeZone',
      help: { en: "The company's dates (today, due dates, report periods) follow this zone", ar: 'تتبع تواريخ الشركة (اليوم وتواريخ الاستحقاق وفترات التقارير) هذه المنطقة' },
    }),
    defaultLanguage: f.enum({ en: 'Default language', ar: 'اللغة الافتراضية' }, [
      { value: 'en', label: { en: 'English', ar: 'الإنجليزية' } },
      { value: 'ar', label: { en: 'Arabic', ar: 'العربية' } },
    ], { required: true, default: 'en' }),
    /** The display default of users who chose none (core/i18n/format.ts): screens, PDFs, prints; never the API. */
    calendar: calendarField({ required: true, default: 'gregorian', help: { en: 'How dates are shown to users who chose no calendar of their own', ar: 'طريقة عرض التواريخ للمستخدمين الذين لم يختاروا تقويمًا' } }),
    digits: digitsField({ required: true, default: 'latin', help: { en: 'How numbers are shown to users who chose no digits of their own', ar: 'طريقة عرض الأرقام للمستخدمين الذين لم يختاروا أرقامًا' } }),
    /** The country pack (accounting/model/country-packs): chart, taxes, tax number format; fixed once entries exist. */
    country: f.enum({ en: 'Country', ar: 'الدولة' }, PACKS.map((p) => ({ value: p.code, label: p.name })), {
      required: true, default: 'SA', filter: true,
      help: { en: 'Sets the tax number format and the taxes; cannot change once entries are posted', ar: 'تحدد صيغة الرقم الضريبي والضرائب، ولا يمكن تغييرها بعد ترحيل القيود' },
    }),
    crNumber: f.text({ en: 'Commercial registration number', ar: 'رقم السجل التجاري' }, { max: 50 }),
    invoiceLanguage: f.enum({ en: 'Invoice language', ar: 'لغة الفاتورة' }, [
      { value: 'en', label: { en: 'English', ar: 'الإنجليزية' } },
      { value: 'ar', label: { en: 'Arabic', ar: 'العربية' } },
      { value: 'both', label: { en: 'English and Arabic', ar: 'العربية والإنجليزية' } },
    ], { help: { en: 'The language printed invoices use unless one is asked', ar: 'اللغة التي تُطبع بها الفواتير ما لم تُطلب لغة أخرى' } }),
    invoiceNote: f.textarea({ en: 'Invoice footer', ar: 'تذييل الفاتورة' }, {
      max: 1000, help: { en: 'Printed under every invoice: payment terms, bank details', ar: 'يُطبع أسفل كل فاتورة: شروط الدفع وبيانات الحساب البنكي' },
    }),
  },
  list: { columns: ['nameEn', 'nameAr', 'currency'], defaultSort: 'nameEn' },
  form: {
    sections: [
      { title: { en: 'Identity', ar: 'الهوية' }, fields: ['nameEn', 'nameAr', 'logo', 'country', 'taxNumber', 'crNumber'] },
      { title: { en: 'Contact', ar: 'الاتصال' }, fields: ['phone', 'email', 'address'] },
      { title: { en: 'National address (printed on tax invoices)', ar: 'العنوان الوطني (يُطبع على الفواتير الضريبية)' }, fields: [...ADDRESS_FORM_FIELDS] },
      {
        title: { en: 'Money and calendar', ar: 'المال والتقويم' },
        fields: ['currency', 'currencyDecimals', 'fiscalYearStartMonth', 'fiscalYearStartDay', 'timeZone', 'defaultLanguage'],
      },
      { title: { en: 'Dates and digits', ar: 'التواريخ والأرقام' }, fields: ['calendar', 'digits'] },
      { title: { en: 'Invoice layout', ar: 'تخطيط الفاتورة' }, fields: ['invoiceLanguage', 'invoiceNote'] },
    ],
  },
});
