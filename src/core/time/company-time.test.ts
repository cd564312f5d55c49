import { afterEach, describe, expect, it } from 'vitest';
import { canonicalTimeZone, companyNow, companyToday, now, setClock } from './company-time';

/** Company time: today is the company's wall-clock date at the (pinnable) clock's instant, not UTC's. */
const AT = new Date('2026-03-31T21:30:00Z');
afterEach(() => setClock(null));

describe('companyToday and companyNow', () => {
  it('at 21:30 UTC on 31 March it is already 1 April in Riyadh, still 31 March in UTC and New York', () => {
    setClock(() => AT);
    expect(companyToday({ timeZone: 'Asia/Riyadh' })).toBe('2026-04-01');
    expect(companyToday({ timeZone: 'UTC' })).toBe('2026-03-31');
    expect(companyToday({ timeZone: 'America/New_York' })).toBe('2026-03-31');
    expect(companyNow({ timeZone: 'Asia/Riyadh' })).toEqual({ instant: AT, date: '2026-04-01', time: '00:30:00' });
    expect(companyNow({ timeZone: 'America/New_York' })).toMatchObject({ date: '2026-03-31', time: '17:30:00' });
  });

  it('midnight reads 00, never 24, and the clock can be restored', () => {
    setClock(() => new Date('2026-03-31T21:00:00Z'));
    expect(companyNow({ timeZone: 'Asia/Riyadh' })).toMatchObject({ date: '2026-04-01', time: '00:00:00' });
    expect(now().toISOString()).toBe('2026-03-31T21:00:00.000Z');
    setClock(null);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(5000);
  });
});

describe('canonicalTimeZone', () => {
  it('accepts IANA names Intl knows, in their canonical spelling', () => {
    expect(canonicalTimeZone('Asia/Riyadh')).toBe('Asia/Riyadh');
    expect(canonicalTimeZone('asia/riyadh')).toBe('Asia/Riyadh');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toMatch(/Buenos_Aires$/); // ICU's spelling of the alias
  });
  it('refuses unknown names, bare offsets, empty and non-strings', () => {
    for (const bad of ['Mars/Base', '+03:00', '', ' Asia/Riyadh', 'Asia/Riyadh'.repeat(7), 3, null, undefined])
      expect(canonicalTimeZone(bad)).toBeNull();
  });
});
