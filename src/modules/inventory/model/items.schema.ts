import { z } from 'zod';

/**
 * Shapes of the jsonb `items` arrays of the stock documents (receipts, deliveries, transfers, scraps, stock
 * adjustments, beginning balances). Quantities and costs are decimal strings (numbers are turned into strings,
 * never summed as floats). Only what a client may send is here; the server adds what it computes (received
 * quantities, current quantities, differences, costs and values) and checks the business rules (products,
 * units, locations, quantity > 0) with messages in both languages.
 */
const QTY_RE = /^-?\d{1,14}(\.\d{1,6})?$/;
const MONEY_RE = /^-?\d{1,16}(\.\d{1,4})?$/;
const decimal = (re: RegExp) => z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => re.test(v));
export const quantity = decimal(QTY_RE);
export const money = decimal(MONEY_RE);
const optMoney = z.preprocess((v) => (v === '' || v === undefined ? null : v), money.nullable());
const id = z.coerce.number().int().positive().max(2147483647);
const optId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable());
const text = (max: number) => z.preprocess((v) => (v === undefined || v === '' ? null : v), z.string().trim().max(max).nullable());
const optDate = z.preprocess((v) => (v === undefined || v === '' ? null : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((v) => !Number.isNaN(Date.parse(v + 'T00:00:00Z'))).nullable());

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
});
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
});
export type AdjustmentItemInput = z.infer<typeof adjustmentItemSchema>;

/** A line of an inventory beginning balance: quantity (any unit of the group) at a unit cost per that unit. */
export const openingItemSchema = z.object({
  productId: id,
  quantity,
  unitCost: money,
  uomId: optId.default(null),
  lotName: text(80).default(null),
  expiryDate: optDate.default(null),
});
export type OpeningItemInput = z.infer<typeof openingItemSchema>;

export const MAX_ITEMS = 500;
