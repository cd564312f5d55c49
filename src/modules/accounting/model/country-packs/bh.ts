import { baseChart, TAX_INVOICE, VAT, VAT_NUMBER, vatTaxes } from './base-chart';
import type { CountryPack } from './types';

/** Bahrain: VAT 10% (National Bureau for Revenue, since 2022), the VAT account number of 15 digits. */
export const bh: CountryPack = {
  code: 'BH', name: { en: 'Bahrain', ar: 'البحرين' }, currency: 'BHD', timeZone: 'Asia/Bahrain',
  chart: baseChart(VAT, [
    ['2105', 'Social insurance payable', 'التأمينات الاجتماعية المستحقة', 'liability', 'current_liability', '21'],
  ]),
  taxAccounts: { output: '2102', input: '1105' }, taxes: vatTaxes('10'), defaultTaxRate: '10',
  taxNumber: {
    label: VAT_NUMBER, pattern: /^\d{15}$/, format: { en: '15 digits', ar: '15 رقمًا' },
    samples: { valid: ['200000898300002'], invalid: ['20000089830000', 'BH200000898300002'] },
  },
  crLabel: { en: 'Commercial registration (CR) number', ar: 'رقم السجل التجاري' }, eInvoicing: null, wording: TAX_INVOICE, taxInvoice: 'gcc',
};
