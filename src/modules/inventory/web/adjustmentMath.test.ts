import { describe, expect, it } from 'vitest';
import { adjustmentTotals, lineFigures, stockIndex, storedFigures } from './adjustmentMath';
import { money, qty } from './lineMath';

const stock = stockIndex([
  { productId: 1, lotId: null, quantity: '5.000000' },
  { productId: 2, lotId: 7, quantity: '0.1' },
  { productId: 2, lotId: 8, quantity: '0.2' },
]);

describe('stock adjustment figures while editing', () => {
  it('reads current per product and lot; a line without a lot counts every lot (exact: 0.1 + 0.2 = 0.3)', () => {
    expect(qty(stock.get('1:')!)).toBe('5');
    expect(qty(stock.get('2:')!)).toBe('0.3');
    expect(qty(stock.get('2:8')!)).toBe('0.2');
    expect(lineFigures({ productId: 3, countedQuantity: '2' }, stock, '1').current).toBe(0n); // nothing on hand
  });

  it('computes difference and value from the line cost, else the product cost; unknown until loaded', () => {
    const f = lineFigures({ productId: 1, countedQuantity: '4', unitCost: '' }, stock, '12.50');
    expect([qty(f.diff!), money(f.value!)]).toEqual(['-1', '-12.50']);
    const g = lineFigures({ productId: 2, lotId: 7, countedQuantity: '0.4', unitCost: '19.99' }, stock, '1');
    expect([qty(g.diff!), money(g.value!)]).toEqual(['0.3', '6.00']); // 0.3 x 19.99 = 5.997
    expect(lineFigures({ productId: 1, countedQuantity: '4' }, undefined, '1')).toEqual({});
    expect(lineFigures({ productId: 1, countedQuantity: '4', unitCost: '' }, stock, undefined).value).toBeUndefined();
    expect(lineFigures({ productId: 1, countedQuantity: '' }, stock, '1')).toEqual({ current: 5_000_000n });
  });

  it('totals the difference quantity and value exactly, and only once every counted line is known', () => {
    const lines = [
      { productId: 1, countedQuantity: '4', unitCost: '' },
      { productId: 2, lotId: 7, countedQuantity: '0.4', unitCost: '19.99' },
      { productId: 2, lotId: 8, countedQuantity: '', unitCost: '' }, // not counted yet
      { productId: null, countedQuantity: '', unitCost: '' }, // an empty line
    ];
    const figures = lines.map((l) => lineFigures(l, stock, l.productId === 1 ? '12.50' : '1'));
    const t = adjustmentTotals(lines, figures);
    // -1 + 0.3 = -0.7; -12.50 + 5.997 = -6.503
    expect([qty(t.diff!), money(t.value!)]).toEqual(['-0.7', '-6.50']);
    expect(qty(t.value!)).toBe('-6.503');
    expect(adjustmentTotals(lines, [{}, figures[1]!, {}, {}])).toEqual({ diff: undefined, value: undefined });
    expect(adjustmentTotals([], [])).toEqual({ diff: 0n, value: 0n });
  });

  it('reads the stored figures of a saved adjustment', () => {
    const saved = [{ productId: 1, countedQuantity: '4', currentQuantity: '5', differenceQuantity: '-1', differenceValue: '-12.5000' }];
    const t = adjustmentTotals(saved, saved.map(storedFigures));
    expect([qty(t.diff!), money(t.value!)]).toEqual(['-1', '-12.50']);
  });
});
