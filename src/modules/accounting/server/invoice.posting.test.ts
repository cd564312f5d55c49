import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { computeInvoice, invoiceEntryLines, paymentEntryLines, postingSettings, type InvoiceTotals, type TaxInfo } from './invoice.posting';

/** The pure posting rules of invoices: totals with taxes (excluded, included, fixed) and the balanced lines they post. */
const line = (o: Partial<{ quantity: string; unitPrice: string; discount: string; taxId: number | null; accountId: number | null }> = {}) =>
  ({ productId: null, accountId: null, description: null, quantity: '1', unitPrice: '100', discount: '0', taxId: null, ...o });
const taxes = new Map<number, TaxInfo>([
  [1, { id: 1, rate: '15', type: 'percentage', priceIncluded: false, accountId: 90 }],
  [2, { id: 2, rate: '15', type: 'percentage', priceIncluded: true, accountId: 90 }],
  [3, { id: 3, rate: '2.5', type: 'fixed', priceIncluded: false, accountId: 91 }],
]);
const sum = (ls: { debit: string; credit: string }[], k: 'debit' | 'credit') => ls.reduce((s, l) => s.plus(l[k]), new Decimal(0)).toFixed(4);

describe('computeInvoice', () => {
  it('adds excluded tax, extracts included tax, applies fixed tax per unit and line discounts', () => {
    const r = computeInvoice([line({ quantity: '3', unitPrice: '33.33', discount: '0.99', taxId: 1 }), line({ unitPrice: '115', taxId: 2 }), line({ quantity: '4', unitPrice: '10', taxId: 3 })], taxes, '5') as InvoiceTotals;
    expect(r.lines.map((l) => [l.amount, l.taxAmount])).toEqual([['99.00', '14.85'], ['100.00', '15.00'], ['40.00', '10.00']]);
    expect(r).toMatchObject({ subtotal: '239.00', taxAmount: '39.85', totalAmount: '273.85' });
  });
  it('refuses negative quantities, discounts above the line, unknown taxes and a zero total', () => {
    expect(computeInvoice([line({ quantity: '-1' })], taxes, '0')).toEqual({ code: 'lineInvalid', line: 1 });
    expect(computeInvoice([line({ discount: '101' })], taxes, '0')).toEqual({ code: 'lineInvalid', line: 1 });
    expect(computeInvoice([line({ taxId: 9 })], taxes, '0')).toEqual({ code: 'taxNotFound', line: 1 });
    expect(computeInvoice([line()], taxes, '100')).toEqual({ code: 'zero' });
    expect(computeInvoice([], taxes, '0')).toEqual({ code: 'noLines' });
  });
  it('rounds half up per line to the currency decimals (0.125 -> 0.13, 3 decimals kept for KWD)', () => {
    expect((computeInvoice([line({ unitPrice: '0.125' })], taxes, '0') as InvoiceTotals).totalAmount).toBe('0.13');
    expect((computeInvoice([line({ unitPrice: '0.1255' })], taxes, '0', 3) as InvoiceTotals).totalAmount).toBe('0.126');
  });
});

