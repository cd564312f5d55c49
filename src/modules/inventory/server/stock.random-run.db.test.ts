import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import { AppError } from '../../../core/http/errors';
import type { StockLineInput, StockMoveType, StockPostResult } from './stock.types';
import { rebuildStockDayTotals, verifyStock } from './stock.verify';
import { type StockKit, stockKit } from './test-kit';
import { rng } from '../../../../tests/support/rng';

/**
 * A seeded random run of postStock: receipts (with and without lots), deliveries (with and without lots),
 * transfers, scraps, gain and loss adjustments, multi-line documents, concurrent batches and valuation method
 * switches, first with negative stock refused, then allowed. After every step: verifyStock finds nothing, and
 * on hand per (product, location) equals a model built from the requests alone ("Quantity Not Available"
 * exactly when the model says the stock is not there). Replay with STOCK_SEED=<seed>, lengthen with STOCK_STEPS.
 */
const SEED = Number(process.env.STOCK_SEED ?? Date.now() % 1_000_000);
const STEPS = Number(process.env.STOCK_STEPS ?? 100);
let t: TestApp;
let k: StockKit;
beforeAll(async () => { t = await testApp(); k = await stockKit(t); });
afterAll(async () => { await t?.close(); });

it(`random run (seed ${SEED}, ${STEPS} steps) keeps every stock invariant`, async () => {
  const r = rng(SEED);
  const pick = <T,>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const qty = () => (r() < 0.2 ? (Math.floor(r() * 400) / 100 + 0.01).toFixed(2) : String(1 + Math.floor(r() * 12)));
  const cost = () => (Math.floor(r() * 2000) / 100 + 0.5).toFixed(2);
  const shelf = await k.location('Random shelf');
  const internal = [k.loc.stock, shelf];
  const products = [await k.product({ cost: '4' }), await k.product({ cost: '7.5' }), await k.product({ cost: '0.3333' })];
  const lotNames: [string, string | null][] = [['R-A', '2026-05-01'], ['R-B', '2026-12-31'], ['R-C', null]];
  type Doc = { moveType: StockMoveType; reference: string; lines: StockLineInput[]; date?: string };
  const model = new Map<string, Decimal>(); // `${product}:${location}` -> on hand, from the requests only
  const at = (p: number, l: number) => model.get(`${p}:${l}`) ?? new Decimal(0);
  const bump = (p: number, l: number, d: Decimal.Value) => model.set(`${p}:${l}`, at(p, l).plus(d));
  let allowNegative = false;
  const log: string[] = [];

  const line = (kind: string): StockLineInput => {
    const p = pick(products);
    const from = pick(internal);
    if (kind === 'receipt') return { productId: p, quantity: qty(), unitCost: r() < 0.8 ? cost() : null, fromLocationId: k.loc.vendors, toLocationId: pick(internal), ...(r() < 0.4 ? (([lotName, expiryDate]) => ({ lotName, expiryDate }))(pick(lotNames)) : {}) };
    if (kind === 'delivery') return { productId: p, quantity: qty(), fromLocationId: from, toLocationId: k.loc.customers };
    if (kind === 'transfer') return { productId: p, quantity: qty(), fromLocationId: from, toLocationId: from === shelf ? k.loc.stock : shelf };
    if (kind === 'scrap') return { productId: p, quantity: qty(), fromLocationId: from, toLocationId: k.loc.scrap };
    if (kind === 'gain') return { productId: p, quantity: qty(), fromLocationId: k.loc.adjustment, toLocationId: from };
    return { productId: p, quantity: qty(), fromLocationId: from, toLocationId: k.loc.adjustment };
  };
  const moveType: Record<string, StockMoveType> = { receipt: 'incoming', delivery: 'outgoing', transfer: 'internal', scrap: 'scrap', gain: 'adjustment', loss: 'adjustment' };
  const docOf = (kind: string, n: number): Doc => ({ moveType: moveType[kind]!, reference: kind, lines: Array.from({ length: n }, () => line(kind)), date: `2026-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}` });
  /** Whether the model has the stock for every line (in order); lines with a lot are checked against the database. */
  const fits = (lines: StockLineInput[]) => {
    const need = new Map<string, Decimal>();
    for (const l of lines) {
      if (l.fromLocationId !== shelf && l.fromLocationId !== k.loc.stock && l.fromLocationId !== k.loc.scrap) continue;
      const key = `${l.productId}:${l.fromLocationId}`;
      need.set(key, (need.get(key) ?? new Decimal(0)).plus(l.quantity));
      if (need.get(key)!.gt(at(l.productId, l.fromLocationId))) return false;
    }
    return true;
  };
  const apply = (lines: StockLineInput[]) => {
    for (const l of lines) { bump(l.productId, l.fromLocationId, new Decimal(l.quantity).neg()); bump(l.productId, l.toLocationId, l.quantity); }
  };
  const attempt = async (doc: Doc): Promise<StockPostResult | 'refused'> => {
    try { return await k.post(doc); } catch (e) {
      if (e instanceof AppError && e.messageIn('en') === 'Quantity Not Available') return 'refused';
      throw e;
    }
  };
  const check = async (step: number) => {
    expect(await verifyStock(t.db.orm, k.ctx.companyId), `step ${step}`).toEqual([]);
    const rows = await k.q<{ p: number; l: number; q: string }>(sql`
      SELECT product_id AS p, location_id AS l, sum(quantity)::text AS q FROM stock_quants WHERE product_id IN (${sql.join(products.map((p) => sql`${p}`), sql`, `)}) GROUP BY 1, 2`);
    const db = new Map(rows.map((x) => [`${x.p}:${x.l}`, new Decimal(x.q)]));
    for (const p of products) for (const l of [...internal, k.loc.scrap]) {
      expect(db.get(`${p}:${l}`)?.toFixed(6) ?? '0.000000', `on hand ${p}@${l} at step ${step}`).toBe(at(p, l).toFixed(6));
    }
  };

  try {
    for (let step = 0; step < STEPS; step++) {
      if (step === Math.floor(STEPS / 2)) { allowNegative = true; await k.settings({ allowNegativeStock: true }); log.push(`${step}:allow-negative`); }
      const op = pick(['receipt', 'receipt', 'receipt', 'delivery', 'delivery', 'delivery', 'transfer', 'scrap', 'gain', 'loss', 'multi', 'lot-delivery', 'batch', 'method']);
      log.push(`${step}:${op}`);
      if (op === 'method') {
        await k.settings({ valuationMethod: pick(['fifo', 'lifo', 'average', 'specific']) });
      } else if (op === 'batch') {
        const docs = Array.from({ length: 5 }, () => docOf(pick(['receipt', 'delivery', 'transfer', 'scrap', 'loss']), 1 + Math.floor(r() * 2)));
        const results = await Promise.all(docs.map((d) => attempt(d)));
        results.forEach((res, i) => { if (res !== 'refused') apply(docs[i]!.lines); });
        if (allowNegative) expect(results.filter((x) => x === 'refused')).toEqual([]);
      } else if (op === 'lot-delivery') {
        const lots = await k.q<{ id: number; p: number; l: number; q: string }>(sql`
          SELECT lot_id AS id, product_id AS p, location_id AS l, quantity::text AS q FROM stock_quants WHERE lot_id IS NOT NULL AND location_id IN (${k.loc.stock}, ${shelf})`);
        if (!lots.length) continue;
        const lot = pick(lots);
        const want = r() < 0.7 ? new Decimal(lot.q).toFixed() : new Decimal(lot.q).plus(1).toFixed();
        if (!new Decimal(want).gt(0)) continue;
        const doc: Doc = { moveType: 'outgoing', reference: 'lot', lines: [{ productId: lot.p, quantity: want, lotId: lot.id, fromLocationId: lot.l, toLocationId: k.loc.customers }] };
        const res = await attempt(doc);
        expect(res === 'refused', `lot delivery refused iff short (step ${step})`).toBe(!allowNegative && new Decimal(want).gt(lot.q));
        if (res !== 'refused') apply(doc.lines);
      } else {
        const doc = op === 'multi' ? docOf(pick(['delivery', 'receipt', 'loss']), 2 + Math.floor(r() * 2)) : docOf(op, 1);
        const expected = allowNegative || fits(doc.lines);
        const res = await attempt(doc);
        expect(res !== 'refused', `${op} ${JSON.stringify(doc.lines)} succeeds iff the stock is there (step ${step})`).toBe(expected);
        if (res !== 'refused') {
          apply(doc.lines);
          expect(res.entry === null, 'an entry exactly when value moved').toBe(new Decimal(res.totalValue).isZero() && res.moves.every((m) => new Decimal(m.value).isZero()));
        }
      }
      await check(step);
    }
    const before = await k.q(sql`SELECT product_id, location_id, day::text, qty_in::text, qty_out::text, value_in::text, value_out::text, moves FROM stock_day_totals ORDER BY 1, 2, 3`);
    await withTx(t.db, (tx) => rebuildStockDayTotals(tx, k.ctx.companyId));
    expect(await k.q(sql`SELECT product_id, location_id, day::text, qty_in::text, qty_out::text, value_in::text, value_out::text, moves FROM stock_day_totals ORDER BY 1, 2, 3`)).toEqual(before);
  } catch (e) {
    console.error(`stock random run failed: STOCK_SEED=${SEED} (last steps: ${log.slice(-8).join(' ')})`);
    throw e;
  }
}, 180_000); // about 10 s on an idle machine; the margin is for a loaded one
