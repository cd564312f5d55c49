import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ctxOf } from '../../tests/support/ctx';
import { type TestApp, testApp } from '../../tests/support/test-app';
import { withTx } from '../core/db/tx';
import type { Ctx } from '../core/http/context';
import { confirmInvoice, createInvoice, entriesOfSource, payInvoice, verifyLedger } from './accounting';
import { movesOfSource, postStock, releaseStock, reserveStock, stockQuantities, verifyStock } from './inventory';

/**
 * What sales will do, through the two public entries only, in ONE caller transaction: invoice created, confirmed
 * and paid, stock reserved, then released and delivered. A failure of the last step leaves nothing of any of it.
 */
let t: TestApp;
let ctx: Ctx;
let loc: { stock: number; customers: number };
let productId: number;
let partnerId: number;
const q = async <T>(query: ReturnType<typeof sql>) => (await t.db.orm.execute(query)).rows as T[];

beforeAll(async () => {
  t = await testApp();
  ctx = await ctxOf(t);
  loc = (await q<{ stock: number; customers: number }>(sql`SELECT default_location_id AS stock, customer_location_id AS customers FROM inventory_settings WHERE company_id = ${ctx.companyId}`))[0]!;
  const cat = (await t.admin.post('/api/inventory/categories', { name: 'Sold goods' })).json().id;
  const unit = (await q<{ id: number }>(sql`SELECT id FROM uoms WHERE company_id = ${ctx.companyId} AND name = 'Unit'`))[0]!.id;
  productId = (await t.admin.post('/api/inventory/products', { name: 'Sold item', categoryId: cat, productType: 'storable', uomId: unit, cost: '4' })).json().id;
  partnerId = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Buyer', isCustomer: true })).json().id;
  const vendors = (await q<{ id: number }>(sql`SELECT vendor_location_id AS id FROM inventory_settings WHERE company_id = ${ctx.companyId}`))[0]!.id;
  await withTx(t.db, (tx) => postStock(tx, ctx, { date: '2026-05-01', reference: 'IN', moveType: 'incoming', source: { type: 'test', id: 1 },
    lines: [{ productId, quantity: '10', unitCost: '4', fromLocationId: vendors, toLocationId: loc.stock }] }));
});
afterAll(async () => { await t?.close(); });

/** A sale: invoice created, confirmed, paid; stock reserved, released and delivered; `fail` throws after the last step. */
const sell = (orderId: number, fail: boolean) => withTx(t.db, async (tx) => {
  const inv = await createInvoice(ctx, { type: 'SALE', partnerId, date: '2026-05-02', reference: `SO-${orderId}`, lines: [{ productId, description: 'Sold item', quantity: '3', unitPrice: '10' }] });
  await confirmInvoice(ctx, inv.id);
  await payInvoice(ctx, inv.id, { amount: '30', date: '2026-05-02' });
  const source = { type: 'salesOrder', id: orderId };
  await reserveStock(ctx, { productId, locationId: loc.stock, quantity: '3', source });
  await releaseStock(ctx, { source });
  const d = await postStock(tx, ctx, { date: '2026-05-02', reference: `SO-${orderId}`, moveType: 'outgoing', source, lines: [{ productId, quantity: '3', fromLocationId: loc.stock, toLocationId: loc.customers }] });
  if (fail) throw new Error('the last step failed');
  return { inv, d };
});

const counts = () => q(sql`SELECT (SELECT count(*)::int FROM invoices) AS invoices, (SELECT count(*)::int FROM invoice_payments) AS payments,
  (SELECT count(*)::int FROM journal_entries) AS entries, (SELECT count(*)::int FROM stock_moves) AS moves, (SELECT count(*)::int FROM stock_reservations) AS reservations,
  (SELECT coalesce(sum(next_value), 0)::int FROM doc_sequences) AS numbers, (SELECT count(*)::int FROM audit_log) AS audits`);

it('a failing last step rolls back the invoice, its payment, entries and numbers, the reservation and the delivery', async () => {
  const before = await counts();
  await expect(sell(1, true)).rejects.toThrow('the last step failed');
  expect(await counts()).toEqual(before);
  expect(await stockQuantities(ctx, { productIds: [productId] })).toEqual([{ productId, locationId: null, onHand: '10.000000', reserved: '0.000000', available: '10.000000' }]);
  expect(await movesOfSource(ctx, { type: 'salesOrder', id: 1 })).toEqual([]);
});

it('the same steps commit together', async () => {
  const { inv, d } = await sell(2, false);
  expect((await entriesOfSource(ctx, { type: 'invoice', id: inv.id }))[0]).toMatchObject({ reference: 'INV/2026/00001', totalDebit: '30.0000' });
  expect((await movesOfSource(ctx, { type: 'salesOrder', id: 2 })).map((m) => [m.id, m.quantity, m.value])).toEqual([[d.moves[0]!.id, '3.000000', '12.0000']]);
  expect((await entriesOfSource(ctx, { type: 'salesOrder', id: 2 }))[0]!.totalDebit).toBe('12.0000');
  expect((await stockQuantities(ctx, { productIds: [productId] }))[0]).toMatchObject({ onHand: '7.000000', reserved: '0.000000', available: '7.000000' });
  expect(await verifyStock(t.db.orm, ctx.companyId)).toEqual([]);
  expect((await verifyLedger(t.db.orm, ctx.companyId)).ok).toBe(true);
});
