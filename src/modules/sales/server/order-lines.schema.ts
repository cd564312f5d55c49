import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * The lines of sales orders as rows, for the reports (product sales, customer sales, salesperson...) to aggregate
 * with an index instead of unpacking a JSON column: written only by server/order.lines.ts, in the transaction that
 * saves the order (replaced whole on every save), so they always equal the order's `items`. The order's date,
 * customer and salesperson are copied in so a report reads one table; the state is the order's (a report joins it).
 * References to entity tables (orders cascade) are declared in the migration.
 */
export const salesOrderLines = pgTable('sales_order_lines', {
  companyId: integer('company_id').notNull(),
  orderId: integer('order_id').notNull(),
  lineNo: integer('line_no').notNull(),
  orderDate: date('order_date', { mode: 'string' }).notNull(),
  customerId: integer('customer_id').notNull(),
  salespersonId: integer('salesperson_id'),
  productId: integer('product_id').notNull(),
  uomId: integer('uom_id').notNull(),
  description: varchar('description', { length: 500 }),
  quantity: numeric('quantity', { precision: 20, scale: 6 }).notNull(),
  /** In the product's unit (the reports' quantities add up across units). */
  baseQuantity: numeric('base_quantity', { precision: 20, scale: 6 }).notNull(),
  price: numeric('price', { precision: 20, scale: 4 }).notNull(),
  subtotal: numeric('subtotal', { precision: 20, scale: 4 }).notNull(),
  /** The line's tax (accounting's taxes) and its amount; the subtotal is before tax. */
  taxId: integer('tax_id'),
  taxAmount: numeric('tax_amount', { precision: 20, scale: 4 }).notNull().default('0'),
}, (t) => [
  primaryKey({ columns: [t.orderId, t.lineNo] }),
  index('sales_order_lines_product_idx').on(t.companyId, t.productId, t.orderDate),
  index('sales_order_lines_customer_idx').on(t.companyId, t.customerId, t.orderDate),
  index('sales_order_lines_date_idx').on(t.companyId, t.orderDate),
  check('sales_order_lines_quantity_ck', sql`${t.quantity} > 0`),
  check('sales_order_lines_price_ck', sql`${t.price} >= 0`),
]);
