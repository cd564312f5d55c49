import { baseChart, PLAIN_INVOICE } from './base-chart';
import type { CountryPack } from './types';

/** Qatar: no VAT (not introduced), so no tax accounts and no taxes; the tax card number (TIN) of 10 digits. */
export const qa: CountryPack = {
  code: 'QA', name: { en: 'Qatar', ar: 'قطر' }, currency: 'QAR', timeZone: 'Asia/Qatar',
  chart: baseChart(null, [
    ['2105', 'Income tax payable', 'ضريبة الدخل المستحقة', 'liability', 'current_liability', '21'],
  ]),
  taxAccounts: { output: null, input: null }, taxes: [], defaultTaxRate: '0',
  taxNumber: {
    label: { en: 'Tax identification number', ar: 'الرقم الضريبي' }, pattern: /^\d{10}$/,
    format: { en: '10 digits', ar: '10 أرقام' },
    samples: { valid: ['5000012345'], invalid: ['500001234', 'QA5000012345'] },
  },
  crLabel: { en: 'Commercial registration (CR) number', ar: 'رقم السجل التجاري' }, eInvoicing: null, wording: PLAIN_INVOICE,
};
