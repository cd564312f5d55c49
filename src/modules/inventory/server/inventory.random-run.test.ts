import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { verifyLedger } from '../../accounting';
import { verifyStock } from './stock.verify';
import { type StockKit, stockKit } from './test-kit';
import { rng } from '../../../../tests/support/rng';

/**
 * A seeded random run of the stock documents through the HTTP API (beginning balances, receipts received in
 * full or in parts, deliveries, transfers, scraps, adjustments, bad input, concurrent batches). After every step:
 * verifyStock (on hand = moves, never negative, layers = inventory accounts, remaining layers, day totals), on
 * hand = a model kept here from the answers, every entry balanced, document numbers gapless, receipts never over
 * received, done documents' costs = their moves. 300 steps make about 1,000 API operations (the run prints how
 * many). Replay with INVENTORY_SEED=<seed>; INVENTORY_STEPS sets the length.
 */
const SEED = Number(process.env.INVENTORY_SEED ?? Date.now() % 1_000_000);
// the embedded engine runs each statement several times slower: a shorter walk there, the long one on PostgreSQL
const STEPS = Number(process.env.INVENTORY_STEPS ?? (process.env.TEST_DB === 'postgres' ? 300 : 150));
let t: TestApp;
let k: StockKit;
beforeAll(async () => { t = await testApp(); k = await stockKit(t); });
afterAll(async () => { await t?.close(); });

type Res = Awaited<ReturnType<TestApp['admin']['post']>>;
const ok = (r: Res, what: string) => { expect(r.statusCode, `${what}: ${r.body}`).toBeLessThan(300); return r.json(); };

async function ledgerInvariants(): Promise<void> {
  const unbalanced = await k.q(sql`SELECT entry_id FROM journal_lines GROUP BY entry_id HAVING sum(debit) <> sum(credit)`);
  expect(unbalanced, 'every entry balanced').toEqual([]);
  const [w] = await k.q<{ d: string; c: string }>(sql`SELECT coalesce(sum(debit), 0)::text AS d, coalesce(sum(credit), 0)::text AS c FROM journal_lines`);
  expect(new Decimal(w!.d).eq(w!.c), 'ledger-wide debit = credit').toBe(true);
}

async function documentInvariants(): Promise<void> {
  for (const table of ['receipts', 'deliveries', 'transfers', 'scraps', 'stock_adjustments']) {
    const nums = (await k.q<{ number: string }>(sql`SELECT number FROM ${sql.identifier(table)} WHERE number IS NOT NULL`)).map((r) => Number(r.number.split('/')[2]));
    expect(nums.sort((a, b) => a - b), `${table} numbers gapless and unique`).toEqual(nums.map((_, i) => i + 1));
  }
  const over = await k.q(sql`SELECT r.id FROM receipts r, jsonb_array_elements(r.items) i
    WHERE (i->>'receivedQuantity')::numeric > (i->>'quantity')::numeric OR (r.status = 'received' AND (i->>'receivedQuantity')::numeric <> (i->>'quantity')::numeric)`);
  expect(over, 'received <= ordered, all of it once received').toEqual([]);
  const costs = await k.q(sql`
    SELECT d.id FROM (SELECT id, total_cost, 'delivery' AS t FROM deliveries WHERE status = 'done' UNION ALL SELECT id, total_cost, 'scrap' FROM scraps WHERE status = 'done') d
    LEFT JOIN (SELECT source_type, source_id, sum(value) AS v FROM stock_moves GROUP BY 1, 2) m ON m.source_type = d.t AND m.source_id = d.id
    WHERE d.total_cost <> coalesce(m.v, 0)`);
  expect(costs, 'done deliveries and scraps cost what their moves cost').toEqual([]);
}

