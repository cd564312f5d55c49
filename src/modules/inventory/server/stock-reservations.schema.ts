import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Stock reserved for a source document (a sales order...): one row per (company, source, product, location),
 * written only by server/stock.reservations.ts, which keeps their sum per (product, location) on that pair's quant
 * without a lot (`stock_quants.reserved_quantity`) in the same statement; available = on hand - reserved
 * (verifyStock's check `reserved`). References to entity tables are declared in the migration.
 */
export const stockReservations = pgTable('stock_reservations', {
  companyId: integer('company_id').notNull(),
  sourceType: varchar('source_type', { length: 40 }).notNull(),
  sourceId: integer('source_id').notNull(),
  productId: integer('product_id').notNull(),
  locationId: integer('location_id').notNull(),
  quantity: numeric('quantity', { precision: 20, scale: 6 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  createdBy: integer('created_by'),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.sourceType, t.sourceId, t.productId, t.locationId] }),
  index('stock_reservations_pair_idx').on(t.companyId, t.productId, t.locationId),
  check('stock_reservations_quantity_ck', sql`${t.quantity} > 0`),
]);
