/**
 * Which invoices take a payment, a credit note or a debit note (isomorphic: the server refuses what these refuse,
 * 409, and the invoice page offers only what they allow, so a button the page shows is one the server accepts).
 * - a payment: a posted invoice with something due (PAYABLE_STATES);
 * - a credit note: a posted invoice (or debit note) not itself a credit note, paid or not, refunded or not (what is
 *   left to credit is checked by the action);
 * - a debit note: any posted invoice (confirmed, sent, delivered, overdue, partially or fully paid, returned,
 *   refunded), never a draft, pending, cancelled or void one, nor a credit or debit note itself.
 */
export const PAYABLE_STATES = ['CONFIRMED', 'SENT', 'DELIVERED', 'OVERDUE', 'PARTIALLY_PAID', 'PROCESSING'];
export const CREDITABLE_STATES = [...PAYABLE_STATES, 'PAID', 'REFUNDED'];
export const DEBITABLE_STATES = [...CREDITABLE_STATES, 'RETURNED'];

export type NoteKind = 'creditNote' | 'debitNote';
type RowLike = Record<string, unknown>;

/** The kind of note a row is, or null for an invoice. */
export const noteKindOf = (row: RowLike): NoteKind | null => (row.isCreditNote === true ? 'creditNote' : row.isDebitNote === true ? 'debitNote' : null);

/** Whether the invoice `row` may take a note of `kind` in its state. */
export function takesNote(row: RowLike, kind: NoteKind): boolean {
  const note = noteKindOf(row);
  const status = String(row.status ?? '');
  return kind === 'creditNote' ? note !== 'creditNote' && CREDITABLE_STATES.includes(status) : note === null && DEBITABLE_STATES.includes(status);
}
