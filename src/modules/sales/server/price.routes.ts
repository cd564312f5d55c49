import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../core/db/connect';
import { withReadTx } from '../../../core/db/tx';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { routeDoc } from '../../../core/http/route-doc';
import { priceOrder } from './order.pricing';

/**
 * POST /api/sales/orders/quote: the lines of an order priced and totalled as saving it would (order.pricing.ts),
 * without saving anything; the order form fills its prices and totals from it. Needs the orders' view permission.
 */
export function registerPriceRoutes(app: FastifyInstance, _db: Database): void {
  app.post('/api/sales/orders/quote', {
    ...routeDoc('Price the lines of a sales order (nothing saved)', {
      body: z.object({ orderDate: z.string(), priceListId: z.number().int().optional(), discount: z.string().optional(), items: z.array(z.record(z.string(), z.unknown())) }),
      responses: { 200: 'The priced lines (price, subtotal), subtotal, discount and total', 422: 'A line, the price list or the discount refused (message in the caller\'s language)' },
    }),
  }, async (req) => {
    const ctx = await requireCtx(_db, req);
    requirePermission(ctx, 'sales.salesOrder.view');
    const b = (req.body ?? {}) as Record<string, unknown>;
    const id = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x > 0 && x <= 2147483647 ? x : null);
    const date = typeof b.orderDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(b.orderDate) ? b.orderDate : null;
    if (!date) return { items: [], subtotal: '0', discount: '0', totalAmount: '0' };
    return withReadTx(ctx.db, (tx) => priceOrder(ctx, tx, { orderDate: date, priceListId: id(b.priceListId), discount: typeof b.discount === 'string' && b.discount ? b.discount : '0', items: b.items, locationId: id(b.locationId) }));
  });
}
