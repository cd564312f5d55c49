import { describe, expect, it } from 'vitest';
import { ean13, ean13CheckDigit, INTERNAL_PREFIXES, isValidEan13, randomInternalEan13 } from './barcode';

/** EAN-13 check digits against published codes, and generated codes in the internal 20-29 range. */
describe('EAN-13', () => {
  it('computes the check digit of known codes', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('590123412345')).toBe(7);
    expect(ean13CheckDigit('978030640615')).toBe(7); // ISBN 978-0-306-40615-7
    expect(ean13CheckDigit('629104150021')).toBe(3); // 6+6+9+3+0+12+1+15+0+0+2+3 = 57 -> 3
    expect(ean13CheckDigit('000000000000')).toBe(0);
    expect(ean13('400638133393')).toBe('4006381333931');
  });

  it('validates full codes and refuses wrong digits or lengths', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('5901234123457')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('40063813339a1')).toBe(false);
    expect(() => ean13CheckDigit('12345')).toThrow();
  });

  it('generates valid codes with an internal prefix', () => {
    const seq = [3, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0];
    let i = 0;
    // prefix index 3 -> "23", then digits 1234567890: 231234567890 -> weighted sum 2+9+1+6+3+12+5+18+7+24+9+0 = 96 -> 4
    expect(randomInternalEan13(() => seq[i++]!)).toBe('2312345678904');
    for (let n = 0; n < 200; n++) {
      const code = randomInternalEan13();
      expect(isValidEan13(code)).toBe(true);
      expect(INTERNAL_PREFIXES).toContain(code.slice(0, 2) as (typeof INTERNAL_PREFIXES)[number]);
    }
  });
});
