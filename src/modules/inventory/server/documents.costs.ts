import Decimal from 'decimal.js';
import { q6 } from './stock.costing';
import type { StockMoveResult } from './stock.types';

/**
 * What the stock ledger charged for each document line. postStock writes the moves in line order; a line
 * leaving an internal location without a lot may be split into one move per quant (lot) it takes, so line i
 * owns the next moves of its product whose quantities add up to its quantity in the product's unit. Values are
 * the ledger's own (4 decimals); the unit cost is per document unit.
 */
export interface LineCost { unitCost: string; value: string }
export interface CostedLine { productId: number; quantity: string; productQty: string }

/** A document quantity in the product's unit, converted exactly as the stock ledger does (6 dp, half-even). */
export const productQty = (quantity: Decimal.Value, uomFactor: Decimal.Value, productFactor: Decimal.Value) =>
  q6(new Decimal(quantity).times(uomFactor).div(productFactor));

export function lineCosts(lines: CostedLine[], moves: Pick<StockMoveResult, 'productId' | 'quantity' | 'value'>[]): LineCost[] {
  let next = 0;
  const out = lines.map((l) => {
    let qty = new Decimal(0);
    let value = new Decimal(0);
    while (qty.lt(l.productQty) && next < moves.length && moves[next]!.productId === l.productId) {
      qty = qty.plus(moves[next]!.quantity);
      value = value.plus(moves[next]!.value);
      next++;
    }
    if (!qty.eq(l.productQty)) throw new Error(`stock moves do not match the document line of product ${l.productId}`);
    const q = new Decimal(l.quantity);
    return { value: value.toFixed(4), unitCost: value.div(q).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4) };
  });
  if (next !== moves.length) throw new Error('stock moves left over after matching the document lines');
  return out;
}

export const sum4 = (xs: Decimal.Value[]) => xs.reduce<Decimal>((s, x) => s.plus(x), new Decimal(0)).toFixed(4);
