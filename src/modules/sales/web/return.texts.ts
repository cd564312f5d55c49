/** Strings of the sales return screens, en/ar (kept apart from texts.ts, which the other sales screens extend). */
export const rt = {
  product: { en: 'Product', ar: 'المنتج' },
  sold: { en: 'Sold', ar: 'المباع' },
  returnable: { en: 'Returnable', ar: 'القابل للإرجاع' },
  unit: { en: 'Unit', ar: 'الوحدة' },
  price: { en: 'Price', ar: 'السعر' },
  quantity: { en: 'Quantity to return', ar: 'الكمية المرتجعة' },
  returned: { en: 'Quantity', ar: 'الكمية' },
  subtotal: { en: 'Subtotal', ar: 'المجموع الفرعي' },
  reason: { en: 'Item reason', ar: 'سبب الصنف' },
  pickOrder: { en: 'Choose the sales order first: its lines appear here.', ar: 'اختر أمر البيع أولًا: تظهر أسطره هنا.' },
  loading: { en: 'Loading the order lines…', ar: 'جارٍ تحميل أسطر الطلب…' },
};
