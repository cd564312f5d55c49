import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctxOf } from '../../../../tests/support/ctx';
import { changes, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import { setClock } from '../../../core/time/company-time';
import { postStock } from '../../inventory';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * The till under attack (docs: /work/shared/research/invariants-and-attacks.md, ledger invariant 3, attacks 1, 3, 15):
 * a sale on or before the accounting lock date is refused 422 in both languages with not a row written anywhere;
 * another company's user gets 404/403 on this company's session (read, close, sale, quote) and a 422 naming this
 * company's product, customer or price list from its own session, nothing written; a sale body's status, number,
 * company, user, branch, paid amount and date are never taken; a price list prices the till's quote and sale (a
 * product's fixed price from a minimum quantity, a category's discount %, the default list when none is named);
 * the till's searches take SQL-ish text, LIKE's wildcards, 5000 characters and a NUL without a 500, literally.
 * The clock is pinned: the company's today is 2026-03-10.
 */
const TODAY = '2026-03-10';
let t: TestApp;
let k: PosKit;
let ar: Client;
beforeAll(async () => {
  setClock(() => new Date(`${TODAY}T09:00:00Z`));
  ({ t, k, ar } = await posApp());
}, 120_000);
afterAll(async () => { setClock(null); await t?.close(); });

const sale = (c: Client, body: Record<string, unknown>) => c.post('/api/pos/sales', body);
const msg = (r: { json: () => any }) => r.json().error.message as string;
let adminSession: Record<string, any> | null = null;
const mySession = async () => (adminSession ??= await k.session());
const setLock = async (lockDate: string | null) => {
  const s = (await t.admin.get('/api/accounting/settings/current')).json();
  const r = await t.admin.patch(`/api/accounting/settings/${s.id}`, { lockDate, version: s.version });
  expect(r.statusCode, r.body).toBe(200);
};
const orderRow = async (id: number) => (await k.q(sql`SELECT company_id AS "companyId", created_by AS "createdBy", branch_id AS "branchId", session_id AS "sessionId",
  number, order_date::text AS "orderDate", status, paid_amount::text AS "paidAmount", total_amount::text AS "totalAmount" FROM sales_orders WHERE id = ${id}`))[0]!;
const linePrices = async (orderId: number) => (await k.q<{ price: string }>(sql`SELECT price::text AS price FROM sales_order_lines WHERE order_id = ${orderId} ORDER BY line_no`)).map((r) => r.price);

describe('the lock date', () => {
  it('refuses a till sale on or before the lock date, 422 in both languages, not a row written', async () => {
    const p = await k.product('Locked dates', '20', '5');
    const s = await mySession();
    const body = { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '20' }] };
    try {
      for (const lock of [TODAY, '2026-12-31']) {
        await setLock(lock);
        const before = await picture(t.db);
        const en = await sale(t.admin, body);
        expect(en.statusCode, en.body).toBe(422);
        expect(msg(en)).toBe(`The date ${TODAY} is on or before the lock date ${lock}`);
        const a = await sale(ar, body);
        expect(a.statusCode, a.body).toBe(422);
        expect(msg(a)).toBe(`التاريخ ${TODAY} يقع في أو قبل تاريخ الإقفال ${lock}`);
        // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
        expect(changes(before, await picture(t.db))).toEqual({});
      }
    } finally {
      await setLock(null);
    }
    // the day before today locked: today sells
    await setLock('2026-03-09');
    const ok = await sale(t.admin, body);
    expect(ok.statusCode, ok.body).toBe(201);
    await setLock(null);
  });
});

let rivalId = 0;
/** Another company (signed up), its own branch, session and product with stock: its user is the attacker. */
async function rivalCompany() {
  const su = await t.anon().post('/api/auth/signup', { companyNameEn: 'Rival Co', companyNameAr: 'شركة منافسة', currency: 'SAR', username: 'rival', fullName: 'Rival', password: 'rival-pass-1' });
  expect(su.statusCode, su.body).toBe(201);
  const en = await t.login('rival', 'rival-pass-1');
  const arC = await t.login('rival', 'rival-pass-1', 'ar');
  const ctx = await ctxOf(t, en);
  const [loc] = await k.q<{ stock: number; vendors: number }>(sql`SELECT default_location_id AS stock, vendor_location_id AS vendors FROM inventory_settings WHERE company_id = ${ctx.companyId}`);
  const [u] = await k.q<{ id: number }>(sql`SELECT id FROM uoms WHERE company_id = ${ctx.companyId} AND name = 'Unit'`);
  await k.q(sql`UPDATE accounting_settings SET default_tax_rate = 0 WHERE company_id = ${ctx.companyId}`);
  const cat = (await en.post('/api/inventory/categories', { name: 'Rival goods' })).json().id as number;
  const pr = await en.post('/api/inventory/products', { name: 'Rival tea', categoryId: cat, productType: 'storable', uomId: u!.id, cost: '1', salePrice: '5' });
  expect(pr.statusCode, pr.body).toBe(201);
  await withTx(t.db, (tx) => postStock(tx, ctx, { date: '2026-01-02', reference: 'RIVAL-IN', moveType: 'incoming', source: { type: 'test', id: 1 },
    lines: [{ productId: pr.json().id, quantity: '10', unitCost: '1', fromLocationId: loc!.vendors, toLocationId: loc!.stock }] }));
  const br = await en.post('/api/pos/branches', { name: 'Rival store', nameAr: 'متجر منافس', locationId: loc!.stock, users: [ctx.user.id] });
  expect(br.statusCode, br.body).toBe(201);
  const session = await k.session(en, '0', br.json().id);
  rivalId = ctx.companyId;
  return { en, ar: arC, companyId: ctx.companyId, product: pr.json().id as number, session };
}

