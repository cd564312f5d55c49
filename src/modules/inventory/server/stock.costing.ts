import Decimal from 'decimal.js';
import type { ValuationMethod } from './inventory-settings.service';

/**
 * Costing of stock leaving and entering valuation, as pure functions over decimal strings (quantities 6 dp,
 * money 4 dp, rounding half-even). Invariant 6 rests here: for every product the layers' remaining values add up
 * to the layers' values, so the sum of layer values always equals what the journal entries put on the inventory
 * accounts. The caller passes the product's open layers in creation order (id ascending).
 *
 * - fifo: oldest layer first; lifo: newest first; specific: layers of the same lot first, then untracked layers,
 *   then other lots (all oldest first), so untracked stock falls back to FIFO.
 * - average: out value = qty x (sum remainingValue / sum remainingQty), rounded to 4 dp, except that taking the
 *   whole remaining quantity takes the whole remaining value exactly; the quantity is taken from the layers FIFO
 *   and the open layers are revalued at the new average (the newest absorbs the rounding) so their sum stays
 *   total - out value.
 * - A layer's share of value for part of its quantity is remainingValue x part / remainingQty (4 dp); the whole
 *   remaining quantity takes the whole remaining value.
 * - Negative stock (when allowed): what the positive layers cannot cover is the shortfall, valued at the product's
 *   cost; it stays on the out layer as a negative remaining quantity/value. The next stock entering valuation
 *   settles it first (settleShortfall): the settled part leaves both layers, and the difference between what it
 *   cost coming in and what it was valued at going out is a correction (posted to the gain or loss account).
 */
export interface OpenLayer { id: number; lotId: number | null; accountId: number; remainingQty: string; remainingValue: string }
/** What one layer gave: qty and value (value may be negative for the revaluation of average costing). */
export interface Take { layerId: number; accountId: number; qty: string; value: string }
export interface OutCost { takes: Take[]; next: OpenLayer[]; shortfallQty: string; shortfallValue: string; value: string }
export interface Settlement { next: OpenLayer[]; settledQty: string; inRemainingQty: string; inRemainingValue: string; corrections: { accountId: number; value: string }[] }

export const q6 = (d: Decimal.Value) => new Decimal(d).toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN).toFixed(6);
export const m4 = (d: Decimal.Value) => new Decimal(d).toDecimalPlaces(4, Decimal.ROUND_HALF_EVEN).toFixed(4);
const D = (x: Decimal.Value) => new Decimal(x);

/** Value of `part` of a stock of `qty` worth `value`: proportional, exact when the whole is taken. */
export function shareOf(value: Decimal.Value, qty: Decimal.Value, part: Decimal.Value): string {
  return D(part).eq(qty) ? m4(value) : m4(D(value).mul(part).div(qty));
}

function order(layers: OpenLayer[], method: ValuationMethod, lotId: number | null): OpenLayer[] {
  const open = layers.filter((l) => D(l.remainingQty).gt(0));
  if (method === 'lifo') return [...open].sort((a, b) => b.id - a.id);
  if (method === 'specific') {
    const rank = (l: OpenLayer) => (lotId !== null && l.lotId === lotId ? 0 : l.lotId === null ? 1 : 2);
    return [...open].sort((a, b) => rank(a) - rank(b) || a.id - b.id);
  }
  return [...open].sort((a, b) => a.id - b.id);
}

