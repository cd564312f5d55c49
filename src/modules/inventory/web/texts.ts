import type { Label } from '../../../core/i18n/locale';

/**
 * Texts of the inventory screens (item editors, product tools and statistics, document panels, stock moves) in
 * both languages; the Label type keeps English and Arabic in step. Error titles follow the spec's catalogue.
 */
export const tx = {
  // item columns
  product: { en: 'Product', ar: 'المنتج' },
  unit: { en: 'Unit', ar: 'الوحدة' },
  quantity: { en: 'Quantity', ar: 'الكمية' },
  unitCost: { en: 'Unit cost', ar: 'تكلفة الوحدة' },
  value: { en: 'Value', ar: 'القيمة' },
  lot: { en: 'Lot / serial', ar: 'الدفعة / الرقم التسلسلي' },
  lotName: { en: 'New lot / serial', ar: 'دفعة / رقم تسلسلي جديد' },
  expiryDate: { en: 'Expiry date', ar: 'تاريخ الانتهاء' },
  received: { en: 'Received', ar: 'المستلم' },
  available: { en: 'Available', ar: 'المتاح' },
  notAvailable: { en: 'Quantity Not Available', ar: 'الكمية غير متوفرة' },
  current: { en: 'Current', ar: 'الحالية' },
  counted: { en: 'Counted', ar: 'المعدودة' },
  difference: { en: 'Difference', ar: 'الفرق' },
  differenceValue: { en: 'Difference value', ar: 'قيمة الفرق' },
  totalDifference: { en: 'Total difference', ar: 'إجمالي الفرق' },
  totalDifferenceValue: { en: 'Total difference value', ar: 'إجمالي قيمة الفرق' },
  total: { en: 'Total', ar: 'الإجمالي' },
  totalValue: { en: 'Total value', ar: 'إجمالي القيمة' },
  valueAtCost: { en: 'Costs are set from the stock when the document is validated', ar: 'تُحدد التكاليف من المخزون عند تنفيذ المستند' },
  pickProductFirst: { en: 'Choose a product first', ar: 'اختر المنتج أولاً' },

  // product form tools
  generate: { en: 'Generate', ar: 'توليد' },
  generateBarcode: { en: 'Generate an EAN-13 barcode', ar: 'توليد باركود EAN-13' },
  generateSku: { en: 'Generate a SKU from the name and category', ar: 'توليد رمز SKU من الاسم والفئة' },
  compute: { en: 'From cost', ar: 'من التكلفة' },
  computeSalePrice: { en: 'From cost: compute the sale price with the default margin', ar: 'حساب سعر البيع من التكلفة وهامش الربح الافتراضي' },
  barcodeFailed: { en: 'Error generating barcode', ar: 'خطأ في توليد الباركود' },
  skuFailed: { en: 'Error generating SKU', ar: 'خطأ في توليد رمز SKU' },
  salePriceFailed: { en: 'Error generating sale price', ar: 'خطأ في حساب سعر البيع' },
  skuNeedsName: { en: 'Enter the name and category first', ar: 'أدخل الاسم والفئة أولاً' },
  margin: { en: 'Margin {margin}%', ar: 'هامش الربح {margin}%' },
  belowMinimum: { en: 'The margin is below the minimum margin in the settings', ar: 'هامش الربح أقل من الحد الأدنى في الإعدادات' },
  costFirst: { en: 'Enter the cost first', ar: 'أدخل التكلفة أولاً' },

  // product statistics
  statistics: { en: 'Stock statistics', ar: 'إحصائيات المخزون' },
  statisticsFailed: { en: 'Error fetching product statistics', ar: 'خطأ في جلب إحصائيات المنتج' },
  onHand: { en: 'On hand', ar: 'الكمية المتاحة' },
  stockValue: { en: 'Stock value', ar: 'قيمة المخزون' },
  averageCost: { en: 'Average cost', ar: 'متوسط التكلفة' },
  movesCount: { en: 'Stock moves', ar: 'حركات المخزون' },
  lastMove: { en: 'last on {date}', ar: 'آخرها في {date}' },
  byLocation: { en: 'On hand by location', ar: 'الكمية المتاحة حسب الموقع' },
  location: { en: 'Location', ar: 'الموقع' },
  lastMoves: { en: 'Latest moves', ar: 'آخر الحركات' },
  allMoves: { en: 'All moves of this product', ar: 'كل حركات هذا المنتج' },

  // document panels
  stockMoves: { en: 'Stock moves', ar: 'حركات المخزون' },
  noMoves: { en: 'No stock has moved for this document yet', ar: 'لم تتحرك أي كمية لهذا المستند بعد' },
  movesFailed: { en: 'Failed to fetch stock movements', ar: 'تعذر جلب حركات المخزون' },
  journalEntries: { en: 'Journal entries', ar: 'قيود اليومية' },
  noEntries: { en: 'No journal entry yet', ar: 'لا يوجد قيد يومية بعد' },
  date: { en: 'Date', ar: 'التاريخ' },

  // receive part
  receivePart: { en: 'Receive part', ar: 'استلام جزئي' },
  receivePartTitle: { en: 'Receive part of {number}', ar: 'استلام جزء من {number}' },
  ordered: { en: 'Ordered', ar: 'المطلوب' },
  left: { en: 'Left', ar: 'المتبقي' },
  receiveNow: { en: 'Receive now', ar: 'الاستلام الآن' },
  receive: { en: 'Receive', ar: 'استلام' },
  cancel: { en: 'Cancel', ar: 'إلغاء' },
  fillLeft: { en: 'Everything left', ar: 'كل المتبقي' },
  receiveDateHelp: { en: 'The receipt date when empty', ar: 'تاريخ الإيصال إذا تُرك فارغاً' },
  receiveNothing: { en: 'Enter a quantity to receive on at least one item', ar: 'أدخل كمية للاستلام في صنف واحد على الأقل' },
  receiveTooMuch: { en: 'Item {line}: at most {left} left to receive', ar: 'الصنف {line}: المتبقي للاستلام {left} فقط' },
  receiveBadQuantity: { en: 'Item {line}: enter a valid quantity', ar: 'الصنف {line}: أدخل كمية صحيحة' },
  receivedDone: { en: 'Items received', ar: 'تم استلام الأصناف' },
  receiveFailed: { en: 'Error updating receipt', ar: 'خطأ في تحديث الإيصال' },
  confirmReceive: { en: 'Receive these quantities into stock?', ar: 'هل تريد استلام هذه الكميات في المخزون؟' },

  // stock moves screen
  moveDetails: { en: 'Stock move {reference}', ar: 'حركة المخزون {reference}' },
  openDocument: { en: 'Open the document', ar: 'فتح المستند' },

  // new adjustment
  newAdjustment: { en: 'New stock adjustment', ar: 'تسوية مخزون جديدة' },
  newAdjustmentHelp: {
    en: 'Choose the location, load its stock, then enter what you counted. Confirming the adjustment moves the differences and posts the gain or loss.',
    ar: 'اختر الموقع وحمّل مخزونه ثم أدخل الكميات المعدودة. تأكيد التسوية ينقل الفروقات ويرحّل الربح أو الخسارة.',
  },
  loadStock: { en: 'Load the location\'s stock', ar: 'تحميل مخزون الموقع' },
  loadStockFailed: { en: 'Failed to fetch the location\'s stock', ar: 'تعذر جلب مخزون الموقع' },
  loadStockEmpty: { en: 'Nothing is in stock at this location', ar: 'لا يوجد مخزون في هذا الموقع' },
  chooseLocation: { en: 'Choose the location first', ar: 'اختر الموقع أولاً' },
  createDraft: { en: 'Save as draft', ar: 'حفظ كمسودة' },
} satisfies Record<string, Label>;
