import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';

/** The demo company's point of sale: a branch, a closed session with sales, a return and a posted difference, an active one with returns. */
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
