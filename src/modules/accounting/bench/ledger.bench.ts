/**
 * Ledger benchmarks on PostgreSQL (run: TEST_DB=postgres TEST_DATABASE_URL=postgres://... npx tsx src/modules/accounting/bench/ledger.bench.ts [lines]).
 * 1. Trial balance and balance sheet over N journal lines (default 1,000,000): p95 over 30 runs, beside the
 *    same trial balance by brute-force SQL over the lines (numbers must agree).
 * 2. Posting 5-line entries over HTTP with 8 concurrent clients for 10 s (one request with "post": true, then
 *    draft + /post for 5 s), beside raw SQL writing the same rows a posting writes (gapless number, hash chain head,
 *    posted entry, lines, month and day balances, audit row) in one statement per entry; and, for comparison,
 *    raw SQL inserting drafts only.
 * Bulk rows are inserted as posted entries outside the hash chain (verify would list them as not_chained).
 */
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { testApp } from '../../../../tests/support/test-app';
import globalSetup from '../../../../tests/support/global-setup';
import { postEntry } from '../server/ledger.post';
import { withTx } from '../../../core/db/tx';
import { kit } from '../server/test-kit';
import { seedLedger } from './ledger-seed';

const N = Number(process.argv[2] ?? 1_000_000);
const p95 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
async function time(fn: () => Promise<unknown>, runs = 30): Promise<number[]> {
  const out = [];
  await fn(); // warm-up
  for (let i = 0; i < runs; i++) { const s = performance.now(); await fn(); out.push(performance.now() - s); }
  return out;
}

