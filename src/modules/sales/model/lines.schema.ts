import { z } from 'zod';
import { lineId, lineMoney, lineQuantity, lineText, optLineId } from '../../../core/entity/line-fields';
import type { Label } from '../../../core/i18n/locale';

/**
 * Shapes of the jsonb line arrays of price lists and sales orders: what a client may send. Decimal strings (never
 * summed as floats); ids, quantities, money and text carry the platform's bounds (core/entity/line-fields.ts).
 * The business rules (a product XOR a category, fixed price XOR discount, quantity > 0, products of the company)
 * are checked by the server with messages naming the line, in both languages.
 */
const optMoney = z.preprocess((v) => (v === '' || v === undefined ? null : v), lineMoney.nullable());

/** A price list item: for one product or a category (and its sub-categories), from a minimum quantity. */
export const priceItemSchema = z.object({
  productId: optLineId.default(null),
  categoryId: optLineId.default(null),
  minQuantity: z.preprocess((v) => (v === '' || v === undefined || v === null ? '0' : v), lineQuantity),
  fixedPrice: optMoney.default(null),
  discountPercent: optMoney.default(null),
});
export type PriceItemInput = z.infer<typeof priceItemSchema>;

/** A sales order line: product, quantity in a unit of the product's group, price per that unit (else the price list's). */
export const orderItemSchema = z.object({
  productId: lineId,
  quantity: lineQuantity,
  uomId: optLineId.default(null),
  price: optMoney.default(null),
  description: lineText(500).default(null),
  /** The line's tax (accounting's); absent: the company's default sales tax; null: none. */
  taxId: optLineId.default(null),
});
export type OrderItemInput = z.infer<typeof orderItemSchema>;

export const MAX_LINES = 500;

export const lineLabels: Record<string, Label> = {
  productId: { en: 'Product', ar: 'المنتج' }, categoryId: { en: 'Category', ar: 'الفئة' },
  minQuantity: { en: 'Minimum quantity', ar: 'الحد الأدنى للكمية' }, fixedPrice: { en: 'Fixed price', ar: 'السعر الثابت' },
  discountPercent: { en: 'Discount %', ar: 'نسبة الخصم %' }, quantity: { en: 'Quantity', ar: 'الكمية' },
  uomId: { en: 'Unit', ar: 'الوحدة' }, price: { en: 'Price', ar: 'السعر' }, description: { en: 'Description', ar: 'الوصف' },
  taxId: { en: 'Tax', ar: 'الضريبة' },
};
