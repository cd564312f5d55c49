import Decimal from 'decimal.js';
import type { Orm } from '../../../../core/db/connect';
import type { Ctx } from '../../../../core/http/context';
import { fiscalYearFrom } from './fiscal-year';
import { type AccountRow, accountTotals, accountsOf } from './ledger-totals';
import { periodsBetween, type ReportParams } from './report-params';
import { type Column, col, L, money, nameIn, type ReportDef } from './report.types';

/**
 * Balance sheet (as of each period end: assets = liabilities + equity + current earnings, which holds because
 * every entry balances) and income statement (income - expenses per period). Both take comparison columns by
 * period; without a period there is one column for the whole range. The income statement without `from` starts
 * at the fiscal year containing `to` (the routes fill `from` so for every report: see reports.routes.ts).
 */
const ZERO = new Decimal(0);
const SIGN: Record<string, 1 | -1> = { asset: 1, expense: 1, liability: -1, equity: -1, income: -1 };

function buckets(p: ReportParams, defaultFrom: string) {
  const from = p.from ?? defaultFrom;
  return p.period ? periodsBetween(from, p.to, p.period) : [{ key: 'p1', label: { en: `${from} – ${p.to}`, ar: `${from} – ${p.to}` }, from, to: p.to }];
}

function section(accounts: AccountRow[], types: string[], values: Map<number, Decimal>[], keys: string[], ctx: Ctx) {
  const rows = [];
  const totals = keys.map(() => ZERO);
  for (const a of accounts) {
    if (!a.isLeaf || !types.includes(a.type)) continue;
    const vs = values.map((m) => (m.get(a.id) ?? ZERO).times(SIGN[a.type]!));
    if (vs.every((v) => v.isZero())) continue;
    vs.forEach((v, i) => { totals[i] = totals[i]!.plus(v); });
    rows.push({ accountId: a.id, code: a.code, name: nameIn(a, ctx), type: a.type, subtype: a.subtype, ...Object.fromEntries(keys.map((k, i) => [k, money(vs[i]!)])) });
  }
  return { rows, totals };
}

async function netPer(db: Orm, ctx: Ctx, from: string | null, to: string): Promise<Map<number, Decimal>> {
  const t = await accountTotals(db, ctx.companyId, from, to);
  return new Map([...t.entries()].map(([id, v]) => [id, v.debit.minus(v.credit)]));
}

export const balanceSheetReport: ReportDef = {
  name: 'balance-sheet',
  title: L('Balance sheet', 'الميزانية العمومية'),
  async run(db, ctx, p) {
    const accounts = await accountsOf(db, ctx.companyId);
    const bs = buckets(p, p.to);
    const values = await Promise.all(bs.map((b) => netPer(db, ctx, null, b.to)));
    const keys = bs.map((b) => b.key);
    const assets = section(accounts, ['asset'], values, keys, ctx);
    const liabilities = section(accounts, ['liability'], values, keys, ctx);
    const equity = section(accounts, ['equity'], values, keys, ctx);
    // current earnings = income - expenses = -(sum of debit - credit over income and expense accounts)
    const pl = new Set(accounts.filter((a) => a.type === 'income' || a.type === 'expense').map((a) => a.id));
    const current = values.map((m) => [...m.entries()].reduce((s, [id, v]) => (pl.has(id) ? s.minus(v) : s), ZERO));
    const label = (en: string, ar: string) => (ctx.locale === 'ar' ? ar : en);
    const line = (name: string, vals: Decimal[], kind: string) => ({ kind, name, ...Object.fromEntries(keys.map((k, i) => [k, money(vals[i]!)])) });
    const rows = [
      line(label('Assets', 'الأصول'), assets.totals, 'heading'), ...assets.rows.map((r) => ({ ...r, kind: 'account' })),
      line(label('Liabilities', 'الخصوم'), liabilities.totals, 'heading'), ...liabilities.rows.map((r) => ({ ...r, kind: 'account' })),
      line(label('Equity', 'حقوق الملكية'), equity.totals.map((v, i) => v.plus(current[i]!)), 'heading'), ...equity.rows.map((r) => ({ ...r, kind: 'account' })),
      line(label('Current period earnings', 'أرباح الفترة الحالية'), current, 'account'),
      line(label('Total liabilities and equity', 'إجمالي الخصوم وحقوق الملكية'), liabilities.totals.map((v, i) => v.plus(equity.totals[i]!).plus(current[i]!)), 'total'),
    ];
    const balanced = assets.totals.every((a, i) => a.eq(liabilities.totals[i]!.plus(equity.totals[i]!).plus(current[i]!)));
    const columns: Column[] = [col('code', 'Code', 'الرمز', 'text'), col('name', 'Account', 'الحساب', 'text'), ...bs.map((b) => ({ key: b.key, label: { en: `As of ${b.to}`, ar: `في ${b.to}` }, kind: 'money' as const }))];
    return { name: this.name, title: this.title, params: p, columns, rows,
      summary: { balanced, totalAssets: money(assets.totals.at(-1)!), totalLiabilities: money(liabilities.totals.at(-1)!), totalEquity: money(equity.totals.at(-1)!), currentEarnings: money(current.at(-1)!) } };
  },
};

export const incomeStatementReport: ReportDef = {
  name: 'income-statement',
  title: L('Income statement', 'قائمة الدخل'),
  async run(db, ctx, p) {
    const accounts = await accountsOf(db, ctx.companyId);
    const from = p.from ?? await fiscalYearFrom(db, ctx, p.to);
    const bs = buckets({ ...p, from }, from);
    const values = await Promise.all(bs.map((b) => netPer(db, ctx, b.from, b.to)));
    const keys = bs.map((b) => b.key);
    const income = section(accounts, ['income'], values, keys, ctx);
    const expense = section(accounts, ['expense'], values, keys, ctx);
    const net = income.totals.map((v, i) => v.minus(expense.totals[i]!));
    const label = (en: string, ar: string) => (ctx.locale === 'ar' ? ar : en);
    const line = (name: string, vals: Decimal[], kind: string) => ({ kind, name, ...Object.fromEntries(keys.map((k, i) => [k, money(vals[i]!)])) });
    const rows = [
      line(label('Income', 'الإيرادات'), income.totals, 'heading'), ...income.rows.map((r) => ({ ...r, kind: 'account' })),
      line(label('Expenses', 'المصروفات'), expense.totals, 'heading'), ...expense.rows.map((r) => ({ ...r, kind: 'account' })),
      line(label('Net income', 'صافي الدخل'), net, 'total'),
    ];
    const columns: Column[] = [col('code', 'Code', 'الرمز', 'text'), col('name', 'Account', 'الحساب', 'text'), ...bs.map((b) => ({ key: b.key, label: b.label, kind: 'money' as const }))];
    return { name: this.name, title: this.title, params: { ...p, from }, columns, rows,
      summary: { chart: bs.map((b, i) => ({ period: b.key, from: b.from, to: b.to, income: money(income.totals[i]!), expense: money(expense.totals[i]!), net: money(net[i]!) })) } };
  },
};
