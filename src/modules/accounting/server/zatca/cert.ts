import { createHash, X509Certificate } from 'node:crypto';

/**
 * What the signature needs from a unit's certificate (the CSID ZATCA issued, or a test's self-signed one), read with
 * node:crypto's X509Certificate. Forms follow the SDK's samples (cert.test.ts checks them on the sample certificate):
 * the issuer as "CN=..., DC=..." (X509Certificate lists it the other way round, one per line), the serial in
 * decimal, the digest as base64 of the HEX text of SHA-256 over the certificate's BASE64 TEXT.
 */
export interface CertInfo {
  /** The certificate, base64 DER, one line (what ds:X509Certificate holds). */
  base64: string;
  digest: string;
  issuerName: string;
  serialNumber: string;
  /** SubjectPublicKeyInfo DER: QR tag 8. */
  publicKey: Buffer;
  /** The certificate's own signature (by the issuing CA), the BIT STRING's bytes: QR tag 9. */
  signature: Buffer;
}

/** A certificate as base64 DER, from PEM or base64 (whitespace dropped). */
export const certBase64 = (pemOrB64: string) => pemOrB64.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

export function certInfo(pemOrB64: string): CertInfo {
  const base64 = certBase64(pemOrB64);
  const der = Buffer.from(base64, 'base64');
  const x = new X509Certificate(der);
  return {
    base64,
    digest: Buffer.from(createHash('sha256').update(base64, 'utf8').digest('hex')).toString('base64'),
    issuerName: x.issuer.split('\n').reverse().join(', '),
    serialNumber: BigInt('0x' + x.serialNumber).toString(10),
    publicKey: x.publicKey.export({ format: 'der', type: 'spki' }) as Buffer,
    signature: certSignature(der),
  };
}

/** DER: [tag, content start, content end] of the element at `at`. */
function tlv(der: Buffer, at: number): [number, number, number] {
  const tag = der[at]!;
  let len = der[at + 1]!;
  let start = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + der[start + i]!;
    start += n;
  }
  return [tag, start, start + len];
}

/** Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING }: the last one's bytes. */
function certSignature(der: Buffer): Buffer {
  const [, start] = tlv(der, 0);
  let at = start;
  for (let i = 0; i < 2; i++) at = tlv(der, at)[2];
  const [tag, s, e] = tlv(der, at);
  if (tag !== 0x03) throw new Error('certificate: no signature BIT STRING');
  return der.subarray(s + 1, e); // first byte: unused bits (0)
}
