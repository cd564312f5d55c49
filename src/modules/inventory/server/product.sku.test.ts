import { describe, expect, it } from 'vitest';
import { skuOf, skuStem } from './product.sku';

describe('SKU stems', () => {
  it('takes three category letters and up to four initials of the name', () => {
    expect(skuStem('Electronics', 'Wireless Mouse M2')).toBe('ELE-WMM');
    expect(skuStem('Office supplies', 'a4 paper, 80 g - box of five')).toBe('OFF-AP8G') // words a4, paper, 80, g;
    expect(skuStem('Food', 'تمر سكري')).toBe('FOO-تس');
    expect(skuStem('مواد غذائية', 'Rice')).toBe('موا-R');
    expect(skuStem('--', 'Rice')).toBe('R');
    expect(skuStem('Food', ' - ')).toBeNull();
    expect(skuOf('ELE-WMM', 7)).toBe('ELE-WMM-0007');
    expect(skuOf('ELE-WMM', 12345)).toBe('ELE-WMM-12345');
  });
});
