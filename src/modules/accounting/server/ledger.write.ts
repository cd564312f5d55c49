import { type SQL, sql } from 'drizzle-orm';
import { auditRowsSql } from '../../../core/audit/audit';
import type { Orm } from '../../../core/db/connect';
import { execPipeline, execPrepared } from '../../../core/db/prepared';
import { formatNumberSql, takeNumberSql } from '../../../core/db/sequences';
import type { Tx } from '../../../core/db/tx';
import { type RequestKey, currentRequestKey } from '../../../core/db/request-key';
import { refTitleColumn } from '../../../core/entity/crud.read';
import type { Ctx } from '../../../core/http/context';
import { journalEntry } from '../model/journal-entry.entity';
import { balanceUpsertsSql } from './ledger.balances';
import { canonicalParts, linesText } from './ledger.hash';
import type { EntryLine } from './ledger.validate';

/**
 * Writes entries of one journal and fiscal year into the ledger with ONE statement, in the caller's transaction
 * or on its own (then PostgreSQL commits it by itself: no BEGIN/COMMIT round trips). In order:
 * 1. the gate: the checks of checkEntry again (accounts locked FOR SHARE in ascending order, journal active,
 *    lock date, contacts), the journal's prefix and the fiscal year of the entries' date from the settings;
 * 2. the journal's chain head locked FOR UPDATE, then its next numbers taken (one per entry);
 * 3. the hashes chained in order in SQL (a recursive CTE: sha256 over the previous hash and the canonical text
 *    of ledger.hash.ts, whose parts without chain position and number come from TypeScript);
 * 4. headers (inserted, or the draft updated), lines, balances (ascending accounts), the chain head, one audit
 *    row per entry.
 * The chain lock is thus held from its statement to the commit and no longer. Several entries share one lock
 * and one commit (ledger.batch.ts). When the gate refuses (something changed since the check, or the journal has
 * no chain head yet) nothing is written and the answer is null.
 * A caller's posting of one entry (postEntry) may add to that statement (LateWrite): its writes that must come
 * before the chain lock (stock balances), a document's gapless number taken once the chain is locked and made the
 * entry's reference (so a hot document counter is held only by this statement and the commit), and its own CTEs
 * (stock moves, the document's row), all written only with the entry.
 */
export interface WritableEntry {
  journalId: number; date: string; lines: EntryLine[]; totalDebit: string; totalCredit: string;
  /** Reversals may use accounts deactivated since. */
  allowInactive?: boolean;
}

/** An entry that passed checkEntry: also the journal's prefix and its fiscal year. */
export interface CheckedEntry extends WritableEntry { prefix: string; fiscalYear: number }

export interface WriteMeta {
  reference: string | null;
  /** `id` null: the statement takes it (LateWrite.sourceId). */
  source?: { type: string; id: number | null } | null;
  reversalOfId?: number;
  /** Post this draft row (already locked by the caller) instead of inserting a new entry. */
  draftId?: number;
  /** Audit row written with the entry (the generic transition writes its own for drafts). */
  audit?: { action: string; after: Record<string, unknown> };
}

/**
 * `key`: the request key of a posting written outside any transaction (the batch): the statement inserts it with the
 * entry, so whether the entry committed can be asked later (core/db/request-key.ts). Inside a transaction the key
 * went in with its BEGIN (core/db/tx.ts) and is only carried by the audit row.
 */
export interface EntryToWrite { ctx: Ctx; c: WritableEntry; meta: WriteMeta; key?: RequestKey }

/**
 * More of the posting statement of one entry (in its caller's transaction):
 * - `reference`: the document counter taken under the chain lock (the late document counter of core/db/lock-order.ts,
 *   after the chain), formatted `<prefix>/<fiscal year>/<00001>`; it is the entry's reference (hashed) and,
 *   with `labelLines`, every line's label (`'blank'`: the label of every line that has none). The CTE `ref` (one
 *   column, `reference`) holds it.
 * - `ctes`: CTEs after the entry's, which may read `entries` (the header written), `ref`, and must write nothing
 *   when `entries` is empty (the gate refused);
 * - `select` / `join`: more columns of the answer's row, and FROM items joined to it (ON true).
 */
