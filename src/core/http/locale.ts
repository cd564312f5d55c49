import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale, isLocale } from '../i18n/locale';

/** The caller's language: the `locale` cookie, else the first supported Accept-Language, else English. */
export function localeOf(req: FastifyRequest): Locale {
  const cookie = req.cookies?.locale;
  if (isLocale(cookie)) return cookie;
  const header = String(req.headers['accept-language'] ?? '');
  for (const part of header.split(',')) {
    const lang = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(lang)) return lang;
  }
  return DEFAULT_LOCALE;
}
