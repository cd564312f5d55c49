import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * The lines of sales returns as rows, for the reports (sales return report, net sales) and for what an order has
 * left to return: written only by server/return.lines.ts in the transaction that saves the return (replaced whole
 * on every save, so they equal the return's `items`); `return_date` is set when the return is confirmed (drafts
 * have none). The state is the return's (join it). References to entity tables (returns cascade) are declared in
 * the migration.
 */
export const salesReturnLines = pgTable('sales_return_lines', {
  companyId: integer('company_id').notNull(),
  returnId: integer('return_id').notNull(),
  lineNo: integer('line_no').notNull(),
  orderId: integer('order_id').notNull(),
  /** The order's line (sales_order_lines.line_no) this one takes back. */
  orderLineNo: integer('order_line_no').notNull(),
  returnDate: date('return_date', { mode: 'string' }),
  customerId: integer('customer_id').notNull(),
  productId: integer('product_id').notNull(),
  uomId: integer('uom_id').notNull(),
  quantity: numeric('quantity', { precision: 20, scale: 6 }).notNull(),
  /** In the product's unit. */
  baseQuantity: numeric('base_quantity', { precision: 20, scale: 6 }).notNull(),
  price: numeric('price', { precision: 20, scale: 4 }).notNull(),
  subtotal: numeric('subtotal', { precision: 20, scale: 4 }).notNull(),
  reason: varchar('reason', { length: 200 }),
}, (t) => [
  primaryKey({ columns: [t.returnId, t.lineNo] }),
  index('sales_return_lines_order_idx').on(t.orderId, t.orderLineNo),
  index('sales_return_lines_product_idx').on(t.companyId, t.productId, t.returnDate),
  index('sales_return_lines_customer_idx').on(t.companyId, t.customerId, t.returnDate),
  index('sales_return_lines_date_idx').on(t.companyId, t.returnDate),
  check('sales_return_lines_quantity_ck', sql`${t.quantity} > 0`),
  check('sales_return_lines_price_ck', sql`${t.price} >= 0`),
]);
