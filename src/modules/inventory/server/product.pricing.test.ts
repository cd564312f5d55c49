import { describe, expect, it } from 'vitest';
import { marginOf, priceAdvice, salePriceFromCost } from './product.pricing';

/** Sale price = cost x (1 + margin %), margins as markup on cost; numbers worked out by hand. */
describe('sale price from cost', () => {
  it('applies the margin exactly and rounds half up to the currency decimals', () => {
    expect(salePriceFromCost('80', '20', 2)).toBe('96.00');
    expect(salePriceFromCost('10.125', '20', 2)).toBe('12.15'); // 12.15 exactly
    expect(salePriceFromCost('0.1', '12.5', 2)).toBe('0.11'); // 0.1125 -> 0.11
    expect(salePriceFromCost('0.3', '25', 2)).toBe('0.38'); // 0.375 -> 0.38 (half up, no float drift)
    expect(salePriceFromCost('19.99', '0', 3)).toBe('19.990');
  });

  it('measures the margin as markup on cost', () => {
    expect(marginOf('80', '82')!.toFixed(2)).toBe('2.50');
    expect(marginOf('80', '60')!.toFixed(2)).toBe('-25.00');
    expect(marginOf('0', '10')).toBeNull();
  });

  it('warns when the current margin or the default margin is under the minimum', () => {
    const low = priceAdvice({ cost: '80', currentPrice: '82', defaultMargin: '20', minimumMargin: '5', decimals: 2 });
    expect(low).toMatchObject({ salePrice: '96.00', margin: '20.00', currentMargin: '2.50' });
    expect(low.warning?.label.en).toBe('The current margin {margin}% is below the minimum margin {minimum}%');
    expect(low.warning?.vars).toEqual({ margin: '2.50', minimum: '5.00' });
    const ok = priceAdvice({ cost: '80', currentPrice: '100', defaultMargin: '20', minimumMargin: '5', decimals: 2 });
    expect(ok).toMatchObject({ salePrice: '96.00', currentMargin: '25.00', warning: null });
    const defLow = priceAdvice({ cost: '50', currentPrice: null, defaultMargin: '3', minimumMargin: '5', decimals: 2 });
    expect(defLow.salePrice).toBe('51.50');
    expect(defLow.warning?.vars).toEqual({ margin: '3.00', minimum: '5.00' });
    expect(priceAdvice({ cost: '50', defaultMargin: '3', minimumMargin: null, decimals: 2 }).warning).toBeNull();
  });
});
