import { createContext, useCallback, useContext } from 'react';
import { type Label, type Locale, tr } from '../../core/i18n/locale';

/**
 * The page locale comes from the URL: Arabic pages live under /ar, English ones have no prefix.
 * `to(path)` turns a prefix-free path into the current locale's path.
 */
export const LocaleContext = createContext<Locale>('en');

export function localeFromPath(pathname: string): Locale {
  return pathname === '/ar' || pathname.startsWith('/ar/') ? 'ar' : 'en';
}

export function stripLocale(pathname: string): string {
  if (pathname === '/ar') return '/';
  return pathname.startsWith('/ar/') ? pathname.slice(3) : pathname;
}

export function withLocale(path: string, locale: Locale): string {
  const bare = stripLocale(path);
  if (locale === 'en') return bare;
  return bare === '/' ? '/ar' : '/ar' + bare;
}

export function useLocale() {
  const locale = useContext(LocaleContext);
  const to = useCallback((path: string) => withLocale(path, locale), [locale]);
  const label = useCallback((l: Label, vars?: Record<string, string | number>) => tr(l, locale, vars), [locale]);
  return { locale, dir: locale === 'ar' ? ('rtl' as const) : ('ltr' as const), to, label };
}
