import { baseChart, CR, PLAIN_INVOICE } from './base-chart';
import type { CountryPack } from './types';

/**
 * Any other country: the base chart with a generic sales tax's two accounts and no tax (the company adds its own),
 * the tax number free (up to 50 characters), a plain "Invoice". The currency is chosen at sign-up.
 */
export const generic: CountryPack = {
  code: 'XX', name: { en: 'Other country', ar: 'بلد آخر' }, currency: 'USD', timeZone: 'UTC',
  chart: baseChart({ en: 'Sales tax', ar: 'ضريبة المبيعات' }),
  taxAccounts: { output: '2102', input: '1105' }, taxes: [], defaultTaxRate: '0',
  taxNumber: {
    label: { en: 'Tax number', ar: 'الرقم الضريبي' }, pattern: null, format: { en: 'free text', ar: 'نص حر' },
    samples: { valid: ['DE123456789', 'anything 42'], invalid: ['x'.repeat(51)] },
  },
  crLabel: CR, eInvoicing: null, wording: PLAIN_INVOICE,
};
