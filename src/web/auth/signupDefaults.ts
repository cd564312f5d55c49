import { PACKS, packOfLocale, type PackCode } from '../../modules/accounting/model/country-packs/packs';

/**
 * Sign-up's defaults and lists from the browser: the country of the first language tag with a region that has a
 * pack ("ar-SA"), else of the browser's time zone (Asia/Dubai -> AE), else the generic pack; the ISO 4217 currencies
 * Intl knows, each named in the page's language ("SAR · ريال سعودي"); the months named by Intl.
 */
export function defaultCountry(languages: readonly string[] = navigator.languages ?? [navigator.language], zone = Intl.DateTimeFormat().resolvedOptions().timeZone): PackCode {
  for (const tag of languages) {
    const code = packOfLocale(tag);
    if (code !== 'XX') return code;
  }
  return PACKS.find((p) => p.code !== 'XX' && p.timeZone === zone)?.code ?? 'XX';
}

export function currencyOptions(locale: string, current: string): { value: string; label: string }[] {
  let codes: string[] = [];
  try {
    codes = Intl.supportedValuesOf('currency');
  } catch {
    codes = [...new Set(PACKS.map((p) => p.currency))];
  }
  if (current && !codes.includes(current)) codes = [...codes, current];
  const names = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' });
  return codes.map((c) => ({ value: c, label: `${c} · ${names.of(c) ?? c}` }));
}

export function monthOptions(locale: string): { value: string; label: string }[] {
  const f = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: f.format(new Date(Date.UTC(2026, i, 1))) }));
}
