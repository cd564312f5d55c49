import { z } from 'zod';
import { lineDate, lineId, lineMoney, lineQuantity, lineText, lineValueWithin, optLineId } from '../../../core/entity/line-fields';
import type { Label } from '../../../core/i18n/locale';

/**
 * Shapes of the jsonb `items` arrays of the stock documents (receipts, deliveries, transfers, scraps, stock
 * adjustments, beginning balances). Quantities and costs are decimal strings (numbers are turned into strings,
 * never summed as floats). Only what a client may send is here; the server adds what it computes (received
 * quantities, current quantities, differences, costs and values) and checks the business rules (products,
 * units, locations, quantity > 0) with messages in both languages. Quantities, costs, ids, dates and text carry the
 * platform's bounds (core/entity/line-fields.ts), and a line's quantity x unit cost stays within the money bound.
 */
export const quantity = lineQuantity;
export const money = lineMoney;
const optMoney = z.preprocess((v) => (v === '' || v === undefined ? null : v), money.nullable());
const id = lineId;
const optId = optLineId;
const text = (max: number) => lineText(max);
const optDate = lineDate;

/** A line of a delivery, transfer or scrap: a quantity in any unit of the product's group, optionally of one lot. */
export const moveItemSchema = z.object({
  productId: id,
  quantity,
  uomId: optId.default(null),
  lotId: optId.default(null),
  notes: text(500).default(null),
});
export type MoveItemInput = z.infer<typeof moveItemSchema>;

/** A receipt line: the quantity ordered (any unit of the group), its unit cost (per that unit), the lot to create. */
export const receiptItemSchema = z.object({
  productId: id,
  quantity,
  uomId: optId.default(null),
  unitCost: optMoney.default(null),
  lotName: text(80).default(null),
  expiryDate: optDate.default(null),
  notes: text(500).default(null),
}).superRefine(lineValueWithin('quantity', 'unitCost'));
export type ReceiptItemInput = z.infer<typeof receiptItemSchema>;

/** What receivePartial takes: which line (0-based index), how much of it now (in the line's unit), which lot. */
export const receivePartSchema = z.object({
  index: z.coerce.number().int().min(0).max(499),
  quantity,
  lotName: text(80).default(null),
  expiryDate: optDate.default(null),
});
export type ReceivePartInput = z.infer<typeof receivePartSchema>;

/** A counted line of a stock adjustment, in the product's unit. */
export const adjustmentItemSchema = z.object({
  productId: id,
  lotId: optId.default(null),
  countedQuantity: quantity,
  unitCost: optMoney.default(null),
  notes: text(500).default(null),
}).superRefine(lineValueWithin('countedQuantity', 'unitCost'));
export type AdjustmentItemInput = z.infer<typeof adjustmentItemSchema>;

/** A line of an inventory beginning balance: quantity (any unit of the group) at a unit cost per that unit. */
export const openingItemSchema = z.object({
  productId: id,
  quantity,
  unitCost: money,
  uomId: optId.default(null),
  lotName: text(80).default(null),
  expiryDate: optDate.default(null),
}).superRefine(lineValueWithin('quantity', 'unitCost'));
export type OpeningItemInput = z.infer<typeof openingItemSchema>;

export const MAX_ITEMS = 500;

/** Column names of the items, for the messages of refused lines. */
export const itemLabels: Record<string, Label> = {
  productId: { en: 'Product', ar: 'المنتج' }, quantity: { en: 'Quantity', ar: 'الكمية' }, countedQuantity: { en: 'Counted quantity', ar: 'الكمية المعدودة' },
  uomId: { en: 'Unit', ar: 'الوحدة' }, lotId: { en: 'Lot', ar: 'الدفعة' }, lotName: { en: 'Lot', ar: 'الدفعة' }, unitCost: { en: 'Unit cost', ar: 'تكلفة الوحدة' },
  expiryDate: { en: 'Expiry date', ar: 'تاريخ الانتهاء' }, notes: { en: 'Notes', ar: 'ملاحظات' }, index: { en: 'Line', ar: 'السطر' },
};
