import Decimal from 'decimal.js';

/**
 * Rows of the stock movement report from aggregated totals (pure). Each aggregate is one product's totals over
 * one period bucket (or the opening, bucket null) for selected (s) and/or valued (v) locations. Quantities count
 * the selected locations; values are the product's valuation (all valued locations) shared out to the selected
 * ones at its average cost, at the opening and at the closing date.
 */
export interface MovementAgg {
  productId: number; sku: string | null; product: string; uom: string;
  bucket: string | null; s: boolean; v: boolean; qi: string; qo: string; vi: string; vo: string;
}
export interface MovementTotals { openingValue: Decimal; inValue: Decimal; outValue: Decimal; closingValue: Decimal }

const D = (v: unknown) => new Decimal(v === null || v === undefined ? 0 : String(v));
const zero = () => new Decimal(0);
/** value of vq valued units of a product whose valued stock is (q, v) */
const share = (q: Decimal, v: Decimal, vq: Decimal) => (q.isZero() ? zero() : v.mul(vq).div(q).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));

interface Acc {
  head: { productId: number; sku: string | null; product: string; uom: string };
  open: Decimal; openVs: Decimal; pvQ: Decimal; pvV: Decimal; rangeVs: Decimal; rangePvQ: Decimal; rangePvV: Decimal;
  ins: Map<string, Decimal>; outs: Map<string, Decimal>; inV: Decimal; outV: Decimal;
}

/** withBalances: opening, closing and their values (no move type filter); else in/out and their move values only. */
export function movementRows(aggs: MovementAgg[], buckets: string[], withBalances: boolean) {
  const byProduct = new Map<number, Acc>();
  for (const a of aggs) {
    let r = byProduct.get(a.productId);
    if (!r) {
      r = { head: { productId: a.productId, sku: a.sku, product: a.product, uom: a.uom }, open: zero(), openVs: zero(), pvQ: zero(), pvV: zero(),
        rangeVs: zero(), rangePvQ: zero(), rangePvV: zero(), ins: new Map(), outs: new Map(), inV: zero(), outV: zero() };
      byProduct.set(a.productId, r);
    }
    const qi = D(a.qi);
    const qo = D(a.qo);
    if (a.bucket === null) {
      if (a.s) r.open = r.open.plus(qi);
      if (a.s && a.v) r.openVs = r.openVs.plus(qi);
      if (a.v) { r.pvQ = r.pvQ.plus(qi); r.pvV = r.pvV.plus(D(a.vi)); }
      continue;
    }
    if (a.s) {
      r.ins.set(a.bucket, (r.ins.get(a.bucket) ?? zero()).plus(qi));
      r.outs.set(a.bucket, (r.outs.get(a.bucket) ?? zero()).plus(qo));
      if (!withBalances) { r.inV = r.inV.plus(D(a.vi)); r.outV = r.outV.plus(D(a.vo)); }
    }
    if (a.s && a.v) r.rangeVs = r.rangeVs.plus(qi).minus(qo);
    if (a.v) { r.rangePvQ = r.rangePvQ.plus(qi).minus(qo); r.rangePvV = r.rangePvV.plus(D(a.vi)).minus(D(a.vo)); }
  }
  const totals: MovementTotals = { openingValue: zero(), inValue: zero(), outValue: zero(), closingValue: zero() };
  const rows: Record<string, unknown>[] = [];
  for (const r of byProduct.values()) {
    const sum = (m: Map<string, Decimal>) => [...m.values()].reduce((t, x) => t.plus(x), zero());
    const inQ = sum(r.ins);
    const outQ = sum(r.outs);
    if (r.open.isZero() && inQ.isZero() && outQ.isZero()) continue;
    const row: Record<string, unknown> = { ...r.head, in: inQ.toFixed(), out: outQ.toFixed() };
    for (const b of buckets) { row[`in_${b}`] = (r.ins.get(b) ?? zero()).toFixed(); row[`out_${b}`] = (r.outs.get(b) ?? zero()).toFixed(); }
    if (withBalances) {
      const openingValue = share(r.pvQ, r.pvV, r.openVs);
      const closingValue = share(r.pvQ.plus(r.rangePvQ), r.pvV.plus(r.rangePvV), r.openVs.plus(r.rangeVs));
      Object.assign(row, { opening: r.open.toFixed(), closing: r.open.plus(inQ).minus(outQ).toFixed(), openingValue: openingValue.toFixed(2), closingValue: closingValue.toFixed(2) });
      totals.openingValue = totals.openingValue.plus(openingValue);
      totals.closingValue = totals.closingValue.plus(closingValue);
    } else {
      Object.assign(row, { inValue: r.inV.toFixed(2), outValue: r.outV.toFixed(2) });
      totals.inValue = totals.inValue.plus(r.inV);
      totals.outValue = totals.outValue.plus(r.outV);
    }
    rows.push(row);
  }
  return { rows, totals };
}