describe('another company', () => {
  let rival: Awaited<ReturnType<typeof rivalCompany>>;
  let p: number;
  let aOrder: number;
  beforeAll(async () => {
    rival = await rivalCompany();
    p = await k.product('Tenant dates', '15', '5');
    const r = await sale(t.admin, { sessionId: (await mySession()).id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '15' }] });
    expect(r.statusCode, r.body).toBe(201);
    aOrder = r.json().order.id;
  });

  it("cannot read or close this company's session, nor sell its product, customer or price list from its own session", async () => {
    const s = await mySession();
    const list = await t.admin.post('/api/sales/price-lists', { name: 'Tenant list', items: [] });
    expect(list.statusCode, list.body).toBe(201);
    // the rival's own sale works: each refusal below is for the foreign id alone
    const own = { sessionId: rival.session.id, lines: [{ productId: rival.product, quantity: '1' }], payments: [{ method: 'cash', amount: '5' }] };
    expect((await sale(rival.en, own)).statusCode).toBe(201);
    const before = await picture(t.db);
    for (const c of [rival.en, rival.ar]) {
      for (const path of [`/api/pos/sessions/${s.id}`, `/api/pos/sessions/${s.id}/summary`]) expect((await c.get(path)).statusCode, path).toBe(404);
      expect((await c.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '0' })).statusCode).toBe(404);
    }
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ ...own, lines: [{ productId: p, quantity: '1' }] }, 'Line 1: the product does not exist', 'السطر 1: المنتج غير موجود'],
      [{ ...own, customerId: k.customer }, 'Customer: the selected record does not exist', 'العميل: السجل المحدد غير موجود'],
      [{ ...own, priceListId: list.json().id }, 'Price List is required', 'قائمة الأسعار مطلوبة'],
    ];
    for (const [body, en, arabic] of refusals) {
      const r = await sale(rival.en, body);
      expect(r.statusCode, r.body).toBe(422);
      expect(msg(r)).toBe(en);
      expect(msg(await sale(rival.ar, body))).toBe(arabic);
    }
    // this company's till order: the rival's return lookup, quote and return answer as for an order that does not exist
    const none = 2147483647;
    const ret = (orderId: number) => ({ ...own, orderId, refundMethod: 'cash', lines: [{ orderLine: 1, quantity: '1' }] });
    for (const c of [rival.en, rival.ar]) {
      const pairs = [
        [await c.get(`/api/pos/returns/order?orderId=${aOrder}`), await c.get(`/api/pos/returns/order?orderId=${none}`)],
        [await c.post('/api/pos/returns/quote', { orderId: aOrder, lines: [{ orderLine: 1, quantity: '1' }] }), await c.post('/api/pos/returns/quote', { orderId: none, lines: [{ orderLine: 1, quantity: '1' }] })],
        [await c.post('/api/pos/returns', ret(aOrder)), await c.post('/api/pos/returns', ret(none))],
      ];
      for (const [mine, unknown] of pairs) {
        expect(mine!.statusCode, mine!.body).toBe(422);
        expect(mine!.body).toBe(unknown!.body);
      }
    }
    // not a row anywhere, in either company: every table of the database as it was
    expect(changes(before, await picture(t.db))).toEqual({});
    expect((await t.admin.get(`/api/pos/sessions/${s.id}`)).json().status).toBe('active');
  });

  // A session named in a body is a reference, as a customer or a product is: another company's is answered as an
  // unknown one ("Session is required", 422, the spec's words; pos README), which tells nothing of it.
  it("answers a sale into, a quote with or a return in this company's session as for an unknown session, nothing written", async () => {
    const s = await mySession();
    const before = await picture(t.db);
    const answers: string[] = [];
    for (const [c, want] of [[rival.en, 'Session is required'], [rival.ar, 'الجلسة مطلوبة']] as const) {
      for (const r of [
        await sale(c, { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '15' }] }),
        await c.post('/api/pos/quote', { sessionId: s.id, lines: [{ productId: p, quantity: '1' }] }),
        await c.post('/api/pos/returns', { sessionId: s.id, orderId: aOrder, refundMethod: 'cash', lines: [{ orderLine: 1, quantity: '1' }] }),
      ]) answers.push(`${r.statusCode} ${r.json().error?.message === want}`);
    }
    expect(changes(before, await picture(t.db))).toEqual({});
    expect(answers).toEqual(Array(6).fill('422 true'));
  });
});

