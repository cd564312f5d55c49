import Decimal from 'decimal.js';
import QRCode from 'qrcode';
import { type TlvField, tlvBase64 } from './qr.tlv';

/**
 * The ZATCA phase 1 QR of a tax invoice: tags 1-5 from the invoice's OWN stored figures (seller name, seller VAT
 * number, issue date and time, total with VAT, VAT total), so the QR equals the document to the cent; phase 2 appends tags
 * 6-9 to `phase1Fields(...)` before encoding. The image is drawn by the `qrcode` library (docs/decisions/qr-code.md):
 * its module matrix becomes one SVG path of unit squares, vector in the PDF, with the 4-module quiet zone.
 */
export interface QrInvoice {
  sellerName: string;
  vatNumber: string;
  /** Tag 3, ISO 8601: the invoice's issue date and time (`issueTimestamp` in issue-time.ts). */
  timestamp: string;
  /** Stored totals (decimal strings, NUMERIC(20,4)): total with VAT and VAT. */
  totalAmount: string;
  taxAmount: string;
  /** Currency decimals (2 for SAR): the figures are written with exactly these. */
  decimals: number;
}

/** A stored amount written with the currency's decimals, rounded half-up once here (the stored figure is already rounded). */
export const qrAmount = (v: string, decimals: number) => new Decimal(v).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals);

export function phase1Fields(inv: QrInvoice): TlvField[] {
  return [
    { tag: 1, value: inv.sellerName },
    { tag: 2, value: inv.vatNumber },
    { tag: 3, value: inv.timestamp },
    { tag: 4, value: qrAmount(inv.totalAmount, inv.decimals) },
    { tag: 5, value: qrAmount(inv.taxAmount, inv.decimals) },
  ];
}

export const phase1Qr = (inv: QrInvoice) => tlvBase64(phase1Fields(inv));

/** An inline SVG of `text` as a QR code (error correction M), `sizeMm` wide, black squares on white. */
export function qrSvg(text: string, sizeMm: number, title: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  let d = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!qr.modules.get(y, x)) continue;
      let run = 1; // one rectangle per horizontal run of dark modules: a shorter path
      while (x + run < n && qr.modules.get(y, x + run)) run++;
      d += `M${x + quiet} ${y + quiet}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  const side = n + 2 * quiet;
  const t = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${t}" viewBox="0 0 ${side} ${side}" width="${sizeMm}mm" height="${sizeMm}mm" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}
