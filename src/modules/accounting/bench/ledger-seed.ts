import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../../tests/support/test-app';
import { rebuildBalances } from '../server/ledger.balances';

/**
 * The ledger benchmarks' bulk data: `lines` journal lines (5 per posted entry over 2025-2026, spread over the leaf
 * accounts), inserted as posted entries outside the hash chain, then the balances rebuilt and the tables analysed.
 */
export async function seedLedger(t: TestApp, lines: number, leaves: number[], journalId: number): Promise<void> {
  const entries = Math.ceil(lines / 5);
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
