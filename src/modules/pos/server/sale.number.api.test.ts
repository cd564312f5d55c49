import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/support/test-app';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * Till orders are numbered in their session's own gapless series (<session number>-0001, -0002...: branch.access.ts),
 * not in the sales office's counter: a refused sale gives its number back, two sessions count apart, and an office
 * order keeps <invoice prefix>/<year>/<n> whatever the tills did.
 */
let t: TestApp;
let k: PosKit;
beforeAll(async () => { ({ t, k } = await posApp()); }, 120_000);
afterAll(async () => { await t?.close(); });

it("numbers a session's sales 0001, 0002... with no gap after a refusal; another session starts at 0001; the office's counter is not used", async () => {
  const p = await k.product('Saffron tin', '25', '5');
  const a = await k.cashier('numbers-a', true);
  const b = await k.cashier('numbers-b', true, 'ar');
  const [sa, sb] = [await k.session(a.client, '0'), await k.session(b.client, '0')];
  const sell = async (c: typeof a.client, sessionId: number, quantity = '1') =>
    c.post('/api/pos/sales', { sessionId, lines: [{ productId: p, quantity }], payments: [{ method: 'cash', amount: String(25 * Number(quantity)) }] });
  const numberOf = async (r: Awaited<ReturnType<typeof sell>>) => {
    expect(r.statusCode, r.body).toBe(201);
    return r.json().order.number as string;
  };
  expect(await numberOf(await sell(a.client, sa.id))).toBe(`${sa.number}-0001`);
  // refused (only 4 left): nothing written, and its number is given back
  const refused = await sell(a.client, sa.id, '9');
  expect(refused.statusCode).toBe(422);
  expect(await numberOf(await sell(a.client, sa.id))).toBe(`${sa.number}-0002`);
  expect(await numberOf(await sell(b.client, sb.id))).toBe(`${sb.number}-0001`);
  expect(sa.number).not.toBe(sb.number);
  // the sales office's first order of the year is still SO/<year>/00001: the tills took none of its numbers
  const o = await t.admin.post('/api/sales/orders', { customerId: k.customer, orderDate: '2026-03-10', paymentMethod: 'cash', locationId: k.stock, items: [{ productId: p, quantity: '1' }] });
  expect(o.statusCode, o.body).toBe(201);
  const c = await t.admin.post(`/api/sales/orders/${o.json().id}/confirm`, {});
  expect(c.statusCode, c.body).toBe(200);
  expect(c.json().number).toBe('SO/2026/00001');
});