it(`random run (seed ${SEED}, ${STEPS} steps) keeps every stock and ledger invariant`, async () => {
  const r = rng(SEED);
  const pick = <T,>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const c = t.admin;
  const shelf = await k.location('Random shelf');
  const internal = [k.loc.stock, shelf];
  // products and the units their lines may use (factor relative to the product's unit)
  const products = [
    { id: await k.product({ name: 'R-unit', cost: '3' }), units: [[k.uom('Unit'), '1'], [k.uom('Dozen'), '12']] as [number, string][] },
    { id: await k.product({ name: 'R-kg', cost: '10', uomId: k.uom('Kilogram') }), units: [[k.uom('Kilogram'), '1'], [k.uom('Gram'), '0.001']] as [number, string][] },
    { id: await k.product({ name: 'R-plain', cost: '1.25' }), units: [[k.uom('Unit'), '1']] as [number, string][] },
  ];
  const model = new Map<string, Decimal>();
  const key = (p: number, l: number) => `${p}:${l}`;
  const have = (p: number, l: number) => model.get(key(p, l)) ?? new Decimal(0);
  const add = (p: number, l: number, q: Decimal.Value) => model.set(key(p, l), have(p, l).plus(q));
  const line = () => {
    const p = pick(products);
    const [uomId, factor] = pick(p.units);
    const quantity = String(int(1, factor === '0.001' ? 3000 : 6));
    return { p: p.id, uomId, quantity, qty: new Decimal(quantity).times(factor) };
  };
  const date = () => `2026-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
  const openReceipts: { id: number; lines: ReturnType<typeof line>[]; location: number; received: Decimal[] }[] = [];

  const outDoc = async (kind: 'delivery' | 'transfer' | 'scrap', from: number, lines: ReturnType<typeof line>[]) => {
    const items = lines.map((l) => ({ productId: l.p, quantity: l.quantity, uomId: l.uomId }));
    const body = kind === 'delivery' ? { destinationType: 'other', deliveryDate: date(), locationId: from, items }
      : kind === 'transfer' ? { fromLocationId: from, toLocationId: internal.find((x) => x !== from)!, transferDate: date(), items }
      : { sourceLocationId: from, scrapLocationId: k.loc.scrap, scrapDate: date(), reason: 'random', items };
    const path = { delivery: 'deliveries', transfer: 'transfers', scrap: 'scraps' }[kind];
    const doc = ok(await c.post(`/api/inventory/${path}`, body), `create ${kind}`);
    return { id: doc.id as number, path, to: kind === 'delivery' ? null : kind === 'transfer' ? internal.find((x) => x !== from)! : k.loc.scrap };
  };
  const enough = (from: number, lines: ReturnType<typeof line>[]) => {
    const need = new Map<number, Decimal>();
    for (const l of lines) need.set(l.p, (need.get(l.p) ?? new Decimal(0)).plus(l.qty));
    return [...need].every(([p, q]) => have(p, from).gte(q));
  };
  const apply = (from: number, to: number | null, lines: ReturnType<typeof line>[]) => {
    for (const l of lines) { add(l.p, from, l.qty.neg()); if (to) add(l.p, to, l.qty); }
  };

  const log: string[] = [];
  let operations = 0;
  for (const m of ['get', 'post'] as const) {
    const call = c[m];
    c[m] = ((...a: unknown[]) => { operations++; return (call as (...x: unknown[]) => unknown)(...a); }) as never;
  }
  try {
    for (let step = 0; step < STEPS; step++) {
      const op = pick(['opening', 'receipt', 'receipt', 'receiveMore', 'delivery', 'delivery', 'transfer', 'scrap', 'adjust', 'bad', 'batch']);
      log.push(`${step}:${op}`);
      if (op === 'opening') {
        const ls = [line(), line()];
        const loc = pick(internal);
        const b = ok(await c.post('/api/inventory/beginning-balances', { date: date(), locationId: loc, items: ls.map((l) => ({ productId: l.p, quantity: l.quantity, uomId: l.uomId, unitCost: (int(1, 900) / 100).toFixed(2) })) }), 'opening');
        ok(await c.post(`/api/inventory/beginning-balances/${b.id}/post`, {}), 'post opening');
        for (const l of ls) add(l.p, loc, l.qty);
      } else if (op === 'receipt') {
        const ls = [line(), ...(r() < 0.5 ? [line()] : [])];
        const loc = pick(internal);
        const rc = ok(await c.post('/api/inventory/receipts', { receiptDate: date(), locationId: loc, items: ls.map((l) => ({ productId: l.p, quantity: l.quantity, uomId: l.uomId, unitCost: r() < 0.3 ? null : (int(0, 2000) / 100).toFixed(2) })) }), 'receipt');
        ok(await c.post(`/api/inventory/receipts/${rc.id}/approve`, {}), 'approve');
        openReceipts.push({ id: rc.id, lines: ls, location: loc, received: ls.map(() => new Decimal(0)) });
      } else if (op === 'receiveMore' && openReceipts.length) {
        const i = Math.floor(r() * openReceipts.length);
        const o = openReceipts[i]!;
        const idx = Math.floor(r() * o.lines.length);
        const l = o.lines[idx]!;
        const left = new Decimal(l.quantity).minus(o.received[idx]!);
        if (r() < 0.4 || left.isZero()) {
          ok(await c.post(`/api/inventory/receipts/${o.id}/receive`, {}), 'receive all');
          o.lines.forEach((x, j) => add(x.p, o.location, new Decimal(x.quantity).minus(o.received[j]!).times(x.qty).div(x.quantity)));
          openReceipts.splice(i, 1);
        } else {
          const part = Decimal.max(1, left.times(r()).floor());
          const over = await c.post(`/api/inventory/receipts/${o.id}/receivePartial`, { items: [{ index: idx, quantity: left.plus(1).toFixed() }] });
          expect(over.statusCode, 'over-receiving refused').toBe(422);
          ok(await c.post(`/api/inventory/receipts/${o.id}/receivePartial`, { items: [{ index: idx, quantity: part.toFixed(), lotName: r() < 0.3 ? `LOT-${step}` : undefined }] }), 'receive part');
          o.received[idx] = o.received[idx]!.plus(part);
          add(l.p, o.location, part.times(l.qty).div(l.quantity));
          if (o.lines.every((x, j) => o.received[j]!.eq(x.quantity))) openReceipts.splice(i, 1);
        }
      } else if (op === 'delivery' || op === 'transfer' || op === 'scrap') {
        const from = pick(internal);
        const ls = [line(), ...(r() < 0.4 ? [line()] : [])];
        const d = await outDoc(op, from, ls);
        const res = await c.post(`/api/inventory/${d.path}/${d.id}/validate`, {});
        if (enough(from, ls)) {
          expect(res.statusCode, res.body).toBe(200);
          apply(from, d.to, ls);
        } else {
          expect(res.statusCode, res.body).toBe(422);
          expect(res.json().error.message).toBe('Quantity Not Available');
          ok(await c.post(`/api/inventory/${d.path}/${d.id}/cancel`, {}), 'cancel');
        }
      } else if (op === 'adjust') {
        const loc = pick(internal);
        const ps = [...new Set([pick(products).id, pick(products).id])];
        const counted = ps.map(() => String(int(0, 30)));
        const a = ok(await c.post('/api/inventory/stock-adjustments', { locationId: loc, date: date(), reason: 'physical_count', items: ps.map((p, i) => ({ productId: p, countedQuantity: counted[i], unitCost: r() < 0.5 ? (int(1, 500) / 100).toFixed(2) : null })) }), 'adjustment');
        ok(await c.post(`/api/inventory/stock-adjustments/${a.id}/confirm`, {}), 'confirm');
        expect((await c.post(`/api/inventory/stock-adjustments/${a.id}/confirm`, {})).statusCode, 'second confirm').toBe(409);
        ps.forEach((p, i) => model.set(key(p, loc), new Decimal(counted[i]!)));
      } else if (op === 'bad') {
        const l = line();
        const bad = pick([
          () => c.post('/api/inventory/receipts', { receiptDate: date(), locationId: k.loc.scrap, items: [{ productId: l.p, quantity: '1' }] }),
          () => c.post('/api/inventory/deliveries', { destinationType: 'other', deliveryDate: date(), locationId: k.loc.stock, items: [{ productId: products[0]!.id, quantity: '1', uomId: k.uom('Litre') }] }),
          () => c.post('/api/inventory/transfers', { fromLocationId: shelf, toLocationId: shelf, transferDate: date(), items: [{ productId: l.p, quantity: '1' }] }),
        ]);
        expect((await bad()).statusCode).toBe(422);
      } else if (op === 'batch') {
        const docs: (Awaited<ReturnType<typeof outDoc>> & { from: number; ls: ReturnType<typeof line>[] })[] = [];
        for (let i = 0; i < 5; i++) {
          const kind = pick(['delivery', 'transfer'] as const);
          const from = pick(internal);
          const ls = [line()];
          docs.push({ ...(await outDoc(kind, from, ls)), from, ls });
        }
        const res = await Promise.all(docs.map((d) => c.post(`/api/inventory/${d.path}/${d.id}/validate`, {})));
        res.forEach((x, i) => {
          if (x.statusCode === 200) apply(docs[i]!.from, docs[i]!.to, docs[i]!.ls);
          else expect([x.statusCode, x.json().error.message], x.body).toEqual([422, 'Quantity Not Available']);
        });
      }

      expect(await verifyStock(t.db.orm, k.ctx.companyId), 'verifyStock').toEqual([]);
      const quants = await k.q<{ p: number; l: number; q: string }>(sql`SELECT product_id AS p, location_id AS l, sum(quantity)::text AS q FROM stock_quants
        WHERE company_id = ${k.ctx.companyId} AND location_id IN (${k.loc.stock}, ${shelf}, ${k.loc.scrap}) GROUP BY 1, 2`);
      const actual = Object.fromEntries(quants.filter((x) => !new Decimal(x.q).isZero()).map((x) => [key(x.p, x.l), new Decimal(x.q).toFixed(6)]));
      const expected = Object.fromEntries([...model].filter(([, v]) => !v.isZero()).map(([kk, v]) => [kk, v.toFixed(6)]));
      expect(actual, 'on hand = the model').toEqual(expected);
      await ledgerInvariants();
      await documentInvariants();
      if (step % 100 === 99) expect((await verifyLedger(t.db.orm, k.ctx.companyId)).problems).toEqual([]);
    }
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
    console.log(`inventory random run: seed ${SEED}, ${STEPS} steps, ${operations} API operations, invariants held after each step`);
  } catch (e) {
    console.error(`inventory random run failed: INVENTORY_SEED=${SEED} (last steps: ${log.slice(-6).join(' ')})`);
    throw e;
  }
}, 900_000);
