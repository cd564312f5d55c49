import Decimal from 'decimal.js';

/**
 * The till's cart, pure (decimal strings, never floats). The server prices a sale (POST /api/pos/quote, then the
 * sale itself); the cart keeps what the last quote said per product (unit price after the list, tax rate) so the
 * till can still show a total when the server is out of reach ("estimated"), computed the way invoices round:
 * each line's amount and tax half-up to the currency's decimals, then summed (core/money/round.ts's rule).
 */
export interface CartLine {
  productId: number;
  name: string;
  nameAr: string | null;
  /** Typed by the cashier (digits, '.'); the sale sends it as is. */
  quantity: string;
  /** A price the cashier typed, or null for the price list's. */
  price: string | null;
  /** Discount %, '0' for none. */
  discount: string;
  /** The unit price the last quote gave (the list's), else the product's sale price. */
  unitPrice: string;
  /** Tax % of the line as the last quote gave it, else the cart's last known rate. */
  taxRate: string;
  /** From a quote of the current cart (the exact figures), else null. */
  quoted: { subtotal: string; taxAmount: string } | null;
}

export interface Product { id: number; name: string; nameAr?: string | null; salePrice?: string | null; barcode?: string | null }

const D = (v: string | null | undefined, fallback = '0') => {
  try { return new Decimal(v === null || v === undefined || v === '' ? fallback : v); } catch { return new Decimal(fallback); }
};
export const isNumber = (v: string) => /^\d{1,9}(\.\d{1,4})?$/.test(v.trim());

export function addProduct(lines: CartLine[], p: Product, quantity = '1', taxRate = '0'): CartLine[] {
  const same = lines.findIndex((l) => l.productId === p.id && l.price === null && l.discount === '0');
  if (same >= 0) return lines.map((l, i) => (i === same ? { ...l, quantity: D(l.quantity).plus(quantity).toString(), quoted: null } : l));
  return [...lines, { productId: p.id, name: p.name, nameAr: p.nameAr ?? null, quantity, price: null, discount: '0', unitPrice: D(p.salePrice).toFixed(4), taxRate, quoted: null }];
}

export function update(lines: CartLine[], i: number, patch: Partial<Pick<CartLine, 'quantity' | 'price' | 'discount'>>): CartLine[] {
  return lines.map((l, j) => (j === i ? { ...l, ...patch, quoted: null } : l));
}

export function bump(lines: CartLine[], i: number, by: number): CartLine[] {
  const l = lines[i];
  if (!l) return lines;
  const q = D(l.quantity).plus(String(by));
  return q.lte(0) ? lines : update(lines, i, { quantity: q.toString() });
}

export const removeLine = (lines: CartLine[], i: number): CartLine[] => lines.filter((_, j) => j !== i);

/** The lines a sale or a quote sends (the server prices them; a typed price and the discount go with them). */
export function saleLines(lines: CartLine[]) {
  return lines.map((l) => ({ productId: l.productId, quantity: l.quantity, ...(l.price !== null ? { price: l.price } : {}), ...(l.discount !== '0' ? { discount: l.discount } : {}) }));
}

export interface Quote { items: { productId: number; price: string; subtotal: string; taxAmount: string }[]; subtotal: string; taxAmount: string; totalAmount: string }

/** The quote of exactly these lines (same order) kept on them: exact figures, and the unit price and tax rate learnt. */
export function applyQuote(lines: CartLine[], q: Quote): CartLine[] {
  if (q.items.length !== lines.length) return lines;
  return lines.map((l, i) => {
    const it = q.items[i]!;
    if (it.productId !== l.productId) return l;
    const sub = D(it.subtotal);
    const rate = sub.isZero() ? l.taxRate : D(it.taxAmount).div(sub).times(100).toDecimalPlaces(4).toString();
    // the list's unit price is the quoted price before the line's discount (and the typed price when there is one)
    const unit = l.price !== null ? l.unitPrice : l.discount === '0' ? D(it.price).toFixed(4) : l.unitPrice;
    return { ...l, unitPrice: unit, taxRate: rate, quoted: { subtotal: it.subtotal, taxAmount: it.taxAmount } };
  });
}

export interface Totals { lines: { subtotal: string; taxAmount: string }[]; subtotal: string; taxAmount: string; total: string; exact: boolean }

export function totals(lines: CartLine[], decimals: number): Totals {
  const round = (d: Decimal) => d.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  const per = lines.map((l) => {
    if (l.quoted) return l.quoted;
    const price = l.price !== null ? D(l.price) : D(l.unitPrice);
    const net = price.times(new Decimal(100).minus(D(l.discount))).div(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
    const sub = round(D(l.quantity).times(net));
    return { subtotal: sub.toFixed(decimals), taxAmount: round(sub.times(D(l.taxRate)).div(100)).toFixed(decimals) };
  });
  const subtotal = per.reduce((s, x) => s.plus(x.subtotal), new Decimal(0));
  const tax = per.reduce((s, x) => s.plus(x.taxAmount), new Decimal(0));
  return { lines: per, subtotal: subtotal.toFixed(decimals), taxAmount: tax.toFixed(decimals), total: subtotal.plus(tax).toFixed(decimals), exact: lines.length > 0 && lines.every((l) => l.quoted) };
}

export type Method = 'cash' | 'bank_transfer' | 'credit';

/**
 * The payments as the server will split them (pos/server/sale.input.ts splitPayments): cash may exceed the total
 * (change), bank transfer + credit may not; all together must cover it.
 */
export function payPlan(total: string, amounts: Record<Method, string>) {
  const by = { cash: D(amounts.cash), bank_transfer: D(amounts.bank_transfer), credit: D(amounts.credit) };
  const t = D(total);
  const nonCash = by.bank_transfer.plus(by.credit);
  const all = nonCash.plus(by.cash);
  const over = nonCash.gt(t);
  const short = all.lt(t) ? t.minus(all) : new Decimal(0);
  const change = !over && all.gt(t) ? all.minus(t) : new Decimal(0);
  const payments = (['cash', 'bank_transfer', 'credit'] as Method[]).filter((m) => by[m].gt(0)).map((m) => ({ method: m, amount: by[m].toString() }));
  return { over, short: short.toString(), change: change.toString(), ok: !over && short.isZero() && payments.length > 0, payments };
}
