import { describe, expect, it } from 'vitest';
import { parseXml } from './hash';
import { field, partyOf, profileFor, toZatcaInput, type ZatcaMapSource } from './map';
import { invoiceXml, UBL_NS } from './ubl';

const src = (o: Partial<ZatcaMapSource> = {}): ZatcaMapSource => ({
  invoice: {
    number: 'INV/2026/00007', date: '2026-04-01', isCreditNote: false, discount: '0', subtotal: '110.05', taxAmount: '15.01', totalAmount: '125.06',
    lines: [
      { description: 'Chair', quantity: '3', unitPrice: '33.35', discount: '0', taxId: 1, amount: '100.05', taxAmount: '15.01' },
      { description: null, quantity: '1', unitPrice: '10', discount: '0', taxId: null, amount: '10.00', taxAmount: '0.00' },
    ],
  },
  taxes: new Map([[1, { rate: '15', type: 'percent', priceIncluded: false }]]),
  company: { name_ar: 'شركة دفتر', name_en: 'Daftar Co', tax_number: '399999999900003', currency: 'SAR', country: 'SA' },
  buyer: null, chain: { uuid: 'u', icv: 7, pih: 'p' }, issueTime: '10:11:12', decimals: 2, ...o,
});

describe('mapping an invoice to ZATCA fields', () => {
  it('reads camelCase or snake_case and tolerates every missing address field', () => {
    expect(field({ building_number: '1234' }, 'buildingNumber')).toBe('1234');
    expect(field({ buildingNumber: ' 12 ' }, 'buildingNumber')).toBe('12');
    expect(field({ street: '' }, 'street')).toBeNull();
    expect(partyOf({ name: 'X' }, ['name'])).toEqual({ name: 'X', vatNumber: null, crNumber: null,
      address: { street: null, buildingNumber: null, additionalNumber: null, district: null, city: null, postalCode: null, country: 'SA' } });
    expect(partyOf({ name_ar: 'ب', tax_number: '3', cr_number: '10', building_number: '1', street: 's', district: 'd', city: 'c', postal_code: '12345', additional_number: '9' }, ['nameAr'])!.address)
      .toEqual({ street: 's', buildingNumber: '1', additionalNumber: '9', district: 'd', city: 'c', postalCode: '12345', country: 'SA' });
  });

  it("a zero rated or exempt tax gives its category and reason code; its subtotal says why", () => {
    const z = toZatcaInput(src({
      invoice: { number: 'INV/2026/00008', date: '2026-04-01', isCreditNote: false, discount: '0', subtotal: '300.00', taxAmount: '0.00', totalAmount: '300.00', lines: [
        { description: 'Export', quantity: '1', unitPrice: '100', discount: '0', taxId: 2, amount: '100.00', taxAmount: '0.00' },
        { description: 'Loan fee', quantity: '1', unitPrice: '150', discount: '0', taxId: 3, amount: '150.00', taxAmount: '0.00' },
        { description: 'Export 2', quantity: '1', unitPrice: '50', discount: '0', taxId: 2, amount: '50.00', taxAmount: '0.00' },
      ] },
      taxes: new Map([
        [2, { rate: '0', type: 'percentage', priceIncluded: false, vatCategory: 'zero', exemptionCode: 'VATEX-SA-32', exemptionReason: null }],
        [3, { rate: '0', type: 'percentage', priceIncluded: false, vatCategory: 'exempt', exemptionCode: 'VATEX-SA-29', exemptionReason: 'Margin-based financial service' }],
      ]),
    }));
    expect(z.lines.map((l) => l.category)).toEqual(['Z', 'E', 'Z']);
    expect(z.subtotals).toEqual([
      { category: 'Z', percent: '0.00', taxable: '150.00', tax: '0.00', exemptionCode: 'VATEX-SA-32', exemptionReason: 'Export of goods' },
      { category: 'E', percent: '0.00', taxable: '150.00', tax: '0.00', exemptionCode: 'VATEX-SA-29', exemptionReason: 'Margin-based financial service' },
    ]);
  });

  it('standard for a business buyer (a VAT number, or a company), simplified otherwise', () => {
    expect(profileFor({ taxNumber: '300000000000003' })).toBe('standard');
    expect(profileFor({ kind: 'company', tax_number: null })).toBe('standard');
    expect(profileFor({ kind: 'individual', tax_number: '' })).toBe('simplified');
    expect(profileFor(null)).toBe('simplified');
  });

  it("a buyer abroad: its own country, its tax number as another identifier, never as the Saudi VAT number", () => {
    const z = toZatcaInput(src({ buyer: { name: 'Berlin GmbH', kind: 'company', country: 'DE', tax_number: 'DE123456789', city: 'Berlin' } }));
    expect(z.profile).toBe('standard');
    expect(z.buyer).toMatchObject({ name: 'Berlin GmbH', vatNumber: null, otherId: 'DE123456789', address: { country: 'DE', city: 'Berlin' } });
    // a buyer that names no country is in the seller's
    expect(toZatcaInput(src({ buyer: { name: 'Local', tax_number: '300000000000003' } })).buyer).toMatchObject({ vatNumber: '300000000000003', address: { country: 'SA' } });
    expect(toZatcaInput(src({ buyer: { name: 'Local', tax_number: '300000000000003' } })).buyer!.otherId).toBeUndefined();
  });

  it("the invoice's own rounded figures, categories by tax, one subtotal per category and rate", () => {
    const z = toZatcaInput(src());
    expect(z).toMatchObject({ kind: 'invoice', profile: 'simplified', number: 'INV/2026/00007', icv: 7, pih: 'p', issueDate: '2026-04-01', issueTime: '10:11:12', buyer: null, billingReference: null });
    expect(z.seller.name).toBe('شركة دفتر');
    expect(z.lines.map((l) => [l.name, l.category, l.percent, l.price, l.baseQuantity, l.lineAmount, l.taxAmount])).toEqual([
      ['Chair', 'S', '15.00', '33.35', null, '100.05', '15.01'], ['2', 'O', '0.00', '10', null, '10.00', '0.00']]);
    expect(z.subtotals).toEqual([
      { category: 'S', percent: '15.00', taxable: '100.05', tax: '15.01' },
      { category: 'O', percent: '0.00', taxable: '10.00', tax: '0.00', exemptionCode: 'VATEX-SA-OOS', exemptionReason: 'Not subject to VAT' }]);
    expect(z.totals).toEqual({ lineExtension: '110.05', allowance: '0.00', taxExclusive: '110.05', tax: '15.01', taxInclusive: '125.06', payable: '125.06' });
  });

  it('a price with tax in it or a line discount: the line amount for its whole quantity (no rounding again)', () => {
    const z = toZatcaInput(src({
      invoice: { number: 'N', date: '2026-04-01', isCreditNote: false, discount: '5', subtotal: '86.96', taxAmount: '13.04', totalAmount: '95.00',
        lines: [{ description: 'Tea', quantity: '3', unitPrice: '33.3333', discount: '0', taxId: 2, amount: '86.96', taxAmount: '13.04' }] },
      taxes: new Map([[2, { rate: '15', type: 'percent', priceIncluded: true }]]),
    }));
    expect(z.lines[0]).toMatchObject({ price: '86.96', baseQuantity: '3', lineAmount: '86.96' });
    expect(z.totals).toEqual({ lineExtension: '86.96', allowance: '5.00', taxExclusive: '81.96', tax: '13.04', taxInclusive: '95.00', payable: '95.00' });
    expect(z.subtotals[0]!.taxable).toBe('81.96');
  });

  it('a credit note to a business: standard, its buyer, the original invoice and the reason', () => {
    const z = toZatcaInput(src({
      invoice: { ...src().invoice, isCreditNote: true, notes: 'Damaged on delivery' }, buyer: { name: 'Buyer Co', tax_number: '300000000000003' }, original: { number: 'INV/2026/00001' },
    }));
    expect(z).toMatchObject({ kind: 'credit', profile: 'standard', billingReference: { number: 'INV/2026/00001', reason: 'Damaged on delivery' }, deliveryDate: '2026-04-01' });
    expect(z.buyer!.vatNumber).toBe('300000000000003');
  });

  it('a debit note: kind debit (383), the original invoice and its reason; of the original’s profile', () => {
    const business = { name: 'Buyer Co', tax_number: '300000000000003' };
    const note = (o: Partial<ZatcaMapSource>) => toZatcaInput(src({ invoice: { ...src().invoice, number: 'DINV/2026/00001', isDebitNote: true, reason: 'Price corrected upward' }, ...o }));
    const std = note({ buyer: business, original: { number: 'INV/2026/00001', profile: 'standard' } });
    expect(std).toMatchObject({ kind: 'debit', profile: 'standard', billingReference: { number: 'INV/2026/00001', reason: 'Price corrected upward' }, deliveryDate: '2026-04-01' });
    expect(std.buyer!.vatNumber).toBe('300000000000003');
    // the original was a simplified invoice (the buyer has had a VAT number since): the note stays simplified
    const simple = note({ buyer: business, original: { number: 'INV/2026/00002', profile: 'simplified' } });
    expect(simple).toMatchObject({ kind: 'debit', profile: 'simplified', buyer: null, billingReference: { number: 'INV/2026/00002' } });
    // an original without an e-invoice of its own (issued before the unit): the buyer decides, as for an invoice
    expect(note({ buyer: null, original: { number: 'INV/2025/00009', profile: null } }).profile).toBe('simplified');
    // without its own reason, the notes, else the general wording
    expect(toZatcaInput(src({ invoice: { ...src().invoice, isDebitNote: true, notes: 'Freight' }, original: { number: 'X' } })).billingReference!.reason).toBe('Freight');
    expect(toZatcaInput(src({ invoice: { ...src().invoice, isDebitNote: true }, original: { number: 'X' } })).billingReference!.reason).toBe('Additional goods or services');
    // and its XML: type 383, simplified, the billing reference and the reason as the payment's instruction note
    const doc = parseXml(invoiceXml(simple));
    const code = doc.getElementsByTagNameNS(UBL_NS.cbc, 'InvoiceTypeCode')[0]!;
    expect([code.textContent, code.getAttribute('name')]).toEqual(['383', '0200000']);
    const ref = doc.getElementsByTagNameNS(UBL_NS.cac, 'InvoiceDocumentReference')[0]!;
    expect(ref.getElementsByTagNameNS(UBL_NS.cbc, 'ID')[0]!.textContent).toBe('INV/2026/00002');
    expect(doc.getElementsByTagNameNS(UBL_NS.cbc, 'InstructionNote')[0]!.textContent).toBe('Price corrected upward');
  });
});
