import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { ACTIVE_STATES, activeTransitions } from './enums';

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
    accountId: f.ref({ en: 'Tax account', ar: 'حساب الضريبة' }, 'account'),
    description: f.textarea({ en: 'Description', ar: 'الوصف' }),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, ACTIVE_STATES, { default: 'active' }),
  },
  list: { columns: ['name', 'nameAr', 'rate', 'type', 'priceIncluded', 'accountId', 'status'], defaultSort: 'name' },
  states: { field: 'status', initial: 'active', transitions: activeTransitions },
});
