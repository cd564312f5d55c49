import { type SQL, sql } from 'drizzle-orm';
import { auditRowsSql } from '../../../core/audit/audit';
import { formatNumber, takeNumberSql } from '../../../core/db/sequences';
import type { Tx } from '../../../core/db/tx';
import { refTitleColumn } from '../../../core/entity/crud.service';
import type { Ctx } from '../../../core/http/context';
import { journalEntry } from '../model/journal-entry.entity';
import { balanceUpsertsSql } from './ledger.balances';
import { entryHash } from './ledger.hash';
import type { EntryLine } from './ledger.validate';

/**
 * Writes checked entries of one journal and fiscal year into the ledger, in the caller's transaction, with two
 * statements:
 * 1. the gate (the checks of checkEntry again, accounts locked FOR SHARE in ascending order), then the journal's
 *    chain head locked and its next numbers taken, one per entry;
 * 2. with the hashes chained in order (ledger.hash.ts): headers (inserted, or the draft updated), lines, balances
 *    (ascending accounts), the chain head, one audit row per entry.
 * Several entries share one chain lock and one commit (ledger.batch.ts), so the journal's lock is not held across
 * a WAL flush per entry. When the gate refuses (something changed since checkEntry, or the journal has no chain
 * head yet) nothing is written and the answer is null.
 */
export interface CheckedEntry {
  journalId: number; prefix: string; date: string; lines: EntryLine[]; totalDebit: string; totalCredit: string; fiscalYear: number;
  /** Reversals may use accounts deactivated since. */
  allowInactive?: boolean;
}

export interface WriteMeta {
  reference: string | null;
  source?: { type: string; id: number } | null;
  reversalOfId?: number;
  /** Post this draft row (already locked by the caller) instead of inserting a new entry. */
  draftId?: number;
  /** Audit row written with the entry (the generic transition writes its own for drafts). */
  audit?: { action: string; after: Record<string, unknown> };
}

export interface EntryToWrite { ctx: Ctx; c: CheckedEntry; meta: WriteMeta }

export interface Written { id: number; number: string; sequenceNo: number; hash: string; /** The header row as written (SQL column names). */ row: Record<string, unknown> }

