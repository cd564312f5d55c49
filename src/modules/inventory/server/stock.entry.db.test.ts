import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import { AppError } from '../../../core/http/errors';
import { movesOfSource, releaseStock, reservationsOf, reserveStock, stockQuantities, verifyStock } from '../index';
import { type StockKit, stockKit } from './test-kit';

/** Inventory's public entry: quantities (on hand, reserved, available), reservations, moves by source document. */
let t: TestApp;
let k: StockKit;
beforeAll(async () => { t = await testApp(); k = await stockKit(t); });
afterAll(async () => { await t?.close(); });

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (x: unknown) => x);
  if (!(e instanceof AppError)) throw new Error(`expected an AppError, got ${String(e)}`);
  return { status: e.status, message: e.messageIn('en'), fields: e.fields };
};
const order = (id: number) => ({ type: 'salesOrder', id });
const one = async (productId: number, o: { locationId?: number; warehouseId?: number } = {}) => (await stockQuantities(k.ctx, { productIds: [productId], ...o }))[0]!;

describe('quantities', () => {
  it('on hand, reserved and available per product, location, warehouse, and per location; zeros for a product without stock', async () => {
    const shelf = await k.location('Quantities shelf');
    const p = await k.product({ cost: '2' });
    const idle = await k.product();
    await k.receive(p, '10', '2');
    await k.receive(p, '3', '2', { toLocationId: shelf });
    await k.post({ moveType: 'scrap', lines: [{ productId: p, quantity: '1', fromLocationId: k.loc.stock, toLocationId: k.loc.scrap }] });
    expect(await stockQuantities(k.ctx, { productIds: [idle, p] })).toEqual([
      { productId: idle, locationId: null, onHand: '0.000000', reserved: '0.000000', available: '0.000000' },
      { productId: p, locationId: null, onHand: '12.000000', reserved: '0.000000', available: '12.000000' },
    ]);
    expect((await one(p, { locationId: shelf })).onHand).toBe('3.000000');
    expect((await one(p, { locationId: k.loc.scrap })).onHand).toBe('1.000000');
    expect((await one(p, { warehouseId: k.loc.warehouse })).onHand).toBe('12.000000');
    expect((await one(p, { warehouseId: 2147483000 })).onHand).toBe('0.000000');
    expect((await stockQuantities(k.ctx, { productIds: [p], perLocation: true })).map((r) => [r.locationId, r.onHand])).toEqual(
      [[k.loc.stock, '9.000000'], [shelf, '3.000000']].sort((a, b) => Number(a[0]) - Number(b[0])));
    expect(await stockQuantities(k.ctx, { productIds: [] })).toEqual([]);
  });
});

