import { sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Orm } from '../../../../core/db/connect';
import { addDays } from './report-params';

/**
 * Debit/credit totals per account over a date range, read from account_balances for whole months and from
 * account_day_balances for the partial months at the edges; journal_lines only when filtering by journal or
 * contact (which the balances do not carry). This is what keeps reports from scanning the ledger.
 */
export interface AccountRow { id: number; code: string; nameEn: string; nameAr: string; type: string; subtype: string | null; parentId: number | null; isLeaf: boolean }
export type Totals = Map<number, { debit: Decimal; credit: Decimal }>;

const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
const nextMonth = (d: string) => { const x = new Date(monthStart(d) + 'T00:00:00Z'); x.setUTCMonth(x.getUTCMonth() + 1); return x.toISOString().slice(0, 10); };

export async function accountsOf(db: Orm, companyId: number): Promise<AccountRow[]> {
  const r = await db.execute(sql`SELECT id, code, name_en AS "nameEn", name_ar AS "nameAr", type, subtype, parent_id AS "parentId", is_leaf AS "isLeaf"
    FROM accounts WHERE company_id = ${companyId} ORDER BY code`);
  return r.rows as unknown as AccountRow[];
}

/** Totals of lines dated in [from, to] (from null = since the beginning). */
export async function accountTotals(db: Orm, companyId: number, from: string | null, to: string, f: { journalId?: number | null; contactId?: number | null } = {}): Promise<Totals> {
  const start = from ?? '0001-01-01';
  const parts: SQL[] = [];
  const lines = (a: string, b: string) => {
    const conds = [sql`company_id = ${companyId}`, sql`date BETWEEN ${a} AND ${b}`];
    if (f.journalId) conds.push(sql`journal_id = ${f.journalId}`);
    if (f.contactId) conds.push(sql`contact_id = ${f.contactId}`);
    parts.push(sql`SELECT account_id, debit, credit FROM journal_lines WHERE ${sql.join(conds, sql` AND `)}`);
  };
  const firstFull = start === monthStart(start) ? start : nextMonth(start);
  const lastFullEnd = addDays(nextMonth(to), -1) === to ? to : addDays(monthStart(to), -1);
  const days = (a: string, b: string) =>
    parts.push(sql`SELECT account_id, debit, credit FROM account_day_balances WHERE company_id = ${companyId} AND day BETWEEN ${a} AND ${b}`);
  if (f.journalId || f.contactId) lines(start, to);
  else if (firstFull > lastFullEnd) days(start, to);
  else {
    parts.push(sql`SELECT account_id, debit, credit FROM account_balances WHERE company_id = ${companyId} AND month BETWEEN ${firstFull} AND ${monthStart(lastFullEnd)}`);
    if (start < firstFull) days(start, addDays(firstFull, -1));
    if (to > lastFullEnd) days(addDays(lastFullEnd, 1), to);
  }
  const r = await db.execute(sql`SELECT account_id AS "accountId", sum(debit)::text AS debit, sum(credit)::text AS credit
    FROM (${sql.join(parts, sql` UNION ALL `)}) x GROUP BY account_id`);
  const out: Totals = new Map();
  for (const row of r.rows as { accountId: number; debit: string; credit: string }[]) out.set(Number(row.accountId), { debit: new Decimal(row.debit), credit: new Decimal(row.credit) });
  return out;
}

/** Balance (debit - credit) per account, with every parent carrying the sum of its subtree. */
export function rollUp(accounts: AccountRow[], leafBalances: Map<number, Decimal>): Map<number, Decimal> {
  const out = new Map<number, Decimal>();
  const byId = new Map(accounts.map((a) => [a.id, a]));
  for (const [id, v] of leafBalances) {
    let cur = byId.get(id);
    const seen = new Set<number>();
    while (cur && !seen.has(cur.id)) {
      seen.add(cur.id);
      out.set(cur.id, (out.get(cur.id) ?? new Decimal(0)).plus(v));
      cur = cur.parentId ? byId.get(cur.parentId) : undefined;
    }
  }
  return out;
}

export function depthOf(accounts: AccountRow[]): Map<number, number> {
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const depth = new Map<number, number>();
  const d = (a: AccountRow, n = 0): number => (a.parentId && byId.has(a.parentId) && n < 50 ? d(byId.get(a.parentId)!, n + 1) : n);
  for (const a of accounts) depth.set(a.id, d(a));
  return depth;
}
