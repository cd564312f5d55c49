import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedBy, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { verifyLedger } from '../../accounting';
import { type SalesKit, salesApp } from './sales.test-kit';

/**
 * The sales office under attack (/work/shared/research/invariants-and-attacks.md: ledger invariants 3 and 9, bad
 * input 1, 3, 4 and 15), on sales orders, their pay action and bulk customer payments:
 * - nothing confirmed or paid on or before the accounting lock date: 422 in English and Arabic, not a row written;
 * - another company's user gets 404 on every route of our order by id, finds none of our customer's open items, pays
 *   nothing of ours, and cannot put our price list, product or location on an order of theirs (422);
 * - status, number, paid, due, invoice, company, creator and session in a create body are not taken;
 * - a confirmed order is neither deleted nor edited (409);
 * - an Idempotency-Key replays a pay and a bulk payment (one payment written), and refuses another body with it (422);
 * - injection strings in the payment, returnable and list query parameters: 400/422 or an empty search, never 500.
 * Every refusal is checked against a picture of the whole database (tests/support/db-diff.ts).
 */
let t: TestApp;
let k: SalesKit;
let ar: Client;
let other: Client;
let box: number;
beforeAll(async () => {
  ({ t, k, ar } = await salesApp());
  box = await k.product('Box', '10', '1000', '2');
  const su = await t.anon().post('/api/auth/signup', { companyNameEn: 'Other attacks co', companyNameAr: 'شركة أخرى', currency: 'SAR', username: 'so-spy', fullName: 'Spy', password: 'other-pass-1' });
  expect(su.statusCode, su.body).toBe(201);
  other = await t.login('so-spy', 'other-pass-1');
});
afterAll(async () => { await t?.close(); });

