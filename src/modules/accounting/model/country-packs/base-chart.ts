import type { ChartRow, PackTax, Text } from './types';

/**
 * The chart every pack starts from (the 32 accounts companies got before packs existed, same codes: the accounting
 * settings and the demo name accounts by code). `tax` names the country's consumption tax, or null where there is
 * none (its two accounts are then left out); `extra` rows are the country's own, appended under existing parents.
 */
export function baseChart(tax: Text | null, extra: ChartRow[] = []): ChartRow[] {
  const rows: ChartRow[] = [
    ['1', 'Assets', 'الأصول', 'asset', null, null],
    ['11', 'Current assets', 'الأصول المتداولة', 'asset', 'current_asset', '1'],
    ['1101', 'Cash on hand', 'النقدية بالصندوق', 'asset', 'cash', '11'],
    ['1102', 'Bank', 'البنك', 'asset', 'bank', '11'],
    ['1103', 'Accounts receivable', 'الذمم المدينة - العملاء', 'asset', 'receivable', '11'],
    ['1104', 'Inventory', 'المخزون', 'asset', 'inventory', '11'],
    ...(tax ? [['1105', `${tax.en} receivable (input)`, `${tax.ar} على المشتريات`, 'asset', 'tax', '11'] as ChartRow] : []),
    ['12', 'Fixed assets', 'الأصول الثابتة', 'asset', 'fixed_asset', '1'],
    ['1201', 'Equipment', 'المعدات والأجهزة', 'asset', 'fixed_asset', '12'],
    ['2', 'Liabilities', 'الخصوم', 'liability', null, null],
    ['21', 'Current liabilities', 'الخصوم المتداولة', 'liability', 'current_liability', '2'],
    ['2101', 'Accounts payable', 'الذمم الدائنة - الموردون', 'liability', 'payable', '21'],
    ...(tax ? [['2102', `${tax.en} payable (output)`, `${tax.ar} المستحقة`, 'liability', 'tax', '21'] as ChartRow] : []),
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
  return [...rows, ...extra];
}

export const VAT: Text = { en: 'VAT', ar: 'ضريبة القيمة المضافة' };
/**
 * Sale and purchase VAT at `rate` percent, named as the companies before packs had them ("VAT 15%"), and the two
 * sale taxes at 0% every VAT country has: zero rated (exports, above all) and exempt. Where e-invoicing asks a reason
 * code (`codes`, Saudi Arabia), each carries the commonest one; a company adds others on the taxes screen.
 */
export const vatTaxes = (rate: string, codes: { zero: string; exempt: string } | null = null): PackTax[] => [
  { name: { en: `VAT ${rate}%`, ar: `ضريبة القيمة المضافة ${rate}%` }, rate, use: 'sale' },
  { name: { en: `VAT ${rate}% (purchases)`, ar: `ضريبة القيمة المضافة ${rate}% (مشتريات)` }, rate, use: 'purchase' },
  { name: { en: 'VAT 0% (zero rated)', ar: 'ضريبة القيمة المضافة 0% (نسبة صفرية)' }, rate: '0', use: 'sale', vatCategory: 'zero', ...(codes ? { exemptionCode: codes.zero } : {}) },
  { name: { en: 'VAT exempt', ar: 'معفاة من ضريبة القيمة المضافة' }, rate: '0', use: 'sale', vatCategory: 'exempt', ...(codes ? { exemptionCode: codes.exempt } : {}) },
];
export const TAX_INVOICE = {
  invoice: { en: 'Tax invoice', ar: 'فاتورة ضريبية' }, creditNote: { en: 'Tax credit note', ar: 'إشعار دائن ضريبي' }, debitNote: { en: 'Tax debit note', ar: 'إشعار مدين ضريبي' },
};
export const PLAIN_INVOICE = { invoice: { en: 'Invoice', ar: 'فاتورة' }, creditNote: { en: 'Credit note', ar: 'إشعار دائن' }, debitNote: { en: 'Debit note', ar: 'إشعار مدين' } };
export const CR = { en: 'Commercial registration number', ar: 'رقم السجل التجاري' };
export const VAT_NUMBER = { en: 'VAT registration number', ar: 'رقم التسجيل في ضريبة القيمة المضافة' };
