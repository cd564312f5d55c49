import { describe, expect, it } from 'vitest';
import { demoYear } from './demo-year';

describe('demoYear', () => {
  it('is the twelve months ending with the current one, no day after today', () => {
    const y = demoYear('2026-03-15');
    expect(y.start).toBe('2025-04-01');
    expect(y.months.map((m) => m.month)).toEqual(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(y.months[10]!.day(31)).toBe('2026-02-28');
    expect(y.months[11]!.day(15)).toBe('2026-03-15');
    expect(y.months[11]!.day(16)).toBeNull();
    expect(demoYear('2026-01-01').start).toBe('2025-02-01');
  });
});
