import type { Label } from '../../../core/i18n/locale';

/**
 * VAT categories of a tax (UN/ECE 5305 codes, as e-invoices name them) and the reason codes Saudi e-invoicing asks
 * for the categories that charge nothing (ZATCA's VATEX list). A zero-rated, exempt or out-of-scope tax charges 0%;
 * its code says why, and must belong to its category.
 */
export const VAT_CATEGORIES = [
  { value: 'standard', code: 'S', label: { en: 'Standard rated', ar: 'خاضعة للنسبة الأساسية' } },
  { value: 'zero', code: 'Z', label: { en: 'Zero rated', ar: 'خاضعة للنسبة الصفرية' } },
  { value: 'exempt', code: 'E', label: { en: 'Exempt', ar: 'معفاة' } },
  { value: 'outOfScope', code: 'O', label: { en: 'Out of scope', ar: 'خارج نطاق الضريبة' } },
] as const;
export type VatCategoryValue = (typeof VAT_CATEGORIES)[number]['value'];

export const EXEMPTION_CODES: { value: string; category: VatCategoryValue; label: Label }[] = [
  { value: 'VATEX-SA-29', category: 'exempt', label: { en: 'Financial services (article 29)', ar: 'الخدمات المالية (المادة 29)' } },
  { value: 'VATEX-SA-29-7', category: 'exempt', label: { en: 'Life insurance (article 29)', ar: 'التأمين على الحياة (المادة 29)' } },
  { value: 'VATEX-SA-30', category: 'exempt', label: { en: 'Real estate (article 30)', ar: 'التوريدات العقارية (المادة 30)' } },
  { value: 'VATEX-SA-32', category: 'zero', label: { en: 'Export of goods', ar: 'تصدير السلع' } },
  { value: 'VATEX-SA-33', category: 'zero', label: { en: 'Export of services', ar: 'تصدير الخدمات' } },
  { value: 'VATEX-SA-34-1', category: 'zero', label: { en: 'International transport of goods', ar: 'النقل الدولي للسلع' } },
  { value: 'VATEX-SA-34-2', category: 'zero', label: { en: 'International transport of passengers', ar: 'النقل الدولي للركاب' } },
  { value: 'VATEX-SA-34-3', category: 'zero', label: { en: 'Services related to international transport', ar: 'الخدمات المرتبطة بالنقل الدولي' } },
  { value: 'VATEX-SA-34-4', category: 'zero', label: { en: 'Supply of qualifying means of transport', ar: 'توريد وسائل النقل المؤهلة' } },
  { value: 'VATEX-SA-34-5', category: 'zero', label: { en: 'Services on qualifying means of transport', ar: 'الخدمات المرتبطة بوسائل النقل المؤهلة' } },
  { value: 'VATEX-SA-35', category: 'zero', label: { en: 'Medicines and medical equipment', ar: 'الأدوية والمعدات الطبية' } },
  { value: 'VATEX-SA-36', category: 'zero', label: { en: 'Qualifying metals', ar: 'المعادن المؤهلة' } },
  { value: 'VATEX-SA-EDU', category: 'zero', label: { en: 'Private education to citizens', ar: 'التعليم الأهلي للمواطنين' } },
  { value: 'VATEX-SA-HEA', category: 'zero', label: { en: 'Private healthcare to citizens', ar: 'الرعاية الصحية الخاصة للمواطنين' } },
  { value: 'VATEX-SA-MLTRY', category: 'zero', label: { en: 'Qualified military goods', ar: 'السلع العسكرية المؤهلة' } },
  { value: 'VATEX-SA-OOS', category: 'outOfScope', label: { en: 'Not subject to VAT', ar: 'غير خاضع لضريبة القيمة المضافة' } },
];

/** The UN/ECE 5305 code of a category (S when none is stored). */
export const vatCategoryCode = (value: unknown): 'S' | 'Z' | 'E' | 'O' =>
  (VAT_CATEGORIES.find((c) => c.value === value)?.code ?? 'S') as 'S' | 'Z' | 'E' | 'O';
