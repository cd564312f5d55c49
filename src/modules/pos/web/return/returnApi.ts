import type { Locale } from '../../../../core/i18n/locale';
import { api, ApiError } from '../../../../web/api/client';

/**
 * What the return screen asks the server (server/return.routes.ts): the orders matching what was typed, the order
 * to return (by id or number), the
 * return priced (the quote) and the return itself. The return is sent with an Idempotency-Key the screen keeps for
 * as long as the same return is being confirmed: pressing Confirm again after a lost answer sends the same key, so
 * the server answers the first return instead of making a second.
 */
export type RefundMethod = 'cash' | 'bank_transfer' | 'credit';
export const REFUND_METHODS: RefundMethod[] = ['cash', 'bank_transfer', 'credit'];

export interface ReturnOrder {
  order: {
    id: number; number: string; orderDate: string; status: string; customerId: number; customer: string | null; sessionId: number | null; session: string | null;
    totalAmount: string; paidAmount: string; dueAmount: string;
  };
  lines: { orderLine: number; productId: number; name: string; nameAr: string | null; description: string | null; price: string; sold: string; returned: string; returnable: string }[];
  paid: Record<RefundMethod, string>;
  reasons: { id: number; name: string }[];
  rules: { requireReturnReason: boolean; allowPartialReturns: boolean; returnPeriodDays: number; lastDay: string; open: boolean };
}
export interface ReturnQuote { subtotal: string; taxAmount: string; totalAmount: string; toDue: string; beyondDue: string; paid: Record<RefundMethod, string> }
export interface ReturnLineBody { orderLine: number; quantity: string; reason?: string }
export interface ReturnBody { sessionId: number; orderId: number; refundMethod: RefundMethod; reasonId?: number; notes?: string; lines: ReturnLineBody[] }
export interface ReturnDone {
  return: { id: number; number: string; totalAmount: string; refundedAmount: string; appliedAmount: string; creditAmount: string; refundMethod: RefundMethod };
  creditNote: { id: number | null; number: string | null };
  refunds: { method: RefundMethod; amount: string }[];
}

/** A till order matching what the cashier typed (server: sales' findTillOrders). */
export interface OrderMatch { id: number; number: string; orderDate: string; customer: string; phone: string | null; totalAmount: string; status: string }
export const searchOrders = (q: string) => api<{ items: OrderMatch[]; more: boolean }>(`/api/pos/returns/orders?${new URLSearchParams({ q }).toString()}`);

export const findOrder = (ref: { orderId: number } | { number: string }) =>
  api<ReturnOrder>(`/api/pos/returns/order?${new URLSearchParams('orderId' in ref ? { orderId: String(ref.orderId) } : { number: ref.number }).toString()}`);

export const quoteReturn = (orderId: number, lines: ReturnLineBody[], signal?: AbortSignal) =>
  api<ReturnQuote>('/api/pos/returns/quote', { method: 'POST', body: { orderId, lines }, signal });

export async function sendReturn(body: ReturnBody, key: string, locale: Locale): Promise<ReturnDone> {
  let res: Response;
  try {
    res = await fetch('/api/pos/returns', {
      method: 'POST', credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': locale, 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', '');
  }
  const json = (await res.json().catch(() => null)) as (ReturnDone & { error?: { code?: string; message?: string; fields?: Record<string, string> } }) | null;
  if (!res.ok) throw new ApiError(res.status, json?.error?.code ?? `http_${res.status}`, json?.error?.message ?? res.statusText, json?.error?.fields ?? {});
  return json as ReturnDone;
}

/** A new key for a return (the till's own v4 UUID maker). */
export { randomKey as newKey } from '../till/queue';
