import type { Period } from './report-params';
import type { Label } from '../i18n/locale';

/** Short names of report periods: 2026-03-02 (day or week start), 2026-03, 2026 Q1 / 2026 ر1, 2026. */
export function periodLabel(start: string, p: Period): Label {
  switch (p) {
    case 'daily':
    case 'weekly': return { en: start, ar: start };
    case 'monthly': return { en: start.slice(0, 7), ar: start.slice(0, 7) };
    case 'quarterly': {
      const q = Math.floor((Number(start.slice(5, 7)) - 1) / 3) + 1;
      return { en: `${start.slice(0, 4)} Q${q}`, ar: `${start.slice(0, 4)} ر${q}` };
    }
    case 'yearly': return { en: start.slice(0, 4), ar: start.slice(0, 4) };
  }
}
