import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../../core/audit/audit';
import { tableOf } from '../../../core/db/entity-table';
import { fiscalYearOf, nextNumber } from '../../../core/db/sequences';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { entityByName } from '../../registry';
import { account } from '../model/account.entity';
import { journalEntry } from '../model/journal-entry.entity';
import { journal } from '../model/journal.entity';
import { addToBalances } from './ledger.balances';
import { entryHash } from './ledger.hash';
import { journalLines, ledgerChains } from './ledger.schema';
import { type EntryLine, ledgerError, normalizeLines, reversedLines } from './ledger.validate';
import { am } from './messages';
import { loadSettings } from './settings.service';

/**
 * The one way into the ledger. postEntry posts a balanced entry in the caller's transaction and enforces
 * invariants 1-4: balanced exactly, debit xor credit >= 0, leaf active accounts and contacts of the caller's
 * company, date after the lock date, gapless number per (company, journal, fiscal year) taken at posting,
 * hash-chained per journal. Lock order for every poster: document row (caller) -> document counter (caller) ->
 * accounts (ascending, shared) -> journal chain -> journal number counter -> balances (ascending). The per-journal
 * locks are taken last, after every check, to keep the serialised part short.
 */
export interface PostInput {
  journalId: number;
  date: string;
  reference?: string | null;
  source?: { type: string; id: number } | null;
  lines: unknown[];
}

export interface PostedEntry {
  id: number; number: string; sequenceNo: number; fiscalYear: number; journalId: number; date: string;
  totalDebit: string; totalCredit: string; hash: string; lines: EntryLine[];
}

interface Checked { journalId: number; prefix: string; date: string; lines: EntryLine[]; totalDebit: string; totalCredit: string; fiscalYear: number }

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Every check of an entry that does not need the posting locks; used for drafts and before posting. */
export async function checkEntry(tx: Tx, ctx: Ctx, input: Omit<PostInput, 'source'>, opts: { lock?: boolean; allowInactive?: boolean } = {}): Promise<Checked> {
  const L = ctx.locale;
  const { lines, totalDebit, totalCredit } = normalizeLines(input.lines, L);
  const date = String(input.date ?? '').slice(0, 10);
  if (!DATE_RE.test(date)) throw ledgerError({ en: 'Date is required', ar: 'التاريخ مطلوب' }, {}, L, 'date');
  const s = await loadSettings(tx, ctx.companyId);
  if (s.lockDate && date <= s.lockDate) throw ledgerError(am.dateLocked, { date, lockDate: s.lockDate }, L, 'date');

  const jt = tableOf(journal);
  const [j] = await tx.select({ id: jt.id, prefix: jt.prefix, isActive: jt.isActive }).from(jt)
    .where(and(eq(jt.id, Number(input.journalId) || 0), eq(jt.companyId, ctx.companyId)));
  if (!j) throw ledgerError(am.journalNotFound, {}, L, 'journalId');
  if (!j.isActive) throw ledgerError(am.journalInactive, {}, L, 'journalId');

  const at = tableOf(account);
  const ids = [...new Set(lines.map((l) => l.accountId))].sort((a, b) => a - b);
  let q = tx.select({ id: at.id, code: at.code, isLeaf: at.isLeaf, status: at.status }).from(at)
    .where(and(eq(at.companyId, ctx.companyId), inArray(at.id, ids))).orderBy(asc(at.id)).$dynamic();
  if (opts.lock) q = q.for('share');
  const found = new Map((await q).map((a) => [a.id as number, a]));
  lines.forEach((l, i) => {
    const a = found.get(l.accountId);
    if (!a) throw ledgerError(am.accountNotFound, { line: i + 1 }, L);
    if (!a.isLeaf) throw ledgerError(am.accountNotLeaf, { line: i + 1, account: String(a.code) }, L);
    if (a.status !== 'active' && !opts.allowInactive) throw ledgerError(am.accountInactive, { line: i + 1, account: String(a.code) }, L);
  });
  const contactIds = [...new Set(lines.map((l) => l.contactId).filter((c): c is number => c !== null))];
  if (contactIds.length) {
    const ct = tableOf(entityByName('contact'));
    const rows = await tx.select({ id: ct.id }).from(ct).where(and(eq(ct.companyId, ctx.companyId), inArray(ct.id, contactIds)));
    const ok = new Set(rows.map((r) => r.id as number));
    const bad = lines.findIndex((l) => l.contactId !== null && !ok.has(l.contactId));
    if (bad >= 0) throw ledgerError(am.contactNotFound, { line: bad + 1 }, L);
  }
  return { journalId: j.id as number, prefix: j.prefix as string, date, lines, totalDebit, totalCredit, fiscalYear: fiscalYearOf(date, s.fiscalYearStartMonth, s.fiscalYearStartDay) };
}

/** Locks the head of the journal's chain (one statement: creates it on first use, row-locks it otherwise). */
async function lockChain(tx: Tx, companyId: number, journalId: number): Promise<{ seq: number; lastHash: string }> {
  const [c] = await tx.insert(ledgerChains).values({ journalId, companyId })
    .onConflictDoUpdate({ target: ledgerChains.journalId, set: { seq: sql`${ledgerChains.seq}` } })
    .returning({ seq: ledgerChains.seq, lastHash: ledgerChains.lastHash });
  return { seq: c!.seq, lastHash: c!.lastHash };
}

