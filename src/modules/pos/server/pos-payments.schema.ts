import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';

/**
 * The money of each till sale per payment method (cash, bank_transfer, credit), written in the sale's transaction
 * (server/sale.service.ts): `amount` is what the sale keeps in that method (cash net of the change given back;
 * credit is what stays due), `tendered` what the customer handed over. A till return (server/return.service.ts)
 * writes NEGATIVE rows in the session it is taken in, for the original order, with its `return_id`: the money paid
 * back per method (cash, bank transfer) and what it took off the order's credit; `tendered` = `amount` there.
 * A session's expected cash and bank at close, and its summary, are sums of these rows (one grouped statement).
 * References to entity tables are declared in the migration.
 */
export const posPayments = pgTable('pos_payments', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull(),
  sessionId: integer('session_id').notNull(),
  orderId: integer('order_id').notNull(),
  method: varchar('method', { length: 20 }).notNull(),
  amount: numeric('amount', { precision: 20, scale: 4 }).notNull(),
  tendered: numeric('tendered', { precision: 20, scale: 4 }).notNull(),
  /** The sales return a refund row belongs to (null on a sale's rows). */
  returnId: integer('return_id'),
}, (t) => [
  index('pos_payments_session_idx').on(t.companyId, t.sessionId, t.method),
  index('pos_payments_order_idx').on(t.orderId),
  index('pos_payments_return_idx').on(t.returnId),
  check('pos_payments_method_ck', sql`${t.method} IN ('cash', 'bank_transfer', 'credit')`),
  check('pos_payments_refund_ck', sql`(${t.returnId} IS NULL) = (${t.amount} >= 0)`),
]);
