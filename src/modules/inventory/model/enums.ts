import type { EnumOption } from '../../../core/entity/field';

/** Enumerations of the inventory module with their labels in both languages. */
export const PRODUCT_TYPES: EnumOption[] = [
  { value: 'storable', label: { en: 'Storable product', ar: 'منتج مخزني' } },
  { value: 'consumable', label: { en: 'Consumable', ar: 'مستهلك' } },
  { value: 'service', label: { en: 'Service', ar: 'خدمة' } },
];

/** internal: stock the company holds (valued unless it is a scrap location); the others are counterparts. */
export const LOCATION_KINDS: EnumOption[] = [
  { value: 'internal', label: { en: 'Internal', ar: 'داخلي' } },
  { value: 'vendor', label: { en: 'Vendor', ar: 'مورد' } },
  { value: 'customer', label: { en: 'Customer', ar: 'عميل' } },
  { value: 'virtual', label: { en: 'Virtual', ar: 'افتراضي' } },
];

export const VALUATION_METHODS: EnumOption[] = [
  { value: 'fifo', label: { en: 'FIFO (first in, first out)', ar: 'الوارد أولاً صادر أولاً (FIFO)' } },
  { value: 'lifo', label: { en: 'LIFO (last in, first out)', ar: 'الوارد أخيراً صادر أولاً (LIFO)' } },
  { value: 'average', label: { en: 'Moving average', ar: 'المتوسط المرجح المتحرك' } },
  { value: 'specific', label: { en: 'Specific identification', ar: 'التمييز المحدد' } },
];

export const MOVE_TYPES: EnumOption[] = [
  { value: 'incoming', label: { en: 'Incoming', ar: 'وارد' } },
  { value: 'outgoing', label: { en: 'Outgoing', ar: 'صادر' } },
  { value: 'internal', label: { en: 'Internal transfer', ar: 'تحويل داخلي' } },
  { value: 'scrap', label: { en: 'Scrap', ar: 'إتلاف' } },
  { value: 'adjustment', label: { en: 'Adjustment', ar: 'تسوية' } },
  { value: 'opening', label: { en: 'Opening balance', ar: 'رصيد افتتاحي' } },
];

export const DESTINATION_TYPES: EnumOption[] = [
  { value: 'customer', label: { en: 'Customer', ar: 'عميل' } },
  { value: 'department', label: { en: 'Department', ar: 'قسم' } },
  { value: 'branch', label: { en: 'Branch', ar: 'فرع' } },
  { value: 'other', label: { en: 'Other', ar: 'أخرى' } },
];

export const ADJUSTMENT_REASONS: EnumOption[] = [
  { value: 'physical_count', label: { en: 'Physical count', ar: 'جرد فعلي' } },
  { value: 'damage', label: { en: 'Damage', ar: 'تلف' } },
  { value: 'loss', label: { en: 'Loss or theft', ar: 'فقد أو سرقة' } },
  { value: 'found', label: { en: 'Found stock', ar: 'مخزون معثور عليه' } },
  { value: 'correction', label: { en: 'Correction', ar: 'تصحيح' } },
  { value: 'other', label: { en: 'Other', ar: 'أخرى' } },
];

const st = (value: string, en: string, ar: string): EnumOption => ({ value, label: { en, ar } });
export const RECEIPT_STATES = [
  st('pending', 'Pending', 'قيد الانتظار'), st('approved', 'Approved', 'معتمد'),
  st('partially_received', 'Partially received', 'مستلم جزئياً'), st('received', 'Received', 'مستلم'),
  st('rejected', 'Rejected', 'مرفوض'), st('cancelled', 'Cancelled', 'ملغى'),
];
/** Deliveries, transfers and scraps: a draft is edited, then validated (stock moves) once. */
export const MOVE_DOC_STATES = [st('draft', 'Draft', 'مسودة'), st('done', 'Done', 'منفذ'), st('cancelled', 'Cancelled', 'ملغى')];
export const ADJUSTMENT_STATES = [st('draft', 'Draft', 'مسودة'), st('confirmed', 'Confirmed', 'مؤكد'), st('cancelled', 'Cancelled', 'ملغى')];
export const OPENING_STATES = [st('draft', 'Draft', 'مسودة'), st('posted', 'Posted', 'مرحّل'), st('cancelled', 'Cancelled', 'ملغى')];

export const moveDocTransitions = {
  validate: { label: { en: 'Validate', ar: 'تنفيذ' }, from: ['draft'], to: 'done', confirm: true, color: 'green' },
  cancel: { label: { en: 'Cancel', ar: 'إلغاء' }, from: ['draft'], to: 'cancelled', confirm: true, color: 'red' },
};
