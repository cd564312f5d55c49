import { AppError } from '../../../core/http/errors';
import { type Label, type Locale, tr } from '../../../core/i18n/locale';

/** Every message of the stock documents (receipts, deliveries, transfers, scraps, adjustments, beginning balances). */
export const dm = {
  noItems: { en: 'Add at least one item', ar: 'أضف صنفًا واحدًا على الأقل' },
  tooManyItems: { en: 'A document can have at most {max} items', ar: 'لا يمكن أن يحتوي المستند على أكثر من {max} صنف' },
  itemInvalid: { en: 'Item {line}: product, quantity and unit must be valid', ar: 'الصنف {line}: يجب أن يكون المنتج والكمية والوحدة صالحة' },
  productNotFound: { en: 'Item {line}: the product does not exist', ar: 'الصنف {line}: المنتج غير موجود' },
  productInactive: { en: 'Item {line}: the product {product} is inactive', ar: 'الصنف {line}: المنتج {product} غير نشط' },
  productNotStorable: { en: 'Item {line}: {product} is not a storable product', ar: 'الصنف {line}: {product} ليس منتجًا مخزنيًا' },
  uomNotFound: { en: 'Item {line}: the unit of measure does not exist', ar: 'الصنف {line}: وحدة القياس غير موجودة' },
  uomOtherGroup: { en: 'Item {line}: the unit {uom} is not in the unit group of {product}', ar: 'الصنف {line}: الوحدة {uom} ليست من مجموعة وحدات {product}' },
  quantityPositive: { en: 'Item {line}: the quantity must be greater than zero', ar: 'الصنف {line}: يجب أن تكون الكمية أكبر من صفر' },
  countedNegative: { en: 'Item {line}: the counted quantity cannot be negative', ar: 'الصنف {line}: لا يمكن أن تكون الكمية المعدودة سالبة' },
  costNegative: { en: 'Item {line}: the unit cost cannot be negative', ar: 'الصنف {line}: لا يمكن أن تكون تكلفة الوحدة سالبة' },
  lotNotFound: { en: 'Item {line}: the lot does not belong to this product', ar: 'الصنف {line}: الدفعة لا تخص هذا المنتج' },
  countedTwice: { en: 'Item {line}: {product} is already counted in this adjustment', ar: 'الصنف {line}: {product} معدود مسبقًا في هذه التسوية' },
  countChanged: { en: 'Item {line}: the stock changed while the count was being confirmed; confirm it again', ar: 'الصنف {line}: تغير المخزون أثناء تأكيد الجرد؛ أكّده مرة أخرى' },
  locationNotFound: { en: 'The location does not exist', ar: 'الموقع غير موجود' },
  locationInactive: { en: 'The location {location} is inactive', ar: 'الموقع {location} غير نشط' },
  locationNoWarehouse: { en: 'The location {location} has no warehouse', ar: 'الموقع {location} غير مرتبط بمستودع' },
  locationNotInternal: { en: 'The location {location} is not an internal stock location', ar: 'الموقع {location} ليس موقع مخزون داخليًا' },
  receiveIntoScrap: { en: 'Cannot receive into a scrap location', ar: 'لا يمكن الاستلام في موقع إتلاف' },
  fromScrap: { en: 'Cannot take stock out of a scrap location', ar: 'لا يمكن صرف مخزون من موقع إتلاف' },
  adjustScrap: { en: 'Cannot adjust the stock of a scrap location', ar: 'لا يمكن تسوية مخزون موقع إتلاف' },
  notScrapLocation: { en: 'The location {location} is not a scrap location', ar: 'الموقع {location} ليس موقع إتلاف' },
  sameLocation: { en: 'The source and destination locations must be different', ar: 'يجب أن يختلف موقع المصدر عن موقع الوجهة' },
  settingMissing: { en: 'Set the {setting} in the inventory settings', ar: 'حدد {setting} في إعدادات المخزون' },
  receiveLineMissing: { en: 'Item {line} does not exist on this receipt', ar: 'الصنف {line} غير موجود في هذا الإيصال' },
  overReceive: { en: 'Item {line}: cannot receive {quantity}; only {left} left to receive', ar: 'الصنف {line}: لا يمكن استلام {quantity}؛ المتبقي للاستلام {left} فقط' },
  nothingToReceive: { en: 'Nothing is left to receive', ar: 'لا يوجد شيء متبقٍ للاستلام' },
  notReceivable: { en: 'Only an approved or partially received receipt can be received', ar: 'لا يمكن الاستلام إلا لإيصال معتمد أو مستلم جزئيًا' },
  transferScrap: { en: 'Use a scrap to move stock into a scrap location', ar: 'استخدم مستند إتلاف لنقل المخزون إلى موقع إتلاف' },
  dateInvalid: { en: 'The date must be a valid date', ar: 'يجب أن يكون التاريخ صالحًا' },
} satisfies Record<string, Label>;

/** A 422 (or `status`) carrying the message in both languages, keyed on `field` for the form. */
export function docError(label: Label, vars: Record<string, string | number>, locale: Locale, field = 'items', status = 422): AppError {
  return new AppError(status, status === 409 ? 'conflict' : 'validation', label, { [field]: tr(label, locale, vars) }, vars);
}
