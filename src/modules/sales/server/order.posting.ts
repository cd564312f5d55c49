import { computeInvoice, type DeliveryInput, type InvoiceTax, type NewInvoice } from './entries';
import { AppError } from '../../../core/http/errors';
import type { Locale } from '../../../core/i18n/locale';

/**
 * Pure: what a sales order posts when it is confirmed, from its priced lines. Totals are computed by accounting's
 * own pure computeInvoice (half-up per line to the currency, then summed; the discount rounded), so the order's
 * totals are exactly the invoice's. Confirming posts, in one transaction (server/order.hooks.ts):
 * - a delivery of every line from the order's location to the customers location (inventory: Dr cost of sales /
 *   Cr inventory at cost), numbered DEL/, its `orderSequence` the order's number;
 * - a customer invoice (accounting: Dr receivable / Cr revenue, the discount on the discount account), the lines
 *   at the order's prices and with the order lines' taxes (Cr the tax's account, else accounting's sales tax
 *   account), due after the payment term, in the sales journal of the sales settings (else accounting's), the
 *   revenue account of the sales settings (else accounting's).
 */
export interface PricedLine {
  productId: number; uomId: number; quantity: string; price: string; description: string | null;
  /** The quantity in the product's unit. */
  baseQuantity: string;
  /** Accounting's tax of the line, null for none. */
  taxId: number | null;
}
/** A line's `subtotal` is its amount before tax (net of an included tax), `taxAmount` its tax: the invoice line's. */
export interface OrderTotals { items: (PricedLine & { subtotal: string; taxAmount: string })[]; subtotal: string; taxAmount: string; discount: string; totalAmount: string }

export function orderTotals(lines: PricedLine[], discount: string, decimals: number, locale: Locale, taxes: InvoiceTax[] = []): OrderTotals {
  try {
    const t = computeInvoice({ lines: lines.map((l) => ({ quantity: l.quantity, unitPrice: l.price, taxId: l.taxId ?? null })), taxes, discount, decimals, locale });
    return {
      items: lines.map((l, i) => ({ ...l, taxId: l.taxId ?? null, subtotal: t.lines[i]!.amount, taxAmount: t.lines[i]!.taxAmount })),
      subtotal: t.subtotal, taxAmount: t.taxAmount, discount: t.discount, totalAmount: t.totalAmount,
    };
  } catch (e) {
    // accounting names the invoice's fields (lines, discount); an order's are items and discount
    if (e instanceof AppError && e.fields && 'lines' in e.fields) throw new AppError(e.status, e.code, e.label, { items: e.fields.lines! }, e.vars);
    throw e;
  }
}

export interface OrderForPosting {
  number: string; customerId: number; orderDate: string; locationId: number; discount: string; items: PricedLine[];
  paymentTermDays: number | null; journalId: number | null; revenueAccountId: number | null;
  /** A till sale's POS branch (the order's): the invoice keeps it, and a ZATCA company signs it on that branch's unit. */
  branchId?: number | null;
}

export function orderPosting(o: OrderForPosting): { invoice: NewInvoice; delivery: DeliveryInput } {
  return {
    invoice: {
      type: 'SALE', partnerId: o.customerId, date: o.orderDate, reference: o.number, discount: o.discount,
      paymentTermDays: o.paymentTermDays ?? 0, journalId: o.journalId, posBranchId: o.branchId ?? null,
      lines: o.items.map((l) => ({ productId: l.productId, description: l.description, quantity: l.quantity, unitPrice: l.price, taxId: l.taxId ?? null, accountId: o.revenueAccountId })),
    },
    delivery: {
      reference: o.number, date: o.orderDate, locationId: o.locationId, contactId: o.customerId,
      items: o.items.map((l) => ({ productId: l.productId, quantity: l.quantity, uomId: l.uomId })),
    },
  };
}
