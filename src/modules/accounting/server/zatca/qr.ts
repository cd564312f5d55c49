import { tlvBase64 } from '../tax-invoice/qr.tlv';
import type { Phase2Tags } from './sign';
import type { ZatcaInvoiceInput } from './types';

/**
 * The QR of a simplified invoice: tags 1-5 (phase 1: seller, VAT number, time, total with VAT, VAT total, from the
 * SAME input the XML is written from, so 4 and 5 equal its totals to the cent) and 6-9 (phase 2: hash, signature,
 * public key, the CA's signature of the certificate). The TLV bytes are encoded by phase 1's encoder
 * (tax-invoice/qr.tlv.ts, the only one).
 */
export interface QrField { tag: number; value: string | Uint8Array }

/** The QR text (base64 TLV) of these fields. */
export const encodeQr = (fields: QrField[]): string => tlvBase64(fields);

export function qrFields(inv: Pick<ZatcaInvoiceInput, 'seller' | 'issueDate' | 'issueTime' | 'totals'>, tags: Phase2Tags): QrField[] {
  return [
    { tag: 1, value: inv.seller.name }, { tag: 2, value: inv.seller.vatNumber ?? '' }, { tag: 3, value: `${inv.issueDate}T${inv.issueTime}` },
    { tag: 4, value: inv.totals.taxInclusive }, { tag: 5, value: inv.totals.tax },
    { tag: 6, value: tags[6] }, { tag: 7, value: tags[7] }, { tag: 8, value: tags[8] }, { tag: 9, value: tags[9] },
  ];
}
