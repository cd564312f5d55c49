/**
 * The accounting module's public face. Other modules (inventory, sales, POS, purchases, treasury, payroll) post
 * to the books only through these functions, inside their own transaction:
 *   const entry = await postEntry(tx, ctx, { journalId, date, reference, source: { type: 'salesOrder', id }, lines });
 *   await reverseEntry(tx, ctx, entry.id);
 * postEntry refuses (422, message in both languages) anything unbalanced, a line with both or negative sides,
 * a non-leaf / inactive / foreign account, or a date on or before the lock date.
 */
export { accountingModule } from './manifest';
export { postEntry, reverseEntry, type PostInput, type PostedEntry } from './server/ledger.post';
export type { EntryLine } from './server/ledger.validate';
export type { LateWrite } from './server/ledger.write';
export { loadSettings, type AccountingSettings } from './server/settings.service';
export { verifyLedger } from './server/ledger.verify';
export { rebuildBalances } from './server/ledger.balances';
