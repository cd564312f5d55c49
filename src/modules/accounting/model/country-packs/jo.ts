import { baseChart, CR, TAX_INVOICE } from './base-chart';
import type { CountryPack } from './types';

/**
 * Jordan: the general sales tax, 16% (Income and Sales Tax Department); the tax identification number is checked
 * as digits only, 6 to 15 of them (its length varies; no checksum we could verify).
 */
const GST = { en: 'Sales tax', ar: 'ضريبة المبيعات' };
export const jo: CountryPack = {
  code: 'JO', name: { en: 'Jordan', ar: 'الأردن' }, currency: 'JOD', timeZone: 'Asia/Amman',
  chart: baseChart(GST, [
    ['2105', 'Income tax payable', 'ضريبة الدخل المستحقة', 'liability', 'current_liability', '21'],
  ]),
  taxAccounts: { output: '2102', input: '1105' },
  taxes: [
    { name: { en: 'Sales tax 16%', ar: 'الضريبة العامة على المبيعات 16%' }, rate: '16', use: 'sale' },
    { name: { en: 'Sales tax 16% (purchases)', ar: 'الضريبة العامة على المبيعات 16% (مشتريات)' }, rate: '16', use: 'purchase' },
    { name: { en: 'Sales tax 0% (zero rated)', ar: 'الضريبة العامة على المبيعات 0% (نسبة صفرية)' }, rate: '0', use: 'sale', vatCategory: 'zero' },
    { name: { en: 'Sales tax exempt', ar: 'معفاة من الضريبة العامة على المبيعات' }, rate: '0', use: 'sale', vatCategory: 'exempt' },
  ],
  defaultTaxRate: '16',
  taxNumber: {
    label: { en: 'Tax identification number', ar: 'الرقم الضريبي' }, pattern: /^\d{6,15}$/,
    format: { en: '6 to 15 digits', ar: 'من 6 إلى 15 رقمًا' },
    samples: { valid: ['12345678'], invalid: ['12345', 'JO12345678'] },
  },
  crLabel: CR, eInvoicing: null, wording: TAX_INVOICE,
};
