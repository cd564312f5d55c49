import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL fragments other modules' reports read the books through (accounting's index.ts), so they never name
 * accounting's tables (src/modules/module-boundaries.test.ts). Each is a derived table for a FROM clause;
 * `companyId` and the dates are the caller's values (bound parameters).
 */

/** Invoices that stand in the books: posted (numbered) and neither cancelled nor void. */
const POSTED = sql.raw(`status NOT IN ('DRAFT', 'PENDING', 'CANCELLED', 'VOID')`);

/**
 * Posted invoices of `type` ('SALE' | 'PURCHASE' | 'EXPENSE' | 'OTHER') dated within [from, to]: id, number, date,
 * partner_id, and the amounts signed (a credit note counts negative): subtotal, tax, total, paid, due, n (1 or -1).
 */
export function postedInvoicesSql(companyId: number, type: string, from: string, to: string): SQL {
  return sql`(SELECT id, number, date, partner_id, CASE WHEN is_credit_note THEN -1 ELSE 1 END AS n,
      CASE WHEN is_credit_note THEN -subtotal ELSE subtotal END AS subtotal, CASE WHEN is_credit_note THEN -tax_amount ELSE tax_amount END AS tax,
      CASE WHEN is_credit_note THEN -total_amount ELSE total_amount END AS total, CASE WHEN is_credit_note THEN -paid_amount ELSE paid_amount END AS paid,
      CASE WHEN is_credit_note THEN -due_amount ELSE due_amount END AS due
    FROM invoices WHERE company_id = ${companyId} AND type = ${type} AND ${POSTED} AND date BETWEEN ${from} AND ${to})`;
}

/**
 * The posted lines of `contactId` on receivable accounts up to `to`, oldest first: date, entry_id, line_no, number
 * (the entry's), reference, label, debit, credit. A customer statement's opening is the sum before its `from`.
 */
export function receivableLinesSql(companyId: number, contactId: number, to: string): SQL {
  return sql`(SELECT l.date, l.entry_id, l.line_no, e.number, e.reference, l.label, l.debit, l.credit
    FROM journal_lines l JOIN accounts a ON a.id = l.account_id AND a.subtype = 'receivable' JOIN journal_entries e ON e.id = l.entry_id
    WHERE l.company_id = ${companyId} AND l.contact_id = ${contactId} AND l.date <= ${to})`;
}

/**
 * What each contact of the company owes, as a derived table `(contact_id, balance)`: debit - credit of its posted
 * lines on receivable accounts (the lines of receivableLinesSql, the figure of receivableBalancesOf), for the
 * contacts that have such lines (none: no row; a caller LEFT JOINs and reads 0). One grouped pass over the company's
 * receivable lines, for a list sorted by balance over every customer, not one page's.
 */
export function receivableBalancesSql(companyId: number): SQL {
  return sql`(SELECT l.contact_id, sum(l.debit - l.credit) AS balance FROM journal_lines l
    WHERE l.company_id = ${companyId} AND l.contact_id IS NOT NULL
      AND l.account_id IN (SELECT a.id FROM accounts a WHERE a.company_id = ${companyId} AND a.subtype = 'receivable')
    GROUP BY l.contact_id)`;
}
