import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { registerCompanySetup } from '../../../core/tenancy/company-setup';
import { accountCategory } from '../model/account-category.entity';
import { account } from '../model/account.entity';
import { accountingSettings } from '../model/accounting-settings.entity';
import { journal } from '../model/journal.entity';
import { tax } from '../model/tax.entity';
import { fiscalYearEnd } from './settings.hooks';

/** Every new company gets a bilingual chart of accounts, journals, VAT taxes and its accounting settings. */
type A = [code: string, en: string, ar: string, type: string, subtype: string | null, parent: string | null];
const CHART: A[] = [
  ['1', 'Assets', 'الأصول', 'asset', null, null],
  ['11', 'Current assets', 'الأصول المتداولة', 'asset', 'current_asset', '1'],
  ['1101', 'Cash on hand', 'النقدية بالصندوق', 'asset', 'cash', '11'],
  ['1102', 'Bank', 'البنك', 'asset', 'bank', '11'],
  ['1103', 'Accounts receivable', 'الذمم المدينة - العملاء', 'asset', 'receivable', '11'],
  ['1104', 'Inventory', 'المخزون', 'asset', 'inventory', '11'],
  ['1105', 'VAT receivable (input)', 'ضريبة القيمة المضافة على المشتريات', 'asset', 'tax', '11'],
  ['12', 'Fixed assets', 'الأصول الثابتة', 'asset', 'fixed_asset', '1'],
  ['1201', 'Equipment', 'المعدات والأجهزة', 'asset', 'fixed_asset', '12'],
  ['2', 'Liabilities', 'الخصوم', 'liability', null, null],
  ['21', 'Current liabilities', 'الخصوم المتداولة', 'liability', 'current_liability', '2'],
  ['2101', 'Accounts payable', 'الذمم الدائنة - الموردون', 'liability', 'payable', '21'],
  ['2102', 'VAT payable (output)', 'ضريبة القيمة المضافة المستحقة', 'liability', 'tax', '21'],
  ['2103', 'Accrued expenses', 'مصروفات مستحقة', 'liability', 'current_liability', '21'],
  ['2104', 'Goods received not invoiced', 'بضاعة مستلمة لم تصل فواتيرها', 'liability', 'current_liability', '21'],
  ['22', 'Long-term loans', 'القروض طويلة الأجل', 'liability', 'long_term_liability', '2'],
  ['3', 'Equity', 'حقوق الملكية', 'equity', null, null],
  ['3101', "Owner's capital", 'رأس المال', 'equity', 'equity', '3'],
  ['3102', 'Retained earnings', 'الأرباح المحتجزة', 'equity', 'retained_earnings', '3'],
  ['3103', 'Opening balance equity', 'حساب الأرصدة الافتتاحية', 'equity', 'equity', '3'],
  ['4', 'Income', 'الإيرادات', 'income', null, null],
  ['4101', 'Sales revenue', 'إيرادات المبيعات', 'income', 'revenue', '4'],
  ['4102', 'Sales returns', 'مردودات المبيعات', 'income', 'revenue', '4'],
  ['4103', 'Other income', 'إيرادات أخرى', 'income', 'other_income', '4'],
  ['4104', 'Inventory gains', 'أرباح فروقات المخزون', 'income', 'other_income', '4'],
  ['5', 'Expenses', 'المصروفات', 'expense', null, null],
  ['5101', 'Cost of goods sold', 'تكلفة البضاعة المباعة', 'expense', 'cost_of_sales', '5'],
  ['5102', 'Salaries and wages', 'الرواتب والأجور', 'expense', 'operating_expense', '5'],
  ['5103', 'Rent', 'الإيجار', 'expense', 'operating_expense', '5'],
  ['5104', 'Discounts allowed', 'الخصم المسموح به', 'expense', 'operating_expense', '5'],
  ['5105', 'General expenses', 'مصروفات عمومية وإدارية', 'expense', 'operating_expense', '5'],
  ['5106', 'Inventory losses and scrap', 'خسائر وإتلاف المخزون', 'expense', 'operating_expense', '5'],
];

