import { type DisplayFormat, formatDate, formatNumber, withDigits } from '../i18n/format';
import type { Column } from './report.types';

/**
 * A report cell as shown on the report screen and in its PDF (isomorphic): money with two decimals at least,
 * quantities as they are, dates in the reader's calendar, all in the reader's digits. Text is left as it is.
 * Excel never comes here: it gets real numbers and dates (report-output.ts).
 */
export function reportCell(kind: Column['kind'], v: unknown, f: DisplayFormat): string | undefined {
  if (v === null || v === undefined || v === '') return kind === 'text' ? undefined : '';
  if (kind === 'money') return formatNumber(v, { digits: f.digits });
  if (kind === 'qty') return formatNumber(v, { digits: f.digits, minDecimals: 0 });
  if (kind === 'int') return withDigits(String(v), f.digits);
  if (kind === 'date' && typeof v === 'string') return formatDate(v, f);
  return undefined;
}
