import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Orm } from '../../../core/db/connect';
import type { Tx } from '../../../core/db/tx';
import { sessionOrders } from './entries';

/**
 * A session's summary (spec: total orders, sales, items sold, returns, refunds, paid, dues, duration, payment
 * methods, orders by status): TWO set-based statements whatever the number of orders, the orders' totals (sales'
 * sessionOrders over sales_orders and sales_order_lines) and the money per method (pos_payments with the session's
 * times). Returns are the till returns TAKEN in this session (whichever session sold the order): their count and
 * total (the credit notes' totals, tax included) from their negative pos_payments rows (return.service.ts);
 * refunds are the money paid back (cash and bank transfer) and refundMethods each method's part, credit being what
 * the returns took off customers' dues or left on their accounts. Payment methods count the sales' rows only.
 */
export interface SessionSummary {
  orders: number; sales: string; itemsSold: string; returns: number; returnsTotal: string; refunds: string; paid: string; dues: string;
  durationMinutes: number; paymentMethods: Record<string, string>; refundMethods: Record<string, string>; ordersByStatus: Record<string, number>;
}

export async function sessionSummary(q: Tx | Orm, companyId: number, sessionId: number): Promise<SessionSummary> {
  const o = await sessionOrders(q, companyId, sessionId);
  const r = await q.execute(sql`SELECT
      (SELECT floor(extract(epoch FROM (coalesce(closed_at, now()) - opened_at)) / 60)::int FROM pos_sessions WHERE company_id = ${companyId} AND id = ${sessionId}) AS minutes,
      (SELECT coalesce(jsonb_object_agg(method, amount), '{}'::jsonb) FROM (SELECT method, sum(amount) FILTER (WHERE amount > 0)::numeric(20,4)::text AS amount
        FROM pos_payments WHERE company_id = ${companyId} AND session_id = ${sessionId} GROUP BY method) m WHERE amount IS NOT NULL) AS methods,
      (SELECT coalesce(jsonb_object_agg(method, amount), '{}'::jsonb) FROM (SELECT method, (-sum(amount))::numeric(20,4)::text AS amount
        FROM pos_payments WHERE company_id = ${companyId} AND session_id = ${sessionId} AND return_id IS NOT NULL GROUP BY method) m) AS refund_methods,
      (SELECT count(DISTINCT return_id)::int FROM pos_payments WHERE company_id = ${companyId} AND session_id = ${sessionId} AND return_id IS NOT NULL) AS returns`);
  const x = r.rows[0] as { minutes: number | null; methods: Record<string, string> | string; refund_methods: Record<string, string> | string; returns: number };
  const json = (v: Record<string, string> | string) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, string>;
  const refundMethods = json(x.refund_methods);
  const sum = (ms: string[]) => ms.reduce((t, m) => t.plus(refundMethods[m] ?? '0'), new Decimal(0)).toFixed(4);
  return {
    orders: o.orders, sales: o.sales, itemsSold: o.itemsSold, returns: Number(x.returns), returnsTotal: sum(['cash', 'bank_transfer', 'credit']),
    refunds: sum(['cash', 'bank_transfer']), paid: o.paid, dues: o.dues, durationMinutes: Math.max(0, Number(x.minutes ?? 0)),
    paymentMethods: json(x.methods), refundMethods, ordersByStatus: o.byStatus,
  };
}
