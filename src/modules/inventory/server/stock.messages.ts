import type { Label } from '../../../core/i18n/locale';

/** Every message of the stock ledger (postStock, verifyStock), in both languages; the spec's wording verbatim. */
export const sm = {
  notAvailable: { en: 'Quantity Not Available', ar: 'الكمية غير متوفرة' },
  notAvailableDetail: { en: '{product}: {available} available, {requested} requested', ar: '{product}: المتوفر {available}، المطلوب {requested}' },
  noLines: { en: 'Add at least one line', ar: 'أضف سطرًا واحدًا على الأقل' },
  tooManyLines: { en: 'A document can move at most {max} lines', ar: 'لا يمكن أن يحرك المستند أكثر من {max} سطر' },
  dateRequired: { en: 'Date is required', ar: 'التاريخ مطلوب' },
  dateLocked: { en: 'The date {date} is on or before the lock date {lockDate}', ar: 'التاريخ {date} يقع في أو قبل تاريخ الإقفال {lockDate}' },
  moveTypeInvalid: { en: 'The move type is not valid', ar: 'نوع الحركة غير صالح' },
  lineInvalid: { en: 'Line {line} is not valid', ar: 'السطر {line} غير صالح' },
  quantityPositive: { en: 'Line {line}: the quantity must be greater than zero', ar: 'السطر {line}: يجب أن تكون الكمية أكبر من صفر' },
  unitCostInvalid: { en: 'Line {line}: the unit cost must be a number of zero or more', ar: 'السطر {line}: يجب أن تكون تكلفة الوحدة رقمًا يساوي صفرًا أو أكثر' },
  productNotFound: { en: 'Line {line}: the product does not exist', ar: 'السطر {line}: المنتج غير موجود' },
  productInactive: { en: 'Line {line}: {product} is inactive', ar: 'السطر {line}: {product} غير نشط' },
  productNotStorable: { en: 'Line {line}: {product} is not a storable product', ar: 'السطر {line}: {product} ليس منتجًا مخزنيًا' },
  locationNotFound: { en: 'Line {line}: the location does not exist', ar: 'السطر {line}: الموقع غير موجود' },
  locationInactive: { en: 'Line {line}: the location {location} is inactive', ar: 'السطر {line}: الموقع {location} غير نشط' },
  sameLocation: { en: 'Line {line}: the source and destination locations are the same', ar: 'السطر {line}: موقع المصدر هو نفسه موقع الوجهة' },
  uomNotFound: { en: 'Line {line}: the unit of measure does not exist', ar: 'السطر {line}: وحدة القياس غير موجودة' },
  uomOtherGroup: { en: 'Line {line}: the unit {uom} is not in the group of the product\'s unit', ar: 'السطر {line}: الوحدة {uom} ليست من مجموعة وحدة المنتج' },
  lotNotFound: { en: 'Line {line}: the lot / serial number does not exist for this product', ar: 'السطر {line}: الدفعة / الرقم التسلسلي غير موجود لهذا المنتج' },
  lotRequired: { en: 'Lot / serial number is required', ar: 'رقم الدفعة / الرقم التسلسلي مطلوب' },
  serialQuantity: { en: 'Line {line}: a serial number moves a quantity of exactly 1', ar: 'السطر {line}: الرقم التسلسلي يتحرك بكمية 1 فقط' },
  serialInStock: { en: 'Serial number {serial} is already in stock', ar: 'الرقم التسلسلي {serial} موجود في المخزون بالفعل' },
  accountMissing: { en: 'Set the {setting} in the inventory or accounting settings', ar: 'حدد {setting} في إعدادات المخزون أو المحاسبة' },
  sourceInvalid: { en: 'The source document is not valid', ar: 'المستند المصدر غير صالح' },
  reserveQuantity: { en: 'The quantity must be greater than zero', ar: 'يجب أن تكون الكمية أكبر من صفر' },
  reserveProduct: { en: 'The product does not exist or is not an active storable product', ar: 'المنتج غير موجود أو ليس منتجًا مخزنيًا نشطًا' },
  reserveLocation: { en: 'The location does not exist or is not an active stock location', ar: 'الموقع غير موجود أو ليس موقع مخزون نشطًا' },
  journalMissing: { en: 'Set the inventory journal in the inventory settings', ar: 'حدد دفتر المخزون في إعدادات المخزون' },
} satisfies Record<string, Label>;

/** Names of the accounts a posting may need, for accountMissing. */
export const accountNames = {
  inventory: { en: 'inventory account', ar: 'حساب المخزون' },
  stockInput: { en: 'stock received (counter) account', ar: 'حساب البضاعة المستلمة (المقابل)' },
  cogs: { en: 'cost of goods sold account', ar: 'حساب تكلفة البضاعة المباعة' },
  loss: { en: 'inventory loss account', ar: 'حساب خسائر المخزون' },
  gain: { en: 'inventory gain account', ar: 'حساب أرباح المخزون' },
  opening: { en: 'opening balance account', ar: 'حساب الأرصدة الافتتاحية' },
} satisfies Record<string, Label>;
