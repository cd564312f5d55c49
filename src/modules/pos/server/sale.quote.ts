import { sql } from 'drizzle-orm';
import { withReadTx } from '../../../core/db/tx';
import { type Ctx, actingFor } from '../../../core/http/context';
import { companyToday } from '../../../core/time/company-time';
import { pm } from '../messages';
import { branchForSelling } from './branch.access';
import { posError } from './pos.errors';
import { type QuoteInput, SaleRefused } from './sale.input';
import { priceTillSale } from './sale.pricing';

/**
 * The till's quote (POST /api/pos/quote): the cart's lines priced exactly as a sale of the same lines would be today
 * (priceTillSale: the price list, the line discounts, the default sales tax), so the total the cashier collects is
 * the total the sale checks the payments against. Nothing is written. Same rules as a sale for who may ask: the
 * session must exist and the user may sell at its branch (403 otherwise); a closed session still quotes (the sale
 * is the one refused). No stock check: stock is checked when the sale arrives.
 */
export async function quote(ctx: Ctx, input: QuoteInput) {
  try {
    return await withReadTx(ctx.db, async (tx) => {
      const s = (await tx.execute(sql`SELECT id, branch_id FROM pos_sessions WHERE company_id = ${ctx.companyId} AND id = ${input.sessionId}`)).rows[0] as { id: number; branch_id: number } | undefined;
      if (!s) throw posError(pm.sessionRequired, ctx.locale, 'sessionId');
      const branch = await branchForSelling(ctx, tx, s.branch_id);
      const priced = await priceTillSale(actingFor(ctx), { orderDate: companyToday(ctx), priceListId: input.priceListId, locationId: branch.locationId, lines: input.lines });
      return {
        items: priced.items.map((it) => ({ productId: it.productId, quantity: it.quantity, uomId: it.uomId, price: it.price, subtotal: it.subtotal, taxAmount: it.taxAmount, description: it.description })),
        subtotal: priced.subtotal, taxAmount: priced.taxAmount, totalAmount: priced.totalAmount,
      };
    });
  } catch (e) {
    if (e instanceof SaleRefused) throw posError(e.label, ctx.locale, e.field, e.vars);
    throw e;
  }
}
