import { sql } from 'drizzle-orm';
import type { Orm } from '../../../core/db/connect';
import type { Tx } from '../../../core/db/tx';
import { sessionOrders } from './entries';

/**
 * A session's summary (spec: total orders, sales, items sold, returns, refunds, paid, dues, duration, payment
 * methods, orders by status): TWO set-based statements whatever the number of orders, the orders' totals (sales'
 * sessionOrders over sales_orders and sales_order_lines) and the money per method (pos_payments with the session's
 * times). Refunds are the session's negative payment rows and returns the orders they belong to (POS returns will
 * write them; none are made yet).
 */
export interface SessionSummary {
  orders: number; sales: string; itemsSold: string; returns: number; refunds: string; paid: string; dues: string;
  durationMinutes: number; paymentMethods: Record<string, string>; ordersByStatus: Record<string, number>;
}

export async function sessionSummary(q: Tx | Orm, companyId: number, sessionId: number): Promise<SessionSummary> {
  const o = await sessionOrders(q, companyId, sessionId);
  const r = await q.execute(sql`SELECT
      (SELECT floor(extract(epoch FROM (coalesce(closed_at, now()) - opened_at)) / 60)::int FROM pos_sessions WHERE company_id = ${companyId} AND id = ${sessionId}) AS minutes,
      (SELECT coalesce(jsonb_object_agg(method, amount), '{}'::jsonb) FROM (SELECT method, sum(amount) FILTER (WHERE amount > 0)::numeric(20,4)::text AS amount
        FROM pos_payments WHERE company_id = ${companyId} AND session_id = ${sessionId} GROUP BY method) m WHERE amount IS NOT NULL) AS methods,
      (SELECT coalesce(-sum(amount), 0)::numeric(20,4)::text FROM pos_payments WHERE company_id = ${companyId} AND session_id = ${sessionId} AND amount < 0) AS refunds,
      (SELECT count(DISTINCT order_id)::int FROM pos_payments WHERE company_id = ${companyId} AND session_id = ${sessionId} AND amount < 0) AS returns`);
  const x = r.rows[0] as { minutes: number | null; methods: Record<string, string> | string; refunds: string; returns: number };
  return {
    orders: o.orders, sales: o.sales, itemsSold: o.itemsSold, returns: Number(x.returns), refunds: x.refunds, paid: o.paid, dues: o.dues,
    durationMinutes: Math.max(0, Number(x.minutes ?? 0)),
    paymentMethods: typeof x.methods === 'string' ? JSON.parse(x.methods) : x.methods, ordersByStatus: o.byStatus,
  };
}
