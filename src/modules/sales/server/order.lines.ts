import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/tx';
import type { Row } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import type { PricedLine } from './order.posting';
import { salesOrderLines } from './order-lines.schema';

/**
 * Replaces the order's rows in sales_order_lines with its `items` (the only writer; see order-lines.schema.ts); a
 * new order (`created`) has none to remove.
 */
export async function writeOrderLines(ctx: Ctx, tx: Tx, row: Row, created = false): Promise<void> {
  if (!created) await tx.delete(salesOrderLines).where(sql`${salesOrderLines.orderId} = ${row.id}`);
  const items = (row.items ?? []) as (PricedLine & { subtotal: string; taxAmount?: string })[];
  if (!items.length) return;
  await tx.insert(salesOrderLines).values(items.map((l, i) => ({
    companyId: ctx.companyId, orderId: row.id, lineNo: i + 1, orderDate: String(row.orderDate), customerId: row.customerId as number,
    salespersonId: (row.salespersonId as number | null) ?? null, productId: l.productId, uomId: l.uomId, description: l.description,
    quantity: l.quantity, baseQuantity: l.baseQuantity, price: l.price, subtotal: l.subtotal,
    taxId: l.taxId ?? null, taxAmount: l.taxAmount ?? '0',
  })));
}
