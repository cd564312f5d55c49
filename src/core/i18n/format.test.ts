/** Display formatting (core/i18n/format.ts): Umm al-Qura days, both calendars, Arabic-Indic digits on exact decimals. */
import { describe, expect, it } from 'vitest';
import { displayPrefs, formatDate, formatDateTime, formatDecimal, formatDuration, formatNumber, formatUnit, withDigits } from './format';

const en = { locale: 'en', calendar: 'gregorian', digits: 'latin' } as const;
const ar = { locale: 'ar', calendar: 'gregorian', digits: 'latin' } as const;

it('formats decimal strings without floats: grouping, minimum decimals, trailing zeros trimmed', () => {
  expect(formatDecimal('250.5000')).toBe('250.50');
  expect(formatDecimal('12345.6')).toBe('12,345.60');
  expect(formatDecimal('12.3450')).toBe('12.345');
  expect(formatDecimal('-0.0000')).toBe('0.00');
  expect(formatDecimal('2.500000', 0)).toBe('2.5');
  expect(formatDecimal('3.000000', 0)).toBe('3');
  expect(formatDecimal('1000000', 0)).toBe('1,000,000');
  expect(formatDecimal('-5')).toBe('-5.00');
});

describe('Hijri (Umm al-Qura) days from Intl', () => {
  it('knows 1 Ramadan 1447 = 18 February 2026 and 1 Muharram 1448 = 16 June 2026', () => {
    expect(formatDate('2026-02-18', { ...en, calendar: 'hijri' })).toBe('1 Ramadan 1447 AH');
    expect(formatDate('2026-06-16', { ...en, calendar: 'hijri' })).toBe('1 Muharram 1448 AH');
    expect(formatDate('2026-02-17', { ...en, calendar: 'hijri' })).toBe('29 Shaʻban 1447 AH');
    expect(formatDate('2026-02-18', { ...ar, calendar: 'hijri' })).toBe('1 رمضان 1447 هـ');
    expect(formatDate('2026-06-16', { ...ar, calendar: 'hijri', digits: 'arabic' })).toBe('١ محرم ١٤٤٨ هـ');
  });

  it('shows both calendars in the page language, the Hijri day in brackets without its era', () => {
    expect(formatDate('2026-02-18', { ...en, calendar: 'both' })).toBe('18 Feb 2026 (1 Ramadan 1447)');
    expect(formatDate('2026-02-18', { ...ar, calendar: 'both', digits: 'arabic' })).toBe('١٨\u200f/٠٢\u200f/٢٠٢٦ (١ رمضان ١٤٤٧)');
  });

  it('keeps the Gregorian default as it was, and the day of a timestamp', () => {
    expect(formatDate('2026-02-18', 'en')).toBe('18 Feb 2026');
    expect(formatDate('2026-02-18', { ...en, digits: 'arabic' })).toBe('١٨ Feb ٢٠٢٦');
    expect(formatDate('not a date', en)).toBe('not a date');
    expect(formatDateTime(new Date('2026-02-18T09:05:00Z'), { ...en, calendar: 'hijri' })).toMatch(/^1 Ramadan 1447 AH.*\d{1,2}:05/);
  });

  it('reads an instant on the company\'s clock: 22:05 UTC is 01:05 the next day in Riyadh, in every calendar', () => {
    const at = new Date('2026-11-29T22:05:00Z');
    const riyadh = { timeZone: 'Asia/Riyadh' };
    expect(formatDateTime(at, { ...en, ...riyadh })).toBe('30 Nov 2026, 01:05');
    expect(formatDateTime(at, { ...en, timeZone: 'UTC' })).toBe('29 Nov 2026, 22:05');
    // the Hijri day turns with the company's midnight too (20 Jumada II 1448 in Riyadh, the 19th in UTC)
    expect(formatDateTime(at, { ...en, ...riyadh, calendar: 'hijri' })).toMatch(/^20 Jumada II 1448 AH.*01:05/);
    expect(formatDateTime(at, { ...en, timeZone: 'UTC', calendar: 'hijri' })).toMatch(/^19 Jumada II 1448 AH.*22:05/);
    expect(formatDateTime(at, { ...en, ...riyadh, calendar: 'both' })).toBe('30 Nov 2026, 01:05 (20 Jumada II 1448)');
    expect(formatDateTime(at, { ...ar, ...riyadh })).toBe('30\u200f/11\u200f/2026، 1:05 ص');
  });
});

describe('a length of time in words', () => {
  it('takes Arabic\'s singular, dual and 3-10 plural, leaves out a zero part, and says less than a minute', () => {
    const ar = (m: number, digits: 'latin' | 'arabic' = 'latin') => formatDuration(m, { locale: 'ar', calendar: 'gregorian', digits });
    expect(ar(8 * 60)).toBe('8 ساعات');
    expect(ar(60 + 5)).toBe('ساعة و5 دقائق');
    expect(ar(2 * 60 + 2)).toBe('ساعتان ودقيقتان');
    expect(ar(3 * 60 + 1)).toBe('3 ساعات ودقيقة');
    expect(ar(11 * 60 + 30)).toBe('11 ساعة و30 دقيقة');
    expect(ar(45, 'arabic')).toBe('٤٥ دقيقة');
    expect(ar(0)).toBe('أقل من دقيقة');
    expect(ar(0.2)).toBe('أقل من دقيقة');
    expect(formatDuration(0, 'en')).toBe('less than a minute');
    expect(formatDuration(8 * 60, 'en')).toBe('8 hours');
    expect(formatDuration(61, 'en')).toBe('1 hour, 1 minute');
  });

  it('counts days with the noun in the number\'s form', () => {
    expect([1, 2, 7, 14, 30, 100].map((d) => formatUnit(d, 'day', 'ar'))).toEqual(['يوم', 'يومان', '7 أيام', '14 يومًا', '30 يومًا', '100 يوم']);
    expect(formatUnit(7, 'day', 'en')).toBe('7 days');
  });
});

describe('Arabic-Indic digits', () => {
  it('puts Intl\'s own digits and separators on the exact decimal string', () => {
    expect(formatNumber('1250.5000', { digits: 'arabic' })).toBe('١٬٢٥٠٫٥٠');
    expect(formatNumber('1250.5000', { digits: 'latin' })).toBe('1,250.50');
    // the same as Intl for a value a float holds exactly, minus sign (and its Arabic letter mark) included
    expect(formatNumber('-1234567.5', { digits: 'arabic' })).toBe(new Intl.NumberFormat('ar-u-nu-arab', { minimumFractionDigits: 2 }).format(-1234567.5));
    // and exact where a float is not
    expect(formatNumber('12345678901234.1234', { digits: 'arabic', minDecimals: 0 })).toBe('١٢٬٣٤٥٬٦٧٨٬٩٠١٬٢٣٤٫١٢٣٤');
    expect(withDigits('INV-2026-0007', 'arabic')).toBe('INV-٢٠٢٦-٠٠٠٧');
  });
});

it('takes the user\'s preference, else the company\'s, else Gregorian with Latin digits', () => {
  expect(displayPrefs({ calendar: 'hijri', digits: null }, { calendar: 'both', digits: 'arabic' })).toEqual({ calendar: 'hijri', digits: 'arabic' });
  expect(displayPrefs(null, { calendar: 'bogus' })).toEqual({ calendar: 'gregorian', digits: 'latin' });
});
