import { sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Orm } from '../../../../core/db/connect';
import type { Ctx } from '../../../../core/http/context';
import { addDays, type ReportParams } from './report-params';
import { accountTotals } from './ledger-totals';
import { col, L, money, type ReportDef } from './report.types';

/**
 * General ledger: per account, the opening balance before `from` (from balances) and each line with its running
 * balance. A page (JSON, Excel) is one query, the running balance computed by a window function so any page is
 * exact without sending the earlier pages. The PDF reads every line in batches instead (`rowBatches`): each batch
 * continues after the last line of the one before (keyset on the report's order: account code, date, entry,
 * line), and the running balance is carried from batch to batch, so the server never holds more than one batch
 * and no transaction stays open while Chromium prints. Lines are never changed once posted; a line posted while
 * the PDF is being read appears in it only if it sorts after the batch being read.
 */
const SELECT = sql`SELECT l.account_id AS "accountId", a.code, a.name_en AS "nameEn", a.name_ar AS "nameAr", l.date::text AS date,
  e.number, e.reference, l.label, l.contact_id AS "contactId", l.debit::text AS debit, l.credit::text AS credit, l.entry_id AS "entryId"`;
const FROM = sql`FROM journal_lines l JOIN accounts a ON a.id = l.account_id JOIN journal_entries e ON e.id = l.entry_id`;
const ORDER = sql`ORDER BY a.code, l.date, l.entry_id, l.line_no`;

function filters(ctx: Ctx, p: ReportParams): SQL {
  const conds: SQL[] = [sql`l.company_id = ${ctx.companyId}`, sql`l.date <= ${p.to}`];
  if (p.from) conds.push(sql`l.date >= ${p.from}`);
  if (p.accountId) conds.push(sql`l.account_id = ${p.accountId}`);
  if (p.journalId) conds.push(sql`l.journal_id = ${p.journalId}`);
  if (p.contactId) conds.push(sql`l.contact_id = ${p.contactId}`);
  return sql.join(conds, sql` AND `);
}

const openings = (db: Orm, ctx: Ctx, p: ReportParams) =>
  p.from ? accountTotals(db, ctx.companyId, null, addDays(p.from, -1), { journalId: p.journalId, contactId: p.contactId }) : Promise.resolve(new Map());

/** One line as the report shows it: `running` is the sum of (debit - credit) of the account's lines up to this one. */
function line(x: Record<string, string>, ctx: Ctx, open: Decimal, running: Decimal.Value) {
  return { accountId: x.accountId, code: x.code, nameEn: x.nameEn, nameAr: x.nameAr, date: x.date, number: x.number, reference: x.reference,
    label: x.label, contactId: x.contactId, entryId: x.entryId, name: ctx.locale === 'ar' ? x.nameAr : x.nameEn,
    debit: money(new Decimal(x.debit ?? 0)), credit: money(new Decimal(x.credit ?? 0)), opening: money(open), balance: money(open.plus(running)) };
}
const openOf = (opening: Map<number, { debit: Decimal; credit: Decimal }>, accountId: unknown) => {
  const o = opening.get(Number(accountId));
  return o ? o.debit.minus(o.credit) : new Decimal(0);
};

export const generalLedgerReport: ReportDef = {
  name: 'general-ledger',
  title: L('General ledger', 'دفتر الأستاذ العام'),
  applies: ['accountId', 'journalId', 'contactId'],
  async run(db, ctx, p) {
    const where = filters(ctx, p);
    const opening = await openings(db, ctx, p);
    const [{ n }] = (await db.execute(sql`SELECT count(*)::int AS n FROM journal_lines l WHERE ${where}`)).rows as [{ n: number }];
    const r = p.pageSize <= 0 ? { rows: [] } : await db.execute(sql`${SELECT},
        (sum(l.debit - l.credit) OVER (PARTITION BY l.account_id ORDER BY l.date, l.entry_id, l.line_no))::text AS running
      ${FROM} WHERE ${where} ${ORDER} LIMIT ${p.pageSize} OFFSET ${(p.page - 1) * p.pageSize}`);
    const rows = (r.rows as Record<string, string>[]).map((x) => line(x, ctx, openOf(opening, x.accountId), x.running!));
    const openingRows = [...opening.entries()].filter(([id]) => !p.accountId || id === p.accountId)
      .map(([accountId, v]) => ({ accountId, opening: money(v.debit.minus(v.credit)) }));
    return {
      name: this.name, title: this.title, params: p, rows, page: { page: p.page, pageSize: p.pageSize, total: n },
      summary: { openings: openingRows },
      columns: [col('date', 'Date', 'التاريخ', 'date'), col('code', 'Account', 'الحساب', 'text'), col('number', 'Entry', 'القيد', 'text'),
        col('label', 'Label', 'البيان', 'text'), col('debit', 'Debit', 'مدين'), col('credit', 'Credit', 'دائن'), col('balance', 'Balance', 'الرصيد')],
    };
  },
  async *rowBatches(db, ctx, p, batch) {
    const where = filters(ctx, p);
    const opening = await openings(db, ctx, p);
    let after = sql`TRUE`;
    let account: unknown = null;
    let open = new Decimal(0);
    let running = new Decimal(0);
    for (;;) {
      // The batch's lines first (by the index on the date or the account), then their entries: joining the entries
      // of every remaining line before the LIMIT cost a hash of all the company's entries per batch.
      const r = await db.execute(sql`SELECT l."accountId", l.code, l."nameEn", l."nameAr", l.date::text AS date, e.number, e.reference, l.label,
          l."contactId", l.debit::text AS debit, l.credit::text AS credit, l."entryId", l."lineNo"
        FROM (SELECT l.account_id AS "accountId", a.code, a.name_en AS "nameEn", a.name_ar AS "nameAr", l.date, l.label, l.contact_id AS "contactId",
            l.debit, l.credit, l.entry_id AS "entryId", l.line_no AS "lineNo"
          FROM journal_lines l JOIN accounts a ON a.id = l.account_id WHERE ${where} AND ${after} ${ORDER} LIMIT ${batch}) l
        JOIN journal_entries e ON e.id = l."entryId" ORDER BY l.code, l.date, l."entryId", l."lineNo"`);
      const rows = (r.rows as Record<string, string>[]).map((x) => {
        if (x.accountId !== account) { account = x.accountId; open = openOf(opening, account); running = new Decimal(0); }
        running = running.plus(x.debit!).minus(x.credit!);
        return line(x, ctx, open, running);
      });
      if (rows.length) yield rows;
      if (r.rows.length < batch) return;
      const last = r.rows.at(-1) as Record<string, string>;
      after = sql`(a.code, l.date, l.entry_id, l.line_no) > (${last.code}::varchar, ${last.date}::date, ${last.entryId}::int, ${last.lineNo}::smallint)`;
    }
  },
};
