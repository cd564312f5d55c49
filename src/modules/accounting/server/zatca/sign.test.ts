import { createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { certInfo } from './cert';
import { invoiceHash, parseXml } from './hash';
import { hexDigest64, signedProperties, signHash, signInvoice } from './sign';
import { tlvBase64 } from '../tax-invoice/qr.tlv';
import { readTlv, sampleInput, testUnitKeys } from './test-support';
import { invoiceXml } from './ubl';

const fx = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const tag = (xml: string, re: RegExp) => re.exec(xml)![1]!;

describe('signature facts on the SDK samples', () => {
  const xml = fx('Simplified_Invoice.xml');
  const cert = certInfo(tag(xml, /<ds:X509Certificate>([^<]+)</));

  it('the certificate digest, issuer and serial as the sample writes them', () => {
    expect(cert.digest).toBe(tag(xml, /<xades:CertDigest>[\s\S]*?<ds:DigestValue>([^<]+)</));
    expect(cert.issuerName).toBe('CN=TSZEINVOICE-SubCA-1, DC=extgazt, DC=gov, DC=local');
    expect(cert.serialNumber).toBe('2475382886904809774818644480820936050208702411');
  });

  for (const name of ['Simplified_Invoice.xml', 'Standard_Invoice.xml', 'Standard_Credit_Note.xml', 'Simplified_Debit_Note.xml'])
    it(`${name}: the SignedProperties digest from our template`, () => {
      const x = fx(name);
      const c = certInfo(tag(x, /<ds:X509Certificate>([^<]+)</));
      const sp = signedProperties(tag(x, /<xades:SigningTime>([^<]+)</), c, true);
      expect(hexDigest64(sp)).toBe(tag(x, /URI="#xadesSignedProperties">[\s\S]*?<ds:DigestValue>([^<]+)</));
      // and the in-document form is the sample's text
      expect(x).toContain(signedProperties(tag(x, /<xades:SigningTime>([^<]+)</), c, false));
    });

  it("the sample's signature verifies over the hash's raw bytes with the certificate's key; QR tags 7-9", () => {
    const sig = tag(xml, /<ds:SignatureValue>([^<]+)</);
    expect(verify('sha256', Buffer.from(invoiceHash(xml), 'base64'), createPublicKey({ key: cert.publicKey, format: 'der', type: 'spki' }), Buffer.from(sig, 'base64'))).toBe(true);
    const qr = readTlv(tag(xml, /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</));
    expect(qr[7]!.toString()).toBe(sig);
    expect(qr[8]!.equals(cert.publicKey)).toBe(true);
    expect(qr[9]!.equals(cert.signature)).toBe(true);
  });
});

describe('signing our own invoices', () => {
  let keys: { privateKey: string; certificate: string };
  beforeAll(() => { keys = testUnitKeys(); });

  it('hash, signature and signed properties; the signed text hashes as the unsigned one', () => {
    const unsigned = invoiceXml(sampleInput());
    const s = signInvoice(unsigned, keys, { signingTime: '2026-03-10T11:25:09Z', qr: (t) => tlvBase64([{ tag: 1, value: 'Seller' }, { tag: 6, value: t[6] }, { tag: 7, value: t[7] }, { tag: 8, value: t[8] }, { tag: 9, value: t[9] }]) });
    expect(s.hash).toBe(invoiceHash(unsigned));
    expect(invoiceHash(s.xml)).toBe(s.hash);
    parseXml(s.xml); // well-formed
    const cert = certInfo(keys.certificate);
    expect(verify('sha256', Buffer.from(s.hash, 'base64'), createPublicKey(keys.privateKey), Buffer.from(s.signature, 'base64'))).toBe(true);
    expect(tag(s.xml, /<ds:Reference Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)</)).toBe(s.hash);
    expect(tag(s.xml, /URI="#xadesSignedProperties">[\s\S]*?<ds:DigestValue>([^<]+)</)).toBe(hexDigest64(signedProperties('2026-03-10T11:25:09Z', cert, true)));
    expect(tag(s.xml, /<ds:X509Certificate>([^<]+)</)).toBe(cert.base64);
    const qr = readTlv(tag(s.xml, /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</));
    expect(qr[6]!.toString()).toBe(s.hash);
    expect(qr[7]!.toString()).toBe(s.signature);
    expect(qr[8]!.equals(cert.publicKey)).toBe(true);
    expect(qr[9]!.equals(cert.signature)).toBe(true);
    // the blocks in UBL's order: extensions first, QR reference and signature between PIH and the seller
    const at = (s2: string) => s.xml.indexOf(s2);
    expect(at('<ext:UBLExtensions>')).toBeLessThan(at('<cbc:ProfileID>'));
    expect(at('<cbc:ID>PIH</cbc:ID>')).toBeLessThan(at('<cbc:ID>QR</cbc:ID>'));
    expect(at('<cac:Signature>')).toBeLessThan(at('<cac:AccountingSupplierParty>'));
  });

  it("the sample's own key signs a sample's hash that its certificate verifies", () => {
    const key = `-----BEGIN EC PRIVATE KEY-----\n${fx('ec-secp256k1-priv-key.pem').trim()}\n-----END EC PRIVATE KEY-----\n`;
    const cert = certInfo(fx('cert.pem'));
    const xml = fx('Standard_Credit_Note.xml');
    const unsignedLike = xml; // signing a signed sample again: its hash ignores the old blocks
    const h = invoiceHash(unsignedLike);
    const sig = signHash(h, key);
    expect(verify('sha256', Buffer.from(h, 'base64'), createPublicKey({ key: cert.publicKey, format: 'der', type: 'spki' }), Buffer.from(sig, 'base64'))).toBe(true);
  });

  it('a tampered document no longer matches its signature', () => {
    const s = signInvoice(invoiceXml(sampleInput()), keys, { signingTime: '2026-03-10T11:25:09Z' });
    const tampered = s.xml.replace('<cbc:PayableAmount currencyID="SAR">149.50', '<cbc:PayableAmount currencyID="SAR">14.95');
    const h = invoiceHash(tampered);
    expect(h).not.toBe(s.hash);
    expect(verify('sha256', Buffer.from(h, 'base64'), createPublicKey(keys.privateKey), Buffer.from(s.signature, 'base64'))).toBe(false);
  });
});
