import { describe, expect, it } from 'vitest';
import { invoiceHash, parseXml } from './hash';
import { sampleInput } from './test-support';
import { invoiceXml, UBL_NS } from './ubl';

const text = (xml: string, ns: string, name: string) => [...Array.from(parseXml(xml).getElementsByTagNameNS(ns, name))].map((e) => e.textContent);

describe('UBL invoice', () => {
  it('simplified invoice: ZATCA header fields, ICV, PIH, parties, totals, lines', () => {
    const xml = invoiceXml(sampleInput());
    const doc = parseXml(xml);
    const code = doc.getElementsByTagNameNS(UBL_NS.cbc, 'InvoiceTypeCode')[0]!;
    expect(code.textContent).toBe('388');
    expect(code.getAttribute('name')).toBe('0200000');
    expect(text(xml, UBL_NS.cbc, 'UUID')).toEqual(['3cf5ee18-ee25-44ea-a444-2c37ba7f28be', '1']);
    expect(xml).toContain('<cbc:ID>PIH</cbc:ID>');
    expect(text(xml, UBL_NS.cbc, 'CompanyID')).toEqual(['399999999900003']);
    expect(text(xml, UBL_NS.cbc, 'PayableAmount')).toEqual(['149.50']);
    expect(text(xml, UBL_NS.cbc, 'RoundingAmount')).toEqual(['115.00', '34.50']);
    expect(text(xml, UBL_NS.cbc, 'Name')).toEqual(['كتاب & <قلم>', 'Pen']);
    expect(xml).toContain('كتاب &amp; &lt;قلم&gt;');
    expect(xml).not.toContain('AccountingCustomerParty');
    expect(xml).not.toContain('BillingReference');
  });

  it('standard credit note: 381, 0100000, the buyer, billing reference and reason', () => {
    const xml = invoiceXml(sampleInput({
      kind: 'credit', profile: 'standard', billingReference: { number: 'INV/2026/00001', reason: 'Returned goods' },
      buyer: { name: 'Buyer Co', vatNumber: '300000000000003', address: { street: 'King Fahd', buildingNumber: '1111', district: 'Olaya', city: 'Riyadh', postalCode: '12222', country: 'SA' } },
    }));
    const code = parseXml(xml).getElementsByTagNameNS(UBL_NS.cbc, 'InvoiceTypeCode')[0]!;
    expect([code.textContent, code.getAttribute('name')]).toEqual(['381', '0100000']);
    expect(text(xml, UBL_NS.cbc, 'InstructionNote')).toEqual(['Returned goods']);
    expect(text(xml, UBL_NS.cbc, 'CompanyID')).toEqual(['399999999900003', '300000000000003']);
    expect(xml.indexOf('<cac:BillingReference>')).toBeLessThan(xml.indexOf('<cbc:ID>ICV</cbc:ID>'));
  });

  it('debit note 383; missing address parts are left out, not written empty', () => {
    const xml = invoiceXml(sampleInput({ kind: 'debit', billingReference: { number: 'X1', reason: 'Price change' }, seller: { name: 'S', address: { country: 'SA' } } }));
    expect(parseXml(xml).getElementsByTagNameNS(UBL_NS.cbc, 'InvoiceTypeCode')[0]!.textContent).toBe('383');
    expect(xml).not.toContain('<cbc:StreetName');
    expect(xml).not.toContain('<cbc:CompanyID>');
  });

  it('the same input gives the same bytes and hash; another ICV another hash', () => {
    expect(invoiceHash(invoiceXml(sampleInput()))).toBe(invoiceHash(invoiceXml(sampleInput())));
    expect(invoiceHash(invoiceXml(sampleInput({ icv: 2 })))).not.toBe(invoiceHash(invoiceXml(sampleInput())));
  });

  it('a buyer abroad is identified by its own tax number (schemeID OTH) and has no VAT number in the XML', () => {
    const base = sampleInput();
    const xml = invoiceXml({ ...base, profile: 'standard', buyer: { name: 'Berlin GmbH', vatNumber: null, otherId: 'DE123456789', address: { ...base.seller.address, country: 'DE' } } });
    const doc = parseXml(xml);
    const buyer = doc.getElementsByTagNameNS(UBL_NS.cac, 'AccountingCustomerParty')[0]!;
    const id = buyer.getElementsByTagNameNS(UBL_NS.cbc, 'ID')[0]!;
    expect([id.getAttribute('schemeID'), id.textContent]).toEqual(['OTH', 'DE123456789']);
    expect(buyer.getElementsByTagNameNS(UBL_NS.cbc, 'CompanyID').length).toBe(0);
    expect(buyer.getElementsByTagNameNS(UBL_NS.cbc, 'IdentificationCode')[0]!.textContent).toBe('DE');
  });
});
