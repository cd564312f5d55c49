import { sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { addDays } from './report-params';
import { accountTotals } from './ledger-totals';
import { col, L, money, type ReportDef } from './report.types';

/**
 * General ledger: per account, the opening balance before `from` (from balances) and each line with its running
 * balance, computed by a window function so any page is exact without sending the earlier pages.
 */
export const generalLedgerReport: ReportDef = {
  name: 'general-ledger',
  title: L('General ledger', 'دفتر الأستاذ العام'),
  async run(db, ctx, p) {
    const conds: SQL[] = [sql`l.company_id = ${ctx.companyId}`, sql`l.date <= ${p.to}`];
    if (p.from) conds.push(sql`l.date >= ${p.from}`);
    if (p.accountId) conds.push(sql`l.account_id = ${p.accountId}`);
    if (p.journalId) conds.push(sql`l.journal_id = ${p.journalId}`);
    if (p.contactId) conds.push(sql`l.contact_id = ${p.contactId}`);
    const where = sql.join(conds, sql` AND `);
    const opening = p.from ? await accountTotals(db, ctx.companyId, null, addDays(p.from, -1), { journalId: p.journalId, contactId: p.contactId }) : new Map();
    const [{ n }] = (await db.execute(sql`SELECT count(*)::int AS n FROM journal_lines l WHERE ${where}`)).rows as [{ n: number }];
    const r = await db.execute(sql`
      SELECT l.account_id AS "accountId", a.code, a.name_en AS "nameEn", a.name_ar AS "nameAr", l.date::text AS date, e.number, e.reference,
        l.label, l.contact_id AS "contactId", l.debit::text AS debit, l.credit::text AS credit, l.entry_id AS "entryId",
        (sum(l.debit - l.credit) OVER (PARTITION BY l.account_id ORDER BY l.date, l.entry_id, l.line_no))::text AS running
      FROM journal_lines l JOIN accounts a ON a.id = l.account_id JOIN journal_entries e ON e.id = l.entry_id
      WHERE ${where} ORDER BY a.code, l.date, l.entry_id, l.line_no LIMIT ${p.pageSize} OFFSET ${(p.page - 1) * p.pageSize}`);
    const rows = (r.rows as Record<string, string>[]).map((x) => {
      const o = opening.get(Number(x.accountId));
      const open = o ? o.debit.minus(o.credit) : new Decimal(0);
      return { ...x, name: ctx.locale === 'ar' ? x.nameAr : x.nameEn, debit: money(new Decimal(x.debit ?? 0)), credit: money(new Decimal(x.credit ?? 0)),
        opening: money(open), balance: money(open.plus(x.running!)), running: undefined };
    });
    const openings = [...opening.entries()].filter(([id]) => !p.accountId || id === p.accountId)
      .map(([accountId, v]) => ({ accountId, opening: money(v.debit.minus(v.credit)) }));
    return {
      name: this.name, title: this.title, params: p, rows, page: { page: p.page, pageSize: p.pageSize, total: n },
      summary: { openings },
      columns: [col('date', 'Date', 'التاريخ', 'date'), col('code', 'Account', 'الحساب', 'text'), col('number', 'Entry', 'القيد', 'text'),
        col('label', 'Label', 'البيان', 'text'), col('debit', 'Debit', 'مدين'), col('credit', 'Credit', 'دائن'), col('balance', 'Balance', 'الرصيد')],
    };
  },
};
