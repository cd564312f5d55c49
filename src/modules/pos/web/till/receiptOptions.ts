import type { Locale } from '../../../../core/i18n/locale';

/**
 * How this device prints a till receipt: the paper (accounting's 80 mm `receipt` layout, or `a4`) and the language
 * ('page': the page's, or English, Arabic, or both). Kept in localStorage under one key so a shop sets it once per
 * till; what is read back is checked field by field, and anything unknown (another version's value, junk, no
 * storage at all) falls back to the default: 80 mm in the page's language. No DOM or React here: a unit test runs it
 * in node (receiptOptions.test.ts).
 */
export const PAPERS = ['receipt', 'a4'] as const;
export const RECEIPT_LANGS = ['page', 'en', 'ar', 'both'] as const;
export type Paper = (typeof PAPERS)[number];
export type ReceiptLang = (typeof RECEIPT_LANGS)[number];
export interface ReceiptOptions { paper: Paper; lang: ReceiptLang }

export const RECEIPT_OPTIONS_KEY = 'daftar:pos:receipt';
export const DEFAULT_RECEIPT_OPTIONS: ReceiptOptions = Object.freeze({ paper: 'receipt', lang: 'page' });

/** The part of Storage this module uses (localStorage in the browser, a Map-backed fake in the test). */
export type OptionsStore = Pick<Storage, 'getItem' | 'setItem'>;

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => typeof v === 'string' && (list as readonly string[]).includes(v);

/** The options in a stored text: each field kept when valid, else its default. */
export function parseReceiptOptions(raw: string | null | undefined): ReceiptOptions {
  let v: unknown = null;
  try { v = raw ? JSON.parse(raw) : null; } catch { v = null; }
  const o = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  return {
    paper: oneOf(PAPERS, o.paper) ? o.paper : DEFAULT_RECEIPT_OPTIONS.paper,
    lang: oneOf(RECEIPT_LANGS, o.lang) ? o.lang : DEFAULT_RECEIPT_OPTIONS.lang,
  };
}

/** The browser's localStorage, or null where there is none or it refuses access (a locked-down profile). */
export function deviceStore(): OptionsStore | null {
  try { return typeof localStorage === 'undefined' ? null : localStorage; } catch { return null; }
}

export function readReceiptOptions(store: OptionsStore | null = deviceStore()): ReceiptOptions {
  try { return parseReceiptOptions(store?.getItem(RECEIPT_OPTIONS_KEY)); } catch { return { ...DEFAULT_RECEIPT_OPTIONS }; }
}

/** Remembers the choice (both fields validated first); false when the device cannot keep it (no or full storage). */
export function saveReceiptOptions(o: ReceiptOptions, store: OptionsStore | null = deviceStore()): boolean {
  const clean = parseReceiptOptions(JSON.stringify(o));
  try { store?.setItem(RECEIPT_OPTIONS_KEY, JSON.stringify(clean)); return store !== null; } catch { return false; }
}

/** The `lang` the server is asked for: the page's language when the choice is 'page'. */
export const langFor = (o: ReceiptOptions, locale: Locale): Locale | 'both' => (o.lang === 'page' ? locale : o.lang);

/** The receipt's PDF: accounting's invoice PDF in the chosen layout and language. */
export function receiptUrl(invoiceId: number, locale: Locale, o: ReceiptOptions = DEFAULT_RECEIPT_OPTIONS): string {
  return `/api/accounting/invoices/${invoiceId}/pdf?lang=${langFor(o, locale)}&layout=${o.paper}`;
}
