import { describe, expect, it } from 'vitest';
import { readsBackward, splitRange } from './stock-totals';

/** Whole months come from the month totals, the edge days from the day totals, with nothing counted twice. */
describe('splitRange', () => {
  it('balance at a mid-month date: every month before, then the days of the month', () => {
    expect(splitRange(null, '2026-03-17')).toEqual({ months: { from: null, to: '2026-02-01' }, days: [{ from: '2026-03-01', to: '2026-03-17' }] });
  });
  it('balance at a month end reads months only', () => {
    expect(splitRange(null, '2026-02-28')).toEqual({ months: { from: null, to: '2026-02-01' }, days: [] });
    expect(splitRange(null, '2024-12-31')).toEqual({ months: { from: null, to: '2024-12-01' }, days: [] });
  });
  it('a range with partial months at both ends', () => {
    expect(splitRange('2026-01-10', '2026-04-05')).toEqual({
      months: { from: '2026-02-01', to: '2026-03-01' },
      days: [{ from: '2026-01-10', to: '2026-01-31' }, { from: '2026-04-01', to: '2026-04-05' }],
    });
  });
  it('a range inside one month, or across a month boundary without a whole month, reads days only', () => {
    expect(splitRange('2026-01-10', '2026-01-20')).toEqual({ months: null, days: [{ from: '2026-01-10', to: '2026-01-20' }] });
    expect(splitRange('2026-01-10', '2026-02-20')).toEqual({ months: null, days: [{ from: '2026-01-10', to: '2026-02-20' }] });
  });
  it('whole months exactly, across a year end (leap February)', () => {
    expect(splitRange('2023-12-01', '2024-02-29')).toEqual({ months: { from: '2023-12-01', to: '2024-02-01' }, days: [] });
  });
  it('no months when asked for days only (daily and weekly buckets)', () => {
    expect(splitRange('2026-01-01', '2026-03-31', false)).toEqual({ months: null, days: [{ from: '2026-01-01', to: '2026-03-31' }] });
  });
  it('a single first day of a month', () => {
    expect(splitRange(null, '2026-03-01')).toEqual({ months: { from: null, to: '2026-02-01' }, days: [{ from: '2026-03-01', to: '2026-03-01' }] });
  });
});

describe('readsBackward', () => {
  const span = { first: '2025-01-01', last: '2026-12-01' };
  it('reads backward from today\'s balance when fewer months follow the date than precede it', () => {
    expect(readsBackward('2026-12-31', span)).toBe(true);
    expect(readsBackward('2027-03-10', span)).toBe(true);
    expect(readsBackward('2026-01-15', span)).toBe(true); // 12 months before, 11 after
    expect(readsBackward('2025-12-15', span)).toBe(false); // 11 before, 12 after
    expect(readsBackward('2024-06-30', span)).toBe(false);
  });
  it('reads forward when there is no stock yet', () => {
    expect(readsBackward('2026-12-31', { first: null, last: null })).toBe(false);
  });
});
