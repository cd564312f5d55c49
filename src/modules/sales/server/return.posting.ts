import Decimal from 'decimal.js';
import type { ReturnLine } from '../model/return-lines.schema';

/**
 * Pure: what a sales return posts, from its lines and the order's invoice.
 * - The credit note: one line per returned line, the invoice line's product, tax and description, the returned
 *   quantity at the invoice line's unit price, its line discount in proportion, the order's discount shared in
 *   proportion (the unit price times (subtotal - discount) / subtotal, 4 dp half-up), on the sales settings' return
 *   account (else accounting's sales return account). Accounting posts it as the reverse of the sale: Dr sales
 *   returns and tax, Cr receivable.
 * - The stock: per returned line, its quantity in the product's unit at the unit cost the original delivery moved
 *   that product at (its moves' value over their quantity), so the goods come back at the cost they left at.
 */
export interface InvoiceLineRef { productId: number | null; description: string | null; quantity: string; unitPrice: string; discount?: string | null; taxId: number | null }
export interface CreditLine { productId: number | null; accountId: number | null; description: string | null; quantity: string; unitPrice: string; discount: string; taxId: number | null }

const m4 = (d: Decimal) => d.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);

export function creditLines(lines: ReturnLine[], invoiceLines: InvoiceLineRef[], order: { subtotal: string; discount: string }, returnAccountId: number | null): CreditLine[] {
  const sub = new Decimal(order.subtotal || '0');
  const disc = new Decimal(order.discount || '0');
  const share = disc.gt(0) && sub.gt(0) ? sub.minus(disc).div(sub) : new Decimal(1);
  return lines.map((l) => {
    const inv = invoiceLines[l.orderLine - 1];
    const unit = new Decimal(inv?.unitPrice ?? l.price);
    const lineDisc = new Decimal(inv?.discount || '0');
    const origQty = new Decimal(inv?.quantity ?? l.quantity);
    const discount = lineDisc.gt(0) && origQty.gt(0) ? m4(lineDisc.mul(l.quantity).div(origQty).mul(share)) : new Decimal(0);
    return {
      productId: inv?.productId ?? l.productId, accountId: returnAccountId, description: inv?.description ?? l.description,
      quantity: l.quantity, unitPrice: m4(unit.mul(share)).toFixed(4), discount: discount.toFixed(4), taxId: inv?.taxId ?? null,
    };
  });
}

export interface DeliveredMove { productId: number; quantity: string; value: string; lotId?: number | null }
export interface StockBack { productId: number; quantity: string; unitCost: string; lotId?: number | null }

/**
 * Per returned line with a delivered product: its base quantity at the delivery's cost of that product (8 dp), back
 * into the lots it left from (a lot-tracked product never comes back without its lot): the quantity is taken from
 * the product's delivered lots in the order they were moved, each up to what it moved, the rest on the last one.
 */
export function stockBack(lines: ReturnLine[], delivered: DeliveredMove[]): StockBack[] {
  const per = new Map<number, { qty: Decimal; value: Decimal; lots: { lotId: number | null; qty: Decimal }[] }>();
  for (const m of delivered) {
    const p = per.get(m.productId) ?? { qty: new Decimal(0), value: new Decimal(0), lots: [] };
    const lotId = m.lotId ?? null;
    const lot = p.lots.find((x) => x.lotId === lotId);
    if (lot) lot.qty = lot.qty.plus(m.quantity);
    else p.lots.push({ lotId, qty: new Decimal(m.quantity) });
    per.set(m.productId, { ...p, qty: p.qty.plus(m.quantity), value: p.value.plus(m.value) });
  }
  return lines.flatMap((l) => {
    const p = per.get(l.productId);
    if (!p || p.qty.isZero()) return [];
    const unitCost = p.value.div(p.qty).toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed();
    const out: StockBack[] = [];
    let left = new Decimal(l.baseQuantity);
    p.lots.forEach((lot, i) => {
      if (left.lte(0)) return;
      const take = i === p.lots.length - 1 ? left : Decimal.min(left, lot.qty);
      if (take.lte(0)) return;
      out.push({ productId: l.productId, quantity: take.toFixed(), unitCost, ...(lot.lotId !== null ? { lotId: lot.lotId } : {}) });
      left = left.minus(take);
    });
    return out;
  });
}

/** Returnable per order line (1-based): sold - returned, never below zero. */
export function returnable(sold: Map<number, string>, returned: Map<number, string>): Map<number, Decimal> {
  return new Map([...sold].map(([line, q]) => [line, Decimal.max(0, new Decimal(q).minus(returned.get(line) ?? '0'))]));
}