/** Takes `qty` out of the layers by `method`; `unitCost` values the shortfall when the layers run out. */
export function costOut(layers: OpenLayer[], qty: string, method: ValuationMethod, opts: { lotId?: number | null; unitCost?: string } = {}): OutCost {
  const state = new Map(layers.map((l) => [l.id, { ...l }]));
  const candidates = order(layers, method, opts.lotId ?? null);
  const available = candidates.reduce((s, l) => s.plus(l.remainingQty), D(0));
  const taken = Decimal.min(available, qty);
  if (method === 'average' && taken.gt(0)) {
    const totalV = candidates.reduce((s, l) => s.plus(l.remainingValue), D(0));
    const outV = D(shareOf(totalV, available, taken));
    let left = taken;
    for (const l of candidates) {
      const t = Decimal.min(left, l.remainingQty);
      state.get(l.id)!.remainingQty = q6(D(l.remainingQty).minus(t));
      left = left.minus(t);
    }
    const restQ = available.minus(taken);
    const restV = totalV.minus(outV);
    const stillOpen = candidates.filter((l) => D(state.get(l.id)!.remainingQty).gt(0));
    let assigned = D(0);
    stillOpen.forEach((l, i) => {
      const s = state.get(l.id)!;
      const v = i === stillOpen.length - 1 ? restV.minus(assigned) : D(m4(D(s.remainingQty).mul(restV).div(restQ)));
      assigned = assigned.plus(v);
      s.remainingValue = m4(v);
    });
    for (const l of candidates) if (D(state.get(l.id)!.remainingQty).isZero()) state.get(l.id)!.remainingValue = m4(0);
  } else {
    let left = taken;
    for (const l of candidates) {
      if (left.isZero()) break;
      const t = Decimal.min(left, l.remainingQty);
      const s = state.get(l.id)!;
      const v = shareOf(l.remainingValue, l.remainingQty, t);
      s.remainingQty = q6(D(l.remainingQty).minus(t));
      s.remainingValue = m4(D(l.remainingValue).minus(v));
      left = left.minus(t);
    }
  }
  const takes: Take[] = [];
  for (const l of candidates) {
    const s = state.get(l.id)!;
    const tq = D(l.remainingQty).minus(s.remainingQty);
    const tv = D(l.remainingValue).minus(s.remainingValue);
    if (!tq.isZero() || !tv.isZero()) takes.push({ layerId: l.id, accountId: l.accountId, qty: q6(tq), value: m4(tv) });
  }
  const shortfallQty = D(qty).minus(taken);
  const shortfallValue = shortfallQty.isZero() ? D(0) : D(m4(shortfallQty.mul(opts.unitCost ?? '0')));
  const value = takes.reduce((s, t) => s.plus(t.value), D(0)).plus(shortfallValue);
  return { takes, next: layers.map((l) => state.get(l.id)!), shortfallQty: q6(shortfallQty), shortfallValue: m4(shortfallValue), value: m4(value) };
}

/**
 * Stock of `qty` worth `value` enters valuation on `accountId`: it first settles shortfall layers (negative
 * remaining, oldest first). Returns the new layer states, what remains on the incoming layer and the corrections
 * per account that keep sum(value) = sum(remainingValue) (incoming account: - its settled share; shortfall
 * layer accounts: + their settled share).
 */
export function settleShortfall(layers: OpenLayer[], qty: string, value: string, accountId: number): Settlement {
  const next = layers.map((l) => ({ ...l }));
  let left = D(qty);
  const corr = new Map<number, Decimal>();
  const add = (acc: number, v: Decimal.Value) => corr.set(acc, (corr.get(acc) ?? D(0)).plus(v));
  for (const l of next.filter((x) => D(x.remainingQty).lt(0)).sort((a, b) => a.id - b.id)) {
    if (left.isZero()) break;
    const owed = D(l.remainingQty).neg();
    const s = Decimal.min(owed, left);
    const b = shareOf(D(l.remainingValue).neg(), owed, s);
    l.remainingQty = q6(D(l.remainingQty).plus(s));
    l.remainingValue = m4(D(l.remainingValue).plus(b));
    add(l.accountId, b);
    left = left.minus(s);
  }
  const settled = D(qty).minus(left);
  const a = settled.isZero() ? D(0) : D(shareOf(value, qty, settled));
  if (!a.isZero()) add(accountId, a.neg());
  const corrections = [...corr.entries()].filter(([, v]) => !v.isZero()).sort((x, y) => x[0] - y[0]).map(([acc, v]) => ({ accountId: acc, value: m4(v) }));
  return { next, settledQty: q6(settled), inRemainingQty: q6(left), inRemainingValue: m4(D(value).minus(a)), corrections };
}
