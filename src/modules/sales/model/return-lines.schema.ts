import { z } from 'zod';
import { lineId, lineQuantity, lineText } from '../../../core/entity/line-fields';
import type { Label } from '../../../core/i18n/locale';

/**
 * What a client sends for a sales return line: which line of the original order (`orderLine`, 1-based, the
 * order's `sales_order_lines.line_no`), how much of it comes back (in the order line's unit), and why. The product,
 * unit and price are the order line's, set by the server (server/return.lines.ts).
 */
export const returnItemSchema = z.object({
  orderLine: lineId,
  quantity: lineQuantity,
  reason: lineText(200).default(null),
});
export type ReturnItemInput = z.infer<typeof returnItemSchema>;

/** A return line as saved: the input and what the order line gives it. */
export interface ReturnLine {
  orderLine: number; productId: number; uomId: number; description: string | null;
  quantity: string; baseQuantity: string; price: string; subtotal: string; reason: string | null;
}

export const returnLineLabels: Record<string, Label> = {
  orderLine: { en: 'Order line', ar: 'سطر الطلب' }, quantity: { en: 'Quantity', ar: 'الكمية' }, reason: { en: 'Item reason', ar: 'سبب الصنف' },
};
