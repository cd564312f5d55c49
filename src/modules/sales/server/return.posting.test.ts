import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { ReturnLine } from '../model/return-lines.schema';
import { creditLines, returnable, stockBack } from './return.posting';

/** What a return posts, worked out by hand: credit lines (discounts shared in proportion) and the cost stock comes back at. */
const line = (o: Partial<ReturnLine>): ReturnLine => ({
  orderLine: 1, productId: 7, uomId: 1, description: 'Juice', quantity: '1', baseQuantity: '1', price: '10', subtotal: '10', reason: null, ...o,
});

describe('return postings', () => {
  it('credits at the invoice price, with its tax and the return account; no discount', () => {
    const inv = [{ productId: 7, description: 'Juice', quantity: '5', unitPrice: '10.0000', discount: '0', taxId: 3 }];
    expect(creditLines([line({ quantity: '2' })], inv, { subtotal: '50', discount: '0' }, 99)).toEqual([
      { productId: 7, accountId: 99, description: 'Juice', quantity: '2', unitPrice: '10.0000', discount: '0.0000', taxId: 3 },
    ]);
  });

  it('shares the order discount and the line discount in proportion', () => {
    // subtotal 80, order discount 8 -> every price x 0.9; the line's discount of 6 on 3 units -> 2 a unit, x 0.9
    const inv = [{ productId: 7, description: 'Juice', quantity: '3', unitPrice: '20', discount: '6', taxId: null }, { productId: 8, description: 'Water', quantity: '4', unitPrice: '5', taxId: null }];
    const out = creditLines([line({ quantity: '1' }), line({ orderLine: 2, productId: 8, quantity: '3' })], inv, { subtotal: '80', discount: '8' }, null);
    expect(out.map((l) => [l.unitPrice, l.discount])).toEqual([['18.0000', '1.8000'], ['4.5000', '0.0000']]);
  });

  it('brings stock back at the delivery\'s average cost of the product, per returned line', () => {
    const moves = [{ productId: 7, quantity: '2', value: '8' }, { productId: 7, quantity: '1', value: '5' }, { productId: 8, quantity: '4', value: '4' }];
    expect(stockBack([line({ baseQuantity: '3' }), line({ orderLine: 2, productId: 9, baseQuantity: '1' })], moves)).toEqual([
      { productId: 7, quantity: '3', unitCost: '4.33333333' },
    ]);
  });

  it('brings a lot-tracked product back into the lots it left from, in their order, the rest on the last', () => {
    const moves = [{ productId: 7, quantity: '2', value: '8', lotId: 11 }, { productId: 7, quantity: '1', value: '4', lotId: 12 }];
    expect(stockBack([line({ baseQuantity: '2.5' })], moves)).toEqual([
      { productId: 7, quantity: '2', unitCost: '4', lotId: 11 },
      { productId: 7, quantity: '0.5', unitCost: '4', lotId: 12 },
    ]);
    // a second return of the same line cannot know what the first took: more than the lots moved goes on the last
    expect(stockBack([line({ baseQuantity: '4' })], moves).map((b) => [b.lotId, b.quantity])).toEqual([[11, '2'], [12, '2']]);
  });

  it('returnable = sold - returned, never below zero', () => {
    const r = returnable(new Map([[1, '5'], [2, '2']]), new Map([[1, '2'], [2, '3']]));
    expect([...r].map(([k, v]) => [k, v.toFixed()])).toEqual([[1, '3'], [2, '0']]);
    expect(r.get(1)).toBeInstanceOf(Decimal);
  });
});
