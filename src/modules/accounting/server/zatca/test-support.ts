import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tlvDecode } from '../tax-invoice/qr.tlv';
import type { ZatcaInvoiceInput } from './types';

/** For the tests only: a unit's own secp256k1 key (node:crypto) and a self-signed certificate (openssl CLI). */
export function testUnitKeys(cn = 'TST-886431145-399999999900003'): { privateKey: string; certificate: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
  const dir = mkdtempSync(join(tmpdir(), 'zatca-'));
  try {
    writeFileSync(join(dir, 'key.pem'), pem);
    execFileSync('openssl', ['req', '-new', '-x509', '-key', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '365', '-sha256', '-subj', `/C=SA/O=Daftar Test/CN=${cn}`], { stdio: 'ignore' });
    return { privateKey: pem, certificate: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The QR's TLV fields by tag, read by the product's decoder (tax-invoice/qr.tlv.ts). */
export function readTlv(b64: string): Record<number, Buffer> {
  return Object.fromEntries(tlvDecode(b64).map((f) => [f.tag, f.value]));
}

/** A simplified invoice of two lines at 15%, as map.ts would give it. */
export function sampleInput(o: Partial<ZatcaInvoiceInput> = {}): ZatcaInvoiceInput {
  return {
    kind: 'invoice', profile: 'simplified', number: 'INV/2026/00001', uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be', icv: 1,
    pih: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
    issueDate: '2026-03-10', issueTime: '14:25:09', currency: 'SAR',
    seller: { name: 'شركة دفتر التجريبية', vatNumber: '399999999900003', crNumber: '1010010000', address: { street: 'الأمير سلطان', buildingNumber: '2322', additionalNumber: '2223', district: 'المربع', city: 'الرياض', postalCode: '23333', country: 'SA' } },
    buyer: null,
    lines: [
      { name: 'كتاب & <قلم>', quantity: '2', price: '50.00', lineAmount: '100.00', taxAmount: '15.00', category: 'S', percent: '15.00' },
      { name: 'Pen', quantity: '3', price: '10.00', lineAmount: '30.00', taxAmount: '4.50', category: 'S', percent: '15.00' },
    ],
    subtotals: [{ category: 'S', percent: '15.00', taxable: '130.00', tax: '19.50' }],
    totals: { lineExtension: '130.00', allowance: '0.00', taxExclusive: '130.00', tax: '19.50', taxInclusive: '149.50', payable: '149.50' },
    ...o,
  };
}
