import { baseChart, CR, TAX_INVOICE, VAT, VAT_NUMBER, vatTaxes } from './base-chart';
import type { CountryPack } from './types';

/** Oman: VAT 5% (Tax Authority, since 2021), the VAT number "OM" followed by 10 digits. */
export const om: CountryPack = {
  code: 'OM', name: { en: 'Oman', ar: 'سلطنة عُمان' }, currency: 'OMR', timeZone: 'Asia/Muscat',
  chart: baseChart(VAT, [
    ['2105', 'Income tax payable', 'ضريبة الدخل المستحقة', 'liability', 'current_liability', '21'],
  ]),
  taxAccounts: { output: '2102', input: '1105' }, taxes: vatTaxes('5'), defaultTaxRate: '5',
  taxNumber: {
    label: VAT_NUMBER, pattern: /^OM\d{10}$/, format: { en: 'OM followed by 10 digits', ar: 'الحرفين OM يليهما 10 أرقام' },
    samples: { valid: ['OM1100012345', 'om1100012345'], invalid: ['1100012345', 'OM110001234', 'OM11000123456'] },
  },
  crLabel: CR, eInvoicing: null, wording: TAX_INVOICE, taxInvoice: 'gcc',
};
