import type { Label } from '../../../../core/i18n/locale';

/** Messages of the sales reports, in both languages (the spec's wording for a failed download). */
export const srm = {
  downloadFailed: { en: 'Error downloading report. Please try again', ar: 'خطأ في تنزيل التقرير. يرجى المحاولة مرة أخرى' },
  unknownReport: { en: 'Unknown report', ar: 'تقرير غير معروف' },
  badParam: { en: 'Invalid report parameter {param}', ar: 'معامل تقرير غير صالح {param}' },
  /** More than 60 periods (core's periodsBetween names no parameter in its message). */
  badPeriod: { en: 'Invalid report parameter Period', ar: 'معامل تقرير غير صالح الفترة' },
  minAboveMax: { en: 'Min amount cannot be greater than max amount', ar: 'لا يمكن أن يكون الحد الأدنى للمبلغ أكبر من الحد الأقصى' },
  notFound: { en: '{param} not found', ar: 'لم يُعثر على {param}' },
  total: { en: 'Total', ar: 'الإجمالي' },
  opening: { en: 'Opening balance', ar: 'الرصيد الافتتاحي' },
  uncategorized: { en: 'No category', ar: 'بدون فئة' },
  noSalesperson: { en: 'No salesperson', ar: 'بدون مندوب' },
  noReason: { en: 'No reason', ar: 'بدون سبب' },
  /** The purchase and expense analyses' `customerId`, named on their PDF. */
  vendor: { en: 'Vendor', ar: 'المورد' },
} satisfies Record<string, Label>;

/** Names of the sales reports' own parameters (in the 400/422 messages). */
export const PARAM_LABELS: Record<string, Label> = {
  customerId: { en: 'Customer', ar: 'العميل' }, productId: { en: 'Product', ar: 'المنتج' }, categoryId: { en: 'Category', ar: 'الفئة' },
  salespersonId: { en: 'Salesperson', ar: 'مندوب المبيعات' }, top: { en: 'Top N', ar: 'أعلى (عدد)' },
  minAmount: { en: 'Min amount', ar: 'الحد الأدنى للمبلغ' }, maxAmount: { en: 'Max amount', ar: 'الحد الأقصى للمبلغ' },
  reasonId: { en: 'Reason', ar: 'السبب' }, groupBy: { en: 'Group by', ar: 'التجميع حسب' },
};
