import Decimal from 'decimal.js';
import { lineDecimal, lineMoney, lineQuantity } from '../../../core/entity/line-fields';
import type { Label } from '../../../core/i18n/locale';
import { pm } from '../messages';

/**
 * Pure: a till sale's body checked and the payment split worked out (spec section 5: "Session is required",
 * "Payment Method is required", "Payment is required" for a sale with no payment at all; section 9: cash, credit,
 * bank_transfer).
 * - Lines: product, quantity > 0, price >= 0 (else the price list's), discount % 0..100 taken off the price.
 * - Payments: cash may exceed the total (the change goes back, cash kept = tendered - change); bank transfer and
 *   credit together may not exceed it ("Paying more than due"); all of them must cover it ("put the rest on credit").
 *   Credit is what stays due on the order (receivable).
 */
export type Method = 'cash' | 'bank_transfer' | 'credit';
export const METHODS: Method[] = ['cash', 'bank_transfer', 'credit'];
export interface SaleLine { productId: number; quantity: string; uomId: number | null; price: string | null; discount: string }
export interface SalePayment { method: Method; amount: string; reference: string | null }
export interface SaleInput { sessionId: number; customerId: number | null; priceListId: number | null; lines: SaleLine[]; payments: SalePayment[]; notes: string | null }

export class SaleRefused extends Error {
  constructor(readonly label: Label, readonly field: string, readonly vars: Record<string, string | number> = {}) { super(label.en); }
}

const id = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2147483647 ? v : null);
const percent = lineDecimal({ scale: 4, digits: 3, max: '999.9999' });
const str = (v: unknown) => (typeof v === 'number' ? String(v) : v);

export function parseSale(body: unknown): SaleInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const sessionId = id(b.sessionId);
  if (!sessionId) throw new SaleRefused(pm.sessionRequired, 'sessionId');
  if (b.customerId !== undefined && b.customerId !== null && !id(b.customerId)) throw new SaleRefused(pm.customerRequired, 'customerId');
  if (b.priceListId !== undefined && b.priceListId !== null && !id(b.priceListId)) throw new SaleRefused(pm.priceListRequired, 'priceListId');
  const lines = parseLines(b.lines);
  if (!Array.isArray(b.payments) || b.payments.length === 0) throw new SaleRefused(pm.paymentRequired, 'payments');
  const payments = b.payments.map((raw, i): SalePayment => {
    const p = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    if (p.method === undefined || p.method === null || p.method === '') throw new SaleRefused(pm.paymentMethodRequired, 'payments');
    const amount = lineMoney.safeParse(str(p.amount));
    if (!METHODS.includes(p.method as Method) || !amount.success || !new Decimal(amount.data).gt(0)) throw new SaleRefused(pm.paymentInvalid, 'payments', { line: i + 1 });
    const reference = typeof p.reference === 'string' && p.reference.trim() ? p.reference.trim().slice(0, 100).replace(/\0/g, '') : null;
    return { method: p.method as Method, amount: amount.data, reference };
  });
  const notes = typeof b.notes === 'string' && b.notes.trim() ? b.notes.trim().slice(0, 2000).replace(/\0/g, '') : null;
  return { sessionId, customerId: id(b.customerId), priceListId: id(b.priceListId), lines, payments, notes };
}

/** A sale's lines: product, quantity > 0, price >= 0 (else the list's), discount % 0..100 (the sale and the quote). */
export function parseLines(raw: unknown): SaleLine[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new SaleRefused(pm.linesRequired, 'lines');
  if (raw.length > 500) throw new SaleRefused({ en: 'At most {max} lines', ar: 'الحد الأقصى {max} سطر' }, 'lines', { max: 500 });
  return raw.map((item, i): SaleLine => {
    const line = i + 1;
    const l = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const productId = id(l.productId);
    const q = lineQuantity.safeParse(str(l.quantity));
    if (!productId) throw new SaleRefused(pm.lineInvalid, 'lines', { line });
    if (!q.success || !new Decimal(q.data).gt(0)) throw new SaleRefused(pm.lineQuantity, 'lines', { line });
    let price: string | null = null;
    if (l.price !== undefined && l.price !== null && l.price !== '') {
      const p = lineMoney.safeParse(str(l.price));
      if (!p.success || new Decimal(p.data).lt(0)) throw new SaleRefused(pm.linePrice, 'lines', { line });
      price = p.data;
    }
    let discount = '0';
    if (l.discount !== undefined && l.discount !== null && l.discount !== '') {
      const d = percent.safeParse(str(l.discount));
      if (!d.success || new Decimal(d.data).lt(0) || new Decimal(d.data).gt(100)) throw new SaleRefused(pm.lineDiscount, 'lines', { line });
      discount = d.data;
    }
    const uomId = l.uomId === undefined || l.uomId === null ? null : id(l.uomId);
    if (l.uomId !== undefined && l.uomId !== null && !uomId) throw new SaleRefused(pm.lineInvalid, 'lines', { line });
    return { productId, quantity: q.data, uomId, price, discount };
  });
}

export interface QuoteInput { sessionId: number; priceListId: number | null; lines: SaleLine[] }

/** A till's quote (POST /api/pos/quote): the session (its branch's location), the price list and the lines, checked as a sale's. */
export function parseQuote(body: unknown): QuoteInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const sessionId = id(b.sessionId);
  if (!sessionId) throw new SaleRefused(pm.sessionRequired, 'sessionId');
  if (b.priceListId !== undefined && b.priceListId !== null && !id(b.priceListId)) throw new SaleRefused(pm.priceListRequired, 'priceListId');
  return { sessionId, priceListId: id(b.priceListId), lines: parseLines(b.lines) };
}

/** The line's price less its discount %, 4 dp half-up (the order's price precision). */
export function discounted(price: string, discount: string): string {
  return new Decimal(price).times(new Decimal(100).minus(discount)).div(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

export interface Split {
  /** What each method keeps (cash net of change); zero methods left out. */
  kept: Record<Method, string>; tendered: Record<Method, string>; change: string; paid: string; due: string;
  /** The order's payment method: the one keeping the most (cash, then bank transfer, then credit on a tie). */
  mainMethod: Method;
}

/** `decimals`: the currency's, for the amounts a refusal names. */
export function splitPayments(total: string, payments: SalePayment[], decimals = 2): Split {
  const by: Record<Method, Decimal> = { cash: new Decimal(0), bank_transfer: new Decimal(0), credit: new Decimal(0) };
  for (const p of payments) by[p.method] = by[p.method].plus(p.amount);
  const t = new Decimal(total);
  const nonCash = by.bank_transfer.plus(by.credit);
  if (nonCash.gt(t)) throw new SaleRefused(pm.paymentsOver, 'payments');
  const all = nonCash.plus(by.cash);
  if (all.lt(t)) throw new SaleRefused(pm.paymentsShort, 'payments', { paid: all.toFixed(decimals), total: t.toFixed(decimals) });
  const change = all.minus(t);
  const kept = { cash: by.cash.minus(change), bank_transfer: by.bank_transfer, credit: by.credit };
  const mainMethod = METHODS.reduce((best, m) => (kept[m].gt(kept[best]) ? m : best), 'cash' as Method);
  const f = (d: Decimal) => d.toFixed(4);
  return {
    kept: { cash: f(kept.cash), bank_transfer: f(kept.bank_transfer), credit: f(kept.credit) },
    tendered: { cash: f(by.cash), bank_transfer: f(by.bank_transfer), credit: f(by.credit) },
    change: f(change), paid: f(kept.cash.plus(kept.bank_transfer)), due: f(kept.credit), mainMethod,
  };
}