export interface LateWrite {
  reference?: { docType: string; prefix: string; fiscalYear: number; labelLines?: boolean | 'blank' };
  /**
   * CTEs run before the journal's chain is locked (so it is held no longer than without them), once the gate's
   * checks passed and the journal has its chain head, i.e. exactly when the entry is written: a refused statement
   * writes nothing, and its retry writes them once. They write only `WHERE EXISTS (SELECT 1 FROM ready)`, and
   * `names` lists them (the chain lock waits for them).
   */
  before?: { ctes: SQL; names: string[] };
  /**
   * A statement of the caller's own, sent in the same message just before the posting statement (execPipeline): it
   * runs whole before the journal's chain is locked, with no round trip between the two. It is not sent again when
   * the gate refuses and the posting is tried once more (postEntry): its rows are already written in the
   * transaction.
   */
  lead?: SQL;
  /**
   * The entry's source id as the statement takes it (a `before` CTE's, e.g. the id of the source's row that a later
   * CTE inserts with the entry's id: a payment written by its own posting), for the entry's source_id and its audit
   * row's `source`; the caller's `source.id` is then null.
   */
  sourceId?: SQL;
  ctes?: SQL;
  select?: SQL;
  join?: SQL;
  /**
   * The statement is the transaction's last write and commits it (execPrepared's `commit`): the chain and counters
   * are held by the statement and the commit only. A refused gate then fails the statement (CommitRefused), so the
   * caller runs its transaction again without `commit`, where postEntry can tell why (or make the chain head).
   */
  commit?: boolean;
}

export interface Written { id: number; number: string; sequenceNo: number; hash: string; /** The header row as written (SQL column names). */ row: Record<string, unknown> }

