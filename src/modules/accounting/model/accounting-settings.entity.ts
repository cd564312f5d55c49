import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/** One row per company, made with the company (default chart); edited, never created or deleted by clients. */
const acc = (en: string, ar: string) => f.ref({ en, ar }, 'account');
const jr = (en: string, ar: string) => f.ref({ en, ar }, 'journal');

export const accountingSettings = defineEntity({
  name: 'accountingSettings',
  module: 'accounting',
  path: 'settings',
  table: 'accounting_settings',
  label: { en: 'Accounting settings', ar: 'إعدادات المحاسبة' },
  pluralLabel: { en: 'Accounting settings', ar: 'إعدادات المحاسبة' },
  route: '/accounting/settings/settings',
  titleField: 'currency',
  operations: { create: false, delete: false },
  singleton: true,
  fields: {
    salesAccountId: acc('Sales account', 'حساب المبيعات'),
    salesReturnAccountId: acc('Sales returns account', 'حساب مردودات المبيعات'),
    expenseAccountId: acc('Expense account', 'حساب المصروفات'),
    cogsAccountId: acc('Cost of goods sold account', 'حساب تكلفة البضاعة المباعة'),
    inventoryAccountId: acc('Inventory account', 'حساب المخزون'),
    // a vendor bill's lines without an account: goods received not invoiced (2104), which a receipt credits when the
    // goods come in, so the bill clears it rather than counting the stock a second time in the inventory account
    purchaseAccountId: f.ref({ en: 'Purchases account (vendor bills)', ar: 'حساب المشتريات (فواتير الموردين)' }, 'account', {
      help: { en: 'Vendor bill lines without an account post here: goods received not invoiced, cleared by the bill', ar: 'تُرحّل إليه أسطر فواتير الموردين التي لا حساب لها: بضاعة مستلمة لم تصل فواتيرها، تسويها الفاتورة' } }),
    cashAccountId: acc('Cash account', 'حساب النقدية'),
    bankAccountId: acc('Bank account', 'حساب البنك'),
    receivableAccountId: acc('Receivable account', 'حساب الذمم المدينة'),
    payableAccountId: acc('Payable account', 'حساب الذمم الدائنة'),
    taxAccountId: acc('Tax account (sales)', 'حساب الضريبة (المبيعات)'),
    purchaseTaxAccountId: acc('Tax account (purchases)', 'حساب الضريبة (المشتريات)'),
    discountAccountId: acc('Discount account', 'حساب الخصم'),
    equityAccountId: acc('Equity account', 'حساب حقوق الملكية'),
    retainedEarningsAccountId: acc('Retained earnings account', 'حساب الأرباح المحتجزة'),
    openingBalanceAccountId: acc('Opening balance account', 'حساب الأرصدة الافتتاحية'),
    salesJournalId: jr('Sales journal', 'دفتر المبيعات'),
    purchaseJournalId: jr('Purchases journal', 'دفتر المشتريات'),
    cashJournalId: jr('Cash journal', 'دفتر النقدية'),
    bankJournalId: jr('Bank journal', 'دفتر البنك'),
    generalJournalId: jr('General journal', 'دفتر اليومية العامة'),
    openingJournalId: jr('Opening balances journal', 'دفتر الأرصدة الافتتاحية'),
    fiscalYearStartDay: f.integer({ en: 'Fiscal year start day', ar: 'يوم بداية السنة المالية' }, { minValue: 1, maxValue: 31, default: 1, required: true }),
    fiscalYearStartMonth: f.integer({ en: 'Fiscal year start month', ar: 'شهر بداية السنة المالية' }, { minValue: 1, maxValue: 12, default: 1, required: true }),
    fiscalYearEnd: f.text({ en: 'Fiscal year end (MM-DD)', ar: 'نهاية السنة المالية (شهر-يوم)' }, { readOnly: true, max: 5 }),
    defaultMarginProfit: f.decimal({ en: 'Default margin profit %', ar: 'هامش الربح الافتراضي %' }, { precision: 9, scale: 4, min: 'nonNegative' }),
    minimumMarginProfit: f.decimal({ en: 'Minimum margin profit %', ar: 'الحد الأدنى لهامش الربح %' }, { precision: 9, scale: 4, min: 'nonNegative' }),
    defaultTaxRate: f.decimal({ en: 'Default tax rate %', ar: 'نسبة الضريبة الافتراضية %' }, { precision: 9, scale: 4, min: 'nonNegative' }),
    currency: f.text({ en: 'Currency', ar: 'العملة' }, { required: true, min: 3, max: 3 }),
    lockDate: f.date({ en: 'Lock date', ar: 'تاريخ الإقفال' }, { help: { en: 'Nothing is posted, changed or cancelled on or before this date', ar: 'لا يُرحّل أو يُعدّل أو يُلغى شيء في هذا التاريخ أو قبله' } }),
  },
  list: { columns: ['currency', 'fiscalYearStartMonth', 'fiscalYearStartDay', 'lockDate'], defaultSort: 'currency' },
  form: {
    sections: [
      { title: { en: 'Default accounts', ar: 'الحسابات الافتراضية' }, fields: ['salesAccountId', 'salesReturnAccountId', 'expenseAccountId', 'cogsAccountId', 'inventoryAccountId', 'purchaseAccountId', 'cashAccountId', 'bankAccountId', 'receivableAccountId', 'payableAccountId', 'taxAccountId', 'purchaseTaxAccountId', 'discountAccountId', 'equityAccountId', 'retainedEarningsAccountId', 'openingBalanceAccountId'] },
      { title: { en: 'Default journals', ar: 'الدفاتر الافتراضية' }, fields: ['salesJournalId', 'purchaseJournalId', 'cashJournalId', 'bankJournalId', 'generalJournalId', 'openingJournalId'] },
      { title: { en: 'Fiscal year and pricing', ar: 'السنة المالية والتسعير' }, fields: ['fiscalYearStartDay', 'fiscalYearStartMonth', 'fiscalYearEnd', 'defaultMarginProfit', 'minimumMarginProfit', 'defaultTaxRate', 'currency', 'lockDate'] },
    ],
  },
});
