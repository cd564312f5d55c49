import type { Period } from './report-params';
import type { Label } from '../i18n/locale';

const QUARTERS_AR = ['الأول', 'الثاني', 'الثالث', 'الرابع'];
// the Gregorian calendar and Latin digits whatever the runtime's default for Arabic (ar-SA would give Hijri months)
const monthNames = {
  en: new Intl.DateTimeFormat('en-u-ca-gregory-nu-latn', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  ar: new Intl.DateTimeFormat('ar-u-ca-gregory-nu-latn', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/**
 * Names of report periods as a reader says them, in both languages: a day or a week by its (start) date, 2026-03-02;
 * a month "Mar 2026" / "مارس 2026"; a quarter "Q1 2026" / "الربع الأول 2026"; a year 2026. Rows and columns are
 * ordered by their keys (the start dates), never by these names.
 */
export function periodLabel(start: string, p: Period): Label {
  switch (p) {
    case 'daily':
    case 'weekly': return { en: start, ar: start };
    case 'monthly': {
      const d = new Date(`${start.slice(0, 7)}-01T00:00:00Z`);
      return { en: monthNames.en.format(d), ar: monthNames.ar.format(d) };
    }
    case 'quarterly': {
      const q = Math.floor((Number(start.slice(5, 7)) - 1) / 3);
      return { en: `Q${q + 1} ${start.slice(0, 4)}`, ar: `الربع ${QUARTERS_AR[q]} ${start.slice(0, 4)}` };
    }
    case 'yearly': return { en: start.slice(0, 4), ar: start.slice(0, 4) };
  }
}