describe('mass assignment', () => {
  it('a sale body carrying status, number, company, user, branch, paid amount and a past date is sold as the server says', async () => {
    const p = await k.product('Assigned saffron', '30', '5');
    const s = await mySession();
    const other = await k.cashier('assigned-other', true);
    const [me] = await k.q<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`);
    const br = await t.admin.post('/api/pos/branches', { name: 'Assigned store', nameAr: 'فرع آخر', locationId: k.stock, users: [me!.id] });
    expect(br.statusCode, br.body).toBe(201);
    const r = await sale(t.admin, {
      sessionId: s.id, lines: [{ productId: p, quantity: '2' }], payments: [{ method: 'cash', amount: '60' }],
      status: 'draft', number: 'HACK/0001', companyId: rivalId, createdBy: other.userId, branchId: br.json().id, paidAmount: '9999', orderDate: '2025-01-15',
    });
    expect(r.statusCode, r.body).toBe(201);
    const row = await orderRow(r.json().order.id);
    expect(row).toMatchObject({ companyId: k.ctx.companyId, createdBy: me!.id, branchId: k.branch, sessionId: s.id, orderDate: TODAY, status: 'completed',
      paidAmount: '60.0000', totalAmount: '60.0000' });
    expect(row.number).toMatch(new RegExp(`^${s.number}-\\d{4}$`));
    expect(r.json().order).toMatchObject({ number: row.number, orderDate: TODAY, status: 'completed', paidAmount: '60.0000', branchId: k.branch });
  });
});

describe('price lists at the till', () => {
  it("prices a quote and a sale by the best item: a product's fixed price from its minimum quantity, a category's discount, the default list", async () => {
    const [u] = await k.q<{ id: number }>(sql`SELECT id FROM uoms WHERE company_id = ${k.ctx.companyId} AND name = 'Unit'`);
    const spices = (await t.admin.post('/api/inventory/categories', { name: 'Spices' })).json().id as number;
    const made = await t.admin.post('/api/inventory/products', { name: 'Listed cumin', categoryId: spices, productType: 'storable', uomId: u!.id, cost: '5', salePrice: '25' });
    expect(made.statusCode, made.body).toBe(201);
    const cumin = made.json().id as number;
    await k.receive(cumin, '20');
    const tea = await k.product('Listed tea', '10', '30');
    const dates = await k.product('Listed dates', '9', '10');
    const list = await t.admin.post('/api/sales/price-lists', { name: 'Till promo', items: [
      { productId: tea, minQuantity: '5', fixedPrice: '8' }, { categoryId: spices, minQuantity: '1', discountPercent: '20' },
    ] });
    expect(list.statusCode, list.body).toBe(201);
    const s = await mySession();
    // tea 4 < 5: its sale price 10 (40); tea 5: the fixed 8 (40); cumin 2: 25 less 20% = 20 (40)
    const lines = [{ productId: tea, quantity: '4' }, { productId: tea, quantity: '5' }, { productId: cumin, quantity: '2' }];
    const q = await t.admin.post('/api/pos/quote', { sessionId: s.id, priceListId: list.json().id, lines });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().items.map((i: { price: string }) => i.price)).toEqual(['10.0000', '8.0000', '20.0000']);
    expect(new Decimal(q.json().totalAmount).toFixed(4)).toBe('120.0000');
    const sold = await sale(t.admin, { sessionId: s.id, priceListId: list.json().id, lines, payments: [{ method: 'cash', amount: '120' }] });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(await linePrices(sold.json().order.id)).toEqual(['10.0000', '8.0000', '20.0000']);
    expect(sold.json().order.totalAmount).toBe('120.0000');
    // without a list: the company's default list (its item for dates: 7 from 1)
    const dflt = (await t.admin.get('/api/sales/price-lists?filter[isDefault]=true')).json().items[0];
    const full = (await t.admin.get(`/api/sales/price-lists/${dflt.id}`)).json();
    const set = async (items: unknown[], version: number) => {
      const r = await t.admin.patch(`/api/sales/price-lists/${dflt.id}`, { items, version });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().version as number;
    };
    const v = await set([{ productId: dates, minQuantity: '1', fixedPrice: '7' }], full.version);
    try {
      const dq = await t.admin.post('/api/pos/quote', { sessionId: s.id, lines: [{ productId: dates, quantity: '2' }] });
      expect(dq.json().items[0].price).toBe('7.0000');
      const d = await sale(t.admin, { sessionId: s.id, lines: [{ productId: dates, quantity: '2' }], payments: [{ method: 'cash', amount: '14' }] });
      expect(d.statusCode, d.body).toBe(201);
      expect(await linePrices(d.json().order.id)).toEqual(['7.0000']);
      expect(d.json().order.totalAmount).toBe('14.0000');
    } finally {
      await set(full.items, v);
    }
  });
});

describe("the till's searches", () => {
  const NASTY = ["' OR 1=1 --", "%'; DROP TABLE sales_orders; --", 'x'.repeat(5000), 'a\0b'];
  const get = (path: string, value: string) => t.admin.get(`${path}${encodeURIComponent(value)}`);

  it('take SQL-ish text, 5000 characters and a NUL without a 500; % and _ match only themselves', async () => {
    const p = await k.product('Searched water', '2', '50');
    const s = await mySession();
    const named = async (name: string) => {
      const c = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name, isCustomer: true })).json().id as number;
      const r = await sale(t.admin, { sessionId: s.id, customerId: c, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '2' }] });
      expect(r.statusCode, r.body).toBe(201);
      return { contact: c, order: r.json().order.id as number };
    };
    const pct = await named('Ali 100% Dates');
    const under = await named('Nora_Shop');
    await sale(t.admin, { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '2' }] });
    const before = await picture(t.db);
    // the orders to return: ?q=
    for (const v of NASTY) {
      const r = await get('/api/pos/returns/orders?q=', v);
      expect([200, 400, 422], `${v.slice(0, 20)}: ${r.body}`).toContain(r.statusCode);
      if (r.statusCode === 200) expect(r.json().items).toEqual([]);
    }
    const found = async (v: string) => (await get('/api/pos/returns/orders?q=', v)).json().items.map((x: { id: number }) => x.id);
    expect(await found('%')).toEqual([pct.order]);
    expect(await found('_')).toEqual([under.order]);
    // one order by its number or id: ?number= / ?orderId=
    for (const v of [...NASTY, '%', '_', 'POS%']) {
      const r = await get('/api/pos/returns/order?number=', v);
      expect(r.statusCode, `${v.slice(0, 20)}: ${r.body}`).toBe(422);
    }
    for (const v of ['1 OR 1=1', "1'--", '%', '99999999999']) expect((await get('/api/pos/returns/order?orderId=', v)).statusCode, v).toBe(422);
    // the customers and the sessions lists: ?search=, sort, filters; an id in the path
    const names = async (v: string) => (await get('/api/pos/customers?pageSize=200&search=', v)).json().items.map((x: { name: string }) => x.name);
    expect(await names('%')).toEqual(['Ali 100% Dates']);
    expect(await names('_')).toEqual(['Nora_Shop']);
    for (const path of ['/api/pos/customers?search=', '/api/pos/sessions?search=']) {
      for (const v of [...NASTY, '%', '_']) {
        const r = await get(path, v);
        expect([200, 400, 422], `${path} ${v.slice(0, 20)}: ${r.body}`).toContain(r.statusCode);
        if (r.statusCode === 200 && path.includes('sessions')) expect(r.json().items).toEqual([]);
        if (r.statusCode === 200 && path.includes('customers') && v !== '%' && v !== '_') expect(r.json().items).toEqual([]);
      }
      const base = path.replace('search=', '');
      expect((await t.admin.get(`${base}sort=${encodeURIComponent('name;drop table contacts')}`)).statusCode).toBe(400);
      expect((await t.admin.get(`${base}${encodeURIComponent("filter[' OR 1=1 --]")}=1`)).statusCode).toBe(400);
    }
    for (const v of ['1 OR 1=1', "1'--", '99999999999']) {
      for (const path of [`/api/pos/sessions/${encodeURIComponent(v)}`, `/api/pos/sessions/${encodeURIComponent(v)}/summary`, `/api/pos/customers/${encodeURIComponent(v)}/balance`]) {
        expect((await t.admin.get(path)).statusCode, path).toBe(404);
      }
    }
    // a read writes nothing, and every table is still there
    expect(changes(before, await picture(t.db))).toEqual({});
    expect((await k.counts()).orders).toBeGreaterThan(2);
  });
});
