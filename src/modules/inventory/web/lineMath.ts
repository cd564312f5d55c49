import { fromScaled, toScaled } from '../../../web/entity/decimalMath';

/**
 * The figures the item editors show while typing: line values, totals, count differences, what is left to
 * receive and quantities converted between units of one group. Decimal strings in, exact scaled integers
 * (6 decimals, rounded half up) inside, strings out: never JS floats. The server recomputes everything it stores.
 */
const FACTOR = 1_000_000n;
const DECIMAL_RE = /^\s*\d{1,14}(\.\d{1,6})?\s*$/;

function roundDiv(a: bigint, b: bigint): bigint {
  const neg = (a < 0n) !== (b < 0n);
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (x * 2n + y) / (2n * y);
  return neg ? -q : q;
}

/** A non-negative decimal the server accepts ("12", "0.5"; up to 6 decimals). */
export function isQuantity(v: unknown): boolean {
  return typeof v === 'string' && DECIMAL_RE.test(v);
}

/** quantity x unit cost, exact, rounded half up to 6 decimals. */
export function lineValue(quantity: unknown, unitCost: unknown): bigint {
  return roundDiv(toScaled(quantity) * toScaled(unitCost), FACTOR);
}

export function total(lines: Record<string, unknown>[], value: (line: Record<string, unknown>) => bigint): bigint {
  return lines.reduce((acc, l) => acc + value(l), 0n);
}

/** Money for display: 2 decimals, half up. */
export function money(n: bigint): string {
  return fromScaled(n, 2);
}

/** A quantity for display: up to 6 decimals, without trailing zeros ("2.5", "10"). */
export function qty(n: bigint): string {
  const s = fromScaled(n, 6);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** A unit cost or price for display: at least 2 decimals, up to 4 ("12.50", "3.3333"). */
export function price(n: bigint): string {
  return fromScaled(n, 4).replace(/(\.\d{2}\d*?)0+$/, '$1');
}

/** counted - current (an adjustment's difference; negative is a loss). */
export function difference(counted: unknown, current: unknown): bigint {
  return toScaled(counted) - toScaled(current);
}

/** What is left to receive on a receipt line: quantity - received, never below zero. */
export function leftToReceive(quantity: unknown, received: unknown): bigint {
  const left = toScaled(quantity) - toScaled(received);
  return left > 0n ? left : 0n;
}

/**
 * A quantity in a unit of factor `fromFactor` expressed in the unit of factor `toFactor` of the same group
 * (factor = reference units per unit): 3 dozen (12) = 36 units (1).
 */
export function convert(quantity: unknown, fromFactor: unknown, toFactor: unknown): bigint {
  const to = toScaled(toFactor);
  if (to === 0n) return 0n;
  return roundDiv(toScaled(quantity) * toScaled(fromFactor), to);
}

/** Stock value / quantity on hand, rounded half up to 4 decimals; null without stock. */
export function averageCost(value: unknown, onHand: unknown): string | null {
  const q = toScaled(onHand);
  if (q === 0n) return null;
  const r = roundDiv(toScaled(value) * 10_000n, q);
  const neg = r < 0n;
  const s = (neg ? -r : r).toString().padStart(5, '0');
  return `${neg ? '-' : ''}${s.slice(0, -4)}.${s.slice(-4)}`;
}
