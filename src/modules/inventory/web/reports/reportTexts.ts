import type { Label } from '../../../../core/i18n/locale';

/** Texts of the inventory report screens, in both languages (the spec's wording for a failed download). */
export const rt = {
  downloadFailed: { en: 'Error downloading report. Please try again', ar: 'خطأ في تنزيل التقرير. يرجى المحاولة مرة أخرى' },
  downloaded: { en: 'Report downloaded', ar: 'تم تنزيل التقرير' },
  warehouse: { en: 'Warehouse', ar: 'المستودع' },
  location: { en: 'Location', ar: 'الموقع' },
  category: { en: 'Category', ar: 'الفئة' },
  product: { en: 'Product', ar: 'المنتج' },
  moveType: { en: 'Move type', ar: 'نوع الحركة' },
  groupBy: { en: 'Rows per', ar: 'صف لكل' },
  days: { en: 'Days without outgoing', ar: 'أيام بلا صرف' },
  byLocation: { en: 'Product and location', ar: 'منتج وموقع' },
  byWarehouse: { en: 'Product and warehouse', ar: 'منتج ومستودع' },
  byProduct: { en: 'Product', ar: 'منتج' },
  totalValue: { en: 'Total value', ar: 'إجمالي القيمة' },
  openingValue: { en: 'Opening value', ar: 'قيمة الافتتاح' },
  closingValue: { en: 'Closing value', ar: 'قيمة الختام' },
  inValue: { en: 'In value', ar: 'قيمة الوارد' },
  outValue: { en: 'Out value', ar: 'قيمة الصادر' },
  estimatedCost: { en: 'Estimated cost of the suggested orders', ar: 'التكلفة التقديرية للطلبات المقترحة' },
  indexTitle: { en: 'Inventory reports', ar: 'تقارير المخزون' },
  indexSubtitle: { en: 'Stock at a date, movements over a period, what to reorder and what does not sell', ar: 'المخزون في تاريخ، والحركة خلال فترة، وما يجب إعادة طلبه وما لا يُباع' },
  open: { en: 'Open report', ar: 'فتح التقرير' },
} satisfies Record<string, Label>;

/** The four reports of the index, with what each answers. */
export const REPORTS: { slug: string; title: Label; description: Label }[] = [
  { slug: 'stock-balance', title: { en: 'Stock balance', ar: 'رصيد المخزون' },
    description: { en: 'On hand and value per product and location or warehouse at any date.', ar: 'الكمية المتاحة وقيمتها لكل منتج وموقع أو مستودع في أي تاريخ.' } },
  { slug: 'stock-movement', title: { en: 'Stock movement', ar: 'حركة المخزون' },
    description: { en: 'Opening, in, out and closing per product over a period, by day, week, month, quarter or year.', ar: 'الرصيد الافتتاحي والوارد والصادر والختامي لكل منتج خلال فترة، يوميًا أو أسبوعيًا أو شهريًا أو ربع سنويًا أو سنويًا.' } },
  { slug: 'reorder-level', title: { en: 'Reorder level', ar: 'حد إعادة الطلب' },
    description: { en: 'Products at or below their reorder level, with the quantity to order.', ar: 'المنتجات التي بلغت حد إعادة الطلب أو أقل منه، مع الكمية المقترح طلبها.' } },
  { slug: 'slow-moving-items', title: { en: 'Slow-moving items', ar: 'الأصناف بطيئة الحركة' },
    description: { en: 'Stock that has not gone out for a number of days, with its value.', ar: 'المخزون الذي لم يُصرف منذ عدد من الأيام، مع قيمته.' } },
];
