import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { ADDRESS_FORM_FIELDS, addressFields } from './address-fields';
import { COUNTRIES } from './countries';

export const contact = defineEntity({
  name: 'contact',
  module: 'contacts',
  path: 'contacts',
  table: 'contacts',
  label: { en: 'Contact', ar: 'جهة اتصال' },
  pluralLabel: { en: 'Contacts', ar: 'جهات الاتصال' },
  route: '/contacts/contact',
  titleField: 'name',
  fields: {
    /** The spec's customer type (individual or company); "Customer type" on the customers screen (pos). */
    kind: f.enum({ en: 'Type', ar: 'النوع' }, [
      { value: 'individual', label: { en: 'Individual', ar: 'فرد' } },
      { value: 'company', label: { en: 'Company', ar: 'شركة' } },
    ], { required: true, default: 'individual', filter: true, sort: true }),
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true }),
    /** The spec's customer fields: the organization a person buys for (or a company's registered name), the area served. */
    organizationName: f.text({ en: 'Organization name', ar: 'اسم المنشأة' }, { search: true, max: 200 }),
    area: f.text({ en: 'Area', ar: 'المنطقة' }, { search: true, sort: true, max: 100 }),
    phone: f.phone({ en: 'Phone', ar: 'الهاتف' }, { search: true }),
    email: f.email({ en: 'Email', ar: 'البريد الإلكتروني' }, { search: true, sort: true }),
    address: f.textarea({ en: 'Address', ar: 'العنوان' }, { max: 500 }),
    /** Where the contact is; empty: the company's own country (accounting's tax-invoice/party.hooks.ts). */
    country: f.enum({ en: 'Country', ar: 'الدولة' }, COUNTRIES, {
      filter: true,
      help: { en: "Leave empty for the company's own country", ar: 'اتركه فارغًا إن كانت في بلد الشركة نفسه' },
    }),
    taxNumber: f.text({ en: 'Tax number', ar: 'الرقم الضريبي' }, {
      search: true, max: 50,
      help: { en: "A business buyer's VAT registration number, in the format of its country", ar: 'رقم تسجيل المشتري (المنشأة) في ضريبة القيمة المضافة، بصيغة بلده' },
    }),
    crNumber: f.text({ en: 'Commercial registration number', ar: 'رقم السجل التجاري' }, { max: 50 }),
    /** The national address printed on tax invoices (address-fields.ts). */
    ...addressFields(),
    isCustomer: f.boolean({ en: 'Customer', ar: 'عميل' }, { filter: true }),
    isVendor: f.boolean({ en: 'Vendor', ar: 'مورد' }, { filter: true }),
    branchId: f.ref({ en: 'Branch', ar: 'الفرع' }, 'branch', { filter: true, onDelete: 'set null' }),
    notes: f.textarea({ en: 'Notes', ar: 'ملاحظات' }),
  },
  list: { columns: ['name', 'nameAr', 'kind', 'phone', 'email', 'isCustomer', 'isVendor'], defaultSort: 'name' },
  form: {
    sections: [
      { title: { en: 'Contact', ar: 'جهة الاتصال' }, fields: ['kind', 'name', 'nameAr', 'organizationName', 'phone', 'email', 'area'] },
      { title: { en: 'Tax and registration', ar: 'الضريبة والسجل التجاري' }, fields: ['country', 'taxNumber', 'crNumber'] },
      { title: { en: 'National address', ar: 'العنوان الوطني' }, fields: [...ADDRESS_FORM_FIELDS, 'address'] },
      { title: { en: 'Details', ar: 'التفاصيل' }, fields: ['isCustomer', 'isVendor', 'branchId', 'notes'] },
    ],
  },
});
