import { toScaled } from '../../../web/entity/decimalMath';
import { difference, lineValue, qty } from './lineMath';

/**
 * The figures of a stock adjustment while it is edited, as the server will compute them: current = on hand at the
 * location for the line's product and lot (a line without a lot counts every lot of the product), difference =
 * counted - current, value = difference x (the line's unit cost, else the product's cost). Exact scaled integers
 * (lineMath), never floats; a figure is undefined until what it needs is known.
 */
export interface Figures { current?: bigint; diff?: bigint; value?: bigint }
type Line = Record<string, unknown>;
const given = (v: unknown) => v !== null && v !== undefined && String(v) !== '';

/** On hand per `${productId}:${lotId}` and per `${productId}:` (every lot of the product) from stock item rows. */
export function stockIndex(rows: Record<string, unknown>[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const add = (k: string, n: bigint) => out.set(k, (out.get(k) ?? 0n) + n);
  for (const r of rows) {
    const n = toScaled(r.quantity);
    add(`${String(r.productId)}:`, n);
    if (given(r.lotId)) add(`${String(r.productId)}:${String(r.lotId)}`, n);
  }
  return out;
}

/** Live figures of a line: `stock` from stockIndex (undefined while loading), `productCost` the product's cost. */
export function lineFigures(line: Line, stock: Map<string, bigint> | undefined, productCost: unknown): Figures {
  if (!given(line.productId) || !stock) return {};
  const current = stock.get(`${String(line.productId)}:${given(line.lotId) ? String(line.lotId) : ''}`) ?? 0n;
  if (!given(line.countedQuantity)) return { current };
  const diff = difference(line.countedQuantity, qty(current));
  const cost = given(line.unitCost) ? line.unitCost : productCost;
  return { current, diff, value: given(cost) ? lineValue(qty(diff), cost) : undefined };
}

/** The figures the server stored on a saved line. */
export function storedFigures(line: Line): Figures {
  return { current: toScaled(line.currentQuantity), diff: toScaled(line.differenceQuantity), value: toScaled(line.differenceValue) };
}

/**
 * Total difference quantity and value over the lines with a product; undefined while one of them is not known
 * yet (a line without a counted quantity is not counted yet and adds nothing).
 */
export function adjustmentTotals(lines: Line[], figures: Figures[]): { diff?: bigint; value?: bigint } {
  let diff: bigint | undefined = 0n;
  let value: bigint | undefined = 0n;
  lines.forEach((l, i) => {
    if (!given(l.productId) || (!given(l.countedQuantity) && !given(l.differenceQuantity))) return;
    const f = figures[i] ?? {};
    diff = diff === undefined || f.diff === undefined ? undefined : diff + f.diff;
    value = value === undefined || f.value === undefined ? undefined : value + f.value;
  });
  return { diff, value };
}
