import { sql } from 'drizzle-orm';
import { saleAnswer } from './sale.answer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { verifyLedger } from '../../accounting';
import { stockQuantities, verifyStock } from '../../inventory';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * PostgreSQL, at once: two tills (two cashiers, two sessions of one branch, one English, one Arabic) selling the
 * last unit: one sale, the other "Quantity Not Available" in its language with nothing written; two closes of one
 * session: one close, one 409, one difference entry; the same sale sent twice at once with one key: one order.
 */
let t: TestApp;
let k: PosKit;
let ar: Client;
beforeAll(async () => { ({ t, k, ar } = await posApp()); }, 120_000);
afterAll(async () => { await t?.close(); });
const pg = process.env.TEST_DB === 'postgres';

it.runIf(pg)('two tills selling the last unit: one succeeds, the other gets "Quantity Not Available"', async () => {
  const p = await k.product('Last oud bottle', '300', '1', '150');
  const a = await k.cashier('till-a', true, 'en');
  const b = await k.cashier('till-b', true, 'ar');
  const [sa, sb] = [await k.session(a.client, '0'), await k.session(b.client, '0')];
  const before = await k.counts();
  const body = (sessionId: number) => ({ sessionId, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '300' }] });
  const res = await Promise.all([a.client.post('/api/pos/sales', body(sa.id)), b.client.post('/api/pos/sales', body(sb.id))]);
  expect(res.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  const refused = res.findIndex((r) => r.statusCode === 422);
  expect(res[refused]!.json().error.message).toContain(refused === 0 ? 'Quantity Not Available' : 'الكمية غير متوفرة');
  const after = await k.counts();
  expect({ orders: after.orders! - before.orders!, deliveries: after.deliveries! - before.deliveries!, invoices: after.invoices! - before.invoices!, pos: after.pos_payments! - before.pos_payments! })
    .toEqual({ orders: 1, deliveries: 1, invoices: 1, pos: 1 });
  expect((await stockQuantities(k.ctx, { productIds: [p] }))[0]).toMatchObject({ onHand: '0.000000' });
}, 120_000);

it.runIf(pg)('two closes of one session at once: one closes, the other gets 409; one difference entry', async () => {
  const c = await k.cashier('double-close', true);
  const s = await k.session(c.client, '100');
  const res = await Promise.all([c.client.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '90' }), c.client.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '90' })]);
  expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  const entries = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM journal_entries WHERE source_type = 'posSession' AND source_id = ${s.id}`);
  expect(entries[0]!.n).toBe(1);
}, 120_000);

it.runIf(pg)('the same sale sent twice at once with one Idempotency-Key: one order', async () => {
  const p = await k.product('Rose water', '10', '5');
  const s = await k.session(t.admin, '0');
  const before = await k.counts();
  const body = { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '10' }] };
  const res = await Promise.all([t.admin.post('/api/pos/sales', body, { 'idempotency-key': 'k-1' }), ar.post('/api/pos/sales', body, { 'idempotency-key': 'k-1' })]);
  expect(res.map((r) => r.statusCode)).toEqual([201, 201]);
  // the second is answered from the first's stored answer, or (stored not yet) rebuilt from what it committed
  const [a, b] = res.map((r) => r.json() as { order: { id: number; status: string }; change: string; paid: string; due: string; payments: unknown[] });
  expect(b!.order.id).toBe(a!.order.id);
  expect({ ...b, order: b!.order.id }).toEqual({ ...a, order: a!.order.id });
  const rebuilt = await saleAnswer(k.ctx, a!.order.id);
  expect({ ...rebuilt, order: rebuilt.order.id }).toEqual({ ...a, order: a!.order.id });
  expect(rebuilt.order.status).toBe(a!.order.status);
  expect((await k.counts()).orders! - before.orders!).toBe(1);
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
}, 120_000);

it.runIf(pg)('two starts of a session by one user at one branch at once: one active session', async () => {
  const c = await k.cashier('double-start', true);
  const res = await Promise.all([1, 2].map(() => c.client.post('/api/pos/sessions', { branchId: k.branch, openingCash: '10' })));
  expect(res.filter((r) => r.statusCode === 201).length).toBe(1);
  const refused = res.find((r) => r.statusCode !== 201)!;
  expect([409, 422]).toContain(refused.statusCode);
  expect(refused.json().error.fields.branchId ?? refused.json().error.message).toContain('You already have an active session at this branch');
  const n = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM pos_sessions WHERE user_id = ${c.userId} AND status = 'active'`);
  expect(n[0]!.n).toBe(1);
}, 120_000);
