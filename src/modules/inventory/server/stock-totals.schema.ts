import { date, index, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * Closing stock per (company, half-month period, location, product): on hand and value at the period's last day
 * (the 15th or the month's end), i.e. the sum of the pair's day totals up to it. Rows are dense: one for every
 * period from the pair's first period with stock totals to its last (stock_balances.last_period), so the balance at
 * any period end is one row per pair however long the history, and any other day is at most 8 days of day totals
 * away from one. Kept from stock_day_totals by the trigger of migrations 0010/0011 in the posting transaction (a
 * back-dated move also updates the later periods of its pair); rebuilt by stock_month_totals_rebuild(company) and
 * checked by verifyStock. References, the period check and the trigger are declared in the migration.
 */
export const stockPeriodBalances = pgTable('stock_period_balances', {
  companyId: integer('company_id').notNull(),
  /** First day of the period: the 1st or the 16th of a month. */
  period: date('period', { mode: 'string' }).notNull(),
  locationId: integer('location_id').notNull(),
  productId: integer('product_id').notNull(),
  qty: numeric('qty', { precision: 20, scale: 6 }).notNull().default('0'),
  value: numeric('value', { precision: 20, scale: 4 }).notNull().default('0'),
}, (t) => [
  // a period's rows side by side (reads: one period, some locations); the pair index serves the trigger
  primaryKey({ name: 'stock_period_balances_pk', columns: [t.companyId, t.period, t.locationId, t.productId] }),
  index('stock_period_balances_pair_idx').on(t.companyId, t.productId, t.locationId, t.period),
]);
