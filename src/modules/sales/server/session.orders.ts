import { sql } from 'drizzle-orm';
import type { Orm } from '../../../core/db/connect';
import type { Tx } from '../../../core/db/tx';

/**
 * The orders of one point-of-sale session, totalled in ONE statement over sales_orders and sales_order_lines (set
 * based: a session of thousands of orders costs one aggregate, never a loop): orders, sales (their totals), items
 * sold (base quantities), paid, due, and the count per order status. Read through sales' index.ts by the POS.
 */
export interface SessionOrders {
  orders: number; sales: string; itemsSold: string; paid: string; dues: string; byStatus: Record<string, number>;
}

export async function sessionOrders(q: Tx | Orm, companyId: number, sessionId: number): Promise<SessionOrders> {
  const r = await q.execute(sql`
    WITH o AS (SELECT id, status, total_amount, paid_amount, due_amount FROM sales_orders WHERE company_id = ${companyId} AND session_id = ${sessionId}),
    st AS (SELECT status, count(*)::int AS n FROM o GROUP BY status)
    SELECT (SELECT count(*)::int FROM o) AS orders,
      (SELECT coalesce(sum(total_amount), 0)::numeric(20,4)::text FROM o WHERE status IN ('confirmed', 'completed')) AS sales,
      (SELECT coalesce(sum(l.base_quantity), 0)::numeric(20,6)::text FROM sales_order_lines l JOIN o ON o.id = l.order_id AND o.status IN ('confirmed', 'completed')) AS items,
      (SELECT coalesce(sum(paid_amount), 0)::numeric(20,4)::text FROM o) AS paid,
      (SELECT coalesce(sum(due_amount), 0)::numeric(20,4)::text FROM o WHERE status IN ('confirmed', 'completed')) AS dues,
      (SELECT coalesce(jsonb_object_agg(status, n), '{}'::jsonb) FROM st) AS by_status`);
  const row = r.rows[0] as { orders: number; sales: string; items: string; paid: string; dues: string; by_status: Record<string, number> | string };
  return {
    orders: Number(row.orders), sales: row.sales, itemsSold: row.items, paid: row.paid, dues: row.dues,
    byStatus: typeof row.by_status === 'string' ? JSON.parse(row.by_status) : row.by_status,
  };
}
