import { and, asc, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import { fiscalYearOf } from '../../../core/db/sequences';
import { type Tx, joinsCallersTx, withTx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { journalEntry } from '../model/journal-entry.entity';
import { journalLines } from './ledger.schema';
import { type EntryLine, ledgerError, normalizeLines, reversedLines } from './ledger.validate';
import { postBatched } from './ledger.batch';
import { type CheckedEntry, type EntryToWrite, intArray, type LateWrite, type Written, writeEntries } from './ledger.write';
import { am } from './messages';
import { loadSettings } from './settings.service';

/**
 * The one way into the ledger. postEntry posts a balanced entry in the caller's transaction and enforces
 * invariants 1-4: balanced exactly, debit xor credit >= 0, leaf active accounts and contacts of the caller's
 * company, date after the lock date, gapless number per (company, journal, fiscal year) taken at posting,
 * hash-chained per journal. Locks in the one order of core/db/lock-order.ts (the caller's document row and counter,
 * its stock rows before the chain: LateWrite.before; a counter taken late: LateWrite.reference). The per-journal
 * locks are taken last, after every check, by the one statement that writes (ledger.write.ts), to keep the
 * serialised part short; entries posted through the API share that statement and its commit (ledger.batch.ts).
 */
export interface PostInput {
  journalId: number;
  date: string;
  reference?: string | null;
  /** `id` null: the posting statement takes it (LateWrite.sourceId). */
  source?: { type: string; id: number | null } | null;
  lines: unknown[];
}

export interface PostedEntry extends Written {
  fiscalYear: number; journalId: number; date: string; totalDebit: string; totalCredit: string; lines: EntryLine[];
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function entryDate(raw: unknown, L: Ctx['locale']): string {
  const date = String(raw ?? '').slice(0, 10);
  if (!DATE_RE.test(date)) throw ledgerError({ en: 'Date is required', ar: 'التاريخ مطلوب' }, {}, L, 'date');
  return date;
}

/**
 * Every check of an entry that does not need the posting locks; used for drafts and before posting. One round
 * trip reads the settings, the journal, the accounts (FOR SHARE, ascending, with `lock`) and the contacts; with
 * `posting` it also makes the journal's chain head on first use (writeEntries locks it). The head is inserted only
 * when no committed one is visible: INSERT ... ON CONFLICT alone would wait for the posting that holds and updates
 * the head, so every check would queue behind the journal's writer.
 */
export async function checkEntry(q: Tx | Orm, ctx: Ctx, input: Omit<PostInput, 'source'>, opts: { posting?: boolean; lock?: boolean; allowInactive?: boolean } = {}): Promise<CheckedEntry> {
  const L = ctx.locale;
  const { lines, totalDebit, totalCredit } = normalizeLines(input.lines, L);
  const date = entryDate(input.date, L);
  const co = ctx.companyId;
  const journalId = Number(input.journalId) || 0;
  const ids = [...new Set(lines.map((l) => l.accountId))].sort((a, b) => a - b);
  const contactIds = [...new Set(lines.map((l) => l.contactId).filter((c): c is number => c !== null))];
  const res = await q.execute(sql`
    ${opts.posting ? sql`WITH chain AS (INSERT INTO ledger_chains (journal_id, company_id)
      SELECT id, company_id FROM journals WHERE id = ${journalId}::int AND company_id = ${co}::int
        AND NOT EXISTS (SELECT 1 FROM ledger_chains WHERE journal_id = ${journalId}::int)
      ON CONFLICT (journal_id) DO NOTHING)` : sql``}
    SELECT
      (SELECT json_build_object('lockDate', lock_date, 'month', fiscal_year_start_month, 'day', fiscal_year_start_day)
         FROM accounting_settings WHERE company_id = ${co}::int LIMIT 1) AS settings,
      (SELECT json_build_object('id', id, 'prefix', prefix, 'isActive', is_active) FROM journals
         WHERE id = ${journalId}::int AND company_id = ${co}::int) AS journal,
      (SELECT coalesce(json_agg(a), '[]') FROM (SELECT id, code, is_leaf AS "isLeaf", status FROM accounts
         WHERE company_id = ${co}::int AND id = ANY(${intArray(ids)}::int[]) ORDER BY id ${opts.lock ? sql`FOR SHARE` : sql``}) a) AS accounts,
      (SELECT coalesce(json_agg(id), '[]') FROM contacts WHERE company_id = ${co}::int AND id = ANY(${intArray(contactIds)}::int[])) AS contacts`);
  const r = res.rows[0] as {
    settings: { lockDate: string | null; month: number; day: number } | null;
    journal: { id: number; prefix: string; isActive: boolean } | null;
    accounts: { id: number; code: string; isLeaf: boolean; status: string }[];
    contacts: number[];
  };
  const s = r.settings ?? { lockDate: null, month: 1, day: 1 };
  if (s.lockDate && date <= s.lockDate) throw ledgerError(am.dateLocked, { date, lockDate: s.lockDate }, L, 'date');
  const j = r.journal;
  if (!j) throw ledgerError(am.journalNotFound, {}, L, 'journalId');
  if (!j.isActive) throw ledgerError(am.journalInactive, {}, L, 'journalId');
  const found = new Map(r.accounts.map((a) => [a.id, a]));
  lines.forEach((l, i) => {
    const a = found.get(l.accountId);
    if (!a) throw ledgerError(am.accountNotFound, { line: i + 1 }, L);
    if (!a.isLeaf) throw ledgerError(am.accountNotLeaf, { line: i + 1, account: String(a.code) }, L);
    if (a.status !== 'active' && !opts.allowInactive) throw ledgerError(am.accountInactive, { line: i + 1, account: String(a.code) }, L);
  });
  const ok = new Set(r.contacts);
  const bad = lines.findIndex((l) => l.contactId !== null && !ok.has(l.contactId));
  if (bad >= 0) throw ledgerError(am.contactNotFound, { line: bad + 1 }, L);
  return { journalId: j.id, prefix: j.prefix, date, lines, totalDebit, totalCredit, fiscalYear: fiscalYearOf(date, s.month, s.day), allowInactive: opts.allowInactive };
}

/**
 * Public: post a new entry for a source document, in the caller's transaction. The lines are checked in memory
 * and the entry written by the one statement whose gate makes the database checks (so a posting is one round
 * trip); when the gate refuses, checkEntry names the reason (422), or makes the journal's chain head on its first
 * posting and the write is tried once more. `late` adds the caller's document number (taken under the journal's
 * lock, then the entry's reference) and the caller's own rows to that statement (LateWrite in ledger.write.ts).
 */
export async function postEntry(tx: Tx, ctx: Ctx, input: PostInput, opts: { reversalOfId?: number; allowInactive?: boolean; late?: LateWrite } = {}): Promise<PostedEntry> {
  const { lines, totalDebit, totalCredit } = normalizeLines(input.lines, ctx.locale);
  const c = { journalId: Number(input.journalId) || 0, date: entryDate(input.date, ctx.locale), lines, totalDebit, totalCredit, allowInactive: opts.allowInactive };
  const meta = { reference: input.reference ?? null, source: input.source, reversalOfId: opts.reversalOfId, audit: { action: 'post', after: { source: input.source ?? null } } };
  let written = await writeEntries(tx, [{ ctx, c, meta }], opts.late);
  if (!written) {
    await checkEntry(tx, ctx, input, { posting: true, lock: true, allowInactive: opts.allowInactive });
    // the lead ran with the refused statement: its rows are in the transaction already
    written = mustWrite(await writeEntries(tx, [{ ctx, c, meta }], { ...opts.late, lead: undefined }));
  }
  const w = written[0]!;
  const labels = opts.late?.reference?.labelLines;
  const ref = labels ? (String(w.row.reference ?? '').slice(0, 500) || null) : undefined;
  const labelled = ref === undefined ? lines : lines.map((l) => (labels === 'blank' && l.label !== null ? l : { ...l, label: ref }));
  return { ...w, fiscalYear: Number(w.row.fiscal_year), journalId: c.journalId, date: c.date, totalDebit, totalCredit, lines: labelled };
}

/**
 * Public: post several new entries in the caller's transaction, as postEntry would post them one after another,
 * with one statement per journal and fiscal year (writeEntries' batch, as ledger.batch.ts groups the API's
 * postings): the same checks, numbers, hashes, balances and audit rows, in the order given within each journal.
 * For work that makes many entries at once (a demo year, an import, a payroll run); answered in the input's order.
 */
export async function postEntries(tx: Tx, ctx: Ctx, inputs: PostInput[]): Promise<Written[]> {
  const s = await loadSettings(tx, ctx.companyId);
  const groups = new Map<string, { i: number; entry: EntryToWrite }[]>();
  inputs.forEach((input, i) => {
    const { lines, totalDebit, totalCredit } = normalizeLines(input.lines, ctx.locale);
    const c = { journalId: Number(input.journalId) || 0, date: entryDate(input.date, ctx.locale), lines, totalDebit, totalCredit };
    const key = `${c.journalId}:${fiscalYearOf(c.date, s.fiscalYearStartMonth, s.fiscalYearStartDay)}`;
    const meta = { reference: input.reference ?? null, source: input.source, audit: { action: 'post', after: { source: input.source ?? null } } };
    groups.set(key, [...(groups.get(key) ?? []), { i, entry: { ctx, c, meta } }]);
  });
  const out: Written[] = new Array(inputs.length);
  for (const group of groups.values()) {
    const batch = group.map((g) => g.entry);
    let written = await writeEntries(tx, batch);
    if (!written) {
      // the gate refused: the first entry's checks say why (422), or make the journal's chain head; then once more
      await checkEntry(tx, ctx, inputs[group[0]!.i]!, { posting: true, lock: true });
      written = mustWrite(await writeEntries(tx, batch));
    }
    group.forEach((g, k) => { out[g.i] = written[k]!; });
  }
  return out;
}

/**
 * Posts a new entry outside any caller's transaction (the API's one-request posting): the lines checked in
 * memory, then written together with the entries other requests of this process are posting on the same journal
 * and date, by the one statement whose gate makes every database check (ledger.batch.ts). Any refusal there ends
 * in postEntry on its own, whose checkEntry gives the precise answer (and makes the journal's chain head on its
 * first posting).
 */
export async function postEntryNow(ctx: Ctx, input: PostInput): Promise<Written> {
  const { lines, totalDebit, totalCredit } = normalizeLines(input.lines, ctx.locale);
  const c = { journalId: Number(input.journalId) || 0, date: entryDate(input.date, ctx.locale), lines, totalDebit, totalCredit };
  // inside a caller's transaction the entry is part of it: no batch (which commits on its own)
  if (joinsCallersTx(ctx.db)) return withTx(ctx.db, (tx) => postEntry(tx, ctx, input));
  return postBatched({ ctx, c, meta: { reference: input.reference ?? null, source: input.source, audit: { action: 'post', after: { source: input.source ?? null } } } },
    () => withTx(ctx.db, (tx) => postEntry(tx, ctx, input)));
}

/** Posts a draft journal entry row (already locked by the caller). */
export async function postDraftEntry(tx: Tx, ctx: Ctx, row: Record<string, unknown> & { id: number }): Promise<PostedEntry> {
  const c = await checkEntry(tx, ctx, { journalId: row.journalId as number, date: row.date as string, lines: row.lines as unknown[] }, { posting: true, lock: true });
  const [w] = mustWrite(await writeEntries(tx, [{ ctx, c, meta: { reference: (row.reference as string | null) ?? null, draftId: row.id } }]));
  return { ...w!, fiscalYear: c.fiscalYear, journalId: c.journalId, date: c.date, totalDebit: c.totalDebit, totalCredit: c.totalCredit, lines: c.lines };
}

/** Under the caller's locks the gate cannot refuse what checkEntry accepted; if it does, roll everything back. */
function mustWrite(w: Written[] | null): Written[] {
  if (!w) throw new Error('ledger write refused an entry its checks accepted');
  return w;
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
