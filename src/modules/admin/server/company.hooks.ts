import { registerHooks } from '../../../core/entity/hooks';
import { AppError } from '../../../core/http/errors';
import { normalizeTaxNumber, packOf, taxNumberProblem } from '../../accounting/model/country-packs/packs';
import { company } from '../model/company.entity';

/**
 * The company's tax number follows its country pack's format (a 422 on `taxNumber` saying the format, in both
 * languages), checked whenever the number or the country changes, and is stored as the pack reads it (digits
 * without spaces or hyphens) when the pack has a format. The currency is an ISO 4217 code Intl knows.
 * (Changing the country once entries exist is refused by accounting's company-country.hooks.ts.)
 */
export function taxNumberError(country: unknown, value: unknown): AppError | null {
  const m = taxNumberProblem(String(country ?? ''), typeof value === 'string' ? value : null);
  return m ? new AppError(422, 'validation', m, { taxNumber: m }) : null;
}

/** The stored form of a valid tax number under `country`. */
export function storedTaxNumber(country: unknown, value: string): string {
  return packOf(String(country)).taxNumber.pattern ? normalizeTaxNumber(value) : value.trim();
}

const CURRENCIES = (() => { try { return new Set(Intl.supportedValuesOf('currency')); } catch { return null; } })();
export function currencyError(value: unknown): AppError | null {
  if (typeof value !== 'string' || !CURRENCIES || CURRENCIES.has(value.toUpperCase())) return null;
  const m = { en: 'Choose a currency from the list (an ISO 4217 code such as SAR)', ar: 'اختر عملة من القائمة (رمز ISO 4217 مثل SAR)' };
  return new AppError(422, 'validation', m, { currency: m });
}

registerHooks(company, {
  beforeUpdate(_ctx, _tx, changes, before) {
    if ('currency' in changes && changes.currency !== before.currency) {
      const e = currencyError(changes.currency);
      if (e) throw e;
      changes.currency = String(changes.currency).toUpperCase();
    }
    const country = 'country' in changes ? changes.country : before.country;
    const number = 'taxNumber' in changes ? changes.taxNumber : before.taxNumber;
    if (country === before.country && number === before.taxNumber) return;
    const e = taxNumberError(country, number);
    if (e) throw e;
    if (typeof number === 'string' && number.trim() !== '' && 'taxNumber' in changes) changes.taxNumber = storedTaxNumber(country, number);
  },
});
