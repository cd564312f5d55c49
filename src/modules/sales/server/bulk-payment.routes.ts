import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { claimIdempotency } from '../../../core/http/idempotency';
import { routeDoc } from '../../../core/http/route-doc';
import { sm } from '../messages';
import { bulkPayment, bulkPaymentSchema } from './bulk-payment';
import { salesError } from './sales.errors';

/** POST /api/sales/payments/bulk: one customer payment over their open orders (bulk-payment.ts); the orders' pay permission. */
export function registerBulkPaymentRoutes(app: FastifyInstance, db: Database): void {
  app.post('/api/sales/payments/bulk', {
    ...routeDoc('One payment of a customer allocated over their open sales orders (oldest first, or chosen amounts), in one transaction', {
      body: bulkPaymentSchema,
      responses: { 200: '{ customerId, amount, allocations: [{ orderId, number, amount, paidAmount, dueAmount, paymentStatus }] }', 422: '"Failed to process bulk payment: ..." (more than open, an order not open, amounts not adding up)' },
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
