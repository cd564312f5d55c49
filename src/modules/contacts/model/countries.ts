import type { Label } from '../../../core/i18n/locale';

/**
 * The countries a contact may be in: ISO 3166-1 alpha-2 codes (and Kosovo's XK) with their names in English and
 * Arabic, from the platform's Intl (ICU's region names), not a list kept by hand. Every two-letter code ICU names is
 * kept when it is its own canonical form (aliases such as UK or SU fall out) and not one of the regions that are no
 * country (the EU, the UN, ICU's test and unknown regions, the exceptionally reserved islands): 250 codes.
 */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);

function countries(): { value: string; label: Label }[] {
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const ar = new Intl.DisplayNames(['ar'], { type: 'region', fallback: 'none' });
  const out: { value: string; label: Label }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = en.of(code);
      if (!name || name === code || NOT_COUNTRIES.has(code)) continue;
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      out.push({ value: code, label: { en: name, ar: ar.of(code) ?? name } });
    }
  }
  return out.sort((x, y) => x.label.en.localeCompare(y.label.en, 'en'));
}

export const COUNTRIES = countries();
