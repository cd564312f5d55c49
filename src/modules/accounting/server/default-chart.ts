import { and, eq, inArray, sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { registerCompanySetup } from '../../../core/tenancy/company-setup';
import { accountCategory } from '../model/account-category.entity';
import { account } from '../model/account.entity';
import { accountingSettings } from '../model/accounting-settings.entity';
import { type CountryPack, packOf } from '../model/country-packs/packs';
import { journal } from '../model/journal.entity';
import { tax } from '../model/tax.entity';
import { fiscalYearEnd } from './settings.hooks';
import { forgetInTx } from '../../../core/db/tx-memo';

/**
 * Every new company gets its country pack's bilingual chart of accounts and taxes, the seven journals and its
 * accounting settings (accounts and journals named by code). `applyPackAccounts` also serves a change of country
 * before any entry exists (company-country.hooks.ts): it adds the accounts and taxes the company lacks, by code and
 * by name, and removes nothing.
 */
// An entry's number is its journal's prefix: not the invoices' and bills' own (INV, BILL), whose counters differ, or
// a customer's statement showed entry INV/2026/00039 beside invoice INV/2026/00038, two documents in one series' look
const JOURNALS = [
  ['SAL', 'Sales', 'المبيعات', 'sale', 'SAL', null, '4101'],
  ['PUR', 'Purchases', 'المشتريات', 'purchase', 'PUR', '5105', null],
  ['CSH', 'Cash', 'النقدية', 'cash', 'CSH', '1101', '1101'],
  ['BNK', 'Bank', 'البنك', 'bank', 'BNK', '1102', '1102'],
  ['GEN', 'General', 'اليومية العامة', 'general', 'JV', null, null],
  ['OPN', 'Opening balances', 'الأرصدة الافتتاحية', 'general', 'OB', null, null],
  ['STK', 'Inventory valuation', 'تقييم المخزون', 'general', 'STK', null, null],
] as const;

const CATEGORIES = [
  ['1', 'Assets', 'الأصول', 'asset'], ['2', 'Liabilities', 'الخصوم', 'liability'], ['3', 'Equity', 'حقوق الملكية', 'equity'],
  ['4', 'Income', 'الإيرادات', 'income'], ['5', 'Expenses', 'المصروفات', 'expense'],
] as const;

export interface CompanyDefaults { currency: string; fiscalYearStartMonth: number; fiscalYearStartDay: number; country?: string }

type By = { companyId: number; createdBy: number; updatedBy: number };

/** Adds the pack's accounts the company lacks (parents first) and its taxes not there by name; code -> account id. */
export async function applyPackAccounts(tx: Tx, by: By, pack: CountryPack): Promise<Map<string, number>> {
  const t = tableOf(account);
  const have = await tx.select({ id: t.id, code: t.code }).from(t).where(eq(t.companyId, by.companyId));
  const acc = new Map(have.map((r) => [r.code as string, r.id as number]));
  const cats = await tx.select({ id: tableOf(accountCategory).id, code: tableOf(accountCategory).code }).from(tableOf(accountCategory))
    .where(eq(tableOf(accountCategory).companyId, by.companyId));
  const catId = new Map(cats.map((c) => [c.code as string, c.id as number]));
  const parentsGained: number[] = [];
  for (const [code, nameEn, nameAr, type, subtype, parent] of pack.chart) {
    if (acc.has(code)) continue;
    const isLeaf = !pack.chart.some((c) => c[5] === code);
    const parentId = parent ? acc.get(parent)! : null;
    const [row] = await tx.insert(t).values({ ...by, code, nameEn, nameAr, type, subtype, parentId, categoryId: catId.get(code[0]!)!, isLeaf })
      .returning({ id: t.id });
    acc.set(code, row!.id as number);
    if (parentId) parentsGained.push(parentId);
  }
  if (parentsGained.length) await tx.update(t).set({ isLeaf: false }).where(and(eq(t.companyId, by.companyId), inArray(t.id, parentsGained)));
  const tt = tableOf(tax);
  const names = new Set((await tx.select({ name: tt.name }).from(tt).where(eq(tt.companyId, by.companyId))).map((r) => r.name as string));
  const taxes = pack.taxes.filter((x) => !names.has(x.name.en)).map((x) => {
    const code = x.use === 'sale' ? pack.taxAccounts.output : pack.taxAccounts.input;
    return { ...by, name: x.name.en, nameAr: x.name.ar, rate: x.rate, type: 'percentage', accountId: code ? acc.get(code) ?? null : null,
      vatCategory: x.vatCategory ?? 'standard', exemptionCode: x.exemptionCode ?? null };
  });
  if (taxes.length) await tx.insert(tt).values(taxes);
  // written by hand: memoised reads are read again (core/db/tx-memo.ts)
  for (const e of ['account', 'tax']) forgetInTx(tx, e);
  return acc;
}

export async function createDefaultChart(tx: Tx, companyId: number, userId: number, co: CompanyDefaults): Promise<void> {
  const by = { companyId, createdBy: userId, updatedBy: userId };
  const pack = packOf(co.country ?? 'SA');
  await tx.insert(tableOf(accountCategory)).values(CATEGORIES.map(([code, nameEn, nameAr, type]) => ({ ...by, code, nameEn, nameAr, type })));
  const acc = await applyPackAccounts(tx, by, pack);
  const jt = tableOf(journal);
  const jr = new Map<string, number>();
  for (const [code, nameEn, nameAr, type, prefix, dr, cr] of JOURNALS) {
    const [row] = await tx.insert(jt).values({ ...by, code, nameEn, nameAr, type, prefix, defaultDebitAccountId: dr ? acc.get(dr) : null, defaultCreditAccountId: cr ? acc.get(cr) : null })
      .returning({ id: jt.id });
    jr.set(code, row!.id as number);
  }
  const taxAcc = (code: string | null) => (code ? acc.get(code) ?? null : null);
  await tx.insert(tableOf(accountingSettings)).values({
    ...by, currency: co.currency, fiscalYearStartDay: co.fiscalYearStartDay, fiscalYearStartMonth: co.fiscalYearStartMonth,
    fiscalYearEnd: fiscalYearEnd(co.fiscalYearStartMonth, co.fiscalYearStartDay),
    defaultMarginProfit: '20', minimumMarginProfit: '5', defaultTaxRate: pack.defaultTaxRate,
    salesAccountId: acc.get('4101'), salesReturnAccountId: acc.get('4102'), expenseAccountId: acc.get('5105'), cogsAccountId: acc.get('5101'),
    inventoryAccountId: acc.get('1104'), purchaseAccountId: acc.get('2104') ?? acc.get('1104'), cashAccountId: acc.get('1101'), bankAccountId: acc.get('1102'), receivableAccountId: acc.get('1103'),
    payableAccountId: acc.get('2101'), taxAccountId: taxAcc(pack.taxAccounts.output), purchaseTaxAccountId: taxAcc(pack.taxAccounts.input), discountAccountId: acc.get('5104'),
    equityAccountId: acc.get('3101'), retainedEarningsAccountId: acc.get('3102'), openingBalanceAccountId: acc.get('3103'),
    salesJournalId: jr.get('SAL'), purchaseJournalId: jr.get('PUR'), cashJournalId: jr.get('CSH'), bankJournalId: jr.get('BNK'),
    generalJournalId: jr.get('GEN'), openingJournalId: jr.get('OPN'),
  });
  for (const e of ['journal', 'accountingSettings']) forgetInTx(tx, e);
}

registerCompanySetup('accounting.defaults', async (tx, companyId, { userId }) => {
  const r = await tx.execute(sql`SELECT currency, fiscal_year_start_month AS m, fiscal_year_start_day AS d, country FROM companies WHERE id = ${companyId}`);
  const c = r.rows[0] as { currency?: string; m?: number; d?: number; country?: string } | undefined;
  await createDefaultChart(tx, companyId, userId, { currency: c?.currency ?? 'SAR', fiscalYearStartMonth: c?.m ?? 1, fiscalYearStartDay: c?.d ?? 1, country: c?.country ?? 'SA' });
});
