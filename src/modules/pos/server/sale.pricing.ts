import type { Ctx } from '../../../core/http/context';
import { quoteTillLines } from './entries';
import { type SaleLine, discounted } from './sale.input';

/**
 * A till sale's lines priced as the sale will price them (the sale and the till's quote share this, so the total a
 * till shows is the total the sale checks the payments against): sales' quoteTillLines (the price list's price
 * unless the line gives one, the default sales tax), then each line's discount % taken off its price (4 dp,
 * half-up; noted in the line's description) and the lines quoted again with those prices. Runs in the caller's
 * transaction; `ctx` is the till's (actingFor) context.
 */
export interface TillPricing {
  items: { productId: number; quantity: string; uomId: number | null; price: string; description: string | null; subtotal?: string; taxAmount?: string }[];
  subtotal: string; taxAmount: string; totalAmount: string;
}

const isZero = (d: string) => /^0(\.0+)?$/.test(d);

export async function priceTillSale(ctx: Ctx, v: { orderDate: string; priceListId: number | null; locationId: number; lines: SaleLine[] }): Promise<TillPricing> {
  const base = { orderDate: v.orderDate, priceListId: v.priceListId, locationId: v.locationId };
  const listed = await quoteTillLines(ctx, { ...base, items: v.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, uomId: l.uomId, price: l.price })) });
  if (v.lines.every((l) => isZero(l.discount))) return listed as TillPricing;
  const items = listed.items.map((it, i) => {
    const d = v.lines[i]!.discount;
    const off = !isZero(d);
    return { productId: it.productId, quantity: it.quantity, uomId: it.uomId, price: off ? discounted(it.price, d) : it.price, description: off ? `${it.description ?? ''} (-${Number(d)}%)`.slice(0, 500) : it.description };
  });
  return (await quoteTillLines(ctx, { ...base, items })) as TillPricing;
}
