import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/support/test-app';
import { type SalesKit, salesApp } from './sales.test-kit';

/** A salesperson's totals: confirmed/completed orders of the year only, tax in total sales and out of net sales, progress to target. */
let t: TestApp;
let k: SalesKit;
beforeAll(async () => { ({ t, k } = await salesApp()); });
afterAll(async () => { await t?.close(); });

it('totals the salesperson\'s confirmed orders of the year', async () => {
  const [me] = await k.q<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`);
  const sp = await t.admin.post('/api/sales/salespersons', { userId: me!.id, salesTarget: '1000' });
  expect(sp.statusCode, sp.body).toBe(201);
  const id = sp.json().id as number;
  const item = await k.product('Lamp', '100', '50', '40');
  const mk = async (date: string, qty: string, confirm: boolean) => {
    const o = await k.order({ salespersonId: id, orderDate: date, items: [{ productId: item, quantity: qty }] });
    if (confirm) expect((await t.admin.post(`/api/sales/orders/${o.id}/confirm`)).statusCode).toBe(200);
  };
  await mk('2026-02-01', '2', true); // 200 + 30 VAT
  await mk('2026-05-01', '1', true); // 100 + 15
  await mk('2026-05-02', '3', false); // a draft: not a sale
  await mk('2025-12-31', '1', true); // another year
  const r = await t.admin.get(`/api/sales/salespersons/${id}/totals?year=2026`);
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json()).toEqual({ year: 2026, salesTarget: '1000.0000', totalSales: '345.00', netSales: '300.00', orders: 2, averageOrderValue: '172.50', progress: '34.5' });
  expect((await t.admin.get('/api/sales/salespersons/999999/totals')).statusCode).toBe(404);
});
