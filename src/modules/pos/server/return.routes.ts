import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../core/db/connect';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { claimIdempotency } from '../../../core/http/idempotency';
import { routeDoc } from '../../../core/http/route-doc';
import { salesReturn } from '../../sales/model/sales-return.entity';
import { posError } from './pos.errors';
import { returnAnswer } from './return.answer';
import { parseReturn, parseReturnQuote } from './return.input';
import { returnCandidates, returnLookup, returnQuote } from './return.lookup';
import { prm } from './return.messages';
import { returnAtTill } from './return.service';
import { SaleRefused } from './sale.input';

/**
 * Till returns, with the till's right `pos.posSession.sell`:
 * - POST /api/pos/returns: a return against a till order, refunded, in one transaction (return.service.ts); an
 *   Idempotency-Key makes a retried return (a lost answer, a double press) one return;
 * - POST /api/pos/returns/quote: the return priced as it would be confirmed, nothing saved;
 * - GET /api/pos/returns/order?orderId= | ?number=: the order, its returnable lines, money per method, reasons, rules.
 */
const line = z.object({ orderLine: z.number().int(), quantity: z.string(), reason: z.string().optional() });
const body = z.object({
  sessionId: z.number().int(), orderId: z.number().int(), refundMethod: z.enum(['cash', 'bank_transfer', 'credit']),
  reasonId: z.number().int().optional(), notes: z.string().optional(), lines: z.array(line),
});

const refused = <T,>(locale: 'en' | 'ar', f: () => T): T => {
  try {
    return f();
  } catch (e) {
    if (e instanceof SaleRefused) throw posError(e.label, locale, e.field, e.vars);
    throw e;
  }
};

export function registerReturnRoutes(app: FastifyInstance, db: Database): void {
  app.post('/api/pos/returns', routeDoc('A till return: credit note, stock back at the original cost and the refund, in one transaction', {
    body,
    responses: {
      201: '{ return, creditNote: { id, number }, refunds: [{ method, amount (negative) }] }', 403: 'Not a user of the session\'s branch',
      409: 'The session is closed', 422: 'Refused (message in the caller\'s language); nothing saved',
    },
  }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'pos.posSession.sell');
    const input = refused(ctx.locale, () => parseReturn(req.body));
    if (await claimIdempotency(db, req, reply, ctx.companyId, { def: salesReturn, answer: returnAnswer })) return reply;
    const id = await returnAtTill(ctx, input);
    reply.code(201);
    return returnAnswer(ctx, id);
  });

  app.post('/api/pos/returns/quote', routeDoc('A till return priced as confirming it would price it; nothing saved', {
    body: body.pick({ orderId: true, lines: true }),
    responses: { 200: '{ items, subtotal, taxAmount, totalAmount, toDue, beyondDue, paid: { cash, bank_transfer, credit } }', 422: 'Refused (message in the caller\'s language)' },
  }), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'pos.posSession.sell');
    return returnQuote(ctx, refused(ctx.locale, () => parseReturnQuote(req.body)));
  });

  app.get('/api/pos/returns/orders', routeDoc('Till orders to return matching a term: part of the number, the customer\'s name or phone (Arabic-aware), or the date', {
    query: { q: 'What the cashier typed (1 to 60 characters)' },
    responses: { 200: '{ items[{ id, number, orderDate, customer, phone, totalAmount, status }], more }', 422: 'No term, or one too long' },
  }), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'pos.posSession.sell');
    const q = (req.query as Record<string, unknown>).q;
    const term = typeof q === 'string' ? q.trim() : '';
    if (!term || term.length > 60 || term.includes('\0')) throw posError(prm.searchRequired, ctx.locale, 'q');
    return returnCandidates(ctx, term);
  });

  app.get('/api/pos/returns/order', routeDoc('A till order to return: its lines (sold, returned, returnable), money per method, reasons and the return rules', {
    query: { orderId: 'The order', number: 'Or its exact number (POS/2026/00012-0001)' },
    responses: { 200: '{ order, lines, paid, reasons, rules }', 422: 'No till order with that id or number, or one that cannot be returned' },
  }), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'pos.posSession.sell');
    const q = req.query as Record<string, unknown>;
    const raw = typeof q.orderId === 'string' ? q.orderId : '';
    const number = typeof q.number === 'string' ? q.number.trim().slice(0, 60).replace(/\0/g, '') : '';
    if (raw && !/^[1-9]\d{0,9}$/.test(raw)) throw posError(prm.orderRequired, ctx.locale, 'orderId');
    const orderId = raw ? Number(raw) : undefined;
    if ((orderId !== undefined && orderId > 2147483647) || (!orderId && !number)) throw posError(prm.orderRequired, ctx.locale, 'orderId');
    return returnLookup(ctx, { orderId, number });
  });
}