describe('reservations', () => {
  it('reserve up to what is available, deliveries cannot take reserved stock, release gives it back', async () => {
    const p = await k.product({ cost: '5' });
    await k.receive(p, '10', '5');
    expect(await reserveStock(k.ctx, { productId: p, locationId: k.loc.stock, quantity: '4', source: order(1) }))
      .toEqual({ productId: p, locationId: k.loc.stock, source: order(1), quantity: '4.000000', onHand: '10.000000', reserved: '4.000000', available: '6.000000' });
    expect((await reserveStock(k.ctx, { productId: p, locationId: k.loc.stock, quantity: '3', source: order(1) })).quantity).toBe('7.000000');
    const over = await refusal(reserveStock(k.ctx, { productId: p, locationId: k.loc.stock, quantity: '3.5', source: order(2) }));
    expect(over).toMatchObject({ status: 422, message: 'Quantity Not Available' });
    expect(over.fields!.quantity).toContain('3 available, 3.5 requested');
    expect(await one(p)).toMatchObject({ onHand: '10.000000', reserved: '7.000000', available: '3.000000' });
    // postStock leaves what others reserved
    expect((await refusal(k.deliver(p, '4'))).message).toBe('Quantity Not Available');
    await k.deliver(p, '3');
    expect(await one(p)).toMatchObject({ onHand: '7.000000', reserved: '7.000000', available: '0.000000' });
    expect(await releaseStock(k.ctx, { source: order(1), productId: p, locationId: k.loc.stock, quantity: '2' })).toEqual([{ productId: p, locationId: k.loc.stock, quantity: '2.000000' }]);
    expect(await reservationsOf(k.ctx, order(1))).toEqual([{ productId: p, locationId: k.loc.stock, quantity: '5.000000' }]);
    await k.deliver(p, '2');
    expect(await releaseStock(k.ctx, { source: order(1) })).toEqual([{ productId: p, locationId: k.loc.stock, quantity: '5.000000' }]);
    expect(await reservationsOf(k.ctx, order(1))).toEqual([]);
    expect(await releaseStock(k.ctx, { source: order(1) })).toEqual([]);
    expect(await one(p)).toMatchObject({ onHand: '5.000000', reserved: '0.000000', available: '5.000000' });
    expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  });

  it('a line naming a lot cannot take reserved stock either', async () => {
    await k.settings({ enableBatchTracking: true });
    try {
      const p = await k.product({ cost: '1' });
      await k.receive(p, '5', '1', { lotName: 'L-RES-1' });
      const [lot] = await k.q<{ id: number }>(sql`SELECT id FROM stock_lots WHERE product_id = ${p}`);
      await reserveStock(k.ctx, { productId: p, locationId: k.loc.stock, quantity: '4', source: order(3) });
      const r = await refusal(k.deliver(p, '2', { lotId: lot!.id }));
      expect(r.fields!.quantity).toContain('1 available, 2 requested');
      await k.deliver(p, '1', { lotId: lot!.id });
      expect(await one(p)).toMatchObject({ onHand: '4.000000', available: '0.000000' });
      expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
    } finally { await k.settings({ enableBatchTracking: false }); }
  });

  it('with negative stock allowed a reservation may exceed on hand', async () => {
    await k.settings({ allowNegativeStock: true });
    try {
      const p = await k.product();
      expect((await reserveStock(k.ctx, { productId: p, locationId: k.loc.stock, quantity: '2', source: order(4) })).available).toBe('-2.000000');
    } finally { await k.settings({ allowNegativeStock: false }); }
  });

  it('joins the caller’s transaction: rolled back with it', async () => {
    const p = await k.product();
    await k.receive(p, '3', '1');
    await expect(withTx(t.db, async () => {
      await reserveStock(k.ctx, { productId: p, locationId: k.loc.stock, quantity: '3', source: order(5) });
      expect((await one(p)).available).toBe('0.000000');
      throw new Error('caller failed');
    })).rejects.toThrow('caller failed');
    expect(await one(p)).toMatchObject({ reserved: '0.000000', available: '3.000000' });
    expect(await reservationsOf(k.ctx, order(5))).toEqual([]);
  });

  it('refuses invalid input with a 422 naming the field, in the caller’s language', async () => {
    const p = await k.product();
    const base = { productId: p, locationId: k.loc.stock, quantity: '1', source: order(6) };
    expect(await refusal(reserveStock(k.ctx, { ...base, quantity: '0' }))).toMatchObject({ status: 422, fields: { quantity: 'The quantity must be greater than zero' } });
    expect(await refusal(reserveStock(k.ctx, { ...base, quantity: '1.0000001' }))).toMatchObject({ status: 422, fields: { quantity: expect.any(String) } });
    expect(await refusal(reserveStock(k.ctx, { ...base, locationId: k.loc.scrap }))).toMatchObject({ status: 422, fields: { locationId: expect.any(String) } });
    expect(await refusal(reserveStock(k.ctx, { ...base, locationId: k.loc.customers }))).toMatchObject({ status: 422, fields: { locationId: expect.any(String) } });
    expect(await refusal(reserveStock(k.ctx, { ...base, productId: 2147483647 }))).toMatchObject({ status: 422, fields: { productId: expect.any(String) } });
    expect(await refusal(reserveStock(k.ctx, { ...base, source: { type: '', id: 1 } }))).toMatchObject({ status: 422, fields: { source: expect.any(String) } });
    expect(await refusal(releaseStock(k.ctx, { source: order(6), quantity: '1' }))).toMatchObject({ status: 422, fields: { productId: expect.any(String) } });
    const ar = await refusal(reserveStock({ ...k.ctx, locale: 'ar' }, { ...base, quantity: '-1' }));
    expect(ar.fields!.quantity).toBe('يجب أن تكون الكمية أكبر من صفر');
  });
});

describe('movesOfSource', () => {
  it('lists the moves a document posted, in order, and nothing for another source', async () => {
    const p = await k.product({ cost: '2' });
    const r = await k.post({ moveType: 'incoming', source: { type: 'purchaseOrder', id: 91 }, reference: 'PO-91', lines: [{ productId: p, quantity: '4', unitCost: '2.5', fromLocationId: k.loc.vendors, toLocationId: k.loc.stock }] });
    const moves = await movesOfSource(k.ctx, { type: 'purchaseOrder', id: 91 });
    expect(moves).toEqual([expect.objectContaining({
      id: r.moves[0]!.id, reference: 'PO-91', moveType: 'incoming', productId: p, quantity: '4.000000', value: '10.0000', entryId: r.entry!.id,
      fromLocationId: k.loc.vendors, toLocationId: k.loc.stock, date: '2026-03-10',
    })]);
    expect(await movesOfSource(k.ctx, { type: 'purchaseOrder', id: 92 })).toEqual([]);
    expect(await movesOfSource(k.ctx, { type: 'purchaseOrder', id: 0 })).toEqual([]);
  });
});
