import { describe, expect, it } from 'vitest';
import { addProduct, applyQuote, bump, payPlan, removeLine, saleLines, totals, update } from './cart';

/** The till's cart: lines, the quote's exact figures, the offline estimate's rounding, and the payment rules. */
const tea = { id: 1, name: 'Tea', nameAr: 'شاي', salePrice: '12.50' };
const sugar = { id: 2, name: 'Sugar', salePrice: '7' };

describe('till cart', () => {
  it('adds, merges a product scanned again, changes quantity/price/discount, removes', () => {
    let c = addProduct([], tea);
    c = addProduct(c, tea);
    c = addProduct(c, sugar, '3');
    expect(c.map((l) => [l.productId, l.quantity])).toEqual([[1, '2'], [2, '3']]);
    c = bump(c, 0, 1);
    expect(c[0]!.quantity).toBe('3');
    expect(bump(c, 1, -3)).toBe(c);
    c = update(c, 1, { discount: '10', price: '8' });
    // a line with its own price or discount is not merged with a new scan
    c = addProduct(c, sugar);
    expect(c).toHaveLength(3);
    expect(saleLines(c)).toEqual([{ productId: 1, quantity: '3' }, { productId: 2, quantity: '3', price: '8', discount: '10' }, { productId: 2, quantity: '1' }]);
    expect(removeLine(c, 0).map((l) => l.productId)).toEqual([2, 2]);
  });

  it('estimates offline as invoices round (per line, half-up) and takes the quote\'s figures when it has them', () => {
    let c = addProduct(addProduct([], tea, '3', '15'), sugar, '1', '15');
    c = update(c, 1, { discount: '10' });
    // 37.50 (tax 5.625 -> 5.63) + 6.30 (tax 0.945 -> 0.95) = 43.80 + 6.58 = 50.38: the server's figure for the same cart
    expect(totals(c, 2)).toMatchObject({ subtotal: '43.80', taxAmount: '6.58', total: '50.38', exact: false });
    const q = { items: [{ productId: 1, price: '12.0000', subtotal: '36.00', taxAmount: '5.40' }, { productId: 2, price: '6.3000', subtotal: '6.30', taxAmount: '0.95' }], subtotal: '42.30', taxAmount: '6.35', totalAmount: '48.65' };
    c = applyQuote(c, q);
    expect(totals(c, 2)).toMatchObject({ total: '48.65', exact: true });
    // the list's price is learnt for the next estimate; a changed line loses its quoted figures
    expect(c[0]!.unitPrice).toBe('12.0000');
    expect(c[0]!.taxRate).toBe('15');
    c = bump(c, 0, 1);
    expect(totals(c, 2)).toMatchObject({ subtotal: '54.30', exact: false });
  });

  it('plans payments as the server splits them: change on cash, no more than due on bank and credit, all covering the total', () => {
    expect(payPlan('48.65', { cash: '50', bank_transfer: '', credit: '' })).toMatchObject({ ok: true, change: '1.35', short: '0' });
    expect(payPlan('48.65', { cash: '20', bank_transfer: '28.65', credit: '' })).toMatchObject({ ok: true, change: '0', payments: [{ method: 'cash', amount: '20' }, { method: 'bank_transfer', amount: '28.65' }] });
    expect(payPlan('48.65', { cash: '10', bank_transfer: '', credit: '' })).toMatchObject({ ok: false, short: '38.65' });
    expect(payPlan('48.65', { cash: '', bank_transfer: '50', credit: '' })).toMatchObject({ ok: false, over: true });
    expect(payPlan('48.65', { cash: '', bank_transfer: '', credit: '' })).toMatchObject({ ok: false, payments: [] });
  });
});
