import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import { setClock } from '../../../core/time/company-time';
import { verifyLedger } from '../../accounting';
import { stockQuantities, verifyStock } from '../../inventory';
import { confirmReturn, createReturn } from './return.service';
import { type SalesKit, salesApp } from './sales.test-kit';

/**
 * Returns racing for the last returnable units (PostgreSQL): eight returns of 2 units of an order that sold 5,
 * confirmed at once, half in English, half in Arabic: exactly two are confirmed (4 units back, numbers 1 and 2),
 * the others are refused in their language and stay drafts, and the ledger and the stock verify. And the service
 * (both engines): createReturn + confirmReturn join the caller's transaction, so the caller's error undoes them.
 */
let t: TestApp;
let k: SalesKit;
let ar: Client;
beforeAll(async () => {
  setClock(() => new Date('2026-03-12T09:00:00Z'));
  ({ t, k, ar } = await salesApp());
  // no default sales tax, so the amounts below read plainly (taxes on order lines: order.tax.api.test.ts)
  await t.db.orm.execute(sql`UPDATE accounting_settings SET default_tax_rate = 0 WHERE company_id = ${k.ctx.companyId}`);
});
afterAll(async () => { setClock(null); await t?.close(); });

async function soldOrder(productId: number, quantity: string) {
  const o = await k.order({ items: [{ productId, quantity }] });
  const c = await t.admin.post(`/api/sales/orders/${o.id}/confirm`, {});
  expect(c.statusCode, c.body).toBe(200);
  return c.json();
}

it.runIf(process.env.TEST_DB === 'postgres')('parallel returns of the last units never take back more than was sold', async () => {
  const p = await k.product('Returned goods', '15', '20', '5');
  const o = await soldOrder(p, '5');
  const onHand = async () => (await stockQuantities(k.ctx, { productIds: [p] }))[0]!.onHand;
  const before = await onHand();
  const reason = (await t.admin.post('/api/sales/reasons', { name: 'Race' })).json().id;
  const drafts = [];
  for (let i = 0; i < 8; i++) {
    const d = await t.admin.post('/api/sales/returns', { orderId: o.id, refundMethod: 'credit', reasonId: reason, items: [{ orderLine: 1, quantity: '2' }] });
    expect(d.statusCode, d.body).toBe(201);
    drafts.push(d.json());
  }
  const res = await Promise.all(drafts.map((d, i) => (i % 2 ? ar : t.admin).post(`/api/sales/returns/${d.id}/confirm`, {})));
  const ok = res.filter((r) => r.statusCode === 200).map((r) => r.json());
  expect(ok.length).toBe(2);
  res.forEach((r, i) => {
    if (r.statusCode === 200) return;
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().error.message).toMatch(i % 2 ? /^السطر 1: لا يمكن إرجاع 2 من Returned goods؛ المتبقي القابل للإرجاع 1 فقط$/ : /^Line 1: cannot return 2 of Returned goods; only 1 left to return$/);
  });
  expect(ok.map((r) => r.number).sort()).toEqual(['RET/2026/00001', 'RET/2026/00002']);
  expect(Number(await onHand()) - Number(before)).toBe(4);
  const [c] = await k.q(sql`SELECT (SELECT count(*)::int FROM sales_returns WHERE status = 'draft' AND number IS NULL AND credit_note_id IS NULL) AS drafts,
    (SELECT count(*)::int FROM invoices WHERE is_credit_note) AS "creditNotes",
    (SELECT coalesce(sum(quantity), 0)::text FROM stock_moves WHERE product_id = ${p} AND source_type = 'salesReturn') AS back`);
  expect(c).toEqual({ drafts: 6, creditNotes: 2, back: '4.000000' });
  expect((await t.admin.get(`/api/sales/orders/${o.id}`)).json()).toMatchObject({ dueAmount: '15.0000' });
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
}, 120_000);

it('the service joins the caller\'s transaction: an error after confirm leaves nothing', async () => {
  const p = await k.product('Service goods', '8', '10', '3');
  const o = await soldOrder(p, '3');
  const count = async () => (await k.q<{ n: number }>(sql`SELECT ((SELECT count(*) FROM sales_returns) + (SELECT count(*) FROM invoices) + (SELECT count(*) FROM stock_moves))::int AS n`))[0]!.n;
  const reasonId = (await t.admin.post('/api/sales/reasons', { name: 'Service' })).json().id as number;
  const before = await count();
  await expect(withTx(t.db, async () => {
    const r = await createReturn(k.ctx, { orderId: o.id, refundMethod: 'cash', reasonId, items: [{ orderLine: 1, quantity: '1' }] });
    const done = await confirmReturn(k.ctx, r.id);
    expect(done.status).toBe('confirmed');
    throw new Error('the caller fails after the return');
  })).rejects.toThrow('the caller fails after the return');
  expect(await count()).toBe(before);
  // on its own it commits (the settings require a reason: refused first, then given)
  const r = await createReturn(k.ctx, { orderId: o.id, refundMethod: 'cash', items: [{ orderLine: 1, quantity: '1' }] });
  await expect(confirmReturn(k.ctx, r.id)).rejects.toMatchObject({ status: 422 });
  expect(await count()).toBe(before + 1);
}, 120_000);
