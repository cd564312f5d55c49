import { and, eq, inArray, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { tableOf } from '../../../core/db/entity-table';
import { fiscalYearOf, nextNumber } from '../../../core/db/sequences';
import { type Tx, withTx } from '../../../core/db/tx';
import { memoInTx } from '../../../core/db/tx-memo';
import { ops } from '../../../core/entity/operations';
import { createAndTransition } from '../../../core/entity/crud.service';
import type { Row, TransitionDone, TransitionWrite } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { companyToday } from '../../../core/time/company-time';
import { invoicePayment } from '../model/invoice-payment.entity';
import { invoice } from '../model/invoice.entity';
import { type NoteKind, PAYABLE_STATES, noteKindOf } from '../model/invoice-notes';
import { noteDate, noteReason, refuseNote } from './invoice.notes';
import { journal } from '../model/journal.entity';
import { amount as amountSchema } from '../model/lines.schema';
import { DATE_MAX, DATE_MIN, MAX_INT, dateProblem } from '../../../core/entity/bounds';
import { messages } from '../../../core/i18n/messages';
import { tr } from '../../../core/i18n/locale';
import { invoiceEntryLines, isSaleSide, paymentEntryLines, postingSettings } from './invoice.posting';
import { currencyDecimals, invoiceTotals } from './invoice.totals';
import { beyondCurrency } from './payment.decimals';
import { postEntry, reverseEntry } from './ledger.post';
import { ledgerError } from './ledger.validate';
import { am } from './messages';
import { type AccountingSettings, loadSettings, setting } from './settings.service';
import { issueInstant } from './tax-invoice/issue-time';
import { type CompanyTaxStatus, checkTaxInvoiceBuyer } from './tax-invoice/parties';

/**
 * Invoice business (invariant 8: due = total - payments - credit applied): confirming numbers the invoice and
 * posts its entry; a payment posts a payment entry, can never exceed the due amount and has at most the currency's
 * decimals unless it is the whole due (payment.decimals.ts); void reverses an
 * unpaid invoice; a credit note posts the swapped entry and reduces what is due; a debit note (invoice.notes.ts)
 * posts like an invoice of its own and leaves the original as it is.
 */
const PREFIX: Record<string, string> = { SALE: 'INV', PURCHASE: 'BILL', EXPENSE: 'EXP', OTHER: 'OTH' };

const partnerAccount = (s: AccountingSettings, type: string, ctx: Ctx) => setting(s, postingSettings(type, null).partner, ctx.locale);

/** Notes have number series of their own per type, their prefix before the invoice's: RINV, DINV, RBILL, DBILL... */
const NOTE_PREFIX: Record<NoteKind, string> = { creditNote: 'R', debitNote: 'D' };

/**
 * Confirms (numbers and posts) an invoice, credit note or debit note row; returns the columns to write. `company`: its
 * tax status (tax-invoice/parties.ts companyTaxStatus), read by the caller for a sale-side document, else null.
 * With `write` (the generic transition's TransitionWrite; a document whose number no e-invoice needs before its
 * posting), the number is taken late, by the statement that posts the entry once the journal's chain is locked (the
 * late document counter of core/db/lock-order.ts), and that statement writes the invoice's row and audit rows too:
 * the counter is held by that statement and the commit only, and the confirmation is two round trips fewer (the
 * counter's own statement and the row's update).
 */
export async function confirmInvoice(ctx: Ctx, tx: Tx, row: Row, company: CompanyTaxStatus | null, write?: TransitionWrite): Promise<Record<string, unknown> | TransitionDone> {
  await checkTaxInvoiceBuyer(ctx, tx, row, company); // a Saudi tax invoice to a business names its VAT number (422 otherwise)
  const s = await loadSettings(tx, ctx.companyId);
  const type = row.type as string;
  const totals = await invoiceTotals(ctx, tx, row.lines, row.discount, !row.isCreditNote);
  const fy = fiscalYearOf(row.date as string, s.fiscalYearStartMonth, s.fiscalYearStartDay);
  const note = noteKindOf(row);
  const credit = note === 'creditNote';
  const docType = `${note ?? 'invoice'}:${type}`;
  const prefix = (note ? NOTE_PREFIX[note] : '') + PREFIX[type];
  // late: the lines name no number yet (label null), the posting statement labels them with the one it takes
  const number = write ? null : (await nextNumber(tx, ctx.companyId, docType, fy, prefix)).formatted;
  const keys = postingSettings(type, note);
  const journalId = (row.journalId as number | null) ?? setting(s, keys.journal, ctx.locale);
  const lines = invoiceEntryLines({ type, partnerId: row.partnerId as number, discount: String(row.discount ?? '0'), number, isCreditNote: credit }, totals, {
    partner: setting(s, keys.partner, ctx.locale),
    discount: (s.discountAccountId as number | null) ?? null,
    defaultLine: setting(s, keys.line, ctx.locale),
    defaultTax: setting(s, keys.tax, ctx.locale),
    taxAccount: (id) => totals.taxes.get(id)?.accountId ?? null,
  });
  const set = {
    journalId, issuedAt: issueInstant(row.date as string, ctx.timeZone).toISOString(), lines: totals.lines, subtotal: totals.subtotal, taxAmount: totals.taxAmount,
    totalAmount: totals.totalAmount, paidAmount: '0', dueAmount: totals.totalAmount, creditedAmount: '0',
  };
  const input = { journalId, date: row.date as string, reference: number, source: { type: note ?? 'invoice', id: row.id }, lines };
  if (!write) return { number, entryId: (await postEntry(tx, ctx, input)).id, ...set };
  const own = write.sql(set, { number: sql`posted.reference`, entryId: sql`posted.entry_id` }, 'posted', { entryId: sql`posted.entry_number` });
  const entry = await postEntry(tx, ctx, input, {
    late: {
      reference: { docType, prefix, fiscalYear: fy, labelLines: 'blank' },
      ctes: sql`posted AS (SELECT id AS entry_id, number AS entry_number, reference FROM entries), ${own.ctes}`, select: own.select, join: own.join, commit: write.commit,
    },
  });
  return write.done(entry.row);
}

export async function voidInvoice(ctx: Ctx, tx: Tx, row: Row): Promise<Record<string, unknown>> {
  if (new Decimal(String(row.paidAmount ?? 0)).gt(0) || new Decimal(String(row.creditedAmount ?? 0)).gt(0)) throw ledgerError(am.hasPayments, {}, ctx.locale, '_', 409);
  if (typeof row.entryId === 'number') await reverseEntry(tx, ctx, row.entryId);
  return { dueAmount: '0' };
}

function payStatus(total: Decimal, due: Decimal, paid: Decimal, credited: Decimal, current: string): string {
  if (credited.gte(total)) return 'RETURNED';
  if (due.isZero()) return 'PAID';
  if (paid.gt(0) || credited.gt(0)) return 'PARTIALLY_PAID';
  return current;
}

export async function recordPayment(ctx: Ctx, tx: Tx, row: Row, body: Record<string, unknown>): Promise<unknown> {
  if (!PAYABLE_STATES.includes(row.status as string)) throw ledgerError(am.notPayable, {}, ctx.locale, '_', 409);
  const parsed = amountSchema.safeParse(body.amount ?? '');
  const amt = parsed.success ? new Decimal(parsed.data) : new Decimal(0);
  if (!amt.gt(0)) throw ledgerError(am.amountPositive, {}, ctx.locale, 'amount');
  const due = new Decimal(String(row.dueAmount));
  // money that can be handed over: at most the currency's decimals, unless it pays off exactly what is due
  const decimals = await currencyDecimals(tx, ctx.companyId);
  if (beyondCurrency(amt, decimals, due)) throw ledgerError(am.amountDecimals, { decimals }, ctx.locale, 'amount');
  if (amt.gt(due)) throw ledgerError(am.overpayment, { amount: amt.toFixed(decimals), due: due.toFixed(decimals) }, ctx.locale, 'amount');
  const s = await loadSettings(tx, ctx.companyId);
  const type = row.type as string;
  const moneyIn = isSaleSide(type) !== (row.isCreditNote === true);
  const journalId = Number(body.journalId) || setting(s, 'cashJournalId', ctx.locale);
  if (!Number.isInteger(journalId) || journalId < 1 || journalId > MAX_INT) throw ledgerError(am.journalNotFound, {}, ctx.locale, 'journalId');
  const jt = tableOf(journal);
  // kept between requests at the company's configuration version (core/db/tx-memo.ts)
  const [j] = await memoInTx(tx, ['journal'], `journal:${ctx.companyId}:${journalId}`,
    () => tx.select().from(jt).where(and(eq(jt.id, journalId), eq(jt.companyId, ctx.companyId))), ctx.companyId);
  if (!j) throw ledgerError(am.journalNotFound, {}, ctx.locale, 'journalId');
  const moneyAccount = Number(body.accountId) || ((moneyIn ? j.defaultDebitAccountId : j.defaultCreditAccountId) as number | null) || setting(s, 'cashAccountId', ctx.locale);
  const date = body.date === undefined || body.date === null || body.date === '' ? companyToday(ctx) : String(body.date);
  const dateBad = dateProblem(date);
  if (dateBad) throw ledgerError(messages[dateBad], { field: tr(invoicePayment.fields.date.label, ctx.locale), min: DATE_MIN, max: DATE_MAX }, ctx.locale, 'date');
  const lines = paymentEntryLines({ type, partnerId: row.partnerId as number, isCreditNote: row.isCreditNote === true, number: row.number as string }, amt.toFixed(4), partnerAccount(s, type, ctx), moneyAccount);
  const paid = new Decimal(String(row.paidAmount)).plus(amt);
  const newDue = due.minus(amt);
  const status = payStatus(new Decimal(String(row.totalAmount)), newDue, paid, new Decimal(String(row.creditedAmount ?? 0)), row.status as string);
  const reference = typeof body.reference === 'string' ? body.reference.slice(0, 200) : (row.number as string);
  // ONE statement: the payment's id taken from its sequence before the journal's chain is locked, the entry posted
  // with it as its source, then the payment's row written with the entry's id, and the invoice's paid/due/status
  // (its row is locked by the action): one round trip where there were four
  const entry = await postEntry(tx, ctx, { journalId, date, reference: row.number as string, source: { type: 'invoicePayment', id: null }, lines }, {
    late: {
      before: { ctes: sql`pay_id AS (SELECT nextval(pg_get_serial_sequence('invoice_payments', 'id'))::int AS id FROM ready)`, names: ['pay_id'] },
      sourceId: sql`(SELECT id FROM pay_id)`,
      ctes: sql`pay_row AS (INSERT INTO invoice_payments (id, company_id, invoice_id, date, amount, journal_id, account_id, reference, entry_id, created_by, updated_by)
          SELECT pay_id.id, ${ctx.companyId}::int, ${row.id}::int, ${date}::date, ${amt.toFixed(4)}::numeric, ${journalId}::int, ${moneyAccount}::int, ${reference}::text,
            entries.id, ${ctx.user.id}::int, ${ctx.user.id}::int
          FROM entries CROSS JOIN pay_id),
        pay_invoice AS (UPDATE invoices SET paid_amount = ${paid.toFixed(4)}::numeric, due_amount = ${newDue.toFixed(4)}::numeric, status = ${status}::text,
          version = invoices.version + 1, updated_at = now(), updated_by = ${ctx.user.id}::int
        FROM entries WHERE invoices.id = ${row.id}::int)`,
      select: sql`(SELECT id FROM pay_id) AS payment_id`,
    },
  });
  const paymentId = Number(entry.row.payment_id);
  const it = tableOf(invoice);
  if (row.isCreditNote && newDue.isZero() && typeof row.creditNoteOfId === 'number')
    await tx.update(it).set({ status: 'REFUNDED', version: sql`${it.version} + 1`, updatedAt: sql`now()` }).where(eq(it.id, row.creditNoteOfId));
  return { paymentId, entryId: entry.id, entryNumber: entry.number, paidAmount: paid.toFixed(4), dueAmount: newDue.toFixed(4), status };
}

/**
 * Issues and confirms a credit note for (part of) a confirmed invoice and applies it to what is due, as the acting
 * user, in the action's transaction: the credit note created and confirmed (numbered, its entry posted) by the
 * generic createAndTransition, then both invoices' amounts written (ops.write, audited as creditNote). The action's
 * own permission is the one asked: the note is its consequence, not a separate create and confirm by the user.
 */
export async function creditNote(ctx: Ctx, tx: Tx, row: Row, body: Record<string, unknown>): Promise<unknown> {
  // a REFUNDED invoice (an earlier credit note's refund paid) may still be credited for what is left uncredited
  refuseNote(ctx, row, 'creditNote');
  const lines = Array.isArray(body.lines) ? body.lines : (row.lines as unknown[]);
  const discount = Array.isArray(body.lines) ? '0' : String(row.discount ?? '0');
  const totals = await invoiceTotals(ctx, tx, lines, discount, false);
  const total = new Decimal(String(row.totalAmount));
  const credited = new Decimal(String(row.creditedAmount ?? 0));
  const credit = new Decimal(totals.totalAmount);
  if (credit.gt(total.minus(credited))) throw ledgerError(am.creditTooLarge, { left: total.minus(credited).toFixed(await currencyDecimals(tx, ctx.companyId)) }, ctx.locale, 'lines');
  const reason = noteReason(ctx, body, false);
  const date = noteDate(ctx, row, body);
  const cn = await createAndTransition(ctx, invoice, {
    type: row.type, partnerId: row.partnerId, date, dueDate: date, reference: row.number, lines, discount,
    ...(typeof row.journalId === 'number' ? { journalId: row.journalId } : {}),
  }, 'confirm', { set: { isCreditNote: true, creditNoteOfId: row.id, ...(reason && { reason }) } });
  const due = new Decimal(String(row.dueAmount));
  const applied = Decimal.min(due, credit);
  const newCredited = credited.plus(credit);
  const newDue = due.minus(applied);
  const left = credit.minus(applied);
  await ops.write(ctx, invoice, cn.id, { paidAmount: applied.toFixed(4), dueAmount: left.toFixed(4), status: left.isZero() ? 'PAID' : 'CONFIRMED' }, { audit: 'creditNote' });
  const status = payStatus(total, newDue, new Decimal(String(row.paidAmount)), newCredited, row.status as string);
  await ops.write(ctx, invoice, row.id, { creditedAmount: newCredited.toFixed(4), dueAmount: newDue.toFixed(4), status }, { audit: 'creditNote' });
  return { creditNoteId: cn.id, number: cn.number, totalAmount: totals.totalAmount, applied: applied.toFixed(4), dueAmount: newDue.toFixed(4), status };
}

/** Unpaid posted invoices past their due date, and what they become: OVERDUE. */
const OVERDUE_FROM = ['CONFIRMED', 'SENT', 'DELIVERED', 'PARTIALLY_PAID'];
const isOverdue = (r: Row, today: string) =>
  OVERDUE_FROM.includes(r.status as string) && r.isCreditNote !== true && typeof r.dueDate === 'string' && r.dueDate < today && new Decimal(String(r.dueAmount ?? 0)).gt(0);

/**
 * OVERDUE for unpaid posted invoices whose due date has passed (the `accounting.overdue` job daily, or on demand),
 * each written through the generic operations as the acting user (the company's system actor for the job),
 * checked again under its lock; one transaction. Answers how many changed.
 */
export async function markOverdue(ctx: Ctx, today: string): Promise<number> {
  const it = tableOf(invoice);
  return withTx(ctx.db, async (tx) => {
    const due = await tx.select({ id: it.id }).from(it).where(and(eq(it.companyId, ctx.companyId), inArray(it.status, OVERDUE_FROM),
      sql`${it.dueDate} < ${today} AND ${it.dueAmount} > 0 AND ${it.isCreditNote} = false`)).orderBy(it.id);
    let n = 0;
    for (const { id } of due)
      if (await ops.write(ctx, invoice, id as number, { status: 'OVERDUE' }, { audit: 'markOverdue', permission: 'change', when: (r) => isOverdue(r, today) })) n++;
    return n;
  });
}
