import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { daysBetween, parseBaseParams, periodsBetween, queryReader } from './report-params';

/** Shared report parameters: malformed input is a 400 naming the parameter; period buckets cover the range exactly. */
const bad = (f: () => unknown) => { try { f(); } catch (e) { return e instanceof AppError ? [e.status, e.vars.param] : e; } return 'no error'; };

describe('report parameters', () => {
  it('reads dates, ids, integers and choices', () => {
    const r = queryReader({ to: '2026-02-28', id: '42', n: '7', pick: 'b', list: ['2026-01-01', 'x'] });
    expect([r.date('to'), r.id('id'), r.int('n', 1, 10), r.oneOf('pick', ['a', 'b']), r.date('list'), r.date('none'), r.int('none', 5, 10)])
      .toEqual(['2026-02-28', 42, 7, 'b', '2026-01-01', null, 5]);
  });
  it('refuses malformed values with a 400 naming the parameter', () => {
    const r = queryReader({ d: '2026-02-30x', i: '0', big: '2147483648', n: '1.5', neg: '-1', c: 'z' });
    expect(bad(() => r.date('d'))).toEqual([400, 'd']);
    expect(bad(() => r.id('i'))).toEqual([400, 'i']);
    expect(bad(() => r.id('big'))).toEqual([400, 'big']);
    expect(bad(() => r.int('n', 1, 10))).toEqual([400, 'n']);
    expect(bad(() => r.int('neg', 1, 10))).toEqual([400, 'neg']);
    expect(bad(() => r.oneOf('c', ['a']))).toEqual([400, 'c']);
    expect(bad(() => parseBaseParams(queryReader({ from: '2026-03-01', to: '2026-02-01' }), '2026-03-31'))).toEqual([400, 'from']);
    expect(bad(() => parseBaseParams(queryReader({ format: 'csv' }), '2026-03-31'))).toEqual([400, 'format']);
  });
  it("defaults: to the company's today, first page of 100, JSON", () => {
    const p = parseBaseParams(queryReader({}), '2026-04-01');
    expect(p).toMatchObject({ from: null, to: '2026-04-01', period: null, page: 1, pageSize: 100, format: 'json' });
  });
});

describe('period buckets', () => {
  it('weeks start on Monday and the edges are clipped to the range', () => {
    expect(periodsBetween('2026-02-04', '2026-02-17', 'weekly').map((b) => [b.from, b.to])).toEqual([
      ['2026-02-04', '2026-02-08'], ['2026-02-09', '2026-02-15'], ['2026-02-16', '2026-02-17'],
    ]);
  });
  it('months, quarters and years', () => {
    expect(periodsBetween('2024-01-15', '2024-03-10', 'monthly').map((b) => [b.key, b.from, b.to])).toEqual([
      ['p1', '2024-01-15', '2024-01-31'], ['p2', '2024-02-01', '2024-02-29'], ['p3', '2024-03-01', '2024-03-10'],
    ]);
    expect(periodsBetween('2025-11-01', '2026-04-30', 'quarterly').map((b) => b.from)).toEqual(['2025-11-01', '2026-01-01', '2026-04-01']);
    expect(periodsBetween('2025-06-01', '2026-02-01', 'yearly').map((b) => b.to)).toEqual(['2025-12-31', '2026-02-01']);
  });
  it('refuses more than 60 buckets', () => {
    expect(periodsBetween('2026-01-01', '2026-03-01', 'daily')).toHaveLength(60);
    expect(bad(() => periodsBetween('2026-01-01', '2026-03-02', 'daily'))).toEqual([400, 'period']);
  });
  it('counts days between dates across a leap day', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30);
  });
});
