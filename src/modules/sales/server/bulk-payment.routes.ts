import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../core/db/connect';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { claimIdempotency } from '../../../core/http/idempotency';
import { routeDoc } from '../../../core/http/route-doc';
import { sm } from '../messages';
import { bulkPayment, bulkPaymentSchema } from './bulk-payment';
import { openItemsOf } from './bulk-payment.items';
import { salesError } from './sales.errors';

/**
 * GET /api/sales/payments/open?customerId=: what a bulk payment of the customer can pay (bulk-payment.items.ts);
 * POST /api/sales/payments/bulk: one customer payment over them (bulk-payment.ts). Both need the orders' pay permission.
 */
const openQuery = z.object({ customerId: z.coerce.number().int().min(1).max(2147483647) });

export function registerBulkPaymentRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/sales/payments/open', {
    ...routeDoc('The open orders and customer invoices (made outside sales) of a customer, oldest first: what a bulk payment can pay', {
      query: { customerId: 'The customer (a contact with the customer role)' },
      responses: { 200: '{ items: [{ kind: "order" | "invoice", id, number, date, total, due }], openTotal }' },
    }),
  }, async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'sales.salesOrder.pay');
    const q = openQuery.safeParse(req.query ?? {});
    if (!q.success) throw salesError(sm.bulkInvalid, ctx.locale, 'customerId');
    const items = await openItemsOf(ctx, ctx.db.orm, q.data.customerId);
    return { items, openTotal: items.reduce((s, i) => s.plus(i.due), new Decimal(0)).toFixed(4) };
  });
  app.post('/api/sales/payments/bulk', {
    ...routeDoc('One payment of a customer allocated over their open sales orders and customer invoices (oldest first, or chosen amounts), in one transaction', {
      body: bulkPaymentSchema,
      responses: { 200: '{ customerId, amount, allocations: [{ kind, orderId, invoiceId, number, amount, paidAmount, dueAmount, paymentStatus }] }', 422: '"Failed to process bulk payment: ..." (more than open, an item not open, amounts not adding up)' },
    }),
  }, async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'sales.salesOrder.pay');
    if (await claimIdempotency(db, req, reply, ctx.companyId)) return reply;
    const p = bulkPaymentSchema.safeParse(req.body ?? {});
    if (!p.success) {
      const field = String(p.error.issues[0]?.path[0] ?? '_');
      const label = field === 'amount' ? sm.amountRequired : sm.bulkInvalid;
      throw salesError({ en: `${sm.bulkFailed.en}: ${label.en}`, ar: `${sm.bulkFailed.ar}: ${label.ar}` }, ctx.locale, field);
    }
    return bulkPayment(ctx, p.data);
  });
}
