import { type SQL, and, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { decimalsLiteral, intsLiteral } from '../../../core/db/prepared';
import type { Tx } from '../../../core/db/tx';
import { accountBalances, accountDayBalances } from './ledger.schema';
import type { EntryLine } from './ledger.validate';

/**
 * Account balances per (company, account, month) and per day, maintained in the posting transaction so reports
 * read balances instead of scanning lines. Rows are upserted in ascending account order (the last kind of
 * core/db/lock-order.ts, so concurrent postings cannot deadlock). rebuildBalances recomputes them from journal_lines; a test
 * proves rebuild = incremental.
 */
export const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * Both upserts as two CTEs (`month_balances`, `day_balances`) for the posting statement of one or more entries,
 * written only when the CTE `entries` wrote them; rows in ascending (account, period) order in both.
 */
export function balanceUpsertsSql(companyId: number, entries: { date: string; lines: EntryLine[] }[], written: SQL): SQL {
  const values = (periodOf: (date: string) => string) => {
    const sums = new Map<string, { accountId: number; period: string; d: Decimal; c: Decimal }>();
    for (const e of entries)
      for (const l of e.lines) {
        const period = periodOf(e.date);
        const key = `${String(l.accountId).padStart(10, '0')}|${period}`;
        const cur = sums.get(key) ?? { accountId: l.accountId, period, d: new Decimal(0), c: new Decimal(0) };
        sums.set(key, { ...cur, d: cur.d.plus(l.debit), c: cur.c.plus(l.credit) });
      }
    // rows as array parameters: the posting statement's text does not change with its number of lines (execPrepared)
    const rows = [...sums.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, v]) => v);
    return sql`SELECT ${companyId}::int, v.a, v.p, v.d, v.c FROM unnest(${intsLiteral(rows.map((r) => r.accountId))}::int[],
        ${`{${rows.map((r) => r.period).join(',')}}`}::date[], ${decimalsLiteral(rows.map((r) => r.d.toFixed(4)))}::numeric[],
        ${decimalsLiteral(rows.map((r) => r.c.toFixed(4)))}::numeric[]) AS v(a, p, d, c)
      WHERE EXISTS (SELECT 1 FROM ${written}) ORDER BY 2, 3`;
  };
  return sql`
    month_balances AS (
      INSERT INTO account_balances (company_id, account_id, month, debit, credit) ${values(monthOf)}
      ON CONFLICT (company_id, account_id, month) DO UPDATE
        SET debit = account_balances.debit + excluded.debit, credit = account_balances.credit + excluded.credit),
    day_balances AS (
      INSERT INTO account_day_balances (company_id, account_id, day, debit, credit) ${values((d) => d)}
      ON CONFLICT (company_id, account_id, day) DO UPDATE
        SET debit = account_day_balances.debit + excluded.debit, credit = account_day_balances.credit + excluded.credit)`;
}

export async function rebuildBalances(tx: Tx, companyId: number): Promise<number> {
  await tx.delete(accountBalances).where(eq(accountBalances.companyId, companyId));
  await tx.delete(accountDayBalances).where(eq(accountDayBalances.companyId, companyId));
  await tx.execute(sql`
    INSERT INTO account_day_balances (company_id, account_id, day, debit, credit)
    SELECT company_id, account_id, date, sum(debit), sum(credit) FROM journal_lines WHERE company_id = ${companyId}
    GROUP BY company_id, account_id, date ORDER BY account_id`);
  const res = await tx.execute(sql`
    INSERT INTO account_balances (company_id, account_id, month, debit, credit)
    SELECT company_id, account_id, date_trunc('month', date)::date, sum(debit), sum(credit)
    FROM journal_lines WHERE company_id = ${companyId}
    GROUP BY company_id, account_id, date_trunc('month', date)::date
    ORDER BY account_id`);
  return (res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0;
}

/** Both grains as comparable rows (for the rebuild = incremental proof). */
export async function balancesSnapshot(tx: Tx, companyId: number) {
  const months = await tx.select().from(accountBalances).where(and(eq(accountBalances.companyId, companyId)))
    .orderBy(accountBalances.accountId, accountBalances.month);
  const days = await tx.select().from(accountDayBalances).where(and(eq(accountDayBalances.companyId, companyId)))
    .orderBy(accountDayBalances.accountId, accountDayBalances.day);
  return [...months.map((m) => ({ grain: 'month', accountId: m.accountId, month: m.month, debit: m.debit, credit: m.credit })),
    ...days.map((d) => ({ grain: 'day', accountId: d.accountId, month: d.day, debit: d.debit, credit: d.credit }))];
}
