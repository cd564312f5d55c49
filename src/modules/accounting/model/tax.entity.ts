import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { ACTIVE_STATES, activeTransitions } from './enums';
import { EXEMPTION_CODES, VAT_CATEGORIES } from './vat-categories';

export const tax = defineEntity({
  name: 'tax',
  module: 'accounting',
  path: 'taxes',
  table: 'taxes',
  label: { en: 'Tax', ar: 'ضريبة' },
  pluralLabel: { en: 'Taxes', ar: 'الضرائب' },
  route: '/accounting/accounts/tax',
  titleField: 'name',
  fields: {
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, unique: true, search: true, sort: true }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true }),
    rate: f.decimal({ en: 'Rate', ar: 'النسبة' }, { precision: 12, scale: 4, min: 'nonNegative', required: true, sort: true }),
    type: f.enum({ en: 'Type', ar: 'النوع' }, [
      { value: 'percentage', label: { en: 'Percentage', ar: 'نسبة مئوية' } },
      { value: 'fixed', label: { en: 'Fixed amount per unit', ar: 'مبلغ ثابت للوحدة' } },
    ], { required: true, default: 'percentage', filter: true }),
    priceIncluded: f.boolean({ en: 'Included in price', ar: 'مشمولة في السعر' }, { filter: true }),
    /** Zero rated, exempt and out of scope charge 0% and name why (exemptionCode): e-invoices and returns need it. */
    vatCategory: f.enum({ en: 'VAT category', ar: 'فئة ضريبة القيمة المضافة' }, VAT_CATEGORIES.map(({ value, label }) => ({ value, label })), {
      default: 'standard', filter: true,
      help: { en: 'Zero rated, exempt and out of scope taxes have a rate of 0 and a reason', ar: 'الضرائب الصفرية والمعفاة وخارج النطاق نسبتها 0 ولها سبب' },
    }),
    exemptionCode: f.enum({ en: 'Reason code', ar: 'رمز السبب' }, EXEMPTION_CODES.map(({ value, label }) => ({ value, label: { en: `${value}: ${label.en}`, ar: `${value}: ${label.ar}` } }))),
    exemptionReason: f.text({ en: 'Reason', ar: 'السبب' }, { max: 200, help: { en: 'Printed on e-invoices beside the code', ar: 'يُذكر في الفواتير الإلكترونية بجانب الرمز' } }),
    accountId: f.ref({ en: 'Tax account', ar: 'حساب الضريبة' }, 'account'),
    description: f.textarea({ en: 'Description', ar: 'الوصف' }),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, ACTIVE_STATES, { default: 'active' }),
  },
  list: { columns: ['name', 'nameAr', 'rate', 'type', 'vatCategory', 'priceIncluded', 'accountId', 'status'], defaultSort: 'name' },
  states: { field: 'status', initial: 'active', transitions: activeTransitions, editableIn: ['active', 'inactive'], deletableIn: ['active', 'inactive'] },
});
