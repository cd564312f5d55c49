import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../core/i18n/locale';
import { importWithReload } from '../lazyScreen';
import { en } from './en';

/**
 * i18next with English (the fallback) in the initial bundle; Arabic is a chunk of its own, loaded before the first
 * Arabic screen renders (main.tsx awaits it for an /ar page, LocaleRoot before it shows an /ar tree), so an English
 * first screen does not carry it (tests/e2e/bundle-size.test.ts).
 */
void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnObjects: false,
});

let arabic: Promise<void> | undefined;
let arabicLoaded = false;

/** True once the locale's catalogue is in i18next. */
export function localeReady(locale: Locale): boolean {
  return locale === 'en' || arabicLoaded;
}

/** Loads the locale's catalogue (once); merged under any lazy messages already added (i18n/lazyMessages.ts). */
export function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'en') return Promise.resolve();
  arabic ??= importWithReload(() => import('./ar'))().then(({ ar }) => {
    i18next.addResourceBundle('ar', 'translation', ar, true, true);
    arabicLoaded = true;
  });
  return arabic;
}

export { i18next };
