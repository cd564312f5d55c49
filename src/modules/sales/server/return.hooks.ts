import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { type Data, type Row, registerHooks } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { salesReason } from '../model/sales-reason.entity';
import { salesReturn } from '../model/sales-return.entity';
import { confirmReturnRow } from './return.confirm';
import { loadOrder, parseReturnLines, priceReturn, returnableOf, writeReturnLines } from './return.lines';
import { rm } from './return.messages';
import { loadReturnSettings } from './return.settings';
import { salesError } from './sales.errors';

/**
 * Sales returns. Saving a draft checks it against its order (the company's, confirmed or completed; the order is
 * fixed once the return exists), takes the customer and (by default) the location from it, prices the lines and
 * computes the totals as the credit note will (return.lines.ts), and rewrites the return's rows of
 * sales_return_lines. CONFIRM: return.confirm.ts (one transaction). A draft is edited or deleted; a confirmed
 * return is neither (its stock, credit note and refund are in the books).
 */
async function checkReason(ctx: Ctx, tx: Tx, id: unknown): Promise<void> {
  if (typeof id !== 'number') return;
  const t = tableOf(salesReason);
  const r = await tx.execute(sql`SELECT 1 FROM ${t} WHERE company_id = ${ctx.companyId} AND id = ${id}`);
  if (!r.rows.length) throw salesError(rm.reasonNotFound, ctx.locale, 'reasonId');
}

async function onSave(ctx: Ctx, tx: Tx, target: Data, v: Data, id: number | null): Promise<void> {
  const o = await loadOrder(ctx, tx, v.orderId);
  await checkReason(ctx, tx, v.reasonId);
  const s = await loadReturnSettings(tx, ctx.companyId);
  const lines = parseReturnLines(ctx, o, v.items, await returnableOf(tx, ctx, o, id));
  const priced = await priceReturn(ctx, o, lines, s.returnAccountId);
  Object.assign(target, {
    customerId: o.customerId, locationId: (v.locationId as number | null) ?? o.locationId,
    items: priced.items, subtotal: priced.subtotal, taxAmount: priced.taxAmount, totalAmount: priced.totalAmount,
  });
}

registerHooks(salesReturn, {
  beforeCreate: (ctx, tx, data) => onSave(ctx, tx, data, data, null),
  afterCreate: (ctx, tx, row) => writeReturnLines(ctx, tx, row),
  async beforeUpdate(ctx, tx, changes, before) {
    if (changes.orderId !== undefined && changes.orderId !== before.orderId) throw salesError(rm.orderChanged, ctx.locale, 'orderId');
    await onSave(ctx, tx, changes, { ...before, ...changes }, before.id);
  },
  afterUpdate: (ctx, tx, row) => writeReturnLines(ctx, tx, row),
  transitions: { confirm: (ctx, tx, row: Row) => confirmReturnRow(ctx, tx, row) },
});
