import { describe, expect, it } from 'vitest';
import { fiscalYearOf } from '../db/sequences';
import { fiscalYearStart } from './fiscal-year';

describe('fiscalYearStart', () => {
  it('gives the first day of the fiscal year containing the date', () => {
    expect(fiscalYearStart('2026-03-15')).toBe('2026-01-01');
    expect(fiscalYearStart('2026-03-15', 7, 1)).toBe('2025-07-01');
    expect(fiscalYearStart('2026-07-01', 7, 1)).toBe('2026-07-01');
    expect(fiscalYearStart('2026-06-30', 7, 1)).toBe('2025-07-01');
    expect(fiscalYearStart('2026-04-10', 4, 10)).toBe('2026-04-10');
  });

  it('agrees with fiscalYearOf for every day, including start days past a month end', () => {
    for (const [m, d] of [[1, 1], [4, 1], [7, 15], [2, 29], [2, 31], [4, 31], [12, 31]] as const) {
      for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2026, 0, 1); t += 86_400_000) {
        const day = new Date(t).toISOString().slice(0, 10);
        const start = fiscalYearStart(day, m, d);
        expect(start <= day).toBe(true);
        expect(fiscalYearOf(start, m, d)).toBe(fiscalYearOf(day, m, d));
        const before = new Date(Date.parse(start) - 86_400_000).toISOString().slice(0, 10);
        expect(fiscalYearOf(before, m, d)).toBe(fiscalYearOf(day, m, d) - 1);
      }
    }
  });
});
