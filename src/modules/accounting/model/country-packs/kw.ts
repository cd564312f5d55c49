import { baseChart, CR, PLAIN_INVOICE } from './base-chart';
import type { CountryPack } from './types';

/** Kuwait: no VAT (the GCC agreement is not in force there), so no tax accounts and no taxes; a plain "Invoice". */
export const kw: CountryPack = {
  code: 'KW', name: { en: 'Kuwait', ar: 'الكويت' }, currency: 'KWD', timeZone: 'Asia/Kuwait',
  chart: baseChart(null, [
    ['2105', 'Zakat payable', 'الزكاة المستحقة', 'liability', 'current_liability', '21'],
  ]),
  taxAccounts: { output: null, input: null }, taxes: [], defaultTaxRate: '0',
  taxNumber: {
    label: { en: 'Tax identification number', ar: 'الرقم الضريبي' }, pattern: /^\d{6,15}$/,
    format: { en: '6 to 15 digits', ar: 'من 6 إلى 15 رقمًا' },
    samples: { valid: ['1234567'], invalid: ['12345', 'KW1234567'] },
  },
  crLabel: CR, eInvoicing: null, wording: PLAIN_INVOICE,
};
