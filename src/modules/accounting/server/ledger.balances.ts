import { and, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Tx } from '../../../core/db/tx';
import { accountBalances } from './ledger.schema';
import type { EntryLine } from './ledger.validate';

/**
 * Account balances per (company, account, month), maintained in the posting transaction so reports read
 * balances instead of scanning lines. Rows are upserted in ascending account order (one lock order for every
 * poster, so concurrent postings cannot deadlock). rebuildBalances recomputes them from journal_lines; a test
 * proves rebuild = incremental.
 */
export const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

export async function addToBalances(tx: Tx, companyId: number, date: string, lines: EntryLine[]): Promise<void> {
  const byAccount = new Map<number, { d: Decimal; c: Decimal }>();
  for (const l of lines) {
    const cur = byAccount.get(l.accountId) ?? { d: new Decimal(0), c: new Decimal(0) };
    byAccount.set(l.accountId, { d: cur.d.plus(l.debit), c: cur.c.plus(l.credit) });
  }
  const month = monthOf(date);
  const rows = [...byAccount.entries()].sort((a, b) => a[0] - b[0])
    .map(([accountId, v]) => ({ companyId, accountId, month, debit: v.d.toFixed(4), credit: v.c.toFixed(4) }));
  await tx.insert(accountBalances).values(rows).onConflictDoUpdate({
    target: [accountBalances.companyId, accountBalances.accountId, accountBalances.month],
    set: { debit: sql`${accountBalances.debit} + excluded.debit`, credit: sql`${accountBalances.credit} + excluded.credit` },
  });
}

export async function rebuildBalances(tx: Tx, companyId: number): Promise<number> {
  await tx.delete(accountBalances).where(eq(accountBalances.companyId, companyId));
  const res = await tx.execute(sql`
    INSERT INTO account_balances (company_id, account_id, month, debit, credit)
    SELECT company_id, account_id, date_trunc('month', date)::date, sum(debit), sum(credit)
    FROM journal_lines WHERE company_id = ${companyId}
    GROUP BY company_id, account_id, date_trunc('month', date)::date
    ORDER BY account_id`);
  return (res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0;
}

export async function balancesSnapshot(tx: Tx, companyId: number) {
  return tx.select().from(accountBalances).where(and(eq(accountBalances.companyId, companyId)))
    .orderBy(accountBalances.accountId, accountBalances.month);
}