async function main() {
  await globalSetup();
  const t = await testApp();
  const k = await kit(t);
  const leaves = ['1101', '1102', '1103', '1104', '1201', '2101', '2103', '3101', '4101', '4103', '5101', '5102', '5103', '5105'].map(k.acc);
  const s = performance.now();
  await seedLedger(t, N, leaves, k.jr('GEN'));
  console.log(`seeded ${N} lines in ${((performance.now() - s) / 1000).toFixed(1)} s`);

  const tbUrl = '/api/accounting/reports/trial-balance?from=2025-03-01&to=2026-06-30';
  const tbOdd = '/api/accounting/reports/trial-balance?from=2025-03-17&to=2026-06-11';
  const tb = await time(() => t.admin.get(tbUrl));
  const odd = await time(() => t.admin.get(tbOdd));
  const bs = await time(() => t.admin.get('/api/accounting/reports/balance-sheet?to=2026-06-30'));
  const brute = await time(() => t.db.orm.execute(sql`SELECT account_id, sum(debit), sum(credit) FROM journal_lines WHERE company_id = 1 AND date BETWEEN '2025-03-01' AND '2026-06-30' GROUP BY account_id`), 5);
  const rows = (await t.admin.get(tbUrl)).json().rows as { accountId: number; debit: string; credit: string }[];
  const b = (await t.db.orm.execute(sql`SELECT account_id AS id, sum(debit)::text AS d, sum(credit)::text AS c FROM journal_lines WHERE company_id = 1 AND date BETWEEN '2025-03-01' AND '2026-06-30' GROUP BY account_id`)).rows as { id: number; d: string; c: string }[];
  const agree = b.every((x) => { const r = rows.find((y) => y.accountId === Number(x.id)); return r && new Decimal(r.debit).eq(new Decimal(x.d).toFixed(2)) && new Decimal(r.credit).eq(new Decimal(x.c).toFixed(2)); });
  console.log(`trial balance (month-aligned) p95 ${p95(tb).toFixed(1)} ms; (unaligned) p95 ${p95(odd).toFixed(1)} ms; balance sheet p95 ${p95(bs).toFixed(1)} ms; brute-force SQL p95 ${p95(brute).toFixed(1)} ms; same numbers: ${agree}`);

  const lines = [125, 125, 125, 125].map((a, i) => ({ accountId: leaves[i]!, debit: String(a) })).concat([{ accountId: leaves[7]!, credit: '500' } as never]);
  const duration = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
  const clients = Number(process.env.BENCH_CLIENTS ?? 8);
  /** Entries per second of `clients` loops running `one` for `ms`; `one` answers whether it posted. */
  const rate = async (one: (w: number) => Promise<boolean>, ms = duration) => {
    let n = 0;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: clients }, async (_, w) => {
      while (performance.now() - t0 < ms) if (await one(w)) n++;
    }));
    return n / ((performance.now() - t0) / 1000);
  };
  // What users and other modules use: one request that creates the entry posted (postEntry in one transaction).
  const httpRate = await rate(async () =>
    (await t.admin.post('/api/accounting/journal-entries', { journalId: k.jr('GEN'), date: '2026-07-01', lines, post: true })).statusCode === 201);
  const draftRate = await rate(async () => {
    const d = await t.admin.post('/api/accounting/journal-entries', { journalId: k.jr('GEN'), date: '2026-07-01', lines });
    return (await t.admin.post(`/api/accounting/journal-entries/${d.json().id}/post`, {})).statusCode === 200;
  }, duration / 2);
  // Raw SQL writing the rows a posting writes, by hand, one statement per entry: the next gapless number, the
  // journal's chain head locked and advanced with a sha256 over the previous hash and the entry, the posted
  // entry and its 5 lines, the month and day balances, and the audit row. It posts to its own journal (CSH), so
  // its hashes, which cover fewer fields than the application's canonical form, stay out of GEN's chain check.
  const rawJournal = k.jr('CSH');
  await t.db.orm.execute(sql`INSERT INTO ledger_chains (journal_id, company_id) VALUES (${rawJournal}, 1) ON CONFLICT DO NOTHING`);
  await t.db.orm.execute(sql`INSERT INTO doc_sequences (company_id, doc_type, fiscal_year, prefix, next_value) VALUES (1, 'bench-raw', 2026, 'RAW/2026/', 1) ON CONFLICT DO NOTHING`);
  const rawRate = await rate(async (w) => {
    const a = leaves[w % 4]!;
    const c = leaves[7]!;
    await t.db.orm.execute(sql`
      WITH head AS (SELECT seq, last_hash FROM ledger_chains WHERE journal_id = ${rawJournal} FOR UPDATE),
      num AS (UPDATE doc_sequences SET next_value = next_value + 1 WHERE company_id = 1 AND doc_type = 'bench-raw' AND fiscal_year = 2026 RETURNING next_value - 1 AS n, prefix),
      h AS (SELECT num.n, num.prefix || lpad(num.n::text, 5, '0') AS number, head.seq + 1 AS seq, head.last_hash AS prev,
        encode(sha256(convert_to(concat_ws('|', head.last_hash, num.n, '2026-07-02', ${a}::int, '500.00', ${c}::int, '500.00'), 'UTF8')), 'hex') AS hash FROM head, num),
      ch AS (UPDATE ledger_chains SET seq = h.seq, last_hash = h.hash FROM h WHERE journal_id = ${rawJournal}),
      e AS (INSERT INTO journal_entries (company_id, journal_id, date, reference, lines, total_debit, total_credit, number, sequence_no, fiscal_year, chain_seq, prev_hash, hash, status, posted_at, created_by, updated_by)
        SELECT 1, ${rawJournal}, '2026-07-02', 'raw', '[]', 500, 500, h.number, h.n, 2026, h.seq, h.prev, h.hash, 'posted', now(), 1, 1 FROM h RETURNING id),
      l AS (INSERT INTO journal_lines (company_id, entry_id, journal_id, line_no, date, account_id, debit, credit)
        SELECT 1, e.id, ${rawJournal}, n, '2026-07-02', CASE WHEN n < 5 THEN ${a}::int ELSE ${c}::int END, CASE WHEN n < 5 THEN 125 ELSE 0 END, CASE WHEN n = 5 THEN 500 ELSE 0 END FROM e, generate_series(1, 5) n),
      b AS (SELECT * FROM (VALUES (${a}::int, 500::numeric, 0::numeric), (${c}::int, 0::numeric, 500::numeric)) b(acc, d, cr) ORDER BY acc),
      mo AS (INSERT INTO account_balances (company_id, account_id, month, debit, credit) SELECT 1, acc, '2026-07-01', d, cr FROM b
        ON CONFLICT (company_id, account_id, month) DO UPDATE SET debit = account_balances.debit + excluded.debit, credit = account_balances.credit + excluded.credit),
      dy AS (INSERT INTO account_day_balances (company_id, account_id, day, debit, credit) SELECT 1, acc, '2026-07-02', d, cr FROM b
        ON CONFLICT (company_id, account_id, day) DO UPDATE SET debit = account_day_balances.debit + excluded.debit, credit = account_day_balances.credit + excluded.credit)
      INSERT INTO audit_log (company_id, entity, record_id, action, user_id, after) SELECT 1, 'journalEntry', e.id, 'post', 1, jsonb_build_object('status', 'posted') FROM e`);
    return true;
  });
  // The earlier baseline, kept for comparison: drafts only (no number, chain, balances or audit), which no
  // correct posting can match because every posting of one journal passes its chain head in turn.
  const draftOnlyRate = await rate(async (w) => {
    await t.db.orm.transaction(async (tx) => {
      await tx.execute(sql`WITH e AS (INSERT INTO journal_entries (company_id, journal_id, date, lines, total_debit, total_credit, status, created_by)
        VALUES (1, ${k.jr('GEN')}, '2026-07-02', '[]', 500, 500, 'draft', 1) RETURNING id)
        INSERT INTO journal_lines (company_id, entry_id, journal_id, line_no, date, account_id, debit, credit)
        SELECT 1, e.id, ${k.jr('GEN')}, n, '2026-07-02', ${leaves[w % 4]!}, CASE WHEN n < 5 THEN 125 ELSE 0 END, CASE WHEN n = 5 THEN 500 ELSE 0 END FROM e, generate_series(1, 5) n`);
    });
    return true;
  }, duration / 2);
  const ctx = { db: t.db, locale: 'en' as const, companyId: 1, timeZone: 'UTC', permissions: new Set<string>(), user: { id: 1, username: 'admin', fullName: 'a', companyId: 1, isSuperuser: true, isInstanceAdmin: true, preferredLanguage: null, avatar: null, mustChangePassword: false } };
  const direct = await rate(async () => {
    await withTx(t.db, (tx) => postEntry(tx, ctx, { journalId: k.jr('GEN'), date: '2026-07-03', lines }));
    return true;
  });
  const ledger = await t.admin.get('/api/accounting/ledger/verify');
  console.log(`postEntry in a transaction (no HTTP), ${clients} clients: ${direct.toFixed(0)} entries/s`);
  console.log(`posting 5-line entries over HTTP, ${clients} clients: ${httpRate.toFixed(0)} entries/s (one request, "post": true); raw SQL posting the same rows (number, chain, lines, balances, audit): ${rawRate.toFixed(0)} entries/s; ratio ${(httpRate / rawRate).toFixed(2)} (goal >= 0.5)`);
  console.log(`  raw SQL drafts only (no number, chain, balances or audit): ${draftOnlyRate.toFixed(0)} entries/s; ratio ${(httpRate / draftOnlyRate).toFixed(2)}`);
  console.log(`  draft then /post (two requests, generic transition): ${draftRate.toFixed(0)} entries/s; chain of GEN verified: ${ledger.json().problems.filter((p: { reason: string; journalId: number }) => p.reason !== 'not_chained' && p.journalId !== rawJournal).length === 0}`);
  await t.close();
}

main().catch((e) => { console.error(e); process.exit(1); });
