/**
 * PostgreSQL wire protocol framing (protocol 3.0), for the fault proxy: the client's first message has no type
 * byte (int32 length, int32 code: startup, SSLRequest, GSSENCRequest, CancelRequest); every later message in both
 * directions is a type byte and an int32 length that counts itself but not the type byte.
 */
export const SSL_REQUEST = 80877103;
export const GSSENC_REQUEST = 80877104;
export const CANCEL_REQUEST = 80877102;

export interface Frame {
  /** The type byte as a character; '' for an untyped (startup-phase) message. */
  type: string;
  /** The whole frame, type byte and length included: what is forwarded. */
  raw: Buffer;
  /** The body after the length. */
  body: Buffer;
}

/** Splits a byte stream into frames; `untyped` says whether the next frame is a startup-phase one. */
export class FrameReader {
  private buf: Buffer = Buffer.alloc(0);
  constructor(public untyped: boolean) {}

  push(chunk: Buffer): Frame[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Frame[] = [];
    for (;;) {
      const head = this.untyped ? 0 : 1;
      if (this.buf.length < head + 4) break;
      const len = this.buf.readInt32BE(head);
      if (len < 4) throw new Error(`bad PostgreSQL frame length ${len}`);
      if (this.buf.length < head + len) break;
      const raw = this.buf.subarray(0, head + len);
      out.push({ type: head ? String.fromCharCode(raw[0]!) : '', raw, body: raw.subarray(head + 4) });
      this.buf = this.buf.subarray(head + len);
    }
    return out;
  }
}

/** A NUL-terminated string at `at`, and where the next field starts. */
export function cstring(b: Buffer, at = 0): [string, number] {
  const end = b.indexOf(0, at);
  const stop = end < 0 ? b.length : end;
  return [b.toString('utf8', at, stop), stop + 1];
}

/** The code of an untyped message (startup: 196608 for protocol 3.0). */
export const startupCode = (f: Frame) => f.body.readInt32BE(0);
/** Query 'Q': its text. */
export const queryText = (f: Frame) => cstring(f.body)[0];
/** Parse 'P': the statement's name and text. */
export function parseMessage(f: Frame): { name: string; text: string } {
  const [name, at] = cstring(f.body);
  return { name, text: cstring(f.body, at)[0] };
}
/** Bind 'B': the portal's and the statement's names. */
export function bindMessage(f: Frame): { portal: string; statement: string } {
  const [portal, at] = cstring(f.body);
  return { portal, statement: cstring(f.body, at)[0] };
}
/** CommandComplete 'C': its tag (INSERT 0 1, SELECT 3, COMMIT...). */
export const commandTag = (f: Frame) => cstring(f.body)[0];
/** ReadyForQuery 'Z': the transaction status, 'I' idle, 'T' in a transaction, 'E' in a failed one. */
export const readyStatus = (f: Frame) => String.fromCharCode(f.body[0]!);
