/**
 * ZATCA QR payload (phase 1, tags 1-5; phase 2 adds 6-9 for simplified invoices): base64 of TLV fields, each one tag
 * byte, ONE length byte counting the value's UTF-8 BYTES (not characters: "شركة سلة" is 8 characters and 15 bytes),
 * then the bytes. A value longer than 255 bytes cannot be written in one length byte and is refused (never a
 * multi-byte BER length, which readers of the specification would misread). research/zatca.md, issue 20.
 */
export interface TlvField { tag: number; value: string | Buffer | Uint8Array }

export class TlvError extends Error {}

/** The TLV bytes of `fields`, in the order given. Throws TlvError on a tag outside 1-255 or a value over 255 bytes. */
export function tlvBytes(fields: readonly TlvField[]): Buffer {
  const parts: Buffer[] = [];
  for (const { tag, value } of fields) {
    if (!Number.isInteger(tag) || tag < 1 || tag > 255) throw new TlvError(`TLV tag ${tag} is not a byte from 1 to 255`);
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
    if (bytes.length > 255) throw new TlvError(`TLV tag ${tag}: ${bytes.length} bytes do not fit one length byte (at most 255)`);
    parts.push(Buffer.from([tag, bytes.length]), bytes);
  }
  return Buffer.concat(parts);
}

/** The QR text: base64 of the TLV bytes. */
export function tlvBase64(fields: readonly TlvField[]): string {
  return tlvBytes(fields).toString('base64');
}

/** Reads TLV bytes back (tests, the verify side): the fields with their raw values. Throws TlvError on a truncated field. */
export function tlvDecode(data: Buffer | string): { tag: number; value: Buffer }[] {
  const buf = typeof data === 'string' ? Buffer.from(data, 'base64') : data;
  const out: { tag: number; value: Buffer }[] = [];
  for (let i = 0; i < buf.length;) {
    if (i + 2 > buf.length) throw new TlvError(`TLV truncated at byte ${i}`);
    const tag = buf[i]!;
    const len = buf[i + 1]!;
    if (i + 2 + len > buf.length) throw new TlvError(`TLV tag ${tag} truncated`);
    out.push({ tag, value: buf.subarray(i + 2, i + 2 + len) });
    i += 2 + len;
  }
  return out;
}
