import { describe, expect, it } from 'vitest';
import { beyondCurrency } from './payment.decimals';

/** The rule of money that can be handed over (pure): at most the currency's decimals, unless it pays off the due. */
describe('beyondCurrency', () => {
  it('refuses a fraction of the smallest unit, by value not by how it is written', () => {
    expect(beyondCurrency('0.005', 2)).toBe(true);
    expect(beyondCurrency('9.999', 2)).toBe(true);
    expect(beyondCurrency('0.0001', 3)).toBe(true);
    expect(beyondCurrency('10.5', 0)).toBe(true);
    expect(beyondCurrency('10.50', 2)).toBe(false);
    expect(beyondCurrency('10.5000', 2)).toBe(false);
    expect(beyondCurrency('10.125', 3)).toBe(false);
    expect(beyondCurrency('10', 0)).toBe(false);
    expect(beyondCurrency('10.0000', 0)).toBe(false);
  });

  it('takes an amount equal to the due it pays, whatever its decimals; not one short of it', () => {
    expect(beyondCurrency('5.005', 2, '5.0050')).toBe(false);
    expect(beyondCurrency('5.004', 2, '5.0050')).toBe(true);
    expect(beyondCurrency('1.005', 2, '5.005')).toBe(true);
  });
});
