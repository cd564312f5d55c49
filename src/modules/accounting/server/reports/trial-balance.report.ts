import Decimal from 'decimal.js';
import { addDays } from './report-params';
import { accountTotals, accountsOf, depthOf, rollUp } from './ledger-totals';
import { col, L, money, nameIn, type ReportDef } from './report.types';

/** Trial balance (leaf accounts) and detailed trial balance (the whole tree rolled up): opening, period, closing. */
const ZERO = new Decimal(0);
const columns = [
  col('code', 'Code', 'الرمز', 'text'), col('name', 'Account', 'الحساب', 'text'),
  col('openingDebit', 'Opening debit', 'رصيد افتتاحي مدين'), col('openingCredit', 'Opening credit', 'رصيد افتتاحي دائن'),
  col('debit', 'Debit', 'مدين'), col('credit', 'Credit', 'دائن'),
  col('closingDebit', 'Closing debit', 'رصيد ختامي مدين'), col('closingCredit', 'Closing credit', 'رصيد ختامي دائن'),
];
const split = (net: Decimal) => (net.isNeg() ? [ZERO, net.neg()] : [net, ZERO]) as [Decimal, Decimal];

function build(detailed: boolean): ReportDef {
  return {
    name: detailed ? 'detailed-trial-balance' : 'trial-balance',
    title: detailed ? L('Detailed trial balance', 'ميزان المراجعة التفصيلي') : L('Trial balance', 'ميزان المراجعة'),
    applies: ['journalId', 'contactId'],
    async run(db, ctx, p) {
      const accounts = await accountsOf(db, ctx.companyId);
      const f = { journalId: p.journalId, contactId: p.contactId };
      const opening = p.from ? await accountTotals(db, ctx.companyId, null, addDays(p.from, -1), f) : new Map();
      const period = await accountTotals(db, ctx.companyId, p.from, p.to, f);
      const open = new Map<number, Decimal>();
      for (const [id, v] of opening) open.set(id, v.debit.minus(v.credit));
      const dr = new Map<number, Decimal>();
      const crm = new Map<number, Decimal>();
      for (const [id, v] of period) { dr.set(id, v.debit); crm.set(id, v.credit); }
      const [o, d, c] = detailed ? [rollUp(accounts, open), rollUp(accounts, dr), rollUp(accounts, crm)] : [open, dr, crm];
      const depth = depthOf(accounts);
      const tot = { openingDebit: ZERO, openingCredit: ZERO, debit: ZERO, credit: ZERO, closingDebit: ZERO, closingCredit: ZERO };
      const rows = [];
      for (const a of accounts) {
        if (!detailed && !a.isLeaf) continue;
        const ov = o.get(a.id) ?? ZERO; const dv = d.get(a.id) ?? ZERO; const cv = c.get(a.id) ?? ZERO;
        if (ov.isZero() && dv.isZero() && cv.isZero()) continue;
        const [od, oc] = split(ov);
        const [cd, cc] = split(ov.plus(dv).minus(cv));
        if (a.isLeaf) {
          tot.openingDebit = tot.openingDebit.plus(od); tot.openingCredit = tot.openingCredit.plus(oc);
          tot.debit = tot.debit.plus(dv); tot.credit = tot.credit.plus(cv);
          tot.closingDebit = tot.closingDebit.plus(cd); tot.closingCredit = tot.closingCredit.plus(cc);
        }
        rows.push({ accountId: a.id, code: a.code, name: nameIn(a, ctx), nameEn: a.nameEn, nameAr: a.nameAr, type: a.type, level: depth.get(a.id) ?? 0, isLeaf: a.isLeaf,
          openingDebit: money(od), openingCredit: money(oc), debit: money(dv), credit: money(cv), closingDebit: money(cd), closingCredit: money(cc) });
      }
      const totals = Object.fromEntries(Object.entries(tot).map(([k, v]) => [k, money(v)]));
      return { name: this.name, title: this.title, params: p, columns, rows, totals: { code: '', name: ctx.locale === 'ar' ? 'الإجمالي' : 'Total', ...totals },
        summary: { balanced: tot.debit.eq(tot.credit) && tot.closingDebit.eq(tot.closingCredit) } };
    },
  };
}

export const trialBalanceReport = build(false);
export const detailedTrialBalanceReport = build(true);
