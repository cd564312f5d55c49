import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { verifyLedger } from '../../accounting';
import { stockQuantities, verifyStock } from '../../inventory';
import { type SalesKit, salesApp } from './sales.test-kit';

/**
 * PostgreSQL: twelve orders of 2 units each confirmed at once for the last 7 units (half in English, half in
 * Arabic): exactly three are confirmed (6 units sold, 1 left), every other one gets "Quantity Not Available" in its
 * language and stays a draft without number, invoice, delivery, entry or move; the ledger and the stock verify.
 */
let t: TestApp;
let k: SalesKit;
let ar: Client;
beforeAll(async () => { ({ t, k, ar } = await salesApp()); });
afterAll(async () => { await t?.close(); });

it.runIf(process.env.TEST_DB === 'postgres')('parallel confirms never oversell and leave nothing half-done', async () => {
  const p = await k.product('Last units', '15', '7', '5');
  const orders = [];
  for (let i = 0; i < 12; i++) orders.push(await k.order({ items: [{ productId: p, quantity: '2' }] }));
  const res = await Promise.all(orders.map((o, i) => (i % 2 ? ar : t.admin).post(`/api/sales/orders/${o.id}/confirm`)));
  const ok = res.filter((r) => r.statusCode === 200);
  const refused = res.map((r, i) => ({ r, i })).filter(({ r }) => r.statusCode !== 200);
  expect(ok.length).toBe(3);
  for (const { r, i } of refused) {
    expect(r.statusCode).toBe(422);
    expect(r.json().error.message).toContain(i % 2 ? 'الكمية غير متوفرة' : 'Quantity Not Available');
  }
  const confirmed = ok.map((r) => r.json());
  expect(confirmed.map((o) => o.number).sort()).toEqual(['SO/2026/00001', 'SO/2026/00002', 'SO/2026/00003']);
  expect((await stockQuantities(k.ctx, { productIds: [p] }))[0]).toMatchObject({ onHand: '1.000000' });
  const [c] = await k.q(sql`SELECT (SELECT count(*)::int FROM invoices) AS invoices, (SELECT count(*)::int FROM deliveries) AS deliveries,
    (SELECT count(*)::int FROM sales_orders WHERE status = 'draft' AND number IS NULL AND invoice_id IS NULL AND delivery_id IS NULL) AS drafts,
    (SELECT count(*)::int FROM stock_moves WHERE product_id = ${p} AND source_type = 'delivery') AS moves`);
  expect(c).toEqual({ invoices: 3, deliveries: 3, drafts: 9, moves: 3 });
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
}, 60_000);
