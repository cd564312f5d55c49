import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Orm } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { journalEntry } from '../model/journal-entry.entity';
import { canonical, entryHash } from './ledger.hash';
import { journalLines, ledgerChains } from './ledger.schema';

/**
 * "Verify ledger integrity": walks each journal's hash chain in order, recomputes every hash from the posted
 * lines and header, and names each entry whose content or link no longer matches (changed behind the
 * application's back, e.g. with the trigger disabled). The hash covers neither the status nor the reversal links,
 * so those are checked apart (reversal_mismatch, reversalMismatchSql).
 */
export interface IntegrityProblem { entryId: number; number: string | null; journalId: number; reason: 'content_changed' | 'chain_broken' | 'lines_copy_changed' | 'unbalanced' | 'head_mismatch' | 'not_chained' | 'reversal_mismatch' }

/**
 * The company's entries whose status and reversal links disagree, as reverseEntry writes them (the reversal, a new
 * entry of the same company and journal with reversal_of_id = the original; then the original cancelled with
 * reversed_by_id = the reversal); the triggers of migration 0043 refuse the rest. An entry is named when it is
 * cancelled without a reversal (of the same company and journal, not a draft: posted, or cancelled in turn by its
 * own reversal) whose reversal_of_id is this entry; when it has reversed_by_id without being cancelled; or when it
 * is a reversal (reversal_of_id) whose original is not cancelled with reversed_by_id = this entry.
 */
const reversalMismatchSql = (companyId: number) => sql`SELECT e.id, e.number, e.journal_id AS "journalId" FROM journal_entries e
  LEFT JOIN journal_entries r ON r.id = e.reversed_by_id
  LEFT JOIN journal_entries o ON o.id = e.reversal_of_id
  WHERE e.company_id = ${companyId}::int AND (e.status = 'cancelled' OR e.reversed_by_id IS NOT NULL OR e.reversal_of_id IS NOT NULL)
    AND (
      ((e.status = 'cancelled' OR e.reversed_by_id IS NOT NULL) AND NOT (e.status = 'cancelled' AND r.id IS NOT NULL AND r.id <> e.id
        AND r.company_id = e.company_id AND r.journal_id = e.journal_id AND r.status <> 'draft' AND r.reversal_of_id IS NOT DISTINCT FROM e.id))
      OR (e.reversal_of_id IS NOT NULL AND NOT (o.id IS NOT NULL AND o.id <> e.id AND o.company_id = e.company_id AND o.journal_id = e.journal_id
        AND o.status = 'cancelled' AND o.reversed_by_id IS NOT DISTINCT FROM e.id)))
  ORDER BY e.id LIMIT 1000`;

export async function verifyLedger(db: Tx | Orm, companyId: number): Promise<{ ok: boolean; checked: number; problems: IntegrityProblem[] }> {
  const t = tableOf(journalEntry);
  const problems: IntegrityProblem[] = [];
  const prevByJournal = new Map<number, { seq: number; hash: string; id: number; number: string | null }>();
  let checked = 0;
  let cursor = { journalId: 0, seq: 0 };
  for (;;) {
    const entries = await db.select().from(t).where(and(eq(t.companyId, companyId), isNotNull(t.chainSeq),
      or(gt(t.journalId, cursor.journalId), and(eq(t.journalId, cursor.journalId), gt(t.chainSeq, cursor.seq)))))
      .orderBy(asc(t.journalId), asc(t.chainSeq)).limit(500);
    if (!entries.length) break;
    const ids = entries.map((e) => e.id as number);
    const lines = await db.select().from(journalLines).where(inArray(journalLines.entryId, ids)).orderBy(asc(journalLines.entryId), asc(journalLines.lineNo));
    const byEntry = new Map<number, typeof lines>();
    for (const l of lines) byEntry.set(l.entryId, [...(byEntry.get(l.entryId) ?? []), l]);
    for (const e of entries) {
      checked++;
      const id = e.id as number;
      const journalId = e.journalId as number;
      const prev = prevByJournal.get(journalId) ?? { seq: 0, hash: '', id: 0, number: null };
      const ls = byEntry.get(id) ?? [];
      const input = { companyId, journalId, chainSeq: e.chainSeq as number, number: e.number as string, date: e.date as string, reference: e.reference as string | null, lines: ls };
      const base = { entryId: id, number: e.number as string | null, journalId };
      if (e.chainSeq !== prev.seq + 1 || e.prevHash !== prev.hash) problems.push({ ...base, reason: 'chain_broken' });
      if (entryHash(e.prevHash as string, input) !== e.hash) problems.push({ ...base, reason: 'content_changed' });
      else if (canonical({ ...input, lines: (e.lines as typeof ls) ?? [] }) !== canonical(input)) problems.push({ ...base, reason: 'lines_copy_changed' });
      const d = ls.reduce((s, l) => s.plus(l.debit), new Decimal(0));
      const c = ls.reduce((s, l) => s.plus(l.credit), new Decimal(0));
      if (!d.eq(c) || !ls.length) problems.push({ ...base, reason: 'unbalanced' });
      prevByJournal.set(journalId, { seq: e.chainSeq as number, hash: e.hash as string, id, number: e.number as string | null });
      cursor = { journalId, seq: e.chainSeq as number };
    }
  }
  const loose = await db.select({ id: t.id, number: t.number, journalId: t.journalId }).from(t)
    .where(and(eq(t.companyId, companyId), isNull(t.chainSeq), ne(t.status, 'draft'))).limit(1000);
  for (const e of loose) problems.push({ entryId: e.id as number, number: e.number as string | null, journalId: e.journalId as number, reason: 'not_chained' });
  const mismatched = (await db.execute(reversalMismatchSql(companyId))).rows as { id: number; number: string | null; journalId: number }[];
  for (const e of mismatched) problems.push({ entryId: Number(e.id), number: e.number, journalId: Number(e.journalId), reason: 'reversal_mismatch' });
  const heads = await db.select().from(ledgerChains).where(eq(ledgerChains.companyId, companyId));
  for (const h of heads) {
    const last = prevByJournal.get(h.journalId);
    if ((last?.seq ?? 0) !== h.seq || (last?.hash ?? '') !== h.lastHash)
      problems.push({ entryId: last?.id ?? 0, number: last?.number ?? null, journalId: h.journalId, reason: 'head_mismatch' });
  }
  return { ok: problems.length === 0, checked, problems };
}
