import { createHash, createPrivateKey, sign as ecSign, type KeyObject } from 'node:crypto';
import { type CertInfo, certInfo } from './cert';
import { invoiceHash } from './hash';
import { esc, SIGNATURE_ANCHOR } from './ubl';

/**
 * INVARIANT: ZATCA's signature (research/zatca.md; sign.test.ts checks it against the SDK's samples):
 * - the signature is DER ECDSA secp256k1 / SHA-256 over the 32 RAW BYTES of the invoice hash (not a canonical
 *   SignedInfo);
 * - the SignedProperties digest is base64 of the HEX text of SHA-256 over the SignedProperties element written as
 *   a serialiser writes it alone (xmlns:xades on it, xmlns:ds on each ds: element), with the document's indentation;
 * - the blocks are inserted into the unsigned text with no whitespace of their own around them, so the signed
 *   document's hash is the unsigned one's: hash, sign and store the same bytes.
 */
export interface UnitCredentials {
  /** PEM (PKCS#8 or SEC1) or a KeyObject of the unit's secp256k1 key. */
  privateKey: string | KeyObject;
  /** The unit's certificate (CSID), PEM or base64 DER. */
  certificate: string;
}
/** QR tags 6-9 of a simplified invoice: hash and signature as their base64 text, key and CA signature as bytes. */
export interface Phase2Tags { 6: string; 7: string; 8: Buffer; 9: Buffer }
export interface SignedInvoice { xml: string; hash: string; signature: string; signingTime: string; tags: Phase2Tags }
export interface SignOptions {
  /** UTC, YYYY-MM-DDTHH:MM:SSZ. */
  signingTime: string;
  /** Simplified invoices: the QR's base64 text from its 9 tags (phase 1's TLV encoder; see qr.ts). */
  qr?: (tags: Phase2Tags) => string;
  /** Known certificate facts (parsed once per unit, not per invoice). */
  cert?: CertInfo;
}

const I = ' '.repeat(32); // the samples' indentation of SignedProperties

/** SignedProperties: `forDigest` is the text its digest is taken over, else the text in the document. */
export function signedProperties(signingTime: string, cert: CertInfo, forDigest: boolean): string {
  const xades = forDigest ? ' xmlns:xades="http://uri.etsi.org/01903/v1.3.2#"' : '';
  const ds = forDigest ? ' xmlns:ds="http://www.w3.org/2000/09/xmldsig#"' : '';
  return `<xades:SignedProperties${xades} Id="xadesSignedProperties">
${I}    <xades:SignedSignatureProperties>
${I}        <xades:SigningTime>${signingTime}</xades:SigningTime>
${I}        <xades:SigningCertificate>
${I}            <xades:Cert>
${I}                <xades:CertDigest>
${I}                    <ds:DigestMethod${ds} Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
${I}                    <ds:DigestValue${ds}>${cert.digest}</ds:DigestValue>
${I}                </xades:CertDigest>
${I}                <xades:IssuerSerial>
${I}                    <ds:X509IssuerName${ds}>${esc(cert.issuerName)}</ds:X509IssuerName>
${I}                    <ds:X509SerialNumber${ds}>${cert.serialNumber}</ds:X509SerialNumber>
${I}                </xades:IssuerSerial>
${I}            </xades:Cert>
${I}        </xades:SigningCertificate>
${I}    </xades:SignedSignatureProperties>
${I}</xades:SignedProperties>`;
}

/** base64 of the hex text of SHA-256 (ZATCA's form for the SignedProperties and certificate digests). */
export const hexDigest64 = (text: string) => Buffer.from(createHash('sha256').update(text, 'utf8').digest('hex')).toString('base64');

function ublExtensions(hash: string, spDigest: string, signature: string, signingTime: string, cert: CertInfo): string {
  return `<ext:UBLExtensions>
    <ext:UBLExtension>
        <ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>
        <ext:ExtensionContent>
            <sig:UBLDocumentSignatures xmlns:sig="urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2" xmlns:sac="urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2" xmlns:sbc="urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2">
                <sac:SignatureInformation>
                    <cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>
                    <sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>
                    <ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="signature">
                        <ds:SignedInfo>
                            <ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                            <ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>
                            <ds:Reference Id="invoiceSignedData" URI="">
                                <ds:Transforms>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::ext:UBLExtensions)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:Signature)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                                </ds:Transforms>
                                <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                <ds:DigestValue>${hash}</ds:DigestValue>
                            </ds:Reference>
                            <ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">
                                <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                <ds:DigestValue>${spDigest}</ds:DigestValue>
                            </ds:Reference>
                        </ds:SignedInfo>
                        <ds:SignatureValue>${signature}</ds:SignatureValue>
                        <ds:KeyInfo>
                            <ds:X509Data>
                                <ds:X509Certificate>${cert.base64}</ds:X509Certificate>
                            </ds:X509Data>
                        </ds:KeyInfo>
                        <ds:Object>
                            <xades:QualifyingProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Target="signature">
                                ${signedProperties(signingTime, cert, false)}
                            </xades:QualifyingProperties>
                        </ds:Object>
                    </ds:Signature>
                </sac:SignatureInformation>
            </sig:UBLDocumentSignatures>
        </ext:ExtensionContent>
    </ext:UBLExtension>
</ext:UBLExtensions>`;
}

const QR_AND_SIGNATURE = (qr: string | null) => (qr === null ? '' : `<cac:AdditionalDocumentReference>
        <cbc:ID>QR</cbc:ID>
        <cac:Attachment>
            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</cbc:EmbeddedDocumentBinaryObject>
        </cac:Attachment>
</cac:AdditionalDocumentReference>`) + `<cac:Signature>
      <cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID>
      <cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod>
</cac:Signature>`;

/** ECDSA secp256k1 / SHA-256 over the hash's raw bytes, DER, base64. */
export function signHash(hash: string, key: string | KeyObject): string {
  const k = typeof key === 'string' ? createPrivateKey(key) : key;
  return ecSign('sha256', Buffer.from(hash, 'base64'), k).toString('base64');
}

export const phase2Tags = (hash: string, signature: string, cert: CertInfo): Phase2Tags => ({ 6: hash, 7: signature, 8: cert.publicKey, 9: cert.signature });

/**
 * Signs an unsigned invoice (ubl.ts's text): its hash, the signature over it, the signed properties and their
 * digest, and the text with the UBLExtensions block after the root's start tag and (QR reference and)
 * cac:Signature before the seller. The answer's `hash` is the hash of its `xml` too.
 */
export function signInvoice(unsigned: string, creds: UnitCredentials, opts: SignOptions): SignedInvoice {
  const cert = opts.cert ?? certInfo(creds.certificate);
  const hash = invoiceHash(unsigned);
  const signature = signHash(hash, creds.privateKey);
  const spDigest = hexDigest64(signedProperties(opts.signingTime, cert, true));
  const tags = phase2Tags(hash, signature, cert);
  const root = unsigned.indexOf('>', unsigned.indexOf('<Invoice')) + 1;
  const anchor = unsigned.indexOf(SIGNATURE_ANCHOR);
  if (root <= 0 || anchor < root) throw new Error('signInvoice: not an unsigned ZATCA invoice');
  const xml = unsigned.slice(0, root) + ublExtensions(hash, spDigest, signature, opts.signingTime, cert) +
    unsigned.slice(root, anchor) + QR_AND_SIGNATURE(opts.qr ? opts.qr(tags) : null) + unsigned.slice(anchor);
  return { xml, hash, signature, signingTime: opts.signingTime, tags };
}