const JOURNALS = [
  ['SAL', 'Sales', 'المبيعات', 'sale', 'INV', null, '4101'],
  ['PUR', 'Purchases', 'المشتريات', 'purchase', 'BILL', '5105', null],
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

export interface CompanyDefaults { currency: string; fiscalYearStartMonth: number; fiscalYearStartDay: number }

export async function createDefaultChart(tx: Tx, companyId: number, userId: number, co: CompanyDefaults): Promise<void> {
  const by = { companyId, createdBy: userId, updatedBy: userId };
  const cats = await tx.insert(tableOf(accountCategory)).values(CATEGORIES.map(([code, nameEn, nameAr, type]) => ({ ...by, code, nameEn, nameAr, type })))
    .returning({ id: tableOf(accountCategory).id, code: tableOf(accountCategory).code });
  const catId = new Map(cats.map((c) => [c.code as string, c.id as number]));
  const acc = new Map<string, number>();
  const t = tableOf(account);
  for (const [code, nameEn, nameAr, type, subtype, parent] of CHART) {
    const isLeaf = !CHART.some((c) => c[5] === code);
    const [row] = await tx.insert(t).values({ ...by, code, nameEn, nameAr, type, subtype, parentId: parent ? acc.get(parent)! : null, categoryId: catId.get(code[0]!)!, isLeaf })
      .returning({ id: t.id });
    acc.set(code, row!.id as number);
  }
  const jt = tableOf(journal);
  const jr = new Map<string, number>();
  for (const [code, nameEn, nameAr, type, prefix, dr, cr] of JOURNALS) {
    const [row] = await tx.insert(jt).values({ ...by, code, nameEn, nameAr, type, prefix, defaultDebitAccountId: dr ? acc.get(dr) : null, defaultCreditAccountId: cr ? acc.get(cr) : null })
      .returning({ id: jt.id });
    jr.set(code, row!.id as number);
  }
  await tx.insert(tableOf(tax)).values([
    { ...by, name: 'VAT 15%', nameAr: 'ضريبة القيمة المضافة 15%', rate: '15', type: 'percentage', accountId: acc.get('2102') },
    { ...by, name: 'VAT 15% (purchases)', nameAr: 'ضريبة القيمة المضافة 15% (مشتريات)', rate: '15', type: 'percentage', accountId: acc.get('1105') },
  ]);
  await tx.insert(tableOf(accountingSettings)).values({
    ...by, currency: co.currency, fiscalYearStartDay: co.fiscalYearStartDay, fiscalYearStartMonth: co.fiscalYearStartMonth,
    fiscalYearEnd: fiscalYearEnd(co.fiscalYearStartMonth, co.fiscalYearStartDay),
    defaultMarginProfit: '20', minimumMarginProfit: '5', defaultTaxRate: '15',
    salesAccountId: acc.get('4101'), salesReturnAccountId: acc.get('4102'), expenseAccountId: acc.get('5105'), cogsAccountId: acc.get('5101'),
    inventoryAccountId: acc.get('1104'), cashAccountId: acc.get('1101'), bankAccountId: acc.get('1102'), receivableAccountId: acc.get('1103'),
    payableAccountId: acc.get('2101'), taxAccountId: acc.get('2102'), purchaseTaxAccountId: acc.get('1105'), discountAccountId: acc.get('5104'),
    equityAccountId: acc.get('3101'), retainedEarningsAccountId: acc.get('3102'), openingBalanceAccountId: acc.get('3103'),
    salesJournalId: jr.get('SAL'), purchaseJournalId: jr.get('PUR'), cashJournalId: jr.get('CSH'), bankJournalId: jr.get('BNK'),
    generalJournalId: jr.get('GEN'), openingJournalId: jr.get('OPN'),
  });
}

registerCompanySetup('accounting.defaults', async (tx, companyId, { userId }) => {
  const r = await tx.execute(sql`SELECT currency, fiscal_year_start_month AS m, fiscal_year_start_day AS d FROM companies WHERE id = ${companyId}`);
  const c = r.rows[0] as { currency?: string; m?: number; d?: number } | undefined;
  await createDefaultChart(tx, companyId, userId, { currency: c?.currency ?? 'SAR', fiscalYearStartMonth: c?.m ?? 1, fiscalYearStartDay: c?.d ?? 1 });
});
