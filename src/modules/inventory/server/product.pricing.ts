import Decimal from 'decimal.js';
import type { Label } from '../../../core/i18n/locale';
import { mm } from './master-data.messages';

/**
 * Sale price from cost and margin, in decimal arithmetic: price = cost x (1 + margin / 100), rounded half up to
 * the currency's decimals. A margin is a markup on cost: (price - cost) / cost x 100. The advice warns when the
 * product's current margin, or the default margin itself, is under the minimum margin of the accounting settings.
 */
export interface PriceAdvice {
  salePrice: string;
  margin: string;
  currentMargin: string | null;
  warning: { label: Label; vars: Record<string, string> } | null;
}

export function salePriceFromCost(cost: Decimal.Value, marginPct: Decimal.Value, decimals: number): string {
  return new Decimal(cost).times(new Decimal(1).plus(new Decimal(marginPct).div(100))).toFixed(decimals, Decimal.ROUND_HALF_UP);
}

/** Markup on cost in percent, or null when the cost is zero (no margin can be measured). */
export function marginOf(cost: Decimal.Value, price: Decimal.Value): Decimal | null {
  const c = new Decimal(cost);
  if (c.lte(0)) return null;
  return new Decimal(price).minus(c).div(c).times(100);
}

export function priceAdvice(input: {
  cost: Decimal.Value; currentPrice?: Decimal.Value | null; defaultMargin: Decimal.Value; minimumMargin?: Decimal.Value | null; decimals: number;
}): PriceAdvice {
  const margin = new Decimal(input.defaultMargin);
  const minimum = input.minimumMargin === null || input.minimumMargin === undefined ? null : new Decimal(input.minimumMargin);
  const current = input.currentPrice === null || input.currentPrice === undefined ? null : marginOf(input.cost, input.currentPrice);
  let warning: PriceAdvice['warning'] = null;
  if (minimum && current && current.lt(minimum))
    warning = { label: mm.marginUnderMinimum, vars: { margin: current.toFixed(2), minimum: minimum.toFixed(2) } };
  else if (minimum && margin.lt(minimum))
    warning = { label: mm.defaultMarginUnderMinimum, vars: { margin: margin.toFixed(2), minimum: minimum.toFixed(2) } };
  return {
    salePrice: salePriceFromCost(input.cost, margin, input.decimals),
    margin: margin.toFixed(2),
    currentMargin: current ? current.toFixed(2) : null,
    warning,
  };
}
