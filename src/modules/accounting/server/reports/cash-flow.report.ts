import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { addDays } from './report-params';
import { fiscalYearFrom } from './fiscal-year';
import { accountTotals, accountsOf } from './ledger-totals';
import { col, L, money, type ReportDef } from './report.types';

/**
 * Cash flow statement (direct method): for entries that touch cash or bank accounts, each non-cash line's
 * (credit - debit) is the cash it brought in, classified by its account: investing (fixed assets), financing
 * (equity, long-term liabilities), operating (the rest). Sum of the three = closing cash - opening cash.
 */
const INVESTING = new Set(['fixed_asset']);
const FINANCING = new Set(['equity', 'retained_earnings', 'long_term_liability']);
const ZERO = new Decimal(0);

export const cashFlowReport: ReportDef = {
  name: 'cash-flow-statement',
  title: L('Cash flow statement', 'قائمة التدفقات النقدية'),
  async run(db, ctx, p) {
    const from = p.from ?? await fiscalYearFrom(db, ctx, p.to);
    const accounts = await accountsOf(db, ctx.companyId);
    const cashIds = new Set(accounts.filter((a) => a.subtype === 'cash' || a.subtype === 'bank').map((a) => a.id));
    const sumCash = (t: Awaited<ReturnType<typeof accountTotals>>) => [...t.entries()].reduce((s, [id, v]) => (cashIds.has(id) ? s.plus(v.debit).minus(v.credit) : s), ZERO);
    const opening = sumCash(await accountTotals(db, ctx.companyId, null, addDays(from, -1)));
    const closing = sumCash(await accountTotals(db, ctx.companyId, null, p.to));
    const r = await db.execute(sql`
      SELECT l.account_id AS "accountId", sum(l.credit - l.debit)::text AS amount
      FROM journal_lines l
      WHERE l.company_id = ${ctx.companyId} AND l.date BETWEEN ${from} AND ${p.to}
        AND NOT (l.account_id IN (SELECT id FROM accounts WHERE company_id = ${ctx.companyId} AND subtype IN ('cash', 'bank')))
        AND EXISTS (SELECT 1 FROM journal_lines c JOIN accounts ca ON ca.id = c.account_id
                    WHERE c.entry_id = l.entry_id AND ca.subtype IN ('cash', 'bank'))
      GROUP BY l.account_id`);
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const groups = { operating: ZERO, investing: ZERO, financing: ZERO };
    const rows: Record<string, unknown>[] = [];
    for (const x of r.rows as { accountId: number; amount: string }[]) {
      const a = byId.get(Number(x.accountId));
      if (!a) continue;
      const g = INVESTING.has(a.subtype ?? '') ? 'investing' : FINANCING.has(a.subtype ?? '') || a.type === 'equity' ? 'financing' : 'operating';
      const v = new Decimal(x.amount);
      if (v.isZero()) continue;
      groups[g] = groups[g].plus(v);
      rows.push({ activity: g, code: a.code, name: ctx.locale === 'ar' ? a.nameAr : a.nameEn, amount: money(v) });
    }
    const order = { operating: 0, investing: 1, financing: 2 };
    rows.sort((a, b) => order[a.activity as keyof typeof order] - order[b.activity as keyof typeof order] || String(a.code).localeCompare(String(b.code)));
    const net = groups.operating.plus(groups.investing).plus(groups.financing);
    return {
      name: this.name, title: this.title, params: { ...p, from }, rows,
      columns: [col('activity', 'Activity', 'النشاط', 'text'), col('code', 'Code', 'الرمز', 'text'), col('name', 'Account', 'الحساب', 'text'), col('amount', 'Amount', 'المبلغ')],
      summary: { openingCash: money(opening), operating: money(groups.operating), investing: money(groups.investing), financing: money(groups.financing),
        netChange: money(net), closingCash: money(closing), reconciles: opening.plus(net).eq(closing) },
    };
  },
};