/** Numbers, chains and writes a checked entry: the header (insert, or update of the draft), lines, balances. */
async function write(tx: Tx, ctx: Ctx, c: Checked, meta: { reference: string | null; source?: PostInput['source']; reversalOfId?: number; draftId?: number }): Promise<PostedEntry> {
  const chain = await lockChain(tx, ctx.companyId, c.journalId);
  const num = await nextNumber(tx, ctx.companyId, `journal:${c.journalId}`, c.fiscalYear, c.prefix);
  const chainSeq = chain.seq + 1;
  const hash = entryHash(chain.lastHash, { companyId: ctx.companyId, journalId: c.journalId, chainSeq, number: num.formatted, date: c.date, reference: meta.reference, lines: c.lines });
  const t = tableOf(journalEntry);
  const header = {
    journalId: c.journalId, date: c.date, reference: meta.reference, lines: c.lines, totalDebit: c.totalDebit, totalCredit: c.totalCredit,
    number: num.formatted, sequenceNo: num.value, fiscalYear: c.fiscalYear, chainSeq, prevHash: chain.lastHash, hash,
    postedAt: sql`now()`, status: 'posted', updatedBy: ctx.user.id, updatedAt: sql`now()`,
  };
  let id: number;
  if (meta.draftId) {
    await tx.update(t).set(header).where(and(eq(t.id, meta.draftId), eq(t.companyId, ctx.companyId)));
    id = meta.draftId;
  } else {
    const [row] = await tx.insert(t).values({
      ...header, companyId: ctx.companyId, createdBy: ctx.user.id,
      sourceType: meta.source?.type ?? null, sourceId: meta.source?.id ?? null, reversalOfId: meta.reversalOfId ?? null,
    }).returning({ id: t.id });
    id = row!.id as number;
  }
  await tx.insert(journalLines).values(c.lines.map((l, i) => ({
    companyId: ctx.companyId, entryId: id, journalId: c.journalId, lineNo: i + 1, date: c.date,
    accountId: l.accountId, contactId: l.contactId, debit: l.debit, credit: l.credit, label: l.label,
  })));
  await addToBalances(tx, ctx.companyId, c.date, c.lines);
  await tx.update(ledgerChains).set({ seq: chainSeq, lastHash: hash }).where(eq(ledgerChains.journalId, c.journalId));
  return { id, number: num.formatted, sequenceNo: num.value, fiscalYear: c.fiscalYear, journalId: c.journalId, date: c.date, totalDebit: c.totalDebit, totalCredit: c.totalCredit, hash, lines: c.lines };
}

/** Public: post a new entry for a source document, in the caller's transaction. */
export async function postEntry(tx: Tx, ctx: Ctx, input: PostInput, opts: { reversalOfId?: number; allowInactive?: boolean } = {}): Promise<PostedEntry> {
  const checked = await checkEntry(tx, ctx, input, { lock: true, allowInactive: opts.allowInactive });
  const posted = await write(tx, ctx, checked, { reference: input.reference ?? null, source: input.source, reversalOfId: opts.reversalOfId });
  await recordAudit(tx, ctx, journalEntry, posted.id, 'post', null, { number: posted.number, source: input.source ?? null });
  return posted;
}

/** Posts a draft journal entry row (already locked by the caller). */
export async function postDraftEntry(tx: Tx, ctx: Ctx, row: Record<string, unknown> & { id: number }): Promise<PostedEntry> {
  const checked = await checkEntry(tx, ctx, { journalId: row.journalId as number, date: row.date as string, lines: row.lines as unknown[] }, { lock: true });
  return write(tx, ctx, checked, { reference: (row.reference as string | null) ?? null, draftId: row.id });
}

/** Public: cancel a posted entry by posting its reversal (same journal; dated `date` or the original's date). */
export async function reverseEntry(tx: Tx, ctx: Ctx, entryId: number, opts: { date?: string; reference?: string } = {}): Promise<PostedEntry> {
  const t = tableOf(journalEntry);
  const [orig] = await tx.select().from(t).where(and(eq(t.id, entryId), eq(t.companyId, ctx.companyId))).for('update');
  if (!orig || orig.status !== 'posted') throw ledgerError(am.postedImmutable, {}, ctx.locale, '_', 409);
  if (orig.reversedById) throw ledgerError(am.alreadyReversed, {}, ctx.locale, '_', 409);
  const s = await loadSettings(tx, ctx.companyId);
  if (s.lockDate && String(orig.date) <= s.lockDate) throw ledgerError(am.dateLocked, { date: String(orig.date), lockDate: s.lockDate }, ctx.locale, 'date');
  const lines = await tx.select().from(journalLines).where(eq(journalLines.entryId, entryId)).orderBy(asc(journalLines.lineNo));
  const rev = await postEntry(tx, ctx, {
    journalId: orig.journalId as number,
    date: opts.date ?? (orig.date as string),
    reference: opts.reference ?? `${ctx.locale === 'ar' ? 'عكس' : 'Reversal of'} ${orig.number}`,
    source: { type: 'reversal', id: entryId },
    lines: reversedLines(lines.map((l) => ({ accountId: l.accountId, label: l.label, debit: l.debit, credit: l.credit, contactId: l.contactId }))),
  }, { reversalOfId: entryId, allowInactive: true });
  await tx.update(t).set({ status: 'cancelled', reversedById: rev.id, version: sql`${t.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.user.id }).where(eq(t.id, entryId));
  return rev;
}
