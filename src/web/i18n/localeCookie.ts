import { isLocale, type Locale } from '../../core/i18n/locale';

/**
 * The `locale` cookie: 365 days, path /, SameSite=Lax, Secure when the page is served over https.
 * The server reads it to answer messages in the page's language.
 */
export function readLocaleCookie(): Locale | undefined {
  const m = /(?:^|;\s*)locale=([^;]+)/.exec(document.cookie);
  const v = m ? decodeURIComponent(m[1]!) : undefined;
  return isLocale(v) ? v : undefined;
}

export function writeLocaleCookie(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `locale=${locale}; Max-Age=${365 * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
}
