import { useDirection } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import type { Locale } from '../../core/i18n/locale';
import { i18next } from '../i18n/i18n';
import { readLocaleCookie, writeLocaleCookie } from '../i18n/localeCookie';
import { LocaleContext } from '../i18n/useLocale';
import { ConfirmProvider } from '../ui/ConfirmProvider';

/**
 * Root of one locale's route tree (/ for English, /ar for Arabic). Sets the i18next language, <html lang dir>,
 * Mantine's direction, and keeps the locale cookie in step with the page so server messages match it.
 */
export function LocaleRoot({ locale }: { locale: Locale }) {
  const { setDirection } = useDirection();
  useLayoutEffect(() => {
    // In a layout effect, not during render: changing the language re-renders every translated component.
    if (i18next.language !== locale) void i18next.changeLanguage(locale);
    const dir = locale === 'ar' ? 'rtl' : 'ltr';
    document.documentElement.lang = locale;
    document.documentElement.dir = dir;
    setDirection(dir);
    if (readLocaleCookie() !== locale) writeLocaleCookie(locale);
  }, [locale, setDirection]);
  return (
    <LocaleContext.Provider value={locale}>
      <ConfirmProvider>
        <Outlet />
      </ConfirmProvider>
    </LocaleContext.Provider>
  );
}
