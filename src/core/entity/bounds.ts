/**
 * What the platform accepts as a value before it reaches SQL (isomorphic: the web forms check the same): a date is
 * a real calendar day inside the configured year range, an id fits PostgreSQL's `integer`, text holds no NUL, and
 * a money or quantity value has few enough integer digits that what documents do with it (line value = quantity x
 * price, totals of up to 1,000 lines, taxes on top) stays inside its NUMERIC column. Every check here guards an
 * invariant the database would otherwise enforce with a 500: keep them in step with the columns.
 */

/** PostgreSQL `integer` (ids, refs, integer fields). */
export const MAX_INT = 2147483647;

/**
 * Integer digits allowed in a value: money (NUMERIC(20,4), < 10^16) takes at most 12, i.e. |amount| < 10^12,
 * quantity (NUMERIC(20,6), < 10^14) at most 9, |quantity| < 10^9. A line's value (quantity x price) is held to the
 * money bound too (`lineValueFits`), so a document of 1,000 lines totals less than 10^15 and its taxes fit as well,
 * and a quantity converted between units (factors up to 10^4) stays under 10^13.
 */
export const MONEY_DIGITS = 12;
/**
 * Ledger amounts (a journal entry line, a document's total) are sums of document lines: at most 15 integer digits
 * (|amount| < 10^15), and an entry's total too, so its NUMERIC(20,4) totals and a few hundred such entries on one
 * account still fit.
 */
export const LEDGER_DIGITS = 15;
export const LEDGER_MAX = '999999999999999.9999';
export const QUANTITY_DIGITS = 9;
export const MONEY_MAX = '999999999999.9999';
export const QUANTITY_MAX = '999999999.999999';

/**
 * Years a date may fall in: DATE_MIN_YEAR..DATE_MAX_YEAR from the server's environment, 1900..2200 by default (the
 * web checks the defaults; the server's answer is the one that counts). Far outside any fiscal year, a date is a
 * typo, and PostgreSQL's own range (4713 BC..5874897 AD, no year 0) is wider than anything a ledger can number.
 */
const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
const year = (v: string | undefined, def: number) => (v && /^\d{4}$/.test(v) ? Number(v) : def);
export const DATE_MIN_YEAR = year(env.DATE_MIN_YEAR, 1900);
export const DATE_MAX_YEAR = year(env.DATE_MAX_YEAR, 2200);
export const DATE_MIN = `${DATE_MIN_YEAR}-01-01`;
export const DATE_MAX = `${DATE_MAX_YEAR}-12-31`;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A real calendar day (no 2026-02-30, no year 0), YYYY-MM-DD. */
export function isCalendarDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(2000, mo, 0)).getUTCDate() - (mo === 2 && !isLeap(y) ? 1 : 0);
}
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** `date`'s problem, if any: not a calendar day, or outside DATE_MIN..DATE_MAX. */
export function dateProblem(s: string): 'invalidDate' | 'dateOutOfRange' | null {
  if (!isCalendarDate(s)) return 'invalidDate';
  return s < DATE_MIN || s > DATE_MAX ? 'dateOutOfRange' : null;
}

/** The same for a timestamp: a calendar day, a real time of day, in range. */
export function dateTimeProblem(s: string): 'invalidDate' | 'dateOutOfRange' | null {
  const m = DATETIME_RE.exec(s);
  if (!m || Number.isNaN(Date.parse(s))) return 'invalidDate';
  if (Number(m[4] ?? 0) > 23 || Number(m[5] ?? 0) > 59 || Number(m[6] ?? 0) > 59) return 'invalidDate';
  return dateProblem(s.slice(0, 10));
}

/** Text PostgreSQL cannot store (NUL in text or jsonb). */
export const hasNul = (s: string) => s.includes('\u0000');

/** Whether a JSON value holds a NUL in any string (key or value). */
export function jsonHasNul(v: unknown): boolean {
  return v !== undefined && JSON.stringify(v).includes('\\u0000');
}

/** Integer digits of a decimal string ("-00012.5" -> 2). */
export function integerDigits(v: string): number {
  return v.replace(/^[-+]/, '').split('.')[0]!.replace(/^0+/, '').length;
}

/**
 * Whether quantity x price stays under the money bound, by digits alone (no decimal library needed): a product of
 * numbers below 10^a and 10^b is below 10^(a+b); close to the bound the exact product is compared.
 */
export function lineValueFits(quantity: string, price: string): boolean {
  const q = Math.abs(Number(quantity));
  const p = Math.abs(Number(price));
  if (!Number.isFinite(q) || !Number.isFinite(p)) return false;
  const v = q * p;
  if (v < 9.99e11) return true;
  if (v > 1.001e12) return false;
  return exactProductDigits(quantity, price) <= MONEY_DIGITS;
}

/** Integer digits of the exact product of two decimal strings (BigInt: no rounding near the bound). */
function exactProductDigits(a: string, b: string): number {
  const parts = (s: string) => {
    const [i, f = ''] = s.replace(/^[-+]/, '').split('.');
    return { n: BigInt((i || '0') + f), scale: f.length };
  };
  const x = parts(a);
  const y = parts(b);
  const prod = (x.n * y.n).toString();
  const scale = x.scale + y.scale;
  return Math.max(0, prod.length - scale);
}
