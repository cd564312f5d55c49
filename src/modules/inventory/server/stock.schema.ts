import { date, index, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * Stock totals per (company, product, location, day), kept by the stock ledger (server/stock.post.ts) in the
 * posting transaction, so reports (stock balance at a date, movement over a period) never scan all moves.
 * A rebuild recomputes them from stock_moves; a test proves rebuild = incremental. References to entity tables
 * are declared in the migration (entity tables are built after this file loads).
 */
const qty = (name: string) => numeric(name, { precision: 20, scale: 6 });
const money = (name: string) => numeric(name, { precision: 20, scale: 4 });

export const stockDayTotals = pgTable('stock_day_totals', {
  companyId: integer('company_id').notNull(),
  productId: integer('product_id').notNull(),
  locationId: integer('location_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  qtyIn: qty('qty_in').notNull().default('0'),
  qtyOut: qty('qty_out').notNull().default('0'),
  /** Valuation entering / leaving this location (0 for locations that are not valued). */
  valueIn: money('value_in').notNull().default('0'),
  valueOut: money('value_out').notNull().default('0'),
  moves: integer('moves').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.productId, t.locationId, t.day] }),
  index('stock_day_totals_day_idx').on(t.companyId, t.day),
  index('stock_day_totals_location_idx').on(t.companyId, t.locationId, t.day),
]);
