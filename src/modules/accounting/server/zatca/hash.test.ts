import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_PIH, hashInput, invoiceHash, XmlParseError } from './hash';
import { readTlv } from './test-support';

/** The SDK's signed samples (public test data, fixtures/): our hash must be theirs, byte for byte. */
const fx = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const digestOf = (xml: string) => /<ds:Reference Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)</.exec(xml)![1];
const qrTag6 = (xml: string) => readTlv(/<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(xml)![1]!)[6]!.toString();

describe('invoice hash (ZATCA SDK samples)', () => {
  for (const name of ['Simplified_Invoice.xml', 'Standard_Credit_Note.xml', 'Simplified_Debit_Note.xml'])
    it(`${name}: the signed reference's DigestValue and QR tag 6`, () => {
      const xml = fx(name);
      expect(invoiceHash(xml)).toBe(digestOf(xml));
      expect(invoiceHash(xml)).toBe(qrTag6(xml));
    });

  it('Standard_Invoice.xml: QR tag 6 (its SignedInfo DigestValue is a stale sample value)', () => {
    const xml = fx('Standard_Invoice.xml');
    expect(invoiceHash(xml)).toBe('Vd5KMat2ZJtZqrDyoghblSlteouIS/r3/ORNw7OZ/2s=');
    expect(invoiceHash(xml)).toBe(qrTag6(xml));
    expect(digestOf(xml)).not.toBe(invoiceHash(xml));
  });

  it('the whitespace around the removed blocks counts; CRLF does not; one more space does', () => {
    const xml = fx('Simplified_Invoice.xml');
    const h = digestOf(xml);
    expect(invoiceHash(xml.replace(/\n/g, '\r\n'))).toBe(h);
    expect(invoiceHash(xml.replace('<cbc:ProfileID>', ' <cbc:ProfileID>'))).not.toBe(h);
    // dropping the blank text left where UBLExtensions was changes it
    expect(invoiceHash(xml.replace('</ext:UBLExtensions>\n    \n', '</ext:UBLExtensions>'))).not.toBe(h);
    // the removed blocks themselves do not count
    expect(invoiceHash(xml.replace('<cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>', '<cbc:ID>changed</cbc:ID>'))).toBe(h);
    expect(hashInput(xml)).not.toContain('UBLExtensions');
    expect(hashInput(xml)).not.toContain('<cbc:ID>QR</cbc:ID>');
    expect(hashInput(xml)).toContain('<cbc:ID>PIH</cbc:ID>');
  });

  it('a changed amount changes the hash', () => {
    const xml = fx('Simplified_Invoice.xml');
    expect(invoiceHash(xml.replace('<cbc:PayableAmount currencyID="SAR">231.15', '<cbc:PayableAmount currencyID="SAR">231.16'))).not.toBe(digestOf(xml));
  });

  it("the first PIH is the SDK's pih.txt", () => {
    expect(FIRST_PIH).toBe('NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==');
  });

  it('malformed XML is refused, not hashed', () => {
    expect(() => invoiceHash('<Invoice><cbc:ID>1</Invoice>')).toThrow(XmlParseError);
  });
});
