import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * Sales per product and month of the orders that count as sales (confirmed or completed), for the product sales
 * report over whole months (server/reports/sales-lines.sql.ts reads the edge days from sales_order_lines).
 * Kept by triggers (migration sales_reports, hand-written part), never by application code: when an order's state
 * enters or leaves {confirmed, completed} its lines are added or subtracted, and a line inserted into or deleted
 * from such an order recomputes its product's month from the lines (a rare path: lines change as drafts). So it always equals the aggregate of the counted lines
 * (tested against brute force: server/reports/reports.api.test.ts). The upsert runs in the confirm's last
 * statement, rows in ascending (product, month) order: lock kind 'sales totals' of core/db/lock-order.ts.
 */
export const salesProductMonths = pgTable('sales_product_months', {
  companyId: integer('company_id').notNull(),
  productId: integer('product_id').notNull(),
  /** First day of the month. */
  month: date('month', { mode: 'string' }).notNull(),
  quantity: numeric('quantity', { precision: 24, scale: 6 }).notNull().default('0'),
  amount: numeric('amount', { precision: 24, scale: 4 }).notNull().default('0'),
  /** Orders with the product (an order counts once per product, whatever its number of lines). */
  orders: integer('orders').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.productId, t.month] }),
  index('sales_product_months_month_idx').on(t.companyId, t.month),
]);
