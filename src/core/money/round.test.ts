import { describe, expect, it } from 'vitest';
import { invoiceLineAmount, multiplyExact, roundMoney } from './round';

/** The one rounding rule: half-up (away from zero) to the currency's decimals, exact on decimal strings. */
describe('roundMoney', () => {
  it('rounds half away from zero to the decimals asked', () => {
    expect(roundMoney('10.005', 2)).toBe('10.01');
    expect(roundMoney('10.0049999', 2)).toBe('10.00');
    expect(roundMoney('-10.005', 2)).toBe('-10.01');
    expect(roundMoney('2.5', 0)).toBe('3');
    expect(roundMoney('1.0005', 3)).toBe('1.001');
    expect(roundMoney('7', 2)).toBe('7.00');
    expect(roundMoney('-0.001', 2)).toBe('0.00');
    // floats would give 1.00 (1.005 is 1.00499999... in binary)
    expect(roundMoney('1.005', 2)).toBe('1.01');
    expect(roundMoney('999999999999999.9995', 3)).toBe('1000000000000000.000');
  });
  it('computes a line amount exactly, then rounds once', () => {
    expect(multiplyExact('3', '3.335')).toBe('10.005');
    expect(invoiceLineAmount('3', '3.335', '0', 2)).toBe('10.01');
    expect(invoiceLineAmount('0.1', '0.2', '0', 4)).toBe('0.0200');
    expect(invoiceLineAmount('2', '100', '0.005', 2)).toBe('200.00');
    expect(invoiceLineAmount('2', '100', '0.015', 2)).toBe('199.99');
  });
});
