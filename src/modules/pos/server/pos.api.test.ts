import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { verifyLedger } from '../../accounting';
import { stockQuantities, verifyStock } from '../../inventory';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * The point of sale through its API, in English and Arabic: branch access (403), sessions (start, one active per
 * user and branch, close once with the difference posted, the summary), the till sale (one transaction: order
 * confirmed and paid, stock out, money per method) and every refusal leaving nothing behind.
 */
let t: TestApp;
let k: PosKit;
let ar: Client;
beforeAll(async () => { ({ t, k, ar } = await posApp()); }, 120_000);
afterAll(async () => { await t?.close(); });

const sale = (c: Client, body: Record<string, unknown>, headers?: Record<string, string>) => c.post('/api/pos/sales', body, headers);
const msg = (r: { json: () => any }) => r.json().error.message as string;
/** The admin's one active session at the branch (English and Arabic clients are both the admin). */
let adminSession: Record<string, any> | null = null;
const mySession = async () => (adminSession ??= await k.session());

describe('branches and access', () => {
  it('a user not listed on the branch can neither start a session nor sell there: 403 in both languages', async () => {
    const p = await k.product('Dates box', '20', '10');
    const other = await k.cashier('other-branch', false);
    const otherAr = await t.login('other-branch', 'secret-pass-1', 'ar');
    const start = await other.client.post('/api/pos/sessions', { branchId: k.branch, openingCash: '0' });
    expect(start.statusCode).toBe(403);
    expect(msg(start)).toBe("You don't have access to this page");
    const s = await mySession();
    const before = await k.counts();
    const r = await sale(other.client, { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '20' }] });
    expect(r.statusCode).toBe(403);
    const rAr = await sale(otherAr, { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '20' }] });
    expect(rAr.statusCode).toBe(403);
    expect(msg(rAr)).toBe('ليس لديك صلاحية الوصول إلى هذه الصفحة');
    // a session of a branch not listing the user is not theirs to see: closing it finds nothing
    const close = await other.client.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '100' });
    expect(close.statusCode).toBe(404);
    expect(await k.counts()).toEqual(before);
    // a listed cashier sells there
    const mine = await k.cashier('olaya-cashier', true);
    const own = await k.session(mine.client, '0');
    const ok = await sale(mine.client, { sessionId: own.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '20' }] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().order).toMatchObject({ status: 'completed', paymentStatus: 'paid', sessionId: own.id, branchId: k.branch });
  });
});

