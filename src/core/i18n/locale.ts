/** Locales the product speaks, and which of them read right-to-left. */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Right-to-left languages we know of; only those in LOCALES are offered today. */
export const RTL_LANGUAGES = ['ar', 'fa', 'he'];

/** A piece of text in every locale. */
export type Label = { en: string; ar: string };

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}

export function isRtl(locale: string): boolean {
  return RTL_LANGUAGES.includes(locale.slice(0, 2));
}

/** `{name}`-style placeholders filled from vars. */
export function fill(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

export function tr(label: Label, locale: Locale, vars?: Record<string, string | number>): string {
  return fill(label[locale] ?? label.en, vars);
}
