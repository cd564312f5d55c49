/**
 * Ledger benchmarks on PostgreSQL (run: TEST_DB=postgres TEST_DATABASE_URL=postgres://... npx tsx src/modules/accounting/bench/ledger.bench.ts [lines]).
 * 1. Trial balance and balance sheet over N journal lines (default 1,000,000): p95 over 30 runs, beside the
 *    same trial balance by brute-force SQL over the lines (numbers must agree).
 * 2. Posting 5-line entries over HTTP with 8 concurrent clients for 10 s (one request with "post": true, then
 *    draft + /post for 5 s), beside raw SQL inserting the same rows.
 * Bulk rows are inserted as posted entries outside the hash chain (verify would list them as not_chained).
 */
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import globalSetup from '../../../../tests/support/global-setup';
import { rebuildBalances } from '../server/ledger.balances';
import { postEntry } from '../server/ledger.post';
import { withTx } from '../../../core/db/tx';
import { kit } from '../server/test-kit';

const N = Number(process.argv[2] ?? 1_000_000);
const p95 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
async function time(fn: () => Promise<unknown>, runs = 30): Promise<number[]> {
  const out = [];
  await fn(); // warm-up
  for (let i = 0; i < runs; i++) { const s = performance.now(); await fn(); out.push(performance.now() - s); }
  return out;
}

async function seed(t: TestApp, leaves: number[], journalId: number): Promise<void> {
  const entries = Math.ceil(N / 5);
  const chunk = 20_000;
  for (let from = 0; from < entries; from += chunk) {
    const to = Math.min(entries, from + chunk) - 1;
    await t.db.orm.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`); // skip the per-row balance trigger for the bulk load
      await tx.execute(sql`
        WITH e AS (
          INSERT INTO journal_entries (company_id, journal_id, date, reference, lines, total_debit, total_credit, number, sequence_no, fiscal_year, status, created_by, updated_by)
          SELECT 1, ${journalId}, DATE '2025-01-01' + (g % 730), 'bulk', '[]'::jsonb, 500, 500, 'B/' || g, 1000000 + g, 2025 + (g % 730) / 365, 'posted', 1, 1
          FROM generate_series(${from}::int, ${to}::int) g RETURNING id, date)
        INSERT INTO journal_lines (company_id, entry_id, journal_id, line_no, date, account_id, debit, credit)
        SELECT 1, e.id, ${journalId}, n, e.date, (${sql.raw(`ARRAY[${leaves.join(',')}]`)})[1 + ((e.id * 7 + n * 13) % ${leaves.length})],
          CASE WHEN n < 5 THEN 125 ELSE 0 END, CASE WHEN n = 5 THEN 500 ELSE 0 END
        FROM e, generate_series(1, 5) n`);
    });
  }
  await t.db.orm.transaction((tx) => rebuildBalances(tx, 1));
  await t.db.orm.execute(sql`ANALYZE`);
}

async function main() {
  await globalSetup();
  const t = await testApp();
  const k = await kit(t);
  const leaves = ['1101', '1102', '1103', '1104', '1201', '2101', '2103', '3101', '4101', '4103', '5101', '5102', '5103', '5105'].map(k.acc);
  const s = performance.now();
  await seed(t, leaves, k.jr('GEN'));
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
  const rawRate = await rate(async (w) => {
    await t.db.orm.transaction(async (tx) => {
      await tx.execute(sql`WITH e AS (INSERT INTO journal_entries (company_id, journal_id, date, lines, total_debit, total_credit, status, created_by)
        VALUES (1, ${k.jr('GEN')}, '2026-07-02', '[]', 500, 500, 'draft', 1) RETURNING id)
        INSERT INTO journal_lines (company_id, entry_id, journal_id, line_no, date, account_id, debit, credit)
        SELECT 1, e.id, ${k.jr('GEN')}, n, '2026-07-02', ${leaves[w % 4]!}, CASE WHEN n < 5 THEN 125 ELSE 0 END, CASE WHEN n = 5 THEN 500 ELSE 0 END FROM e, generate_series(1, 5) n`);
    });
    return true;
  });
  const ctx = { db: t.db, locale: 'en' as const, companyId: 1, permissions: new Set<string>(), user: { id: 1, username: 'admin', fullName: 'a', companyId: 1, isSuperuser: true, isInstanceAdmin: true, preferredLanguage: null, avatar: null } };
  const direct = await rate(async () => {
    await withTx(t.db, (tx) => postEntry(tx, ctx, { journalId: k.jr('GEN'), date: '2026-07-03', lines }));
    return true;
  });
  const ledger = await t.admin.get('/api/accounting/ledger/verify');
  console.log(`postEntry in a transaction (no HTTP), ${clients} clients: ${direct.toFixed(0)} entries/s`);
  console.log(`posting 5-line entries over HTTP, ${clients} clients: ${httpRate.toFixed(0)} entries/s (one request, "post": true); raw SQL same rows: ${rawRate.toFixed(0)} entries/s; ratio ${(httpRate / rawRate).toFixed(2)} (goal >= 0.5)`);
  console.log(`  draft then /post (two requests, generic transition): ${draftRate.toFixed(0)} entries/s; chain verified: ${ledger.json().problems.filter((p: { reason: string }) => p.reason !== 'not_chained').length === 0}`);
  await t.close();
}

main().catch((e) => { console.error(e); process.exit(1); });
