import { sql } from 'drizzle-orm';
import { readInCallersTx } from '../../../core/db/callers-tx';
import type { Tx } from '../../../core/db/tx';
import { getRecord } from '../../../core/entity/crud.read';
import { runAction, runTransition } from '../../../core/entity/crud.transition';
import { createAndTransition, createRecord } from '../../../core/entity/crud.service';
import type { Row } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { invoice } from '../model/invoice.entity';
import type { ComputedLine, InvoiceTotals, TaxInfo } from './invoice.posting';
import { computeInvoiceTotals, invoiceTotals } from './invoice.totals';

/**
 * Invoices for other modules (sales, purchases, treasury), through accounting's index.ts. Every write goes through
 * the generic service (createRecord, runTransition, runAction) and the invoice's hooks, exactly as the HTTP routes
 * do: the same checks (422/409 in both languages), numbers, postings and audit rows. Called inside the caller's
 * `withTx(ctx.db, ...)` each one JOINS that transaction (an error anywhere rolls back the whole); called alone it
 * runs its own. Permissions are the caller's business (its route checked its own), as for postEntry.
 */
export type InvoiceType = 'SALE' | 'PURCHASE' | 'EXPENSE' | 'OTHER';
/** A line as given: quantity x unitPrice - discount, an optional tax and income/expense account (else the settings'). */
export interface InvoiceLineInput {
  productId?: number | null; accountId?: number | null; description?: string | null;
  quantity?: string; unitPrice: string; discount?: string; taxId?: number | null;
}
export interface NewInvoice {
  type: InvoiceType; partnerId: number; date: string; lines: InvoiceLineInput[];
  /** Else date + paymentTermDays (0 when absent). */
  dueDate?: string | null; paymentTermDays?: number | null;
  /** Else the settings' sales or purchase journal. */
  journalId?: number | null; reference?: string | null; discount?: string; notes?: string | null;
  /** A till sale's invoice: the POS branch it is sold at (kept on the invoice; a ZATCA company signs it on that branch's unit). */
  posBranchId?: number | null;
}
export type InvoiceLine = ComputedLine;
export interface Invoice {
  id: number; version: number; type: InvoiceType; status: string; number: string | null; partnerId: number;
  date: string; dueDate: string | null; journalId: number | null; reference: string | null;
  lines: InvoiceLine[]; discount: string; subtotal: string; taxAmount: string; totalAmount: string;
  paidAmount: string; dueAmount: string; creditedAmount: string;
  isCreditNote: boolean; creditNoteOfId: number | null; isDebitNote: boolean; debitNoteOfId: number | null;
  /** A note's reason (a debit note always has one). */
  reason: string | null; entryId: number | null;
}
export interface InvoicePaymentInput {
  /** > 0 and at most the amount due. */
  amount: string;
  /** Else today. */
  date?: string;
  /** Else the settings' cash journal; the money account: accountId ?? the journal's default account ?? the settings' cash account. */
  journalId?: number; accountId?: number; reference?: string;
}
export interface InvoicePayment { paymentId: number; entryId: number; entryNumber: string; paidAmount: string; dueAmount: string; status: string }
export interface CreditNoteInput {
  /** Else the invoice's own lines and discount (a full credit). */
  lines?: InvoiceLineInput[];
  date?: string;
  /** Why (ZATCA's InstructionNote of the note; else the note's notes, else a generic refund reason). */
  reason?: string;
}
export interface CreditNote { creditNoteId: number; number: string; totalAmount: string; applied: string; dueAmount: string; status: string }
export interface DebitNoteInput {
  /** What is charged besides the invoice (priced with the company's active taxes); at least one. */
  lines: InvoiceLineInput[];
  /** Required: why the partner is charged more (ZATCA's InstructionNote). */
  reason: string;
  /** Else the company's today; never before the invoice. */
  date?: string;
}
/** The debit note: an invoice of its own, confirmed, due on the original's terms. */
export interface DebitNote { debitNoteId: number; number: string; totalAmount: string; dueAmount: string; dueDate: string; status: string }
export type InvoiceTax = TaxInfo;
export type { InvoiceTotals };

const num = (v: unknown) => (typeof v === 'number' ? v : null);
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toInvoice(r: Row): Invoice {
  return {
    id: r.id, version: r.version, type: r.type as InvoiceType, status: String(r.status), number: str(r.number), partnerId: r.partnerId as number,
    date: String(r.date), dueDate: str(r.dueDate), journalId: num(r.journalId), reference: str(r.reference),
    lines: (r.lines ?? []) as InvoiceLine[], discount: String(r.discount ?? '0'), subtotal: String(r.subtotal), taxAmount: String(r.taxAmount),
    totalAmount: String(r.totalAmount), paidAmount: String(r.paidAmount), dueAmount: String(r.dueAmount), creditedAmount: String(r.creditedAmount ?? '0'),
    isCreditNote: r.isCreditNote === true, creditNoteOfId: num(r.creditNoteOfId), isDebitNote: r.isDebitNote === true, debitNoteOfId: num(r.debitNoteOfId),
    reason: str(r.reason), entryId: num(r.entryId),
  };
}

/**
 * Pure: an invoice's computed lines, taxes and totals (rounded half-up per line to `decimals`), from the lines,
 * the definitions of the taxes they name and the currency's decimals. 422 naming the line when a line is invalid,
 * names a tax not given, or the total is not above zero.
 */
export function computeInvoice(input: { lines: InvoiceLineInput[]; taxes: InvoiceTax[]; discount?: string; decimals: number; locale?: 'en' | 'ar' }): InvoiceTotals {
  return computeInvoiceTotals(input.lines, new Map(input.taxes.map((t) => [t.id, t])), input.discount ?? '0', input.decimals, input.locale);
}

