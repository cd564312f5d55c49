import { baseChart, CR, TAX_INVOICE, VAT, VAT_NUMBER, vatTaxes } from './base-chart';
import type { CountryPack } from './types';

/** Saudi Arabia: VAT 15% (ZATCA), the VAT number of 15 digits starting and ending with 3 (research/zatca.md). */
export const sa: CountryPack = {
  code: 'SA', name: { en: 'Saudi Arabia', ar: 'المملكة العربية السعودية' }, currency: 'SAR', timeZone: 'Asia/Riyadh',
  chart: baseChart(VAT, [
    ['2105', 'Zakat payable', 'الزكاة المستحقة', 'liability', 'current_liability', '21'],
    ['5107', 'Zakat expense', 'مصروف الزكاة', 'expense', 'operating_expense', '5'],
  ]),
  taxAccounts: { output: '2102', input: '1105' }, taxes: vatTaxes('15', { zero: 'VATEX-SA-32', exempt: 'VATEX-SA-29' }), defaultTaxRate: '15',
  taxNumber: {
    label: VAT_NUMBER, pattern: /^3\d{13}3$/,
    format: { en: '15 digits, starting and ending with 3', ar: '15 رقمًا، يبدأ بالرقم 3 وينتهي به' },
    samples: { valid: ['310122393500003', '300000000000003'], invalid: ['310122393500004', '210122393500003', '31012239350003', '3101223935000033', '3101223935ABC03'] },
  },
  crLabel: CR, eInvoicing: 'zatca', wording: TAX_INVOICE, taxInvoice: 'zatca',
  // the Saudi national address (SPL): 4-digit building and additional numbers, a 5-digit postal code
  nationalAddress: { buildingNumber: /^\d{4}$/, postalCode: /^\d{5}$/, additionalNumber: /^\d{4}$/ },
};
