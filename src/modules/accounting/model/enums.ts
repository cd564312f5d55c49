import type { EnumOption } from '../../../core/entity/field';
import type { Label } from '../../../core/i18n/locale';

/** The 409s of an edit or delete refused by the state (the definitions' `states.lockedMessage`). */
export const NOT_DRAFT: Label = { en: 'Only a draft can be changed or deleted', ar: 'لا يمكن تعديل أو حذف إلا المسودة' };
export const POSTED_IMMUTABLE: Label = { en: 'A posted entry cannot be changed or deleted; cancel it to reverse it', ar: 'لا يمكن تعديل أو حذف قيد مرحّل؛ ألغِه لعكسه' };

/** Account types and subtypes of the chart of accounts, with their labels in both languages. */
export const ACCOUNT_TYPES: EnumOption[] = [
  { value: 'asset', label: { en: 'Asset', ar: 'أصول' } },
  { value: 'liability', label: { en: 'Liability', ar: 'خصوم' } },
  { value: 'equity', label: { en: 'Equity', ar: 'حقوق الملكية' } },
  { value: 'income', label: { en: 'Income', ar: 'إيرادات' } },
  { value: 'expense', label: { en: 'Expense', ar: 'مصروفات' } },
];

export const ACCOUNT_SUBTYPES: EnumOption[] = [
  { value: 'cash', label: { en: 'Cash', ar: 'نقدية' } },
  { value: 'bank', label: { en: 'Bank', ar: 'بنك' } },
  { value: 'receivable', label: { en: 'Receivable', ar: 'ذمم مدينة' } },
  { value: 'payable', label: { en: 'Payable', ar: 'ذمم دائنة' } },
  { value: 'inventory', label: { en: 'Inventory', ar: 'مخزون' } },
  { value: 'tax', label: { en: 'Tax', ar: 'ضريبة' } },
  { value: 'current_asset', label: { en: 'Current asset', ar: 'أصل متداول' } },
  { value: 'fixed_asset', label: { en: 'Fixed asset', ar: 'أصل ثابت' } },
  { value: 'current_liability', label: { en: 'Current liability', ar: 'خصم متداول' } },
  { value: 'long_term_liability', label: { en: 'Long-term liability', ar: 'خصم طويل الأجل' } },
  { value: 'equity', label: { en: 'Equity', ar: 'حقوق ملكية' } },
  { value: 'retained_earnings', label: { en: 'Retained earnings', ar: 'أرباح محتجزة' } },
  { value: 'revenue', label: { en: 'Revenue', ar: 'إيراد' } },
  { value: 'other_income', label: { en: 'Other income', ar: 'إيرادات أخرى' } },
  { value: 'cost_of_sales', label: { en: 'Cost of sales', ar: 'تكلفة المبيعات' } },
  { value: 'operating_expense', label: { en: 'Operating expense', ar: 'مصروف تشغيلي' } },
  { value: 'other', label: { en: 'Other', ar: 'أخرى' } },
];

export const ACTIVE_STATES: EnumOption[] = [
  { value: 'active', label: { en: 'Active', ar: 'نشط' } },
  { value: 'inactive', label: { en: 'Inactive', ar: 'غير نشط' } },
];

export const activeTransitions = {
  activate: { label: { en: 'Activate', ar: 'تفعيل' }, from: ['inactive'], to: 'active', confirm: true, color: 'green' },
  deactivate: { label: { en: 'Deactivate', ar: 'إلغاء التفعيل' }, from: ['active'], to: 'inactive', confirm: true, color: 'red' },
};

export const JOURNAL_TYPES: EnumOption[] = [
  { value: 'sale', label: { en: 'Sales', ar: 'مبيعات' } },
  { value: 'purchase', label: { en: 'Purchases', ar: 'مشتريات' } },
  { value: 'cash', label: { en: 'Cash', ar: 'نقدية' } },
  { value: 'bank', label: { en: 'Bank', ar: 'بنك' } },
  { value: 'general', label: { en: 'General', ar: 'عام' } },
];

export const INVOICE_TYPES: EnumOption[] = [
  { value: 'SALE', label: { en: 'Sale', ar: 'مبيعات' } },
  { value: 'PURCHASE', label: { en: 'Purchase', ar: 'مشتريات' } },
  { value: 'EXPENSE', label: { en: 'Expense', ar: 'مصروفات' } },
  { value: 'OTHER', label: { en: 'Other', ar: 'أخرى' } },
];

export const INVOICE_STATES: EnumOption[] = [
  { value: 'DRAFT', label: { en: 'Draft', ar: 'مسودة' } },
  { value: 'PENDING', label: { en: 'Pending', ar: 'قيد الانتظار' } },
  { value: 'PROCESSING', label: { en: 'Processing', ar: 'قيد المعالجة' } },
  { value: 'CONFIRMED', label: { en: 'Confirmed', ar: 'مؤكدة' } },
  { value: 'SENT', label: { en: 'Sent', ar: 'مرسلة' } },
  { value: 'DELIVERED', label: { en: 'Delivered', ar: 'تم التسليم' } },
  { value: 'PARTIALLY_PAID', label: { en: 'Partially paid', ar: 'مدفوعة جزئيًا' } },
  { value: 'PAID', label: { en: 'Paid', ar: 'مدفوعة' } },
  { value: 'OVERDUE', label: { en: 'Overdue', ar: 'متأخرة' } },
  { value: 'RETURNED', label: { en: 'Returned', ar: 'مرتجعة' } },
  { value: 'REFUNDED', label: { en: 'Refunded', ar: 'مستردة' } },
  { value: 'CANCELLED', label: { en: 'Cancelled', ar: 'ملغاة' } },
  { value: 'VOID', label: { en: 'Void', ar: 'باطلة' } },
];

export const ENTRY_STATES: EnumOption[] = [
  { value: 'draft', label: { en: 'Draft', ar: 'مسودة' } },
  { value: 'posted', label: { en: 'Posted', ar: 'مرحّل' } },
  { value: 'cancelled', label: { en: 'Cancelled', ar: 'ملغى' } },
];
