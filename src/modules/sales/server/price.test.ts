import { describe, expect, it } from 'vitest';
import { type PriceItem, bestPrice, inProductUnit, listValidOn, perUnit } from './price';

const item = (o: Partial<PriceItem>): PriceItem => ({ productId: null, categoryId: null, minQuantity: '0', fixedPrice: null, discountPercent: null, ...o });
// product 7 in category 3, under 2, under 1
const q = (quantity: string, salePrice = '100') => ({ productId: 7, categoryPath: [3, 2, 1], quantity, salePrice });

describe('bestPrice', () => {
  it('gives the sale price when nothing matches', () => {
    expect(bestPrice([item({ productId: 8, fixedPrice: '1' }), item({ categoryId: 9, discountPercent: '50' })], q('1'))).toEqual({ price: '100.0000', item: null });
  });

  it('prefers the product to its category, and a category to its parent', () => {
    const items = [item({ categoryId: 1, discountPercent: '50' }), item({ categoryId: 3, discountPercent: '10' }), item({ categoryId: 2, discountPercent: '30' })];
    expect(bestPrice(items, q('1')).price).toBe('90.0000');
    expect(bestPrice([...items, item({ productId: 7, fixedPrice: '95' })], q('1')).price).toBe('95.0000');
  });

  it('takes the highest minimum quantity reached, and never one not reached', () => {
    const items = [item({ productId: 7, fixedPrice: '99' }), item({ productId: 7, minQuantity: '10', fixedPrice: '90' }), item({ productId: 7, minQuantity: '100', fixedPrice: '80' })];
    expect(bestPrice(items, q('9.999')).price).toBe('99.0000');
    expect(bestPrice(items, q('10')).price).toBe('90.0000');
    expect(bestPrice(items, q('250')).price).toBe('80.0000');
  });

  it('breaks a tie by the lower price, and rounds a discount half-up to 4 decimals', () => {
    expect(bestPrice([item({ productId: 7, fixedPrice: '50' }), item({ productId: 7, discountPercent: '60' })], q('1')).price).toBe('40.0000');
    expect(bestPrice([item({ categoryId: 3, discountPercent: '33.33' })], q('1', '0.00015')).price).toBe('0.0001');
  });

  it('applies on the dates of the list only', () => {
    const list = { startDate: '2026-01-01', endDate: '2026-01-31', isActive: true };
    expect([listValidOn(list, '2025-12-31'), listValidOn(list, '2026-01-01'), listValidOn(list, '2026-01-31'), listValidOn(list, '2026-02-01')]).toEqual([false, true, true, false]);
    expect(listValidOn({ startDate: null, endDate: null, isActive: true }, '1999-01-01')).toBe(true);
    expect(listValidOn({ startDate: null, endDate: null, isActive: false }, '2026-01-01')).toBe(false);
  });

  it('converts prices and quantities between units of a group', () => {
    expect(perUnit('2.5', '12', '1')).toBe('30.0000');
    expect(inProductUnit('3', '12', '1')).toBe('36');
    expect(inProductUnit('500', '0.001', '1')).toBe('0.5');
  });
});
