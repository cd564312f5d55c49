import { useMemo } from 'react';
import { DEFAULT_DISPLAY, type DisplayFormat, formatDate, formatNumber } from '../../core/i18n/format';
import { useMe } from '../api/useAuth';
import { useLocale } from './useLocale';

/**
 * The page's language with the signed-in user's calendar and digits (`/api/auth/me`'s `display`: their own
 * choice, else the company's) and the company's time zone, the clock instants are read on: what every screen formats
 * dates and numbers with (core/i18n/format.ts). Signed out, Gregorian, Latin digits and the browser's clock.
 */
export function useFormat(): DisplayFormat & { date(iso: unknown): string; number(v: unknown, minDecimals?: number): string } {
  const { locale } = useLocale();
  const { data } = useMe();
  const calendar = data?.display?.calendar ?? DEFAULT_DISPLAY.calendar;
  const digits = data?.display?.digits ?? DEFAULT_DISPLAY.digits;
  const timeZone = data?.company.timeZone;
  return useMemo(() => {
    const f: DisplayFormat = { locale, calendar, digits, timeZone };
    return {
      ...f,
      date: (iso: unknown) => (typeof iso === 'string' && iso ? formatDate(iso, f) : ''),
      number: (v: unknown, minDecimals = 2) => formatNumber(v, { digits, minDecimals }),
    };
  }, [locale, calendar, digits, timeZone]);
}
