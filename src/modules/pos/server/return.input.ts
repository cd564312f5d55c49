import { pm } from '../messages';
import { prm } from './return.messages';
import { type Method, METHODS, SaleRefused } from './sale.input';

/**
 * Pure: a till return's body checked in shape (POST /api/pos/returns and its quote). The lines are handed to sales
 * as given (`{ orderLine, quantity, reason }`): sales checks each one against the order (quantity > 0, at most what
 * is left to return, a line of the order, once) with its own messages naming the line.
 */
export interface ReturnLineInput { orderLine: unknown; quantity: unknown; reason: unknown }
export interface TillReturnInput {
  sessionId: number; orderId: number; refundMethod: Method; reasonId: number | null; notes: string | null; lines: ReturnLineInput[];
}

const id = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2147483647 ? v : null);
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}) as Record<string, unknown>;

function parseLines(raw: unknown): ReturnLineInput[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new SaleRefused(prm.linesInvalid, 'lines');
  if (raw.length > 500) throw new SaleRefused({ en: 'At most {max} lines', ar: 'الحد الأقصى {max} سطر' }, 'lines', { max: 500 });
  return raw.map((item) => {
    const l = obj(item);
    return { orderLine: l.orderLine, quantity: typeof l.quantity === 'number' ? String(l.quantity) : l.quantity, reason: l.reason ?? null };
  });
}

export function parseReturn(body: unknown): TillReturnInput {
  const b = obj(body);
  const sessionId = id(b.sessionId);
  if (!sessionId) throw new SaleRefused(pm.sessionRequired, 'sessionId');
  const orderId = id(b.orderId);
  if (!orderId) throw new SaleRefused(prm.orderRequired, 'orderId');
  if (!METHODS.includes(b.refundMethod as Method)) throw new SaleRefused(prm.refundMethodRequired, 'refundMethod');
  if (b.reasonId !== undefined && b.reasonId !== null && !id(b.reasonId)) throw new SaleRefused({ en: 'The reason does not exist', ar: 'السبب غير موجود' }, 'reasonId');
  if (typeof b.notes === 'string' && b.notes.length > 2000) throw new SaleRefused(prm.notesTooLong, 'notes');
  const notes = typeof b.notes === 'string' && b.notes.trim() ? b.notes.trim().replace(/\0/g, '') : null;
  return { sessionId, orderId, refundMethod: b.refundMethod as Method, reasonId: id(b.reasonId), notes, lines: parseLines(b.lines) };
}

/** The quote of a return: the order and its lines (no session, method or reason needed to price it). */
export function parseReturnQuote(body: unknown): { orderId: number; lines: ReturnLineInput[] } {
  const b = obj(body);
  const orderId = id(b.orderId);
  if (!orderId) throw new SaleRefused(prm.orderRequired, 'orderId');
  return { orderId, lines: parseLines(b.lines) };
}
