import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../core/db/connect';
import { getRecord } from '../../../core/entity/crud.read';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { answered, claimIdempotency } from '../../../core/http/idempotency';
import { notFound } from '../../../core/http/errors';
import { routeDoc } from '../../../core/http/route-doc';
import { salesOrder } from '../../sales/model/sales-order.entity';
import { posSession } from '../model/pos-session.entity';
import { saleAnswer } from './sale.answer';
import { sell } from './sale.service';
import { SaleRefused, parseQuote, parseSale } from './sale.input';
import { quote } from './sale.quote';
import { posError } from './pos.errors';
import { sessionSummary } from './session.summary';

/**
 * POST /api/pos/sales: a till sale (sale.service.ts), with the right `pos.posSession.sell`; an Idempotency-Key
 * makes a retried sale (an offline till's queue, a lost answer) one order. GET /api/pos/sessions/:id/summary: the
 * session's summary (session.summary.ts), with the sessions' view right. POST /api/pos/quote: the till's cart priced
 * as its sale would be (sale.quote.ts), with the sell right.
 */
const sale = z.object({
  sessionId: z.number().int(), customerId: z.number().int().optional(), priceListId: z.number().int().optional(), notes: z.string().optional(),
  lines: z.array(z.object({ productId: z.number().int(), quantity: z.string(), uomId: z.number().int().optional(), price: z.string().optional(), discount: z.string().optional() })),
  payments: z.array(z.object({ method: z.enum(['cash', 'bank_transfer', 'credit']), amount: z.string(), reference: z.string().optional() })),
});

export function registerPosRoutes(app: FastifyInstance, db: Database): void {
  app.post('/api/pos/sales', routeDoc('A till sale: the order created, confirmed (stock out, invoice) and paid in one transaction', {
    body: sale,
    responses: { 201: '{ order, change, paid, due, payments }', 403: 'Not a user of the session\'s branch', 409: 'The session is closed', 422: 'Refused (message in the caller\'s language); nothing saved' },
  }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'pos.posSession.sell');
    let input;
    try {
      input = parseSale(req.body);
    } catch (e) {
      if (e instanceof SaleRefused) throw posError(e.label, ctx.locale, e.field, e.vars);
      throw e;
    }
    // sell's first work is its transaction, which claims the key (a replay is answered from there)
    // and its COMMIT stores the answer (atCommit)
    if (await claimIdempotency(db, req, reply, ctx.companyId, { def: salesOrder, answer: saleAnswer, txFirst: true, atCommit: 201 })) return reply;
    return answered(req, reply, 201, await sell(ctx, input));
  });

  app.post('/api/pos/quote', routeDoc('A till\'s cart priced as a sale of it would be today (price list, line discounts, tax); nothing saved', {
    body: sale.omit({ customerId: true, payments: true, notes: true }),
    responses: { 200: '{ items[{productId, quantity, uomId, price, subtotal, taxAmount, description}], subtotal, taxAmount, totalAmount }', 403: 'Not a user of the session\'s branch', 422: 'Refused (message in the caller\'s language)' },
  }), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'pos.posSession.sell');
    let input;
    try {
      input = parseQuote(req.body);
    } catch (e) {
      if (e instanceof SaleRefused) throw posError(e.label, ctx.locale, e.field, e.vars);
      throw e;
    }
    return quote(ctx, input);
  });

  app.get('/api/pos/sessions/:id/summary', routeDoc('A session\'s summary: orders, sales, items sold, returns, refunds, paid, dues, duration, payment methods, orders by status'), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'pos.posSession.view');
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound('notFound');
    const s = await getRecord(ctx, posSession, Number(raw));
    return sessionSummary(db.orm, ctx.companyId, s.id);
  });
}
