import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { setClock } from '../../../core/time/company-time';
import { verifyLedger } from '../../accounting';
import { verifyStock } from '../../inventory';
import { type PosKit, posApp } from './pos.test-kit';
import { returnKit } from './return.test-kit';

/**
 * PostgreSQL, at once: two tills (two cashiers, two sessions, English and Arabic) returning the same line of one
 * order, together more than was sold: one return, the other refused in its language with nothing written; two
 * returns of DIFFERENT lines whose cash refunds together exceed the cash the order took: one refunded, the other
 * refused (the refund is checked under the order's lock); the same return sent twice at once with one key: one.
 */
let t: TestApp;
let k: PosKit;
let ar: Client;
let rk: ReturnType<typeof returnKit>;
let reason: number;
const pg = process.env.TEST_DB === 'postgres';
beforeAll(async () => {
  if (!pg) return;
  setClock(() => new Date('2026-03-12T09:00:00Z'));
  ({ t, k, ar } = await posApp());
  rk = returnKit(t, k);
  reason = await rk.reason('Race');
}, 120_000);
afterAll(async () => { setClock(null); await t?.close(); });

let adminSession: Record<string, any> | null = null;
const mySession = async () => (adminSession ??= await k.session(t.admin, '100'));
const refundRows = async (orderId: number) => (await k.q<{ n: number; sum: string }>(sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS sum FROM pos_payments WHERE order_id = ${orderId} AND return_id IS NOT NULL`))[0]!;

it.runIf(pg)('two returns of one line at once never take back more than was sold', async () => {
  const p = await k.product('Raced kettle', '20', '10', '8');
  const a = await k.cashier('ret-a', true, 'en');
  const b = await k.cashier('ret-b', true, 'ar');
  const [sa, sb] = [await k.session(a.client, '100'), await k.session(b.client, '100')];
  const o = await rk.sell(a.client, sa.id, [{ productId: p, quantity: '3' }], [{ method: 'cash', amount: '60' }]);
  const before = await rk.state();
  const body = (sessionId: number) => ({ sessionId, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '2' }] });
  const res = await Promise.all([rk.ret(a.client, body(sa.id)), rk.ret(b.client, body(sb.id))]);
  expect(res.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  const refused = res.findIndex((r) => r.statusCode === 422);
  expect(res[refused]!.json().error.message).toBe(refused === 0 ? 'Line 1: cannot return 2 of Raced kettle; only 1 left to return' : 'السطر 1: لا يمكن إرجاع 2 من Raced kettle؛ المتبقي القابل للإرجاع 1 فقط');
  const after = await rk.state();
  expect({ returns: after.returns! - before.returns!, pos: after.pos_payments! - before.pos_payments!, invoices: after.invoices! - before.invoices! }).toEqual({ returns: 1, pos: 1, invoices: 1 });
  expect(await refundRows(o.id)).toEqual({ n: 1, sum: '-40.0000' });
  expect(await rk.onHand(p)).toBe('9.000000');
}, 120_000);

it.runIf(pg)('two returns of different lines at once never refund more cash than the order took', async () => {
  const p = await k.product('Raced cup', '30', '10', '10');
  const q = await k.product('Raced plate', '30', '10', '10');
  const s = await mySession();
  // 60: 40 cash, 20 bank; each return of one line refunds 30 in cash: together 60 > 40
  const o = await rk.sell(t.admin, s.id, [{ productId: p, quantity: '1' }, { productId: q, quantity: '1' }], [{ method: 'cash', amount: '40' }, { method: 'bank_transfer', amount: '20' }]);
  const res = await Promise.all([
    rk.ret(t.admin, { sessionId: s.id, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }] }),
    rk.ret(ar, { sessionId: s.id, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 2, quantity: '1' }] }),
  ]);
  expect(res.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  const refused = res.findIndex((r) => r.statusCode === 422);
  expect(res[refused]!.json().error.message).toBe(refused === 0 ? 'Cannot refund 30.00 by cash: only 10.00 was paid by cash on this order' : 'لا يمكن رد 30.00 عن طريق النقد: المدفوع بهذه الطريقة في هذا الطلب 10.00 فقط');
  expect(await refundRows(o.id)).toEqual({ n: 1, sum: '-30.0000' });
  expect((await rk.summary(s.id)).refunds).toBe('30.0000');
}, 120_000);

it.runIf(pg)('the same return sent twice at once with one Idempotency-Key: one return', async () => {
  const p = await k.product('Raced spoon', '5', '10', '2');
  const s = await mySession();
  const o = await rk.sell(t.admin, s.id, [{ productId: p, quantity: '4' }], [{ method: 'cash', amount: '20' }]);
  const body = { sessionId: s.id, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }] };
  const before = await rk.state();
  const res = await Promise.all([rk.ret(t.admin, body, { 'idempotency-key': 'ret-k-1' }), rk.ret(ar, body, { 'idempotency-key': 'ret-k-1' })]);
  expect(res.map((r) => r.statusCode)).toEqual([201, 201]);
  const [x, y] = res.map((r) => r.json());
  expect(y.return.id).toBe(x.return.id);
  expect(y.refunds).toEqual(x.refunds);
  expect(y.creditNote).toEqual(x.creditNote);
  const after = await rk.state();
  expect({ returns: after.returns! - before.returns!, pos: after.pos_payments! - before.pos_payments! }).toEqual({ returns: 1, pos: 1 });
  expect(await rk.onHand(p)).toBe('7.000000');
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
}, 120_000);
