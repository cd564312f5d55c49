import Decimal from 'decimal.js';
import { roundMoney } from '../../../core/money/round';

/**
 * Pure: the price of a line from a price list. A list applies on dates within [startDate, endDate] (either end
 * open) when active. Its matching items are those for the line's product, or for its category or an ancestor of
 * it, whose minimum quantity the line reaches (in the product's unit). The best match is the most specific: the
 * product before its category, a category before its parent; then the highest minimum quantity reached; then the
 * lowest price. A match gives its fixed price, or the product's sale price less its discount %; no match gives
 * the sale price. Prices are per the product's unit, 4 decimals, half-up; `perUnit` turns one into the price of
 * another unit of the group (x its factor / the product unit's factor).
 */
export interface PriceItem { productId: number | null; categoryId: number | null; minQuantity: string; fixedPrice: string | null; discountPercent: string | null }
export interface PriceListInfo { id: number; startDate: string | null; endDate: string | null; isActive: boolean; items: PriceItem[] }
export interface PriceQuery {
  productId: number;
  /** The product's category first, then its ancestors up to the root. */
  categoryPath: number[];
  /** In the product's unit. */
  quantity: string;
  /** The product's sale price, per its unit. */
  salePrice: string;
}
export interface Priced { price: string; item: PriceItem | null }

export function listValidOn(list: Pick<PriceListInfo, 'startDate' | 'endDate' | 'isActive'>, date: string): boolean {
  return list.isActive && (!list.startDate || list.startDate <= date) && (!list.endDate || date <= list.endDate);
}

const priceOf = (item: PriceItem, salePrice: string): string => {
  if (item.fixedPrice !== null) return roundMoney(item.fixedPrice, 4);
  const pct = new Decimal(item.discountPercent ?? '0');
  return roundMoney(new Decimal(salePrice).mul(new Decimal(100).sub(pct)).div(100).toFixed(), 4);
};

/** Rank of an item for the query: 0 = the product, 1.. = category depth (its own category 1), null = no match. */
function specificity(item: PriceItem, q: PriceQuery): number | null {
  if (item.productId !== null) return item.productId === q.productId ? 0 : null;
  if (item.categoryId === null) return null;
  const at = q.categoryPath.indexOf(item.categoryId);
  return at < 0 ? null : at + 1;
}

export function bestPrice(items: PriceItem[], q: PriceQuery): Priced {
  const qty = new Decimal(q.quantity);
  let best: { rank: number; min: Decimal; price: string; item: PriceItem } | null = null;
  for (const item of items) {
    const rank = specificity(item, q);
    const min = new Decimal(item.minQuantity || '0');
    if (rank === null || min.gt(qty)) continue;
    const price = priceOf(item, q.salePrice);
    const better = !best || rank < best.rank || (rank === best.rank && (min.gt(best.min) || (min.eq(best.min) && new Decimal(price).lt(best.price))));
    if (better) best = { rank, min, price, item };
  }
  return best ? { price: best.price, item: best.item } : { price: roundMoney(q.salePrice, 4), item: null };
}

/** A price per the product's unit as the price per `uomFactor` (same group; factors relative to the group's base). */
export function perUnit(price: string, uomFactor: string, productFactor: string): string {
  return roundMoney(new Decimal(price).mul(uomFactor).div(productFactor).toFixed(), 4);
}

/** A quantity in a unit of the group as a quantity of the product's unit, 6 decimals. */
export function inProductUnit(quantity: string, uomFactor: string, productFactor: string): string {
  return new Decimal(quantity).mul(uomFactor).div(productFactor).toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN).toFixed();
}
