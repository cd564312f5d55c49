import { baseChart, CR, TAX_INVOICE, VAT, vatTaxes } from './base-chart';
import type { CountryPack } from './types';

/**
 * Egypt: VAT 14% (Egyptian Tax Authority), the tax registration number of 9 digits, often written XXX-XXX-XXX
 * (python-stdnum's `eg.tn`).
 */
export const eg: CountryPack = {
  code: 'EG', name: { en: 'Egypt', ar: 'مصر' }, currency: 'EGP', timeZone: 'Africa/Cairo',
  chart: baseChart(VAT, [
    ['2105', 'Withholding tax payable', 'ضريبة الخصم والإضافة المستحقة', 'liability', 'current_liability', '21'],
    ['5107', 'Income tax expense', 'مصروف ضريبة الدخل', 'expense', 'operating_expense', '5'],
  ]),
  taxAccounts: { output: '2102', input: '1105' }, taxes: vatTaxes('14'), defaultTaxRate: '14',
  taxNumber: {
    label: { en: 'Tax registration number', ar: 'رقم التسجيل الضريبي' }, pattern: /^\d{9}$/,
    format: { en: '9 digits (XXX-XXX-XXX)', ar: '9 أرقام (XXX-XXX-XXX)' },
    samples: { valid: ['100-531-385', '100531385'], invalid: ['12345', '1005313851', 'VV3456789'] },
  },
  crLabel: CR, eInvoicing: null, wording: TAX_INVOICE,
};