/** computeInvoice with the company's active taxes and currency decimals (read in the caller's transaction, if any). */
export function quoteInvoice(ctx: Ctx, input: { lines: InvoiceLineInput[]; discount?: string }): Promise<InvoiceTotals> {
  return readInCallersTx(ctx.db, async (q) => {
    const { taxes: _taxes, ...totals } = await invoiceTotals(ctx, q, input.lines, input.discount ?? '0');
    return totals;
  });
}

/** A DRAFT invoice (totals by the server; the entity's validation answers 422 naming the field). */
export async function createInvoice(ctx: Ctx, input: NewInvoice): Promise<Invoice> {
  const { posBranchId, ...body } = input;
  return toInvoice(await createRecord(ctx, invoice, body, posBranchId ? { posBranchId } : undefined));
}

/**
 * createInvoice then confirmInvoice in one go: the draft written, then `between` (the caller's work that must come
 * after the draft and before the confirmation, e.g. a sale's delivery), then the confirmation of the row as written
 * (not locked and read again). Audited as the two would be.
 */
export async function issueInvoice(ctx: Ctx, input: NewInvoice, between?: () => Promise<void>): Promise<Invoice> {
  const { posBranchId, ...body } = input;
  return toInvoice(await createAndTransition(ctx, invoice, body, 'confirm', { set: posBranchId ? { posBranchId } : undefined, between }));
}

/** DRAFT/PENDING -> CONFIRMED: numbered, its entry posted (source { type: 'invoice', id }). */
export async function confirmInvoice(ctx: Ctx, id: number): Promise<Invoice> {
  return toInvoice(await runTransition(ctx, invoice, id, 'confirm', {}));
}

/**
 * Registers a payment: a payment entry (source { type: 'invoicePayment', id: paymentId }); PARTIALLY_PAID / PAID.
 * `locked`: the invoice as the caller's transaction wrote it (confirmed, or paid by an earlier payInvoice whose
 * answer the caller applied: `paidInvoice`), not read and locked again.
 */
export async function payInvoice(ctx: Ctx, id: number, input: InvoicePaymentInput, locked?: Invoice): Promise<InvoicePayment> {
  return (await runAction(ctx, invoice, id, 'recordPayment', { ...input }, locked as unknown as Row | undefined)) as InvoicePayment;
}

/** The invoice `inv` as the payment `paid` left it (what payInvoice wrote on its row). */
export function paidInvoice(inv: Invoice, paid: InvoicePayment): Invoice {
  return { ...inv, paidAmount: paid.paidAmount, dueAmount: paid.dueAmount, status: paid.status, version: Number(inv.version) + 1 };
}

/** Issues and confirms a credit note for (part of) a confirmed invoice (source { type: 'creditNote', id }); applies it to the due. */
export async function creditInvoice(ctx: Ctx, id: number, input: CreditNoteInput = {}): Promise<CreditNote> {
  return (await runAction(ctx, invoice, id, 'creditNote', { ...input })) as CreditNote;
}

/**
 * Issues and confirms a debit note for a confirmed invoice (any posted state; not a draft, a void invoice or a note):
 * its own number (DINV/...), its entry posted like an invoice's (source { type: 'debitNote', id }), its own due.
 */
export async function debitInvoice(ctx: Ctx, id: number, input: DebitNoteInput): Promise<DebitNote> {
  return (await runAction(ctx, invoice, id, 'debitNote', { ...input })) as DebitNote;
}

/** The invoice as the API shows it (in the caller's transaction, if any); 404 when not the company's. */
export function invoiceById(ctx: Ctx, id: number): Promise<Invoice> {
  return readInCallersTx(ctx.db, async (q) => toInvoice(await getRecord(ctx, invoice, id, q as Tx)));
}

export interface SourceRef { type: string; id: number }
export interface SourceEntryLine { lineNo: number; accountId: number; contactId: number | null; debit: string; credit: string; label: string | null }
export interface SourceEntry {
  id: number; number: string | null; journalId: number; date: string; reference: string | null; status: string;
  totalDebit: string; totalCredit: string; reversalOfId: number | null; reversedById: number | null; lines: SourceEntryLine[];
}

/** The posted (and cancelled) entries a document posted, oldest first, with their lines (in the caller's transaction, if any). */
export function entriesOfSource(ctx: Ctx, source: SourceRef): Promise<SourceEntry[]> {
  const id = Number(source.id);
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) return Promise.resolve([]);
  return readInCallersTx(ctx.db, async (q) => {
    const r = await q.execute(sql`
      SELECT e.id, e.number, e.journal_id AS "journalId", e.date::text AS date, e.reference, e.status,
        e.total_debit::text AS "totalDebit", e.total_credit::text AS "totalCredit", e.reversal_of_id AS "reversalOfId", e.reversed_by_id AS "reversedById",
        coalesce((SELECT json_agg(json_build_object('lineNo', l.line_no, 'accountId', l.account_id, 'contactId', l.contact_id,
          'debit', l.debit::text, 'credit', l.credit::text, 'label', l.label) ORDER BY l.line_no) FROM journal_lines l WHERE l.entry_id = e.id), '[]') AS lines
      FROM journal_entries e
      WHERE e.company_id = ${ctx.companyId} AND e.source_type = ${String(source.type)} AND e.source_id = ${id}
        AND e.status <> 'draft'
      ORDER BY e.id`);
    return r.rows as unknown as SourceEntry[];
  });
}
