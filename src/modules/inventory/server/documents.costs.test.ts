import { describe, expect, it } from 'vitest';
import { lineCosts, productQty, sum4 } from './documents.costs';
import { costPerUnit } from './documents.items';
import type { StockMoveResult } from './stock.types';

/** Matching the stock ledger's moves back to document lines, and the unit conversions of costs and quantities. */
const move = (productId: number, quantity: string, value: string): StockMoveResult =>
  ({ id: 0, productId, lotId: null, fromLocationId: 1, toLocationId: 2, quantity, unitCost: '0', value });

describe('lineCosts', () => {
  it('gives each line the moves of its product that add up to its quantity, split lines included', () => {
    // line 1: 1 dozen (12 units) split over two lots; line 2: 3 units of the same product; line 3: another product
    const lines = [
      { productId: 7, quantity: '1', productQty: '12.000000' },
      { productId: 7, quantity: '3', productQty: '3.000000' },
      { productId: 9, quantity: '1500', productQty: '1.500000' },
    ];
    const moves = [move(7, '10.000000', '50.0000'), move(7, '2.000000', '16.0000'), move(7, '3.000000', '24.0000'), move(9, '1.500000', '7.5000')];
    expect(lineCosts(lines, moves)).toEqual([
      { value: '66.0000', unitCost: '66.0000' }, { value: '24.0000', unitCost: '8.0000' }, { value: '7.5000', unitCost: '0.0050' },
    ]);
  });

  it('refuses moves that do not match the lines (a ledger change would otherwise cost lines wrongly)', () => {
    expect(() => lineCosts([{ productId: 7, quantity: '2', productQty: '2.000000' }], [move(7, '1.000000', '1.0000')])).toThrow(/do not match/);
    expect(() => lineCosts([{ productId: 7, quantity: '1', productQty: '1.000000' }], [move(7, '1.000000', '1.0000'), move(8, '1.000000', '1.0000')])).toThrow(/left over/);
  });
});

describe('unit conversions', () => {
  it('converts quantities like the stock ledger (6 dp, half-even) and costs per unit (4 dp)', () => {
    expect(productQty('5', '1', '12')).toBe('0.416667');
    expect(productQty('0.0000005', '1', '1')).toBe('0.000000');
    expect(productQty('0.0000015', '1', '1')).toBe('0.000002');
    expect(productQty('1500', '0.001', '1')).toBe('1.500000');
    expect(costPerUnit('9', '1', '12')).toBe('108.0000');
    expect(costPerUnit('10', '1', '0.001')).toBe('0.0100');
    expect(costPerUnit('1', '12', '1')).toBe('0.0833');
    expect(sum4(['1.005', '2', '-0.5'])).toBe('2.5050');
  });
});