describe('sessions', () => {
  it("a cashier sees only the sessions of the branches listing them; another branch's is not found, in both languages", async () => {
    const mine = await k.cashier('scoped-cashier', true);
    const mineAr = await t.login('scoped-cashier', 'secret-pass-1', 'ar');
    const own = await k.session(mine.client, '0');
    const br = await t.admin.post('/api/pos/branches', { name: 'Malaz store', nameAr: 'فرع الملز', locationId: k.stock, users: [(await t.admin.get('/api/auth/me')).json().user.id] });
    expect(br.statusCode, br.body).toBe(201);
    const other = await k.session(t.admin, '0', br.json().id);
    const ids = async (c: Client, q = '') => ((await c.get(`/api/pos/sessions?pageSize=200${q}`)).json().items as { id: number }[]).map((x) => x.id);
    expect(await ids(mine.client)).toContain(own.id);
    expect(await ids(mine.client)).not.toContain(other.id);
    expect(await ids(mine.client, '&search=POS')).not.toContain(other.id);
    expect((await ids(t.admin))).toEqual(expect.arrayContaining([own.id, other.id]));
    for (const path of [`/api/pos/sessions/${other.id}`, `/api/pos/sessions/${other.id}/summary`]) {
      const r = await mine.client.get(path);
      expect(r.statusCode, path).toBe(404);
      expect(msg(r)).toBe('POS session not found');
      expect(msg(await mineAr.get(path))).toBe('لم يُعثر على جلسة نقطة البيع');
    }
    expect((await mine.client.post(`/api/pos/sessions/${other.id}/close`, { countedCash: '0' })).statusCode).toBe(404);
    expect((await t.admin.get(`/api/pos/sessions/${other.id}`)).json().status).toBe('active');
    expect((await mine.client.get(`/api/pos/sessions/${own.id}/summary`)).statusCode).toBe(200);
  });

  it('opens with money that can be counted: an opening cash finer than the currency is refused, in both languages', async () => {
    const c = await k.cashier('fine-opener', true);
    const en = await c.client.post('/api/pos/sessions', { branchId: k.branch, openingCash: '100.005' });
    expect([en.statusCode, msg(en)]).toEqual([422, 'Opening cash allows at most 2 decimal places: the currency has no smaller unit']);
    const arC = await t.login('fine-opener', 'secret-pass-1', 'ar');
    const inAr = await arC.post('/api/pos/sessions', { branchId: k.branch, openingCash: '0.001' });
    expect([inAr.statusCode, msg(inAr)]).toEqual([422, 'النقدية الافتتاحية: الحد الأقصى للمنازل العشرية 2، إذ لا توجد في العملة وحدة أصغر']);
    const ok = await c.client.post('/api/pos/sessions', { branchId: k.branch, openingCash: '100.5000' });
    expect(ok.statusCode, ok.body).toBe(201);
    // a manager correcting the opening cash meets the same rule (a cashier may not edit a session: 403)
    const edit = await t.admin.patch(`/api/pos/sessions/${ok.json().id}`, { openingCash: '100.555', version: ok.json().version });
    expect([edit.statusCode, msg(edit)]).toEqual([422, 'Opening cash allows at most 2 decimal places: the currency has no smaller unit']);
  });

  it('one active session per user and branch; starting takes the user, the time and a number', async () => {
    const c = await k.cashier('twice', true);
    const s = await k.session(c.client, '50');
    expect(s).toMatchObject({ status: 'active', userId: c.userId, openingCash: '50.0000' });
    expect(s.number).toMatch(/^POS\/\d{4}\/\d{5}$/);
    expect(s.openedAt).toBeTruthy();
    const again = await c.client.post('/api/pos/sessions', { branchId: k.branch, openingCash: '0' });
    expect(again.statusCode).toBe(409);
  });

  it('closes once: counted cash against opening + cash in; the shortage posted; a second close is 409', async () => {
    const p = await k.product('Arabic coffee', '35', '20', '20');
    const c = await k.cashier('closer', true, 'ar');
    const s = await k.session(c.client, '200');
    // 2 x 35 = 70: paid 100 cash, change 30; then 35 by bank transfer
    const a = await sale(c.client, { sessionId: s.id, lines: [{ productId: p, quantity: '2' }], payments: [{ method: 'cash', amount: '100' }] });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ change: '30.0000', paid: '70.0000', due: '0.0000' });
    const b = await sale(c.client, { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'bank_transfer', amount: '35', reference: 'TRX-1' }] });
    expect(b.statusCode, b.body).toBe(201);
    const sum = (await c.client.get(`/api/pos/sessions/${s.id}/summary`)).json();
    expect(sum).toMatchObject({ orders: 2, sales: '105.0000', itemsSold: '3.000000', paid: '105.0000', dues: '0.0000', refunds: '0.0000', returns: 0,
      paymentMethods: { cash: '70.0000', bank_transfer: '35.0000' }, ordersByStatus: { completed: 2 } });
    // expected cash 200 + 70 = 270; counted 265 (5 short)
    const bad = await c.client.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '-1' });
    expect(bad.statusCode).toBe(422);
    // money counted in a drawer has the currency's decimals: a thousandth of a riyal would post a difference of 0.0010
    const unclosed = await picture(t.db);
    const fine = await c.client.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '265.001' });
    expect([fine.statusCode, msg(fine)]).toEqual([422, 'النقدية المعدودة: الحد الأقصى للمنازل العشرية 2، إذ لا توجد في العملة وحدة أصغر']);
    const fineBank = await t.admin.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '265', countedBank: '35.0001' });
    expect([fineBank.statusCode, msg(fineBank)]).toEqual([422, 'Counted bank transfers allows at most 2 decimal places: the currency has no smaller unit']);
    expect(changes(unclosed, await picture(t.db))).toEqual({});
    const closed = await c.client.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '265' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', expectedCash: '270.0000', countedCash: '265.0000', cashDifference: '-5.0000', closingCash: '265.0000',
      expectedBank: '35.0000', countedBank: '35.0000', bankDifference: '0.0000' });
    const entryId = closed.json().differenceEntryId as number;
    const lines = await k.q<{ code: string; debit: string; credit: string }>(sql`SELECT a.code, l.debit::text, l.credit::text FROM journal_lines l JOIN accounts a ON a.id = l.account_id WHERE l.entry_id = ${entryId} ORDER BY a.code`);
    expect(lines).toEqual([{ code: '1101', debit: '0.0000', credit: '5.0000' }, { code: '5105', debit: '5.0000', credit: '0.0000' }]);
    const twice = await c.client.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '265' });
    expect(twice.statusCode).toBe(409);
    expect(msg(twice)).toBe('هذه الجلسة مغلقة بالفعل');
    // a closed session refuses sales, nothing half-saved
    const before = await k.counts();
    const late = await sale(c.client, { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '35' }] });
    expect(late.statusCode).toBe(409);
    expect(msg(late)).toBe('هذه الجلسة مغلقة: افتح جلسة للبيع');
    expect(await k.counts()).toEqual(before);
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  });
});

