import { AppError } from '../../../core/http/errors';
import { type Label, type Locale, tr } from '../../../core/i18n/locale';

/** Messages of the inventory master data (products, categories, units, warehouses, locations, settings), en/ar. */
export const mm = {
  barcodeUsed: { en: 'Barcode already used', ar: 'الباركود مستخدم بالفعل' },
  codeExhausted: { en: 'Could not find an unused code; try again', ar: 'تعذر إيجاد رمز غير مستخدم؛ حاول مرة أخرى' },
  skuNeedsName: { en: 'Enter the product name before generating an SKU', ar: 'أدخل اسم المنتج قبل توليد رمز SKU' },
  skuNeedsCategory: { en: 'Choose the category before generating an SKU', ar: 'اختر الفئة قبل توليد رمز SKU' },
  costRequired: { en: 'Enter a cost greater than zero to compute the sale price', ar: 'أدخل تكلفة أكبر من صفر لحساب سعر البيع' },
  marginUnderMinimum: {
    en: 'The current margin {margin}% is below the minimum margin {minimum}%',
    ar: 'هامش الربح الحالي {margin}% أقل من الحد الأدنى لهامش الربح {minimum}%',
  },
  defaultMarginUnderMinimum: {
    en: 'The default margin {margin}% is below the minimum margin {minimum}%',
    ar: 'هامش الربح الافتراضي {margin}% أقل من الحد الأدنى لهامش الربح {minimum}%',
  },
  uomInactive: { en: 'The unit of measure is inactive', ar: 'وحدة القياس غير نشطة' },
  imageNotFound: { en: 'Upload the image first (png, jpeg, webp or gif)', ar: 'ارفع الصورة أولًا (png أو jpeg أو webp أو gif)' },
  productHasMoves: { en: 'A product with stock moves cannot be deleted; deactivate it instead', ar: 'لا يمكن حذف منتج له حركات مخزون؛ يمكنك إيقافه بدلًا من ذلك' },
  productTypeLocked: { en: 'The product type cannot change once the product has stock moves', ar: 'لا يمكن تغيير نوع المنتج بعد أن أصبحت له حركات مخزون' },
  productUomLocked: { en: 'The unit of measure cannot change once the product has stock moves', ar: 'لا يمكن تغيير وحدة القياس بعد أن أصبحت للمنتج حركات مخزون' },
  categoryLoop: { en: 'A category cannot be its own parent or sit under one of its sub-categories', ar: 'لا يمكن أن تكون الفئة أمًّا لنفسها أو تابعة لإحدى فئاتها الفرعية' },
  categoryHasChildren: { en: 'A category with sub-categories cannot be deleted', ar: 'لا يمكن حذف فئة لها فئات فرعية' },
  categoryHasProducts: { en: 'A category with products cannot be deleted', ar: 'لا يمكن حذف فئة تحتوي على منتجات' },
  uomFactorLocked: { en: 'The conversion factor of a unit used by products or stock moves cannot change', ar: 'لا يمكن تغيير معامل التحويل لوحدة مستخدمة في منتجات أو حركات مخزون' },
  uomGroupLocked: { en: 'A unit used by products or stock moves cannot move to another group', ar: 'لا يمكن نقل وحدة مستخدمة في منتجات أو حركات مخزون إلى مجموعة أخرى' },
  uomGroupHasUnits: { en: 'A UOM group with units cannot be deleted', ar: 'لا يمكن حذف مجموعة وحدات قياس تحتوي على وحدات' },
  invalidWarehouse: { en: 'Invalid warehouse', ar: 'مستودع غير صالح' },
  warehouseHasLocations: { en: 'A warehouse with locations cannot be deleted', ar: 'لا يمكن حذف مستودع يحتوي على مواقع' },
  locationHasStock: { en: 'A location with stock or stock moves cannot be deleted', ar: 'لا يمكن حذف موقع عليه مخزون أو حركات مخزون' },
  locationKindLocked: { en: 'The type of a location with stock or stock moves cannot change', ar: 'لا يمكن تغيير نوع موقع عليه مخزون أو حركات مخزون' },
  locationInSettings: { en: 'This location is used in the inventory settings; change the settings first', ar: 'هذا الموقع مستخدم في إعدادات المخزون؛ غيّر الإعدادات أولًا' },
  defaultLocationWrong: { en: 'The default location must be an internal location of the default warehouse', ar: 'يجب أن يكون الموقع الافتراضي موقعًا داخليًا في المستودع الافتراضي' },
  locationKindWrong: { en: '{field} must be a location of type {kind}', ar: 'يجب أن يكون {field} موقعًا من نوع {kind}' },
  scrapLocationWrong: { en: 'The default scrap location must be a scrap location', ar: 'يجب أن يكون موقع الإتلاف الافتراضي موقع إتلاف' },
  settingsMissing: { en: 'The inventory settings of this company are missing', ar: 'إعدادات المخزون لهذه الشركة غير موجودة' },
} satisfies Record<string, Label>;

/** A 422 (or 409) whose message also sits on the field it is about, so forms show it in place. */
export function fieldError(label: Label, locale: Locale, field = '_', status = 422, vars: Record<string, string | number> = {}): AppError {
  return new AppError(status, status === 409 ? 'conflict' : 'validation', label, { [field]: tr(label, locale, vars) }, vars);
}
