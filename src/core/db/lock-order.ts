/**
 * THE lock order of every poster (stock documents, journal entries, invoices): the one declaration; the READMEs and
 * docs/ARCHITECTURE.md point here. Two transactions that take their row locks in one order wait for each other
 * instead of deadlocking (withTx still retries 40001/40P01, but a retry is a failure of this order). A poster
 * takes the kinds it needs, in this order, skipping the others; within a kind, rows in ascending key order.
 *
 * Checked, not only written down: src/modules/inventory/server/lock-order.db.test.ts (PostgreSQL) holds the rows of
 * one kind from another session while a delivery, a receipt and a journal entry post, waits until the poster blocks
 * on them, and then tries every other kind's rows with NOWAIT: the kinds the poster already holds must be exactly
 * those declared before the blocked one that it takes. It reads the order from PostgreSQL as it runs the posting's
 * statements (CTEs included), so moving a lock (a statement, a CTE, a FOR UPDATE) out of this order fails it.
 */
export const LOCK_ORDER = [
  /**
   * the document's own row (FOR UPDATE by its transition); a payment over several documents (sales' bulk payment)
   * locks the orders, then the invoices, each in id order, as an order's pay locks the order, then its invoice
   */
  'document',
  /** the document type's gapless counter taken right after it (doc_sequences); deliveries and invoices without an e-invoice unit take theirs late */
  'document counter',
  /** the valued products (FOR NO KEY UPDATE, ascending): one valuation at a time per product */
  'products',
  /** stock quants (FOR UPDATE by product, location, lot) */
  'quants',
  /** open valuation layers (FOR UPDATE by product, id) */
  'layers',
  /** the stock day totals (upserted, their own statement: its AFTER trigger runs under these locks only) */
  'day totals',
  /** the accounts an entry posts to (FOR SHARE, ascending), in the ledger's gate */
  'accounts',
  /** the journal's hash chain head (ledger_chains, FOR UPDATE): one posting at a time per journal */
  'journal chain',
  /** a document counter taken late, once the chain is held (deliveries': lateNumber; invoices': confirmInvoice) */
  'late document counter',
  /** the journal's gapless entry counter (doc_sequences) */
  'journal counter',
  /** account balances by month and by day (upserted, ascending account) */
  'balances',
  /** sales per product and month (sales_product_months, upserted ascending by the order's last statement's trigger) */
  'sales totals',
] as const;

export type LockKind = (typeof LOCK_ORDER)[number];
