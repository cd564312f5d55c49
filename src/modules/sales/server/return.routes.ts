import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../core/db/connect';
import { withTx } from '../../../core/db/tx';
import { badRequest } from '../../../core/http/errors';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { routeDoc } from '../../../core/http/route-doc';
import { returnableLines } from './return.service';

/**
 * GET /api/sales/returns/returnable?orderId=&returnId=: the order's lines with what each still has to return (sold
 * less confirmed returns, the return being edited left out); the return form offers them. Needs the returns' view
 * permission; an order of another company, or one that cannot be returned, is a 422 naming orderId.
 */
const id = z.coerce.number().int().positive().max(2147483647);

export function registerReturnRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/sales/returns/returnable', {
    ...routeDoc('The lines of a sales order and what each still has to return', {
      query: { orderId: 'The sales order (required)', returnId: 'The return being edited (its own lines are not counted as returned)' },
      responses: { 200: 'orderId, number, customerId, locationId and lines (orderLine, productId, description, uomId, sold, price, returnable)', 422: 'No such order, or an order that cannot be returned' },
    }),
  }, async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'sales.salesReturn.view');
    const q = req.query as Record<string, unknown>;
    const orderId = id.safeParse(q.orderId);
    const returnId = q.returnId === undefined || q.returnId === '' ? null : id.safeParse(q.returnId);
    if (!orderId.success || (returnId && !returnId.success)) throw badRequest('invalid', { field: ctx.locale === 'ar' ? 'أمر البيع' : 'Sales order' });
    return withTx(ctx.db, (tx) => returnableLines(ctx, tx, orderId.data, returnId && returnId.success ? returnId.data : null));
  });
}