/** A confirmed order of `qty` boxes at 10.00, no tax, on `date`. */
async function confirmed(qty: string, date: string) {
  const o = await k.order({ orderDate: date, items: [{ productId: box, quantity: qty, taxId: null }] });
  const c = await t.admin.post(`/api/sales/orders/${o.id}/confirm`, {});
  expect(c.statusCode, c.body).toBe(200);
  return c.json() as { id: number; number: string; invoiceId: number; version: number };
}
/** `fn` run, and not a row of any table changed by it. */
const writesNothing = async (fn: () => Promise<void>) => expect(await changedBy(t.db, fn)).toEqual({});
async function lockDate(date: string | null) {
  const s = (await t.admin.get('/api/accounting/settings/current')).json();
  const r = await t.admin.patch(`/api/accounting/settings/${s.id}`, { lockDate: date, version: s.version });
  expect(r.statusCode, r.body).toBe(200);
}
const payments = async () => (await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM invoice_payments`))[0]!.n;

describe('the lock date', () => {
  it('refuses to confirm, pay or bulk-pay on or before it, in both languages, writing nothing', async () => {
    const draft = await k.order({ orderDate: '2026-02-28', items: [{ productId: box, quantity: '1', taxId: null }] });
    const open = await confirmed('2', '2026-02-10');
    await lockDate('2026-02-28');
    try {
      const locked = (d: string) => [`The date ${d} is on or before the lock date 2026-02-28`, `التاريخ ${d} يقع في أو قبل تاريخ الإقفال 2026-02-28`];
      await writesNothing(async () => {
        const cases: [string, unknown, string][] = [
          [`/api/sales/orders/${draft.id}/confirm`, {}, '2026-02-28'],
          [`/api/sales/orders/${open.id}/pay`, { amount: '5', date: '2026-02-28' }, '2026-02-28'],
          ['/api/sales/payments/bulk', { customerId: k.customer, amount: '5', date: '2026-02-20' }, '2026-02-20'],
        ];
        for (const [url, body, d] of cases) {
          const [en, arMsg] = locked(d);
          const r = await t.admin.post(url, body);
          expect([url, r.statusCode, r.json().error?.message]).toEqual([url, 422, en]);
          const a = await ar.post(url, body);
          expect([url, a.statusCode, a.json().error?.message]).toEqual([url, 422, arMsg]);
        }
      });
      expect((await t.admin.get(`/api/sales/orders/${draft.id}`)).json()).toMatchObject({ status: 'draft', number: null, invoiceId: null });
      // after the lock date the same payment goes through
      const ok = await t.admin.post(`/api/sales/orders/${open.id}/pay`, { amount: '5', date: '2026-03-01' });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await lockDate(null);
    }
  });
});

describe('another company', () => {
  it('gets 404 on every route of our order by id, and finds or pays nothing of our customer', async () => {
    const draft = await k.order({ items: [{ productId: box, quantity: '1', taxId: null }] });
    const open = await confirmed('3', '2026-03-10');
    await writesNothing(async () => {
      const calls: [string, () => ReturnType<Client['get']>][] = [
        ['GET draft', () => other.get(`/api/sales/orders/${draft.id}`)],
        ['GET confirmed', () => other.get(`/api/sales/orders/${open.id}`)],
        ['PATCH', () => other.patch(`/api/sales/orders/${draft.id}`, { version: draft.version, notes: 'mine now' })],
        ['DELETE', () => other.del(`/api/sales/orders/${draft.id}`)],
        ['confirm', () => other.post(`/api/sales/orders/${draft.id}/confirm`, {})],
        ['pay', () => other.post(`/api/sales/orders/${open.id}/pay`, { amount: '1', date: '2026-03-11' })],
      ];
      for (const [what, call] of calls) expect([what, (await call()).statusCode]).toEqual([what, 404]);
      const items = await other.get(`/api/sales/payments/open?customerId=${k.customer}`);
      expect(items.statusCode, items.body).toBe(200);
      expect(items.json()).toEqual({ items: [], openTotal: '0.0000' });
      const bulk = await other.post('/api/sales/payments/bulk', { customerId: k.customer, amount: '1', date: '2026-03-11' });
      expect(bulk.statusCode).toBe(422);
      expect(bulk.json().error.message).toBe('Failed to process bulk payment: the amount is more than the open amount (0.00)');
      const named = await other.post('/api/sales/payments/bulk', { customerId: k.customer, amount: '1', date: '2026-03-11', allocations: [{ orderId: open.id, amount: '1' }] });
      expect(named.statusCode).toBe(422);
      expect(named.json().error.message).toMatch(/^Failed to process bulk payment: /);
    });
    expect((await t.admin.get(`/api/sales/orders/${draft.id}`)).json()).toMatchObject({ status: 'draft', notes: null });
    expect((await t.admin.get(`/api/sales/orders/${open.id}`)).json()).toMatchObject({ paidAmount: '0.0000', dueAmount: '30.0000' });
  });

  it('cannot put our price list, product or location on an order of theirs (422)', async () => {
    const theirCustomer = (await other.post('/api/contacts/contacts', { kind: 'company', name: 'Their customer', isCustomer: true })).json().id as number;
    const cat = (await other.post('/api/inventory/categories', { name: 'Theirs' })).json().id as number;
    const unit = (await other.get('/api/inventory/uoms?search=Unit')).json().items[0].id as number;
    const made = await other.post('/api/inventory/products', { name: 'Their box', categoryId: cat, productType: 'storable', uomId: unit, cost: '1', salePrice: '5' });
    expect(made.statusCode, made.body).toBe(201);
    const line = { productId: made.json().id as number, quantity: '1' };
    const ourList = (await k.q<{ id: number }>(sql`SELECT id FROM price_lists WHERE company_id = ${k.ctx.companyId} AND is_default`))[0]!.id;
    const base = { customerId: theirCustomer, orderDate: '2026-03-10', paymentMethod: 'cash' };
    expect((await other.post('/api/sales/orders', { ...base, items: [line] })).statusCode).toBe(201); // the same order with their own ids
    await writesNothing(async () => {
      const bodies: [string, Record<string, unknown>][] = [
        ['product', { ...base, items: [{ productId: box, quantity: '1' }] }],
        ['priceList', { ...base, priceListId: ourList, items: [line] }],
        ['location', { ...base, locationId: k.stock, items: [line] }],
      ];
      for (const [what, body] of bodies) {
        const r = await other.post('/api/sales/orders', body);
        expect([what, r.statusCode, r.body]).toEqual([what, 422, r.body]);
      }
    });
  });
});

describe('mass assignment', () => {
  it('takes no status, number, amounts, invoice, company, creator or session from the body', async () => {
    const mine = await confirmed('1', '2026-03-12');
    const theirs = (await other.get('/api/auth/me')).json() as { user: { id: number }; company: { id: number } };
    const r = await t.admin.post('/api/sales/orders', {
      customerId: k.customer, orderDate: '2026-03-12', paymentMethod: 'credit', items: [{ productId: box, quantity: '2', taxId: null }],
      status: 'completed', number: 'SO/2026/99999', paidAmount: '20', dueAmount: '0', paymentStatus: 'paid', invoiceId: mine.invoiceId, deliveryId: 1,
      companyId: theirs.company.id, createdBy: theirs.user.id, sessionId: 1, branchId: 1,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ status: 'draft', number: null, paidAmount: '0.0000', dueAmount: '20.0000', paymentStatus: 'unpaid', invoiceId: null, deliveryId: null, sessionId: null, branchId: null });
    const [row] = await k.q(sql`SELECT company_id AS company, created_by AS "by" FROM sales_orders WHERE id = ${r.json().id as number}`);
    expect(row).toEqual({ company: k.ctx.companyId, by: k.ctx.user.id });
  });
});

describe('a confirmed order', () => {
  it('is neither deleted nor edited (409), confirmed or completed, writing nothing', async () => {
    const o = await confirmed('1', '2026-03-13');
    const done = await confirmed('1', '2026-03-13');
    expect((await t.admin.post(`/api/sales/orders/${done.id}/pay`, { amount: '10', date: '2026-03-14' })).json().status).toBe('completed');
    const fresh = async (id: number) => (await t.admin.get(`/api/sales/orders/${id}`)).json();
    await writesNothing(async () => {
      for (const id of [o.id, done.id]) {
        const v = (await fresh(id)).version;
        const del = await t.admin.del(`/api/sales/orders/${id}`);
        expect([del.statusCode, del.json().error.message]).toEqual([409, 'Only a Draft or Cancelled or Rejected document can be changed or deleted']);
        const delAr = await ar.del(`/api/sales/orders/${id}`);
        expect([delAr.statusCode, delAr.json().error.message]).toEqual([409, 'لا يمكن تعديل أو حذف المستند إلا في حالة مسودة أو ملغى أو مرفوض']);
        const edit = await t.admin.patch(`/api/sales/orders/${id}`, { version: v, notes: 'rewritten', discount: '1' });
        expect([edit.statusCode, edit.json().error.message]).toEqual([409, 'Only a Draft or Pending document can be changed or deleted']);
      }
    });
  });
});

describe('Idempotency-Key', () => {
  it('replays a pay and a bulk payment once written, and refuses the same key with another body', async () => {
    const o = await confirmed('4', '2026-03-15');
    const key = { 'idempotency-key': `pay-${o.id}` };
    const n = await payments();
    const first = await t.admin.post(`/api/sales/orders/${o.id}/pay`, { amount: '10', date: '2026-03-16' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.admin.post(`/api/sales/orders/${o.id}/pay`, { amount: '10', date: '2026-03-16' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await payments()).toBe(n + 1);
    await writesNothing(async () => {
      const other = await t.admin.post(`/api/sales/orders/${o.id}/pay`, { amount: '11', date: '2026-03-16' }, key);
      expect([other.statusCode, other.json().error.message]).toEqual([422, 'This Idempotency-Key was already used with a different request']);
    });

    const bulkKey = { 'idempotency-key': `bulk-${o.id}` };
    const body = { customerId: k.customer, amount: '7', date: '2026-03-17', allocations: [{ orderId: o.id, amount: '7' }] };
    const b1 = await t.admin.post('/api/sales/payments/bulk', body, bulkKey);
    expect(b1.statusCode, b1.body).toBe(200);
    const b2 = await t.admin.post('/api/sales/payments/bulk', body, bulkKey);
    expect(b2.statusCode).toBe(200);
    expect(b2.headers['idempotent-replayed']).toBe('true');
    expect(b2.json()).toEqual(b1.json());
    expect(await payments()).toBe(n + 2);
    await writesNothing(async () => {
      const changed = await ar.post('/api/sales/payments/bulk', { ...body, amount: '8', allocations: [{ orderId: o.id, amount: '8' }] }, bulkKey);
      expect([changed.statusCode, changed.json().error.message]).toEqual([422, 'مفتاح عدم التكرار هذا استُخدم مسبقًا مع طلب مختلف']);
    });
    expect((await t.admin.get(`/api/sales/orders/${o.id}`)).json()).toMatchObject({ paidAmount: '17.0000', dueAmount: '23.0000' });
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  });
});

describe('query parameters with injection strings', () => {
  const BAD = ["' OR 1=1 --", '1;DROP TABLE x', '%', '_', 'x'.repeat(5000), 'a\u0000b'];
  const url = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;
  /** Each URL answered 400 or 422 (never 200 or 500), and not a row written by any of them. */
  async function refused(urls: (s: string) => string[]) {
    await writesNothing(async () => {
      for (const s of BAD) {
        for (const u of urls(s)) {
          const r = await t.admin.get(u);
          const said = [400, 422].includes(r.statusCode) ? 'refused' : `${r.statusCode} ${r.body.slice(0, 120)}`;
          expect([u.slice(0, 80), said]).toEqual([u.slice(0, 80), 'refused']);
        }
      }
    });
  }

  it('on the payments, returnable and list routes: refused (400/422) or an empty search, never a 500, nothing written', async () => {
    await confirmed('1', '2026-03-18');
    await refused((s) => [url('/api/sales/payments/open', { customerId: s }), url('/api/sales/returns/returnable', { orderId: s }),
      url('/api/sales/orders', { sort: s }), url('/api/sales/orders', { sort: `number,${s}` }), url('/api/sales/orders', { 'filter[customerId]': s }),
      url('/api/sales/orders', { 'filter[orderDate][gte]': s }), url('/api/sales/orders', { [`filter[${s}]`]: '1' })]);
    await writesNothing(async () => {
      for (const s of BAD) {
        const search = await t.admin.get(url('/api/sales/orders', { search: s }));
        const said = search.statusCode === 200 ? search.json().items : search.statusCode;
        expect([s.slice(0, 20), said]).toEqual([s.slice(0, 20), s.includes('\u0000') ? 400 : []]);
      }
    });
    // the search did run: an order is found by its number ('%' and '_' above matched nothing: taken literally)
    expect((await t.admin.get(url('/api/sales/orders', { search: 'SO/2026' }))).json().items.length).toBeGreaterThan(0);
  });

  // research doc, bad input 15: `filter[x]=' OR 1=1` -> 400. The state field's values are not checked against its
  // options (core/entity/list-query.ts, filterValue: `isState ? null`): answered 200 with no rows until that is fixed.
  it('on the list\'s status filter: refused (400), not an empty page', async () => {
    await refused((s) => [url('/api/sales/orders', { 'filter[status]': s }), url('/api/sales/orders', { 'filter[status]': `draft,${s}` })]);
  });
});
