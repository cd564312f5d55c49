import { MantineThemeProvider, createTheme, useDirection } from '@mantine/core';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import type { Locale } from '../../core/i18n/locale';
import { i18next, loadLocale, localeReady } from '../i18n/i18n';
import { readLocaleCookie, writeLocaleCookie } from '../i18n/localeCookie';
import { LocaleContext } from '../i18n/useLocale';
import { ConfirmProvider } from '../ui/ConfirmProvider';
import { PageLoader } from '../ui/PageLoader';

/**
 * Root of one locale's route tree (/ for English, /ar for Arabic). Sets the i18next language, <html lang dir>,
 * Mantine's direction, and keeps the locale cookie in step with the page so server messages match it.
 * Names that Mantine's components draw without text (the close "x" of every dialog, drawer and notification) are
 * given here once, in the page's language. A locale whose catalogue is not loaded yet (Arabic, reached from an
 * English page) shows the page loader until it is.
 */
function useLocaleTheme() {
  const { t } = useTranslation();
  const close = t('common.close');
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': close, title: close };
    return createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
        // A menu closed by Escape gives the focus back to its button (not Popover: comboboxes are popovers too).
        Menu: { defaultProps: { returnFocus: true } },
      },
    });
  }, [close]);
}

export function LocaleRoot({ locale }: { locale: Locale }) {
  const [ready, setReady] = useState(() => localeReady(locale));
  useEffect(() => {
    if (localeReady(locale)) setReady(true);
    else void loadLocale(locale).then(() => setReady(true));
  }, [locale]);
  return ready && localeReady(locale) ? <LocaleTree locale={locale} /> : <PageLoader />;
}

function LocaleTree({ locale }: { locale: Locale }) {
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
  const theme = useLocaleTheme();
  return (
    <LocaleContext.Provider value={locale}>
      <MantineThemeProvider theme={theme}>
        <ConfirmProvider>
          <Outlet />
        </ConfirmProvider>
      </MantineThemeProvider>
    </LocaleContext.Provider>
  );
}
