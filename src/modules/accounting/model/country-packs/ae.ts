import { baseChart, TAX_INVOICE, VAT, vatTaxes } from './base-chart';
import type { CountryPack } from './types';

/** United Arab Emirates: VAT 5% (Federal Tax Authority), the Tax Registration Number (TRN) of 15 digits. */
export const ae: CountryPack = {
  code: 'AE', name: { en: 'United Arab Emirates', ar: 'الإمارات العربية المتحدة' }, currency: 'AED', timeZone: 'Asia/Dubai',
  chart: baseChart(VAT, [
    ['2105', 'Corporate tax payable', 'ضريبة الشركات المستحقة', 'liability', 'current_liability', '21'],
    ['5107', 'Corporate tax expense', 'مصروف ضريبة الشركات', 'expense', 'operating_expense', '5'],
  ]),
  taxAccounts: { output: '2102', input: '1105' }, taxes: vatTaxes('5'), defaultTaxRate: '5',
  taxNumber: {
    label: { en: 'Tax registration number', ar: 'رقم التسجيل الضريبي' }, pattern: /^\d{15}$/,
    format: { en: '15 digits', ar: '15 رقمًا' },
    samples: { valid: ['100123456700003', '100 1234 5670 0003'], invalid: ['10012345670000', 'AE1001234567000', '1001234567000031'] },
  },
  crLabel: { en: 'Trade licence number', ar: 'رقم الرخصة التجارية' }, eInvoicing: null, wording: TAX_INVOICE, taxInvoice: 'uae',
};
