/**
 * ZATCA phase 2 on one core (run: `BENCH_ONLY=zatca npm run bench`, or npx tsx src/modules/accounting/bench/zatca.bench.ts [n]).
 * N simplified invoices (default 10,000) of 3 lines, chained (each PIH the previous hash), each: mapped from an
 * accounting invoice row (zatca/map.ts), written as UBL (ubl.ts), hashed (parse, remove, inclusive C14N, SHA-256),
 * signed (ECDSA secp256k1), its signed properties and UBLExtensions written, and its QR's TLV text (tags 1-9)
 * encoded; beside the bare cost of the platform's crypto on the same XML (SHA-256 of its bytes + one ECDSA signature)
 * and the hash step alone. The QR image (qrcode, SVG) is timed on 1,000 of them. No database: this is CPU only.
 */
import { createPrivateKey, createHash, sign } from 'node:crypto';
import QRCode from 'qrcode';
import { certInfo } from '../server/zatca/cert';
import { FIRST_PIH, invoiceHash } from '../server/zatca/hash';
import { toZatcaInput } from '../server/zatca/map';
import { qrFields } from '../server/zatca/qr';
import { signInvoice } from '../server/zatca/sign';
import { testUnitKeys } from '../server/zatca/test-support';
import { invoiceXml } from '../server/zatca/ubl';

const tlv = (fields: { tag: number; value: string | Uint8Array }[]) =>
  Buffer.concat(fields.map((f) => { const b = typeof f.value === 'string' ? Buffer.from(f.value) : Buffer.from(f.value); return Buffer.concat([Buffer.from([f.tag, b.length]), b]); })).toString('base64');

export async function zatcaBench(n = 10_000): Promise<string[]> {
  const keys = testUnitKeys();
  const key = createPrivateKey(keys.privateKey);
  const cert = certInfo(keys.certificate);
  const company = { name_ar: 'شركة دفتر التجريبية', tax_number: '399999999900003', cr_number: '1010010000', currency: 'SAR', country: 'SA', building_number: '2322', street: 'الأمير سلطان', district: 'المربع', city: 'الرياض', postal_code: '23333' };
  const taxes = new Map([[1, { rate: '15', type: 'percent', priceIncluded: false }]]);
  const row = (i: number) => ({
    number: `INV/2026/${String(i + 1).padStart(5, '0')}`, date: '2026-04-01', isCreditNote: false,
    lines: [
      { description: 'قلم', quantity: '3', unitPrice: '2.50', taxId: 1, amount: '7.50', taxAmount: '1.13' },
      { description: 'Notebook A5', quantity: '2', unitPrice: '12.00', taxId: 1, amount: '24.00', taxAmount: '3.60' },
      { description: 'Bag', quantity: '1', unitPrice: String(10 + (i % 90)), taxId: 1, amount: (10 + (i % 90)).toFixed(2), taxAmount: ((10 + (i % 90)) * 0.15).toFixed(2) },
    ],
    discount: '0', subtotal: (31.5 + 10 + (i % 90)).toFixed(2), taxAmount: (4.73 + (10 + (i % 90)) * 0.15).toFixed(2), totalAmount: (31.5 + 10 + (i % 90) + 4.73 + (10 + (i % 90)) * 0.15).toFixed(2),
  });

  // warm-up
  for (let i = 0; i < 200; i++) signInvoice(invoiceXml(toZatcaInput({ invoice: row(i), taxes, company, buyer: null, chain: { uuid: crypto.randomUUID(), icv: i + 1, pih: FIRST_PIH }, issueTime: '12:00:00', decimals: 2 })), { privateKey: key, certificate: cert.base64 }, { signingTime: '2026-04-01T09:00:00Z', cert });

  const xmls: string[] = [];
  let pih = FIRST_PIH;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const input = toZatcaInput({ invoice: row(i), taxes, company, buyer: null, chain: { uuid: crypto.randomUUID(), icv: i + 1, pih }, issueTime: '12:00:00', decimals: 2 });
    const s = signInvoice(invoiceXml(input), { privateKey: key, certificate: cert.base64 }, { signingTime: '2026-04-01T09:00:00Z', cert, qr: (tags) => tlv(qrFields(input, tags)) });
    pih = s.hash;
    xmls.push(s.xml);
  }
  const full = performance.now() - t0;

  const t1 = performance.now();
  for (const x of xmls) sign('sha256', createHash('sha256').update(x).digest(), key);
  const bare = performance.now() - t1;

  const t2 = performance.now();
  for (const x of xmls) invoiceHash(x);
  const hashOnly = performance.now() - t2;

  const m = Math.min(1000, n);
  const t3 = performance.now();
  for (let i = 0; i < m; i++) await QRCode.toString(/<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(xmls[i]!)![1]!, { type: 'svg', errorCorrectionLevel: 'M' });
  const qrImg = performance.now() - t3;

  const rate = (ms: number, k = n) => Math.round(k / (ms / 1000)).toLocaleString('en-US');
  const per = (ms: number, k = n) => (ms / k).toFixed(3);
  return [
    `ZATCA phase 2, ${n.toLocaleString('en-US')} simplified invoices (3 lines, ~${Math.round(xmls[0]!.length / 1024)} KB signed XML), one core:`,
    `  generate + hash + sign + QR TLV: ${rate(full)} invoices/s (${per(full)} ms each)`,
    `    of which the invoice hash alone (parse, remove, C14N, SHA-256): ${rate(hashOnly)}/s (${per(hashOnly)} ms)`,
    `  bare platform crypto on the same XML (SHA-256 of the bytes + ECDSA secp256k1 sign): ${rate(bare)}/s (${per(bare)} ms)`,
    `  QR image (qrcode, SVG) of the TLV, ${m.toLocaleString('en-US')} invoices: ${rate(qrImg, m)}/s (${per(qrImg, m)} ms)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const l of await zatcaBench(Number(process.argv[2] ?? 10_000))) console.log(l);
}