/** '{1,2,3}': a PostgreSQL int[] literal of validated ids (one parameter, for `= ANY(...)`). */
export const intArray = (ids: number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

/** One row: ok (every check passes), the journal's prefix, the fiscal year of `date` (fiscalYearOf in SQL). */
function gateSql(companyId: number, batch: EntryToWrite[]): SQL {
  const lines = batch.flatMap((e) => e.c.lines);
  const accounts = [...new Set(lines.map((l) => l.accountId))].sort((a, b) => a - b);
  const contacts = [...new Set(lines.map((l) => l.contactId).filter((x): x is number => x !== null))];
  const first = batch.map((e) => e.c.date).sort()[0]!;
  const date = sql`${batch[0]!.c.date}::date`;
  return sql`SELECT
      (SELECT count(*) FROM (SELECT 1 FROM accounts WHERE company_id = ${companyId}::int AND id = ANY(${intArray(accounts)}::int[]) AND is_leaf
         AND (status = 'active' OR ${batch.every((e) => e.c.allowInactive)}::boolean) ORDER BY id FOR SHARE) a) = ${accounts.length}::int
      AND EXISTS (SELECT 1 FROM journals WHERE id = ${batch[0]!.c.journalId}::int AND company_id = ${companyId}::int AND is_active)
      AND NOT EXISTS (SELECT 1 FROM accounting_settings WHERE company_id = ${companyId}::int AND lock_date >= ${first}::date)
      AND (SELECT count(*) FROM contacts WHERE company_id = ${companyId}::int AND id = ANY(${intArray(contacts)}::int[])) = ${contacts.length}::int AS ok,
    (SELECT prefix FROM journals WHERE id = ${batch[0]!.c.journalId}::int) AS prefix,
    extract(year FROM ${date})::int - CASE WHEN (extract(month FROM ${date})::int, extract(day FROM ${date})::int)
      < (SELECT coalesce(max(fiscal_year_start_month), 1), coalesce(max(fiscal_year_start_day), 1) FROM accounting_settings WHERE company_id = ${companyId}::int)
      THEN 1 ELSE 0 END AS fy`;
}

/** Headers from the chained rows `h` joined to their input rows `e` (and `chain`: fiscal year). */
function headerSql(companyId: number, journalId: number, draftId?: number): SQL {
  const from = sql`h JOIN input e ON e.n = h.n CROSS JOIN chain`;
  if (draftId)
    return sql`UPDATE journal_entries SET date = e.date, reference = e.reference, lines = e.lines, total_debit = e.total_debit,
      total_credit = e.total_credit, number = h.number, sequence_no = h.sequence_no, fiscal_year = chain.fy,
      chain_seq = h.chain_seq, prev_hash = h.prev_hash, hash = h.hash, posted_at = now(), status = 'posted', updated_by = e.user_id, updated_at = now()
      FROM ${from} WHERE journal_entries.id = ${draftId}::int AND journal_entries.company_id = ${companyId}::int AND journal_entries.status = 'draft'
      RETURNING journal_entries.*`;
  return sql`INSERT INTO journal_entries (company_id, journal_id, date, reference, lines, total_debit, total_credit, number, sequence_no,
      fiscal_year, chain_seq, prev_hash, hash, posted_at, status, source_type, source_id, reversal_of_id, created_by, updated_by)
    SELECT ${companyId}::int, ${journalId}::int, e.date, e.reference, e.lines, e.total_debit, e.total_credit, h.number, h.sequence_no,
      chain.fy, h.chain_seq, h.prev_hash, h.hash, now(), 'posted', e.source_type, e.source_id, e.reversal_of_id, e.user_id, e.user_id
    FROM ${from} ORDER BY h.n
    RETURNING *`;
}

const inputRecords = (inputs: object[]) => sql`jsonb_to_recordset(${JSON.stringify(inputs)}::jsonb) AS e(n int, date date, reference text, lines jsonb,
      total_debit numeric, total_credit numeric, source_type text, source_id int, reversal_of_id int, user_id int, pre text, post text)`;

/** The input row of one entry whose reference is `ref` (taken in the statement): in the canonical text and, with `labels`, on every line (or every line without a label). */
function lateInputSql(inputs: object[], labels: boolean | 'blank', sourceId: SQL): SQL {
  const label = sql`jsonb_build_object('label', nullif(left(ref.reference, 500), ''))`;
  const line = labels === 'blank' ? sql`CASE WHEN l.v->>'label' IS NULL THEN l.v || ${label} ELSE l.v END` : sql`l.v || ${label}`;
  const lines = labels
    ? sql`(SELECT jsonb_agg(${line} ORDER BY l.i) FROM jsonb_array_elements(e.lines) WITH ORDINALITY AS l(v, i))`
    : sql`e.lines`;
  return sql`input AS (SELECT e.n, e.date, ref.reference, ${lines} AS lines, e.total_debit, e.total_credit, e.source_type, ${sourceId} AS source_id,
      e.reversal_of_id, e.user_id, e.pre, '|' || e.date::text || '|' || ref.reference || e.post AS post
    FROM ${inputRecords(inputs)} CROSS JOIN ref)`;
}

/**
 * Writes `batch` (same company, journal, date's fiscal year and caller's language; a draft only alone, in the
 * caller's transaction) and answers its entries in order, or null when the gate refuses (for a draft: also when
 * it is no longer one; the caller must then roll back, as the head may have moved).
 */
export async function writeEntries(q: Tx | Orm, batch: EntryToWrite[], late: LateWrite = {}): Promise<Written[] | null> {
  const { ctx } = batch[0]!;
  const co = ctx.companyId;
  const { journalId } = batch[0]!.c;
  const lateRef = late.reference;
  if ((lateRef || late.ctes || late.before || late.lead || late.commit || late.sourceId) && batch.length !== 1) throw new Error('a late reference, CTEs, a lead, a source id or a commit go with one entry');
  const inputs = batch.map(({ ctx: who, c, meta }, i) => ({
    n: i + 1, date: c.date, reference: meta.reference, lines: c.lines, total_debit: c.totalDebit, total_credit: c.totalCredit,
    source_type: meta.source?.type ?? null, source_id: meta.source?.id ?? null, reversal_of_id: meta.reversalOfId ?? null, user_id: who.user.id,
    // with a late reference, post is what follows it (the lines): the statement puts '|date|reference' before it
    ...(lateRef ? { pre: canonicalParts({ companyId: co, journalId, date: c.date, reference: null, lines: [] }).pre, post: linesText(c.lines) }
      : canonicalParts({ companyId: co, journalId, date: c.date, reference: meta.reference, lines: c.lines })),
  }));
  const keyOf = (e: EntryToWrite) => e.key?.key ?? currentRequestKey()?.key ?? null;
  const audits = batch.flatMap((e, i) => e.meta.audit ? [{ n: i + 1, action: e.meta.audit.action, user_id: e.ctx.user.id, key: keyOf(e), after: e.meta.audit.after }] : []);
  const audit = audits.length
    ? sql`, audit AS (${auditRowsSql(journalEntry, sql`SELECT ${co}::int AS company_id, entries.id AS record_id, a.action, a.user_id, a.key AS request_key,
        jsonb_build_object('number', entries.number) || a.after${late.sourceId ? sql` || jsonb_build_object('source', jsonb_build_object('type', entries.source_type, 'id', entries.source_id))` : sql``} AS after
        FROM entries JOIN h ON h.chain_seq = entries.chain_seq
        JOIN jsonb_to_recordset(${JSON.stringify(audits)}::jsonb) AS a(n int, action text, user_id int, key text, after jsonb) ON a.n = h.n`)})`
    : sql``;
  // keys of postings written outside a transaction: inserted with the entries, or not at all
  const keys = batch.flatMap((e) => e.key ? [{ key: e.key.key, hash: e.key.hash }] : []);
  const keyRows = keys.length
    ? sql`, keys AS (INSERT INTO idempotency_keys (company_id, key, request_hash)
        SELECT ${co}::int, k.key, k.hash FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k(key text, hash text) WHERE EXISTS (SELECT 1 FROM entries))`
    : sql``;
  // one text per shape (lists are jsonb or array parameters): a named prepared statement, planned once per connection
  const statement = sql`
    WITH RECURSIVE gate AS (${gateSql(co, batch)}),
    ${late.before ? sql`ready AS (SELECT 1 FROM gate WHERE gate.ok AND EXISTS (SELECT 1 FROM ledger_chains WHERE journal_id = ${journalId}::int)),
    ${late.before.ctes},` : sql``}
    chain AS (SELECT l.seq, l.last_hash, gate.prefix, gate.fy FROM ledger_chains l, gate
      WHERE l.journal_id = ${journalId}::int AND gate.ok${late.before ? sql.raw(late.before.names.map((n) => ` AND (SELECT count(*) FROM ${n}) >= 0`).join('')) : sql``}
      FOR UPDATE OF l),
    ${lateRef ? sql`docnum AS (${takeNumberSql(co, lateRef.docType, lateRef.fiscalYear, lateRef.prefix, { after: sql`chain` })}),
    ref AS (SELECT ${formatNumberSql(sql`docnum.prefix`, sql`${lateRef.fiscalYear}::int`, sql`docnum.value`)} AS reference FROM docnum),` : sql``}
    num AS (${takeNumberSql(co, `journal:${journalId}`, sql`chain.fy`, sql`chain.prefix`, { after: sql`chain`, count: batch.length })}),
    ${lateRef ? lateInputSql(inputs, lateRef.labelLines ?? false, late.sourceId ?? sql`e.source_id`)
      : late.sourceId ? sql`input AS (SELECT e.n, e.date, e.reference, e.lines, e.total_debit, e.total_credit, e.source_type, ${late.sourceId} AS source_id,
          e.reversal_of_id, e.user_id, e.pre, e.post FROM ${inputRecords(inputs)})`
      : sql`input AS (SELECT * FROM ${inputRecords(inputs)})`},
    h (n, chain_seq, sequence_no, number, prev_hash, hash) AS (
      SELECT 0, seq, 0, NULL::text, NULL::text, last_hash::text FROM chain
      UNION ALL
      SELECT h.n + 1, h.chain_seq + 1, x.value, x.number, h.hash,
        encode(sha256(convert_to(h.hash || E'\n' || e.pre || (h.chain_seq + 1)::text || '|' || x.number || e.post, 'UTF8')), 'hex')
      FROM h JOIN input e ON e.n = h.n + 1 CROSS JOIN chain CROSS JOIN num
        CROSS JOIN LATERAL (SELECT (num.value + h.n)::int AS value, ${formatNumberSql(sql`num.prefix`, sql`chain.fy`, sql`(num.value + h.n)`)} AS number) x),
    entries AS (${headerSql(co, journalId, batch[0]!.meta.draftId)}),
    lines AS (
      INSERT INTO journal_lines (company_id, entry_id, journal_id, line_no, date, account_id, contact_id, debit, credit, label)
      SELECT ${co}::int, entries.id, ${journalId}::int, l.n, entries.date, (l.v->>'accountId')::int, (l.v->>'contactId')::int,
        (l.v->>'debit')::numeric, (l.v->>'credit')::numeric, l.v->>'label'
      FROM entries, jsonb_array_elements(entries.lines) WITH ORDINALITY AS l(v, n)
      ORDER BY entries.chain_seq, l.n),
    ${balanceUpsertsSql(co, batch.map((e) => e.c), sql`entries`)},
    head AS (UPDATE ledger_chains SET seq = x.chain_seq, last_hash = x.hash
      FROM (SELECT chain_seq, hash FROM h WHERE n > 0 ORDER BY n DESC LIMIT 1) x WHERE journal_id = ${journalId}::int)
    ${audit}${keyRows}${late.ctes ? sql`, ${late.ctes}` : sql``}
    SELECT entries.*, ${refTitleColumn(ctx, journalEntry, 'journalId', sql`entries.journal_id`)}${late.select ? sql`, ${late.select}` : sql``}
      ${late.commit ? sql`, 1 / (entries.id IS NOT NULL)::int AS __written` : sql``}
    FROM ${late.commit ? sql`(SELECT 1) AS __one LEFT JOIN entries ON true` : sql`entries`}${late.join ? sql` LEFT JOIN ${late.join} ON true` : sql``}
    ORDER BY entries.chain_seq`;
  const res = late.lead ? (await execPipeline(q, [late.lead, statement], { commit: late.commit }))[1]! : await execPrepared(q, statement, { commit: late.commit });
  if (!res.rows.length) return null;
  // Under the chain lock every header is written or none (the gate refused); only a draft that is no longer one
  // (always in its caller's transaction) can be missed: throwing rolls it back.
  if (res.rows.length !== batch.length) throw new Error(`ledger write wrote ${res.rows.length} of ${batch.length} entries`);
  return res.rows.map((row) => ({ id: Number(row.id), number: String(row.number), sequenceNo: Number(row.sequence_no), hash: String(row.hash), row }));
}
