/**
 * The accounting module's public face. Other modules (inventory, sales, POS, purchases, treasury, payroll) post
 * to the books only through these functions, inside their own transaction:
 *   const entry = await postEntry(tx, ctx, { journalId, date, reference, source: { type: 'salesOrder', id }, lines });
 *   await reverseEntry(tx, ctx, entry.id);
 * postEntry refuses (422, message in both languages) anything unbalanced, a line with both or negative sides,
 * a non-leaf / inactive / foreign account, or a date on or before the lock date.
 * Invoices (createInvoice, confirmInvoice, issueInvoice (both in one), payInvoice, creditInvoice, debitInvoice) go through the generic service and join the
 * caller's withTx; entriesOfSource lists what a document posted; chart reads and settingsJsonSql spare others
 * naming accounting's tables. See README.md "Public entry".
 */
export { accountingModule } from './manifest';
export { postEntry, reverseEntry, type PostInput, type PostedEntry } from './server/ledger.post';
export type { EntryLine } from './server/ledger.validate';
export type { LateWrite } from './server/ledger.write';
export { loadSettings, type AccountingSettings } from './server/settings.service';
export { verifyLedger } from './server/ledger.verify';
export { rebuildBalances } from './server/ledger.balances';
export { accountStates, chartIds, ledgerBalancesOf, receivableBalancesOf, settingsJsonSql, taxIds, type SettingKey } from './server/chart.reads';
export {
  computeInvoice, confirmInvoice, createInvoice, creditInvoice, debitInvoice, entriesOfSource, invoiceById, issueInvoice, paidInvoice, payInvoice, quoteInvoice,
  type CreditNote, type CreditNoteInput, type DebitNote, type DebitNoteInput, type Invoice, type InvoiceLine, type InvoiceLineInput, type InvoicePayment,
  type InvoicePaymentInput, type InvoiceTax, type InvoiceTotals, type InvoiceType, type NewInvoice, type SourceEntry,
  type SourceEntryLine, type SourceRef,
} from './server/invoice.entry';
export { postEntries } from './server/ledger.post';
export { openInvoicesOf, type OpenInvoice } from './server/invoice.open';
// money that can be handed over: a payment has at most the company's currency decimals (unless it pays off the due)
export { beyondCurrency } from './server/payment.decimals';
export { currencyDecimals } from './server/invoice.totals';
export { salesTaxes } from './server/tax.reads';
export { postedInvoicesSql, receivableBalancesSql, receivableLinesSql } from './server/report-sources.sql';
// tax invoices (issue 20): an invoice's printed document (A4, or the 80 mm receipt of a till), the buyer rule
export { printInvoicePdf, type Layout as InvoiceLayout } from './server/tax-invoice/print';
export { isBusinessBuyer } from './server/tax-invoice/parties';
