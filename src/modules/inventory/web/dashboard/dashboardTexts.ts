import type { Label } from '../../../../core/i18n/locale';

/** Texts of the inventory dashboard, in both languages. */
export const dt = {
  title: { en: 'Inventory dashboard', ar: 'لوحة المخزون' },
  asOf: { en: 'As of', ar: 'حتى تاريخ' },
  products: { en: 'Active products', ar: 'المنتجات النشطة' },
  onHandValue: { en: 'Stock value on hand', ar: 'قيمة المخزون المتاح' },
  lowStock: { en: 'Low stock', ar: 'مخزون منخفض' },
  // {days}: formatUnit's "30 days" / "7 أيام" (the noun takes the number's form)
  expiringLots: { en: 'Lots expiring within {days}', ar: 'دفعات تنتهي خلال {days}' },
  valueByCategory: { en: 'Stock value by category', ar: 'قيمة المخزون حسب الفئة' },
  otherCategories: { en: 'Other categories', ar: 'فئات أخرى' },
  valueByWarehouse: { en: 'Stock value by warehouse', ar: 'قيمة المخزون حسب المستودع' },
  movesOverTime: { en: 'Stock moves, last 30 days', ar: 'حركات المخزون، آخر 30 يومًا' },
  lowStockList: { en: 'Low stock', ar: 'مخزون منخفض' },
  expiringList: { en: 'Expiring lots', ar: 'دفعات قاربت على الانتهاء' },
  product: { en: 'Product', ar: 'المنتج' },
  onHand: { en: 'On hand', ar: 'المتاح' },
  reorderLevel: { en: 'Reorder level', ar: 'حد إعادة الطلب' },
  suggested: { en: 'Suggested', ar: 'المقترح' },
  lot: { en: 'Lot', ar: 'الدفعة' },
  expiry: { en: 'Expires', ar: 'تاريخ الانتهاء' },
  daysLeft: { en: 'Days left', ar: 'الأيام المتبقية' },
  expired: { en: 'Expired', ar: 'منتهية' },
  quantity: { en: 'Quantity', ar: 'الكمية' },
  seeReport: { en: 'See the report', ar: 'عرض التقرير' },
  loadFailed: { en: 'Failed to load the dashboard', ar: 'تعذر تحميل لوحة المخزون' },
} satisfies Record<string, Label>;

/** GET /api/inventory/dashboard (server/dashboard.service.ts). Money and quantities are decimal strings. */
export interface DashboardJson {
  asOf: string;
  kpis: { products: number; onHandValue: string; lowStock: number; expiringLots: number; expiryAlertDays: number };
  valueByCategory: { categoryId: number; name: string; value: string }[];
  otherCategories: { en: 'Other categories', ar: 'فئات أخرى' },
  valueByWarehouse: { warehouseId: number | null; name: string; value: string }[];
  movesOverTime: ({ day: string } & Record<string, number | string>)[];
  lowStock: { productId: number; product: string; uom: string; onHand: string; reorderLevel: string; suggested: string }[];
  expiringLots: { lotId: number; lot: string; productId: number; product: string; expiryDate: string; quantity: string; daysLeft: number }[];
}
