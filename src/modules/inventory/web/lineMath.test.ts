import { describe, expect, it } from 'vitest';
import { averageCost, convert, difference, isQuantity, leftToReceive, lineValue, money, price, qty, total } from './lineMath';

describe('item line figures', () => {
  it('multiplies quantity by unit cost exactly (no float drift)', () => {
    // 0.1 x 3 in floats is 0.30000000000000004; 3 x 19.99 = 59.97; 2.5 x 4.0004 = 10.001
    expect(money(lineValue('0.1', '3'))).toBe('0.30');
    expect(money(lineValue('3', '19.99'))).toBe('59.97');
    expect(qty(lineValue('2.5', '4.0004'))).toBe('10.001');
    // 0.333333 x 0.5 = 0.1666665 -> 0.166667 (half up at 6 decimals)
    expect(qty(lineValue('0.333333', '0.5'))).toBe('0.166667');
  });

  it('totals the lines of a document', () => {
    const lines = [{ quantity: '10', unitCost: '12.50' }, { quantity: '0.5', unitCost: '3.3333' }, { quantity: '', unitCost: '9' }];
    // 125 + 1.66665 + 0 = 126.66665 -> 126.67
    expect(money(total(lines, (l) => lineValue(l.quantity, l.unitCost)))).toBe('126.67');
  });

  it('shows quantities without trailing zeros', () => {
    expect(qty(2_500_000n)).toBe('2.5');
    expect(qty(10_000_000n)).toBe('10');
    expect(qty(-1_250_000n)).toBe('-1.25');
    expect(qty(0n)).toBe('0');
  });

  it('shows unit costs with 2 to 4 decimals', () => {
    expect(price(12_500_000n)).toBe('12.50');
    expect(price(3_333_300n)).toBe('3.3333');
    expect(price(3_333_000n)).toBe('3.333');
    expect(price(12_000_000n)).toBe('12.00');
    expect(price(1_234_567n)).toBe('1.2346'); // half up at 4 decimals
  });

  it('computes an adjustment difference, negative for a loss', () => {
    expect(qty(difference('7', '10'))).toBe('-3');
    expect(qty(difference('10.25', '10'))).toBe('0.25');
    expect(qty(difference('0', '0'))).toBe('0');
  });

  it('knows what is left to receive, never below zero', () => {
    expect(qty(leftToReceive('10', '4'))).toBe('6');
    expect(qty(leftToReceive('10', null))).toBe('10');
    expect(qty(leftToReceive('10', '12'))).toBe('0');
  });

  it('converts between units of a group', () => {
    expect(qty(convert('3', '12', '1'))).toBe('36'); // 3 dozen = 36 units
    expect(qty(convert('500', '0.001', '1'))).toBe('0.5'); // 500 g = 0.5 kg
    expect(qty(convert('1', '1', '3'))).toBe('0.333333'); // 1 unit = 1/3 of a pack of 3
    expect(convert('1', '1', '0')).toBe(0n);
  });

  it('accepts typed quantities and refuses the rest', () => {
    for (const ok of ['1', '0.5', ' 12 ', '100.123456']) expect(isQuantity(ok)).toBe(true);
    for (const bad of ['', '12.', '-1', '1e3', '1,5', '1.1234567', 'abc', null, 3]) expect(isQuantity(bad)).toBe(false);
  });

  it('averages the cost of the stock on hand', () => {
    expect(averageCost('1250.0000', '100')).toBe('12.5000');
    expect(averageCost('10', '3')).toBe('3.3333'); // 3.33333...
    expect(averageCost('20', '3')).toBe('6.6667'); // 6.66666... half up
    expect(averageCost('0.0001', '0.5')).toBe('0.0002');
    expect(averageCost('100', '0')).toBeNull();
  });
});