describe('invoice and payment lines', () => {
  const acc = { partner: 10, discount: 50, defaultLine: 40, defaultTax: 99, taxAccount: (id: number) => taxes.get(id)?.accountId ?? null };
  const totals = computeInvoice([line({ unitPrice: '200', taxId: 1 }), line({ unitPrice: '50', accountId: 41 })], taxes, '10') as InvoiceTotals;
  it('a sale debits the receivable and the discount, credits income and tax, balanced', () => {
    const ls = invoiceEntryLines({ type: 'SALE', partnerId: 7, discount: '10', number: 'INV/1', isCreditNote: false }, totals, acc);
    expect(ls.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [10, '270.0000', '0.0000'], [50, '10.0000', '0.0000'], [40, '0.0000', '200.0000'], [41, '0.0000', '50.0000'], [90, '0.0000', '30.0000'],
    ]);
    expect(sum(ls, 'debit')).toBe(sum(ls, 'credit'));
    expect(ls[0]!.contactId).toBe(7);
  });
  it('a purchase is the mirror image; a credit note swaps sides', () => {
    const p = invoiceEntryLines({ type: 'PURCHASE', partnerId: 7, discount: '10', number: 'B/1', isCreditNote: false }, totals, acc);
    expect(p.find((l) => l.accountId === 10)).toMatchObject({ credit: '270.0000', debit: '0.0000' });
    const cn = invoiceEntryLines({ type: 'SALE', partnerId: 7, discount: '10', number: 'R/1', isCreditNote: true }, totals, acc);
    expect(cn.find((l) => l.accountId === 10)).toMatchObject({ credit: '270.0000' });
    expect(sum(cn, 'debit')).toBe(sum(cn, 'credit'));
  });
  it('payments: money in for sales, out for purchases and sale refunds', () => {
    expect(paymentEntryLines({ type: 'SALE', partnerId: 7, isCreditNote: false, number: 'x' }, '5', 10, 1).map((l) => [l.accountId, l.debit])).toEqual([[1, '5.0000'], [10, '0.0000']]);
    expect(paymentEntryLines({ type: 'EXPENSE', partnerId: 7, isCreditNote: false, number: 'x' }, '5', 20, 1).map((l) => [l.accountId, l.debit])).toEqual([[20, '5.0000'], [1, '0.0000']]);
    expect(paymentEntryLines({ type: 'SALE', partnerId: 7, isCreditNote: true, number: 'x' }, '5', 10, 1)[0]!.accountId).toBe(10);
  });
  it('a debit note posts as an invoice of its type, on the accounts of an invoice (a sale: receivable, sales, output tax)', () => {
    const extra = computeInvoice([line({ quantity: '2', unitPrice: '100', taxId: 1 }), line({ unitPrice: '30' })], taxes, '0') as InvoiceTotals;
    expect(postingSettings('SALE', 'debitNote')).toEqual(postingSettings('SALE', null));
    expect(postingSettings('SALE', 'debitNote')).toEqual({ partner: 'receivableAccountId', line: 'salesAccountId', tax: 'taxAccountId', journal: 'salesJournalId' });
    expect(postingSettings('SALE', 'creditNote').line).toBe('salesReturnAccountId');
    const dn = invoiceEntryLines({ type: 'SALE', partnerId: 7, discount: '0', number: 'DINV/1', isCreditNote: false }, extra, acc);
    expect(dn.map((l) => [l.accountId, l.debit, l.credit, l.label])).toEqual([
      [10, '260.0000', '0.0000', 'DINV/1'], [40, '0.0000', '200.0000', 'DINV/1'], [40, '0.0000', '30.0000', 'DINV/1'], [90, '0.0000', '30.0000', 'DINV/1'],
    ]);
    expect(sum(dn, 'debit')).toBe(sum(dn, 'credit'));
    expect(dn.every((l) => l.contactId === 7)).toBe(true);
  });
  it('a purchase debit note: inventory (or expense) and input tax debited, payable credited; its payment is money out', () => {
    const extra = computeInvoice([line({ unitPrice: '20', taxId: 1 })], taxes, '0') as InvoiceTotals;
    expect(postingSettings('PURCHASE', 'debitNote')).toEqual({ partner: 'payableAccountId', line: 'purchaseAccountId', tax: 'purchaseTaxAccountId', journal: 'purchaseJournalId' });
    expect(postingSettings('EXPENSE', 'debitNote').line).toBe('expenseAccountId');
    const dn = invoiceEntryLines({ type: 'PURCHASE', partnerId: 8, discount: '0', number: 'DBILL/1', isCreditNote: false }, extra, { ...acc, partner: 20, defaultLine: 30 });
    expect(dn.map((l) => [l.accountId, l.debit, l.credit])).toEqual([[30, '20.0000', '0.0000'], [90, '3.0000', '0.0000'], [20, '0.0000', '23.0000']]);
    expect(sum(dn, 'debit')).toBe(sum(dn, 'credit'));
    expect(paymentEntryLines({ type: 'PURCHASE', partnerId: 8, isCreditNote: false, number: 'DBILL/1' }, '23', 20, 1).map((l) => [l.accountId, l.debit, l.credit]))
      .toEqual([[20, '23.0000', '0.0000'], [1, '0.0000', '23.0000']]);
  });
});
