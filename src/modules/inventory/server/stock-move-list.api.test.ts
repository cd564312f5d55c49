import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApp, testApp } from '../../../../tests/support/test-app';
import { otherCompany } from './master-data.test-kit';
import { type StockKit, stockKit } from './test-kit';

/**
 * The stock moves list's location filter: filter[locationId] is a named filter of the definition that matches the
 * moves touching the location on either side (from OR to), combined with the other filters by AND, scoped to the
 * caller's company; filter[fromLocationId] / [toLocationId] still pick one side. Checked against raw SQL.
 */
let t: TestApp;
let k: StockKit;
let other: Client;
let shelf: number;
let bin: number;
let p: number;
let q: number;
const moves: Record<string, number> = {};

beforeAll(async () => {
  t = await testApp();
  k = await stockKit(t);
  other = await otherCompany(t);
  shelf = await k.location('Shelf L');
  bin = await k.location('Bin L');
  p = await k.product({ name: 'Filtered item', cost: '2' });
  q = await k.product({ name: 'Neighbour item', cost: '1' });
  const internal = (productId: number, quantity: string, from: number, to: number, date: string) =>
    k.post({ moveType: 'internal', date, reference: 'INT', lines: [{ productId, quantity, fromLocationId: from, toLocationId: to }] });
  moves.receipt = (await k.receive(p, '10', '2', { date: '2026-05-01' })).moves[0]!.id;
  moves.toShelf = (await internal(p, '3', k.loc.stock, shelf, '2026-05-02')).moves[0]!.id;
  moves.shelfToBin = (await internal(p, '1', shelf, bin, '2026-05-03')).moves[0]!.id;
  moves.delivery = (await k.deliver(p, '2', { date: '2026-05-04' })).moves[0]!.id;
  await k.receive(q, '5', '1', { date: '2026-05-01' });
  moves.neighbour = (await internal(q, '5', k.loc.stock, shelf, '2026-05-02')).moves[0]!.id;
});
afterAll(async () => { await t?.close(); });

const ids = async (query: string, c: Client = t.admin) => {
  const r = await c.get(`/api/inventory/stock-moves?${query}&sort=id&pageSize=200`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().items as { id: number }[]).map((m) => m.id);
};

describe('stock moves touching a location', () => {
  it('matches the moves on either side of the location, and only those', async () => {
    expect(await ids(`filter[productId]=${p}&filter[locationId]=${shelf}`)).toEqual([moves.toShelf, moves.shelfToBin]);
    expect(await ids(`filter[productId]=${p}&filter[locationId]=${k.loc.stock}`)).toEqual([moves.receipt, moves.toShelf, moves.delivery]);
    expect(await ids(`filter[productId]=${p}&filter[locationId]=${bin}`)).toEqual([moves.shelfToBin]);
    expect(await ids(`filter[productId]=${p}&filter[locationId]=${k.loc.customers}`)).toEqual([moves.delivery]);
    // One side only, as before.
    expect(await ids(`filter[productId]=${p}&filter[fromLocationId]=${shelf}`)).toEqual([moves.shelfToBin]);
    expect(await ids(`filter[productId]=${p}&filter[toLocationId]=${shelf}`)).toEqual([moves.toShelf]);
  });

  it('combines with the other filters by AND (the OR stays in parentheses) and agrees with raw SQL', async () => {
    // Another product's move into the shelf must not leak in through the OR.
    expect(await ids(`filter[productId]=${q}&filter[locationId]=${shelf}`)).toEqual([moves.neighbour]);
    expect(await ids(`filter[productId]=${p}&filter[locationId]=${k.loc.stock}&filter[moveType]=outgoing`)).toEqual([moves.delivery]);
    expect(await ids(`filter[productId]=${p}&filter[locationId]=${shelf}&filter[date][gte]=2026-05-03`)).toEqual([moves.shelfToBin]);
    const all = await ids(`filter[locationId]=${shelf}`);
    const raw = (await t.db.orm.execute(sql`SELECT id FROM stock_moves WHERE company_id = ${k.ctx.companyId}
      AND (from_location_id = ${shelf} OR to_location_id = ${shelf}) ORDER BY id`)).rows.map((r) => Number(r.id));
    expect(all).toEqual(raw);
    expect(all).toEqual([moves.toShelf, moves.shelfToBin, moves.neighbour]);
    const page = (await t.admin.get(`/api/inventory/stock-moves?filter[locationId]=${shelf}&pageSize=2`)).json();
    expect([page.total, page.items.length]).toEqual([3, 2]);
  });

  it('stays within the caller company and validates the value (400)', async () => {
    expect(await ids(`filter[locationId]=${shelf}`, other)).toEqual([]);
    for (const bad of ['abc', '1 OR 1=1', '-1']) {
      const r = await t.admin.get(`/api/inventory/stock-moves?filter[locationId]=${encodeURIComponent(bad)}`);
      expect(r.statusCode, bad).toBe(400);
    }
    expect((await t.admin.get('/api/inventory/stock-moves?filter[locationIds]=1')).statusCode).toBe(400);
  });

  it('serves the Excel export with the same filter and is documented in OpenAPI', async () => {
    const x = await t.admin.get(`/api/inventory/stock-moves/export.xlsx?filter[locationId]=${shelf}`);
    expect(x.statusCode).toBe(200);
    const doc = (await t.anon().get('/api/openapi.json')).json();
    const params = doc.paths['/api/inventory/stock-moves'].get.parameters as { name: string; description?: string }[];
    expect(params.find((x) => x.name === 'filter[locationId]')).toMatchObject({ description: 'matches fromLocationId or toLocationId' });
    expect(params.map((x) => x.name)).toContain('filter[productId]');
  });
});
