/**
 * A spreadsheet cell as a field's value, the way people type it in Arabic and English files: Arabic-Indic digits
 * (٠-٩, ۰-۹), the Arabic decimal and thousands separators (٫ ٬), thousands commas, dates as ISO, dd/mm/yyyy or an
 * Excel serial number, Yes/No in either language. Each answers a string the entity's zod schema then checks (so
 * an impossible date such as 31/02/2026 is refused by the same rule as the form's), or `undefined` when the cell
 * cannot be that kind at all. Isomorphic, pure.
 */
export type Cell = string | number | boolean | Date | null | { problem: 'formula' | 'error' };

const DIGITS: Record<string, string> = {};
for (let i = 0; i < 10; i++) {
  DIGITS[String.fromCharCode(0x660 + i)] = String(i);
  DIGITS[String.fromCharCode(0x6f0 + i)] = String(i);
}

/** Latin digits for Arabic-Indic and Persian ones; the Arabic decimal separator as '.', its thousands one dropped. */
export function latinDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (c) => DIGITS[c]!).replace(/\u066b/g, '.').replace(/\u066c/g, ',');
}

/** A header folded for matching: case, spaces, punctuation, tatweel and Arabic diacritics do not count. */
export function foldHeader(s: string): string {
  return latinDigits(s.normalize('NFKC')).toLowerCase().replace(/[\u064b-\u065f\u0670\u0640]/g, '').replace(/[أإآ]/g, 'ا').replace(/ى/g, 'ي').replace(/ة/g, 'ه')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A cell's text, trimmed ('' for empty). */
export function cellText(c: Cell): string {
  if (c === null || typeof c === 'object' && !(c instanceof Date)) return '';
  if (c instanceof Date) return isoDate(c);
  return String(c).trim();
}

/** A JS number as a plain decimal string (no exponent), exact to what the cell shows. */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

const THOUSANDS = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;

/** A number typed in a cell as a decimal string, or undefined when it is not one ('' stays ''). */
export function parseNumber(c: Cell): string | undefined {
  if (typeof c === 'number') return numberText(c);
  if (typeof c !== 'string') return c === null ? '' : undefined;
  let s = latinDigits(c).replace(/[\s\u00a0\u202f\u200f\u200e]/g, '').replace(/\u2212/g, '-');
  if (s === '') return '';
  if (/^\(.*\)$/.test(s)) s = '-' + s.slice(1, -1);
  if (s.startsWith('+')) s = s.slice(1);
  if (THOUSANDS.test(s)) s = s.replace(/,/g, '');
  return /^-?\d+(\.\d+)?$/.test(s) ? s : /^-?\d+\.$/.test(s) ? s.slice(0, -1) : /^-?\.\d+$/.test(s) ? s.replace('.', '0.') : undefined;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** A Date's calendar day as exceljs gives it (dates are read as UTC midnight). */
export function isoDate(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Excel's serial day (1900 system, with its phantom 29 Feb 1900: serial 60) as a calendar day. */
export function excelSerialDate(n: number): string {
  const days = Math.floor(n);
  return isoDate(new Date(Date.UTC(1899, 11, 30) + days * 86_400_000));
}

/**
 * A day as `YYYY-MM-DD` (not checked against the calendar: the schema does that, with its own message), or
 * undefined when the text has no date's shape. dd/mm/yyyy is read day first, as Arabic and British files write it.
 */
export function parseDate(c: Cell): string | undefined {
  if (c instanceof Date) return isoDate(c);
  if (typeof c === 'number') return c >= 1 && c < 2_958_466 ? excelSerialDate(c) : undefined;
  if (typeof c !== 'string') return c === null ? '' : undefined;
  const s = latinDigits(c).trim();
  if (s === '') return '';
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (m) return `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s);
  if (m) return `${m[3]}-${pad(Number(m[2]))}-${pad(Number(m[1]))}`;
  if (/^\d{5}(\.\d+)?$/.test(s)) return excelSerialDate(Number(s));
  return undefined;
}

const YES = new Set(['yes', 'y', 'true', '1', 'نعم', 'صح', 'صحيح']);
const NO = new Set(['no', 'n', 'false', '0', 'لا', 'خطا']);

/** Yes/No in either language (true/false, 1/0); null for an empty cell. */
export function parseBoolean(c: Cell): boolean | null | undefined {
  if (typeof c === 'boolean') return c;
  if (c === null || cellText(c) === '') return null;
  if (typeof c === 'number') return c === 1 ? true : c === 0 ? false : undefined;
  const s = foldHeader(cellText(c));
  return YES.has(s) ? true : NO.has(s) ? false : undefined;
}
