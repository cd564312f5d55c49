import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestApp, testApp } from '../../../../tests/support/test-app';
import { CASHIER_PERMISSIONS } from './cashier';

/** The demo company's point of sale: a branch, a closed session with sales, a return and a posted difference, an active one with returns; the cashier. */
let t: TestApp;
beforeAll(async () => { t = await testApp({ demo: true }); }, 300_000);
afterAll(async () => { await t?.close(); });

it('has a branch, a closed session with a counted shortage and an active one, each with sales', async () => {
  const branches = (await t.admin.get('/api/pos/branches')).json().items;
  expect(branches.length).toBe(1);
  const sessions = (await t.admin.get('/api/pos/sessions?sort=openedAt')).json().items;
  expect(sessions.map((s: { status: string }) => s.status)).toEqual(['closed', 'active']);
  const closed = (await t.admin.get(`/api/pos/sessions/${sessions[0].id}`)).json();
  expect(closed).toMatchObject({ cashDifference: '-2.5000' });
  expect(closed.differenceEntryId).toBeTruthy();
  const summary = (await t.admin.get(`/api/pos/sessions/${closed.id}/summary`)).json();
  expect(summary.orders).toBe(4);
  expect(summary.durationMinutes).toBeGreaterThanOrEqual(480);
  expect(Object.keys(summary.paymentMethods).sort()).toEqual(['bank_transfer', 'cash', 'credit']);
  expect((await t.admin.get(`/api/pos/sessions/${sessions[1].id}/summary`)).json().orders).toBe(1);
  // till returns: one refunded in cash in the morning (before its close), two of the morning's orders in the evening
  expect(summary).toMatchObject({ returns: 1 });
  expect(Object.keys(summary.refundMethods)).toEqual(['cash']);
  const evening = (await t.admin.get(`/api/pos/sessions/${sessions[1].id}/summary`)).json();
  expect(evening.returns).toBe(2);
  expect(Object.keys(evening.refundMethods).sort()).toEqual(['bank_transfer', 'credit']);
  const returns = (await t.admin.get(`/api/sales/returns?filter[sessionId][gte]=1`)).json().items;
  expect(returns.length).toBe(3);
  expect(returns.every((r: { status: string }) => r.status === 'confirmed')).toBe(true);
});

it('has the Cashier group and the cashier user at the branch, who signs in, starts a session and sells but reads no accounting', async () => {
  const groups = (await t.admin.get('/api/admin/groups?search=cashier')).json().items;
  expect(groups).toMatchObject([{ name: 'Cashier', nameAr: 'أمين الصندوق', permissions: [...CASHIER_PERMISSIONS].sort() }]);
  const [cashier] = (await t.admin.get('/api/admin/users?search=cashier')).json().items;
  expect(cashier).toMatchObject({ username: 'cashier', isActive: true, isSuperuser: false });
  expect((await t.admin.get(`/api/admin/users/${cashier.id}`)).json().groups).toEqual([groups[0].id]);
  const [branch] = (await t.admin.get('/api/pos/branches')).json().items;
  expect((await t.admin.get(`/api/pos/branches/${branch.id}`)).json().users).toContain(cashier.id);
  // the administrator's password (copied at the demo's creation), made in the same transaction: the start's listen
  // guard (admin/server/listen-guard.ts) treats it as the administrator's
  const c = await t.login('cashier', ADMIN_PASSWORD, 'ar');
  const same = await t.db.orm.execute(sql`SELECT (SELECT created_at FROM users WHERE username = 'cashier') = (SELECT created_at FROM users WHERE username = 'admin') AS same`);
  expect(same.rows[0]).toEqual({ same: true });
  const s = await c.post('/api/pos/sessions', { branchId: branch.id, openingCash: '100' });
  expect(s.statusCode, s.body).toBe(201);
  const [product] = (await c.get('/api/inventory/products?filter[salable]=true&pageSize=1&search=')).json().items;
  const quote = (await c.post('/api/pos/quote', { sessionId: s.json().id, lines: [{ productId: product.id, quantity: '1' }] })).json();
  const sale = await c.post('/api/pos/sales', { sessionId: s.json().id, lines: [{ productId: product.id, quantity: '1' }], payments: [{ method: 'cash', amount: quote.totalAmount }] });
  expect(sale.statusCode, sale.body).toBe(201);
  expect((await c.get('/api/accounting/journal-entries')).statusCode).toBe(403);
  expect((await c.get('/api/admin/users')).statusCode).toBe(403);
});
