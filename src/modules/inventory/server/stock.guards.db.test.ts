import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { verifyStock } from './stock.verify';
import { type StockKit, refusal as fail, stockKit } from './test-kit';

/**
 * What postStock and the database refuse whoever asks: a move on or before the accounting lock date, another
 * company's products and locations, and any change to posted stock moves and layers behind the application's back;
 * each refusal leaves every table as it was (tests/support/db-diff.ts), and verifyStock finds nothing wrong after.
 */
let t: TestApp;
let k: StockKit;
beforeAll(async () => { t = await testApp(); k = await stockKit(t); });
afterAll(async () => { await t?.close(); });

describe('lock date, other companies, database guards', () => {
  it('nothing moves on or before the accounting lock date, even without an entry', async () => {
    const p = await k.product();
    await k.receive(p, '1', '1');
    await k.q(sql`UPDATE accounting_settings SET lock_date = '2026-03-31'`);
    try {
      const shelf = await k.location('Locked shelf');
      const before = await picture(t.db);
      const e = await fail(k.post({ date: '2026-03-31', lines: [{ productId: p, quantity: '1', fromLocationId: k.loc.stock, toLocationId: shelf }] }));
      expect(e.messageIn('en')).toBe('The date 2026-03-31 is on or before the lock date 2026-03-31');
      // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
      expect(changes(before, await picture(t.db))).toEqual({});
      expect((await k.post({ date: '2026-04-01', lines: [{ productId: p, quantity: '1', fromLocationId: k.loc.stock, toLocationId: shelf }] })).moves).toHaveLength(1);
    } finally { await k.q(sql`UPDATE accounting_settings SET lock_date = NULL`); }
  });

  it('products, locations and lots of another company do not exist for the caller', async () => {
    await t.admin.patch('/api/admin/system-settings', { signupEnabled: true });
    const su = await t.anon().post('/api/auth/signup', { companyNameEn: 'Other Co', companyNameAr: 'شركة أخرى', currency: 'SAR', username: 'other_admin', fullName: 'Other', password: 'other-pass-123' });
    expect(su.statusCode).toBeLessThan(300);
    const other = await t.login('other_admin', 'other-pass-123');
    const k2 = await stockKit(t, other);
    expect(k2.ctx.companyId).not.toBe(k.ctx.companyId);
    const mine = await k.product();
    const theirs = await k2.product();
    await k2.receive(theirs, '3', '1');
    const before = await picture(t.db);
    expect((await fail(k.receive(theirs, '1', '1'))).messageIn('en')).toBe('Line 1: the product does not exist');
    expect((await fail(k.post({ moveType: 'incoming', lines: [{ productId: mine, quantity: '1', fromLocationId: k.loc.vendors, toLocationId: k2.loc.stock }] }))).messageIn('en')).toBe('Line 1: the location does not exist');
    expect(await k2.onHand(theirs, k2.loc.stock)).toBe('3.000000');
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    expect(await verifyStock(t.db.orm, k2.ctx.companyId)).toEqual([]);
  });

  it('stock moves cannot be changed or deleted; layers only change what remains', async () => {
    const p = await k.product();
    const r = await k.receive(p, '1', '1');
    const id = r.moves[0]!.id;
    const before = await picture(t.db);
    await expect(k.q(sql`UPDATE stock_moves SET quantity = 5 WHERE id = ${id}`)).rejects.toThrow();
    await expect(k.q(sql`UPDATE stock_moves SET notes = 'x' WHERE id = ${id}`)).rejects.toThrow();
    await expect(k.q(sql`DELETE FROM stock_moves WHERE id = ${id}`)).rejects.toThrow();
    await expect(k.q(sql`UPDATE stock_valuation_layers SET value = 0 WHERE move_id = ${id}`)).rejects.toThrow();
    await expect(k.q(sql`DELETE FROM stock_valuation_layers WHERE move_id = ${id}`)).rejects.toThrow();
    await expect(k.q(sql`UPDATE stock_valuation_layers SET remaining_qty = 2 WHERE move_id = ${id}`)).rejects.toThrow(); // above its quantity
    await expect(k.q(sql`INSERT INTO stock_quants (company_id, product_id, location_id, quantity) VALUES (${k.ctx.companyId}, ${p}, ${k.loc.stock}, 1)`)).rejects.toThrow(); // one quant per key
    const [m] = await k.q<{ quantity: string }>(sql`SELECT quantity::text FROM stock_moves WHERE id = ${id}`);
    expect(Number(m!.quantity)).toBe(1);
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
  });
});

it('leaves the stock verifiable after all of the above', async () => {
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
});
