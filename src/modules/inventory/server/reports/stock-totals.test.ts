import { describe, expect, it } from 'vitest';
import { balanceRead, periodOf, splitRange } from './stock-totals';

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

describe('periodOf', () => {
  it('half months: the 1st to the 15th, the 16th to the month\'s end', () => {
    expect(periodOf('2026-06-01')).toEqual({ start: '2026-06-01', end: '2026-06-15' });
    expect(periodOf('2026-06-15')).toEqual({ start: '2026-06-01', end: '2026-06-15' });
    expect(periodOf('2026-06-16')).toEqual({ start: '2026-06-16', end: '2026-06-30' });
    expect(periodOf('2024-02-29')).toEqual({ start: '2024-02-16', end: '2024-02-29' });
    expect(periodOf('2026-12-31')).toEqual({ start: '2026-12-16', end: '2026-12-31' });
  });
});

describe('balanceRead', () => {
  it('a period end is that period\'s closing alone', () => {
    expect(balanceRead('2026-06-30')).toEqual({ period: '2026-06-16', days: null, backward: false });
    expect(balanceRead('2026-06-15')).toEqual({ period: '2026-06-01', days: null, backward: false });
    expect(balanceRead('2024-02-29')).toEqual({ period: '2024-02-16', days: null, backward: false });
  });
  it('early in a period: the closing of the period before plus the days up to the date', () => {
    expect(balanceRead('2026-06-17')).toEqual({ period: '2026-06-01', days: { from: '2026-06-16', to: '2026-06-17' }, backward: false });
    expect(balanceRead('2026-01-01')).toEqual({ period: '2025-12-16', days: { from: '2026-01-01', to: '2026-01-01' }, backward: false });
    expect(balanceRead('2026-03-07')).toEqual({ period: '2026-02-16', days: { from: '2026-03-01', to: '2026-03-07' }, backward: false }); // 7 days either way
  });
  it('late in a period: its closing minus the days after the date', () => {
    expect(balanceRead('2025-03-10')).toEqual({ period: '2025-03-01', days: { from: '2025-03-11', to: '2025-03-15' }, backward: true });
    expect(balanceRead('2024-02-28')).toEqual({ period: '2024-02-16', days: { from: '2024-02-29', to: '2024-02-29' }, backward: true });
    expect(balanceRead('2026-12-30')).toEqual({ period: '2026-12-16', days: { from: '2026-12-31', to: '2026-12-31' }, backward: true });
  });
  it('never reads more than 8 days', () => {
    let most = 0;
    for (let d = new Date('2024-01-01T00:00:00Z'); d < new Date('2027-01-01T00:00:00Z'); d.setUTCDate(d.getUTCDate() + 1)) {
      const r = balanceRead(d.toISOString().slice(0, 10));
      const n = r.days ? (Date.parse(r.days.to) - Date.parse(r.days.from!)) / 86_400_000 + 1 : 0;
      most = Math.max(most, n);
    }
    expect(most).toBe(8);
  });
});