/** '{1,2,3}': a PostgreSQL int[] literal of validated ids (one parameter, for `= ANY(...)`). */
export const intArray = (ids: number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

function gateSql(companyId: number, batch: EntryToWrite[]): SQL {
  const lines = batch.flatMap((e) => e.c.lines);
  const accounts = [...new Set(lines.map((l) => l.accountId))].sort((a, b) => a - b);
  const contacts = [...new Set(lines.map((l) => l.contactId).filter((x): x is number => x !== null))];
  const first = batch.map((e) => e.c.date).sort()[0]!;
  return sql`SELECT
      (SELECT count(*) FROM (SELECT 1 FROM accounts WHERE company_id = ${companyId}::int AND id = ANY(${intArray(accounts)}::int[]) AND is_leaf
         AND (status = 'active' OR ${batch.every((e) => e.c.allowInactive)}::boolean) ORDER BY id FOR SHARE) a) = ${accounts.length}::int
      AND EXISTS (SELECT 1 FROM journals WHERE id = ${batch[0]!.c.journalId}::int AND company_id = ${companyId}::int AND is_active)
      AND NOT EXISTS (SELECT 1 FROM accounting_settings WHERE company_id = ${companyId}::int AND lock_date >= ${first}::date)
      AND (SELECT count(*) FROM contacts WHERE company_id = ${companyId}::int AND id = ANY(${intArray(contacts)}::int[])) = ${contacts.length}::int AS ok`;
}

/** Statement 1: gate, chain head lock, numbers. Null when the gate refuses. */
async function lockAndNumber(tx: Tx, companyId: number, batch: EntryToWrite[]) {
  const { journalId, fiscalYear, prefix } = batch[0]!.c;
  const res = await tx.execute(sql`
    WITH gate AS (${gateSql(companyId, batch)}),
    chain AS (SELECT seq, last_hash FROM ledger_chains, gate WHERE journal_id = ${journalId}::int AND gate.ok FOR UPDATE OF ledger_chains),
    num AS (${takeNumberSql(companyId, `journal:${journalId}`, fiscalYear, prefix, { after: sql`chain`, count: batch.length })})
    SELECT chain.seq, chain.last_hash AS "lastHash", num.value AS "first", num.prefix FROM chain, num`);
  const r = res.rows[0] as { seq: number; lastHash: string; first: string | number; prefix: string } | undefined;
  return r ? { seq: Number(r.seq), lastHash: r.lastHash, first: Number(r.first), prefix: r.prefix } : null;
}

function headerSql(companyId: number, headers: Record<string, unknown>[], draftId?: number): SQL {
  const rows = sql`jsonb_to_recordset(${JSON.stringify(headers)}::jsonb) AS e(date date, reference text, lines jsonb,
    total_debit numeric, total_credit numeric, number text, sequence_no int, chain_seq int, prev_hash text, hash text,
    source_type text, source_id int, reversal_of_id int, user_id int)`;
  if (draftId)
    return sql`UPDATE journal_entries SET date = e.date, reference = e.reference, lines = e.lines, total_debit = e.total_debit,
      total_credit = e.total_credit, number = e.number, sequence_no = e.sequence_no, fiscal_year = ${headers[0]!.fiscal_year}::int,
      chain_seq = e.chain_seq, prev_hash = e.prev_hash, hash = e.hash, posted_at = now(), status = 'posted', updated_by = e.user_id, updated_at = now()
      FROM ${rows} WHERE journal_entries.id = ${draftId}::int AND journal_entries.company_id = ${companyId}::int AND journal_entries.status = 'draft'
      RETURNING journal_entries.*`;
  return sql`INSERT INTO journal_entries (company_id, journal_id, date, reference, lines, total_debit, total_credit, number, sequence_no,
      fiscal_year, chain_seq, prev_hash, hash, posted_at, status, source_type, source_id, reversal_of_id, created_by, updated_by)
    SELECT ${companyId}::int, ${headers[0]!.journal_id}::int, e.date, e.reference, e.lines, e.total_debit, e.total_credit, e.number, e.sequence_no,
      ${headers[0]!.fiscal_year}::int, e.chain_seq, e.prev_hash, e.hash, now(), 'posted', e.source_type, e.source_id, e.reversal_of_id, e.user_id, e.user_id
    FROM ${rows} ORDER BY e.chain_seq
    RETURNING *`;
}

/**
 * Writes `batch` (same company, journal, fiscal year and caller's language; a draft only alone) and answers its
 * entries in order, or null when the gate refuses.
 */
export async function writeEntries(tx: Tx, batch: EntryToWrite[]): Promise<Written[] | null> {
  const { ctx } = batch[0]!;
  const co = ctx.companyId;
  const { journalId, fiscalYear } = batch[0]!.c;
  const head = await lockAndNumber(tx, co, batch);
  if (!head) return null;
  let prevHash = head.lastHash;
  const headers = batch.map(({ ctx: who, c, meta }, i) => {
    const chainSeq = head.seq + 1 + i;
    const number = formatNumber(head.prefix, fiscalYear, head.first + i);
    const hash = entryHash(prevHash, { companyId: co, journalId, chainSeq, number, date: c.date, reference: meta.reference, lines: c.lines });
    const row = {
      journal_id: journalId, fiscal_year: fiscalYear, date: c.date, reference: meta.reference, lines: c.lines, total_debit: c.totalDebit,
      total_credit: c.totalCredit, number, sequence_no: head.first + i, chain_seq: chainSeq, prev_hash: prevHash, hash,
      source_type: meta.source?.type ?? null, source_id: meta.source?.id ?? null, reversal_of_id: meta.reversalOfId ?? null, user_id: who.user.id,
    };
    prevHash = hash;
    return row;
  });
  const audits = batch.flatMap(({ ctx: who, meta }, i) => meta.audit ? [{ chain_seq: head.seq + 1 + i, action: meta.audit.action, user_id: who.user.id, after: meta.audit.after }] : []);
  const audit = audits.length
    ? sql`, audit AS (${auditRowsSql(journalEntry, sql`SELECT ${co}::int AS company_id, entries.id AS record_id, a.action, a.user_id,
        jsonb_build_object('number', entries.number) || a.after AS after
        FROM entries JOIN jsonb_to_recordset(${JSON.stringify(audits)}::jsonb) AS a(chain_seq int, action text, user_id int, after jsonb)
        ON a.chain_seq = entries.chain_seq`)})`
    : sql``;
  const res = await tx.execute(sql`
    WITH entries AS (${headerSql(co, headers, batch[0]!.meta.draftId)}),
    lines AS (
      INSERT INTO journal_lines (company_id, entry_id, journal_id, line_no, date, account_id, contact_id, debit, credit, label)
      SELECT ${co}::int, entries.id, ${journalId}::int, l.n, entries.date, (l.v->>'accountId')::int, (l.v->>'contactId')::int,
        (l.v->>'debit')::numeric, (l.v->>'credit')::numeric, l.v->>'label'
      FROM entries, jsonb_array_elements(entries.lines) WITH ORDINALITY AS l(v, n)
      ORDER BY entries.chain_seq, l.n),
    ${balanceUpsertsSql(co, batch.map((e) => e.c), sql`entries`)},
    head AS (UPDATE ledger_chains SET seq = ${head.seq + batch.length}::int, last_hash = ${prevHash}::text WHERE journal_id = ${journalId}::int)
    ${audit}
    SELECT entries.*, ${refTitleColumn(ctx, journalEntry, 'journalId', sql`entries.journal_id`)} FROM entries ORDER BY entries.chain_seq`);
  // Under the chain lock every header is written; fewer rows means a draft that is no longer one: roll back.
  if (res.rows.length !== batch.length) throw new Error(`ledger write wrote ${res.rows.length} of ${batch.length} entries`);
  return res.rows.map((row) => ({ id: Number(row.id), number: String(row.number), sequenceNo: Number(row.sequence_no), hash: String(row.hash), row }));
}
