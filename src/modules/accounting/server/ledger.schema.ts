import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * The posted ledger (not entities). journal_lines rows are written once at posting and never changed: a trigger
 * (migration accounting_ledger_guard) refuses UPDATE/DELETE, and a deferred constraint trigger refuses an entry
 * whose lines do not balance. account_balances (per month) and account_day_balances (per day) are kept per
 * (company, account) in the posting transaction;
 * ledger_chains holds the head of each journal's hash chain (its row lock also serialises posters per journal).
 * References to entity tables are declared in the migration (entity tables are built after this file loads).
 */
const money = (name: string) => numeric(name, { precision: 20, scale: 4 });

export const journalLines = pgTable('journal_lines', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id').notNull(),
  entryId: integer('entry_id').notNull(),
  journalId: integer('journal_id').notNull(),
  lineNo: smallint('line_no').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  accountId: integer('account_id').notNull(),
  contactId: integer('contact_id'),
  debit: money('debit').notNull(),
  credit: money('credit').notNull(),
  label: varchar('label', { length: 500 }),
}, (t) => [
  index('journal_lines_account_date_idx').on(t.companyId, t.accountId, t.date),
  index('journal_lines_date_idx').on(t.companyId, t.date),
  index('journal_lines_entry_idx').on(t.entryId, t.lineNo),
  index('journal_lines_contact_idx').on(t.companyId, t.contactId, t.date),
  check('journal_lines_amounts_ck', sql`${t.debit} >= 0 AND ${t.credit} >= 0 AND (${t.debit} = 0) <> (${t.credit} = 0)`),
]);

export const accountBalances = pgTable('account_balances', {
  companyId: integer('company_id').notNull(),
  accountId: integer('account_id').notNull(),
  /** First day of the month. */
  month: date('month', { mode: 'string' }).notNull(),
  debit: money('debit').notNull().default('0'),
  credit: money('credit').notNull().default('0'),
}, (t) => [primaryKey({ columns: [t.companyId, t.accountId, t.month] })]);

/** The same per day: reports read whole months from account_balances and only the edge days from here. */
export const accountDayBalances = pgTable('account_day_balances', {
  companyId: integer('company_id').notNull(),
  accountId: integer('account_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  debit: money('debit').notNull().default('0'),
  credit: money('credit').notNull().default('0'),
}, (t) => [primaryKey({ columns: [t.companyId, t.accountId, t.day] }), index('account_day_balances_day_idx').on(t.companyId, t.day)]);

export const ledgerChains = pgTable('ledger_chains', {
  journalId: integer('journal_id').primaryKey(),
  companyId: integer('company_id').notNull(),
  seq: integer('seq').notNull().default(0),
  lastHash: varchar('last_hash', { length: 64 }).notNull().default(''),
});
