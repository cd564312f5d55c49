import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { getRecord } from '../../../core/entity/crud.read';
import type { Ctx } from '../../../core/http/context';
import { salesOrder } from '../../sales/model/sales-order.entity';

/**
 * The till sale's answer `{ order, change, paid, due, payments }` rebuilt from what its transaction committed (the
 * order and its pos_payments rows): what a retry with the same Idempotency-Key gets when the first answer was never
 * stored (core/http/idempotency.ts `answer`), the same shape and figures as the first (sale.service.ts: paid = cash
 * and bank kept, due = credit, change = cash handed over less cash kept).
 */
export async function saleAnswer(ctx: Ctx, orderId: number) {
  const order = await getRecord(ctx, salesOrder, orderId);
  const rows = (await ctx.db.orm.execute(sql`SELECT method, amount, tendered FROM pos_payments
    WHERE company_id = ${ctx.companyId} AND order_id = ${orderId} ORDER BY id`)).rows as { method: string; amount: string; tendered: string }[];
  const f = (d: Decimal) => d.toFixed(4);
  const sum = (pick: (r: (typeof rows)[number]) => Decimal) => rows.reduce((s, r) => s.plus(pick(r)), new Decimal(0));
  return {
    order,
    change: f(sum((r) => (r.method === 'cash' ? new Decimal(r.tendered).minus(r.amount) : new Decimal(0)))),
    paid: f(sum((r) => (r.method === 'credit' ? new Decimal(0) : new Decimal(r.amount)))),
    due: f(sum((r) => (r.method === 'credit' ? new Decimal(r.amount) : new Decimal(0)))),
    payments: rows.map(({ method, amount, tendered }) => ({ method, amount, tendered })),
  };
}
