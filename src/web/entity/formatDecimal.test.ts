/** formatDecimal: display of money and quantities as the API sends them (decimal strings). */
import { expect, it } from 'vitest';
import { formatDecimal } from './formatDecimal';
it('formats decimal strings without floats: grouping, minimum decimals, trailing zeros trimmed', () => {
  expect(formatDecimal('250.5000')).toBe('250.50');
  expect(formatDecimal('12345.6')).toBe('12,345.60');
  expect(formatDecimal('12.3450')).toBe('12.345');
  expect(formatDecimal('-0.0000')).toBe('0.00');
  expect(formatDecimal('2.500000', 0)).toBe('2.5');
  expect(formatDecimal('3.000000', 0)).toBe('3');
  expect(formatDecimal('1000000', 0)).toBe('1,000,000');
  expect(formatDecimal('-5')).toBe('-5.00');
});
