import type { Tx } from '../../../core/db/tx';
import { DATE_MAX, DATE_MIN, dateProblem, hasNul } from '../../../core/entity/bounds';
import type { Row } from '../../../core/entity/hooks';
import { createAndTransition } from '../../../core/entity/crud.service';
import type { Ctx } from '../../../core/http/context';
import { messages } from '../../../core/i18n/messages';
import { tr } from '../../../core/i18n/locale';
import { companyToday } from '../../../core/time/company-time';
import { type NoteKind, takesNote } from '../model/invoice-notes';
import { invoice } from '../model/invoice.entity';
import { invoiceTotals } from './invoice.totals';
import { ledgerError } from './ledger.validate';
import { am } from './messages';

/**
 * Credit and debit notes: what both take from the request (which invoice takes one, the date, the reason), and the
 * debit note itself. A debit note adds a charge to the invoice's partner (a price corrected upward, goods or services
 * not invoiced, a fee): an invoice of the same type marked `isDebitNote`, pointing to the original
 * (`debitNoteOfId`, `reference` = its number), created and confirmed through the generic operations as the acting
 * user in the action's transaction: its own gapless number (D + the invoice's prefix: DINV/2026/00001), its entry
 * posted like an invoice's (source { type: 'debitNote', id }), its own due amount, paid like any invoice's. The
 * original is not changed: its page lists its notes (the definition's `noteOfId` filter).
 */

/** 409 when the invoice does not take a note of this kind in its state (model/invoice-notes.ts, the web's rule too). */
export function refuseNote(ctx: Ctx, row: Row, kind: NoteKind): void {
  if (!takesNote(row, kind)) throw ledgerError(kind === 'creditNote' ? am.notCreditable : am.notDebitable, {}, ctx.locale, '_', 409);
}

/** The note's date: the body's, else the company's today; a calendar day in range, not before the invoice's (422 on `date`). */
export function noteDate(ctx: Ctx, row: Row, body: Record<string, unknown>): string {
  const date = body.date === undefined || body.date === null || body.date === '' ? companyToday(ctx) : String(body.date);
  const bad = dateProblem(date);
  if (bad) throw ledgerError(messages[bad], { field: tr(invoice.fields.date.label, ctx.locale), min: DATE_MIN, max: DATE_MAX }, ctx.locale, 'date');
  if (date < String(row.date)) throw ledgerError(am.noteBeforeInvoice, { date: String(row.date) }, ctx.locale, 'date');
  return date;
}

/** The note's reason, trimmed: required for a debit note (ZATCA's InstructionNote), at most the field's length (422 on `reason`). */
export function noteReason(ctx: Ctx, body: Record<string, unknown>, required: boolean): string | null {
  const field = tr(invoice.fields.reason.label, ctx.locale);
  const v = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (body.reason !== undefined && body.reason !== null && typeof body.reason !== 'string') throw ledgerError(messages.invalid, { field }, ctx.locale, 'reason');
  if (!v) {
    if (required) throw ledgerError(messages.required, { field }, ctx.locale, 'reason');
    return null;
  }
  const max = invoice.fields.reason.max ?? 500;
  if (v.length > max) throw ledgerError(messages.tooLong, { field, max }, ctx.locale, 'reason');
  if (hasNul(v)) throw ledgerError(messages.badCharacter, { field }, ctx.locale, 'reason');
  return v;
}

/** Days from `from` to `to` (ISO dates), 0 when either is missing. */
const daysBetween = (from: unknown, to: unknown) =>
  typeof from === 'string' && typeof to === 'string' ? Math.min(3650, Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000))) : 0;

/**
 * Issues and confirms a debit note for a confirmed invoice `row` (locked by the action): `lines` (required, priced
 * with the company's active taxes), `reason` (required), `date` (else today). Due on the invoice's own terms (its
 * payment term, else the days from its date to its due date). Answers the note's id, number and amounts.
 */
export async function debitNote(ctx: Ctx, tx: Tx, row: Row, body: Record<string, unknown>): Promise<unknown> {
  refuseNote(ctx, row, 'debitNote');
  // the lines first (422 naming the line, nothing written), then the reason and the date
  const totals = await invoiceTotals(ctx, tx, body.lines, '0');
  const reason = noteReason(ctx, body, true);
  const date = noteDate(ctx, row, body);
  const term = typeof row.paymentTermDays === 'number' ? row.paymentTermDays : daysBetween(row.date, row.dueDate);
  // created and confirmed as the action's consequence (its permission is the one asked), as a credit note is
  const dn = await createAndTransition(ctx, invoice, {
    type: row.type, partnerId: row.partnerId, date, paymentTermDays: term, reference: row.number, lines: body.lines, discount: '0',
    ...(typeof row.journalId === 'number' ? { journalId: row.journalId } : {}),
  }, 'confirm', { set: { isDebitNote: true, debitNoteOfId: row.id, reason } });
  return {
    debitNoteId: dn.id, number: dn.number, totalAmount: totals.totalAmount, dueAmount: String(dn.dueAmount), dueDate: dn.dueDate, status: dn.status,
  };
}
