import { describe, expect, it } from 'vitest';
import { type MovementAgg, movementRows } from './stock-movement.rows';
import { periodLabel } from '../../../../core/documents/period-label';

/**
 * One product, two periods. Opening: 10 units in the selected location S (valued) and 10 in another valued
 * location X, worth 200 in all (average 10). Period 1: 6 in at S for 66 (valued, from a vendor), 4 moved S -> X
 * (quantity only). Period 2: 8 out of S at cost 84 (delivery).
 *  selected quantities: opening 10, in 6 / 0, out 4 / 8, closing 4
 *  valuation: 200 -> 200 + 66 - 84 = 182 over 20 + 6 - 8 = 18 units; S holds 4 of them -> 182 * 4 / 18 = 40.44
 */
const base = { productId: 1, sku: 'P', product: 'Prod', uom: 'u' };
const agg = (bucket: string | null, s: boolean, v: boolean, qi: string, qo: string, vi: string, vo: string): MovementAgg => ({ ...base, bucket, s, v, qi, qo, vi, vo });

describe('movementRows', () => {
  const aggs = [
    agg(null, true, true, '10', '0', '100', '0'), agg(null, false, true, '10', '0', '100', '0'),
    agg('p1', true, true, '6', '4', '66', '0'), agg('p1', false, true, '4', '0', '0', '0'),
    agg('p2', true, true, '0', '8', '0', '84'),
  ];
  it('opening, flows per period, closing, and values shared at average cost', () => {
    const { rows, totals } = movementRows(aggs, ['p1', 'p2'], true);
    expect(rows).toEqual([{
      ...base, in: '6', out: '12', in_p1: '6', out_p1: '4', in_p2: '0', out_p2: '8',
      opening: '10', closing: '4', openingValue: '100.00', closingValue: '40.44',
    }]);
    expect(totals.closingValue.toFixed(2)).toBe('40.44');
  });
  it('with a move type: flows and their values only; products without any flow are left out', () => {
    const { rows, totals } = movementRows([agg('all', true, true, '0', '8', '0', '84'), { ...agg('all', true, true, '0', '0', '0', '0'), productId: 2 }], ['all'], false);
    expect(rows).toEqual([{ ...base, in: '0', out: '8', in_all: '0', out_all: '8', inValue: '0.00', outValue: '84.00' }]);
    expect(totals.outValue.toFixed(2)).toBe('84.00');
  });
});

describe('periodLabel', () => {
  it('names days, weeks, months, quarters and years', () => {
    expect(periodLabel('2026-03-02', 'weekly')).toEqual({ en: '2026-03-02', ar: '2026-03-02' });
    expect(periodLabel('2026-03-01', 'monthly')).toEqual({ en: 'Mar 2026', ar: 'مارس 2026' });
    expect(periodLabel('2026-10-01', 'quarterly')).toEqual({ en: 'Q4 2026', ar: 'الربع الرابع 2026' });
    expect(periodLabel('2026-01-01', 'yearly').ar).toBe('2026');
  });
});
