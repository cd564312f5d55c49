import type { Label } from '../../../../core/i18n/locale';

/** Messages of the inventory reports and dashboard, in both languages (the spec's wording for a failed download). */
export const rm = {
  downloadFailed: { en: 'Error downloading report. Please try again', ar: 'خطأ في تنزيل التقرير. يرجى المحاولة مرة أخرى' },
  unknownReport: { en: 'Unknown report', ar: 'تقرير غير معروف' },
  badParam: { en: 'Invalid report parameter {param}', ar: 'معامل تقرير غير صالح {param}' },
  total: { en: 'Total', ar: 'الإجمالي' },
  never: { en: 'Never', ar: 'أبدًا' },
} satisfies Record<string, Label>;