describe('the till sale', () => {
  it('sells to the walk-in customer at the list price less the line discount, split cash + bank, stock out at once', async () => {
    const p = await k.product('Saffron', '50', '10', '30');
    const s = await mySession();
    const before = await k.counts();
    // 2 x 50 less 10% = 90: 40 bank + 60 cash -> change 10
    const r = await sale(t.admin, { sessionId: s.id, lines: [{ productId: p, quantity: '2', discount: '10' }],
      payments: [{ method: 'bank_transfer', amount: '40' }, { method: 'cash', amount: '60' }] });
    expect(r.statusCode, r.body).toBe(201);
    const out = r.json();
    expect(out).toMatchObject({ change: '10.0000', paid: '90.0000', due: '0.0000' });
    expect(out.order).toMatchObject({ totalAmount: '90.0000', status: 'completed', paymentStatus: 'paid', paymentMethod: 'cash' });
    expect(out.payments).toEqual([{ method: 'cash', amount: '50.0000', tendered: '60.0000' }, { method: 'bank_transfer', amount: '40.0000', tendered: '40.0000' }]);
    const [walkIn] = await k.q<{ id: number }>(sql`SELECT walk_in_customer_id AS id FROM pos_settings WHERE company_id = ${k.ctx.companyId}`);
    expect(out.order.customerId).toBe(walkIn!.id);
    const after = await k.counts();
    expect({ orders: after.orders! - before.orders!, deliveries: after.deliveries! - before.deliveries!, invoices: after.invoices! - before.invoices!, payments: after.payments! - before.payments! })
      .toEqual({ orders: 1, deliveries: 1, invoices: 1, payments: 2 });
    expect((await stockQuantities(k.ctx, { productIds: [p] }))[0]).toMatchObject({ onHand: '8.000000' });
  });

  it('credit needs a named customer; with one, the rest stays due on the order', async () => {
    const p = await k.product('Honey jar', '40', '5');
    const s = await mySession();
    const walkIn = await sale(ar, { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'credit', amount: '40' }] });
    expect(walkIn.statusCode).toBe(422);
    expect(msg(walkIn)).toBe('البيع الآجل يحتاج إلى عميل مسمى، لا العميل النقدي');
    const r = await sale(ar, { sessionId: s.id, customerId: k.customer, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '15' }, { method: 'credit', amount: '25' }] });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().order).toMatchObject({ status: 'confirmed', paymentStatus: 'partially_paid', paidAmount: '15.0000', dueAmount: '25.0000', customerId: k.customer });
  });

  it('refuses bad input in both languages, leaving nothing behind', async () => {
    const p = await k.product('Cardamom', '12', '3');
    const s = await mySession();
    const good = { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '12' }] };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ ...good, sessionId: undefined }, 422, 'Session is required', 'الجلسة مطلوبة'],
      [{ ...good, payments: [] }, 422, 'Payment is required', 'الدفع مطلوب'],
      [{ ...good, payments: undefined }, 422, 'Payment is required', 'الدفع مطلوب'],
      [{ ...good, payments: [{ amount: '12' }] }, 422, 'Payment Method is required', 'طريقة الدفع مطلوبة'],
      [{ ...good, lines: [{ productId: p, quantity: '-1' }] }, 422, 'Line 1: the quantity must be greater than zero', 'السطر 1: يجب أن تكون الكمية أكبر من صفر'],
      [{ ...good, lines: [{ productId: p, quantity: '1', price: '-5' }] }, 422, 'Line 1: the price cannot be negative', 'السطر 1: لا يمكن أن يكون السعر سالبًا'],
      [{ ...good, lines: [{ productId: p, quantity: '1', discount: '150' }] }, 422, 'Line 1: the discount must be between 0 and 100%', 'السطر 1: يجب أن يكون الخصم بين 0 و100%'],
      [{ ...good, payments: [{ method: 'bank_transfer', amount: '13' }] }, 422, 'Paying more than due', 'المبلغ المدفوع أكبر من المستحق'],
      [{ ...good, payments: [{ method: 'cash', amount: '11' }] }, 422, 'do not cover the total', 'لا تغطي الإجمالي'],
      [{ ...good, lines: [{ productId: p, quantity: '4' }], payments: [{ method: 'cash', amount: '48' }] }, 422, 'Quantity Not Available', 'الكمية غير متوفرة'],
      [{ ...good, priceListId: 999999 }, 422, 'Price List is required', 'قائمة الأسعار مطلوبة'],
      [{ ...good, sessionId: 999999 }, 422, 'Session is required', 'الجلسة مطلوبة'],
    ];
    const before = await picture(t.db);
    for (const [body, status, en, arMsg] of cases) {
      const r1 = await sale(t.admin, body);
      expect(r1.statusCode, `${en}: ${r1.body}`).toBe(status);
      expect(msg(r1)).toContain(en);
      const r2 = await sale(ar, body);
      expect(r2.statusCode).toBe(status);
      expect(msg(r2)).toContain(arMsg);
    }
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    expect((await stockQuantities(k.ctx, { productIds: [p] }))[0]).toMatchObject({ onHand: '3.000000' });
  });

  it('refuses payments and tendered cash with more decimals than the currency, in both languages, leaving nothing behind', async () => {
    const p = await k.product('Mint bunch', '10', '3');
    const s = await mySession();
    const line = [{ productId: p, quantity: '1' }];
    const cases: [Record<string, unknown>[], number][] = [
      [[{ method: 'cash', amount: '9.999' }, { method: 'bank_transfer', amount: '0.001' }], 1],
      [[{ method: 'cash', amount: '10.005' }], 1], // tendered: 0.005 of change cannot be handed back
      [[{ method: 'bank_transfer', amount: '5' }, { method: 'cash', amount: '5.0001' }], 2],
      [[{ method: 'cash', amount: '5' }, { method: 'credit', amount: '5.001' }], 2],
    ];
    const before = await picture(t.db);
    for (const [payments, n] of cases) {
      const body = { sessionId: s.id, customerId: k.customer, lines: line, payments };
      const en = await sale(t.admin, body);
      expect(en.statusCode, en.body).toBe(422);
      expect(msg(en)).toBe(`Payment ${n}: the amount allows at most 2 decimal places: the currency has no smaller unit`);
      expect(Object.keys(en.json().error.fields)).toEqual(['payments']);
      const inAr = await sale(ar, body);
      expect(inAr.statusCode).toBe(422);
      expect(msg(inAr)).toBe(`مبلغ الدفعة ${n}: الحد الأقصى للمنازل العشرية 2، إذ لا توجد في العملة وحدة أصغر`);
    }
    // not an order, invoice, payment, money row or stock move: every table as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    const ok = await sale(t.admin, { sessionId: s.id, lines: line, payments: [{ method: 'cash', amount: '10.5000' }] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ change: '0.5000', paid: '10.0000', due: '0.0000' });
  });

  it('the same sale sent twice with one Idempotency-Key is one order', async () => {
    const p = await k.product('Olive oil', '25', '6');
    const s = await mySession();
    const body = { sessionId: s.id, lines: [{ productId: p, quantity: '2' }], payments: [{ method: 'cash', amount: '50' }] };
    const before = await k.counts();
    const a = await sale(t.admin, body, { 'idempotency-key': 'till-1-sale-42' });
    const b = await sale(t.admin, body, { 'idempotency-key': 'till-1-sale-42' });
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().order.id).toBe(a.json().order.id);
    const after = await k.counts();
    expect(after.orders! - before.orders!).toBe(1);
    expect(after.pos_payments! - before.pos_payments!).toBe(1);
    expect((await stockQuantities(k.ctx, { productIds: [p] }))[0]).toMatchObject({ onHand: '4.000000' });
    const unchanged = await picture(t.db);
    const other = await sale(t.admin, { ...body, lines: [{ productId: p, quantity: '1' }] }, { 'idempotency-key': 'till-1-sale-42' });
    expect(other.statusCode).toBe(422);
    expect(changes(unchanged, await picture(t.db))).toEqual({});
  });

  it('a refusal is kept with its key: the same key answers it again once stock arrives, a new key sells (the outbox retries under a new key)', async () => {
    const p = await k.product('Saffron tin', '30', '1');
    const s = await mySession();
    const body = { sessionId: s.id, lines: [{ productId: p, quantity: '2' }], payments: [{ method: 'cash', amount: '60' }] };
    const refused = await sale(ar, body, { 'idempotency-key': 'till-3-sale-7' });
    expect(refused.statusCode).toBe(422);
    expect(msg(refused)).toBe('الكمية غير متوفرة');
    await k.receive(p, '5');
    const before = await k.counts();
    const replayed = await sale(ar, body, { 'idempotency-key': 'till-3-sale-7' });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await k.counts()).toEqual(before);
    const sold = await sale(ar, body, { 'idempotency-key': 'till-3-sale-7-retry-1' });
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await k.counts()).orders! - before.orders!).toBe(1);
    expect((await stockQuantities(k.ctx, { productIds: [p] }))[0]).toMatchObject({ onHand: '4.000000' });
  });

  it('a sale retried after its session closed gets its first answer, not a refusal', async () => {
    const p = await k.product('Dates box', '40', '5');
    const c = await k.cashier('retrier', true);
    const s = await k.session(c.client, '0');
    const body = { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '40' }] };
    const a = await sale(c.client, body, { 'idempotency-key': 'till-9-sale-1' });
    expect(a.statusCode, a.body).toBe(201);
    // the answer was stored by the sale's own COMMIT (core/http/idempotency.ts atCommit): the very text sent
    const [kept] = (await t.db.orm.execute(sql`SELECT status_code, response FROM idempotency_keys WHERE key = 'till-9-sale-1'`)).rows;
    expect(kept).toEqual({ status_code: 201, response: a.body });
    expect((await c.client.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '40' })).statusCode).toBe(200);
    const again = await sale(c.client, body, { 'idempotency-key': 'till-9-sale-1' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(a.body);
    const fresh = await sale(c.client, body, { 'idempotency-key': 'till-9-sale-2' });
    expect(fresh.statusCode).toBe(409);
  });

  it('the books and the stock verify after all of it', async () => {
    expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  });
});
