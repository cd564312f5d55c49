import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { setClock } from '../../../core/time/company-time';
import { verifyLedger } from '../../accounting';
import { verifyStock } from '../../inventory';
import { type PosKit, posApp } from './pos.test-kit';
import { returnKit } from './return.test-kit';

/**
 * Till returns through the API (POST /api/pos/returns), in English and Arabic, on PGlite and PostgreSQL: a cash
 * sale returned in part (credit note, stock back at the original cost, the cash refunded from the session), returns
 * of one line up to what was sold, a return taken in another session, refunds by bank transfer and credit limited to
 * what the order took in each method, the session summary and close counting refunds, the look-up and the quote,
 * one key = one return, and every refusal (more than sold, after the period, no reason, closed session, another
 * branch's user, a refund larger than paid, not a till order, bad input) leaving nothing behind.
 */
let t: TestApp;
let k: PosKit;
let ar: Client;
let rk: ReturnType<typeof returnKit>;
let reason: number;
const NOW = new Date('2026-03-12T09:00:00Z');
beforeAll(async () => {
  setClock(() => NOW);
  ({ t, k, ar } = await posApp());
  rk = returnKit(t, k);
  reason = await rk.reason('Damaged item');
}, 120_000);
afterEach(() => setClock(() => NOW));
afterAll(async () => { setClock(null); await t?.close(); });

const msg = (r: { json: () => any }) => r.json().error.message as string;
let adminSession: Record<string, any> | null = null;
const mySession = async () => (adminSession ??= await k.session(t.admin, '100'));

describe('a till return', () => {
  it('takes part of a cash sale back: credit note, stock back at the original cost, cash refunded from the session, summary and close count it', async () => {
    const p = await k.product('Juice crate', '10', '10', '4');
    const c = await k.cashier('ret-cashier', true);
    const s = await k.session(c.client, '100');
    const o = await rk.sell(c.client, s.id, [{ productId: p, quantity: '3' }], [{ method: 'cash', amount: '50' }]);
    expect(o.totalAmount).toBe('30.0000');
    const r = await rk.ret(c.client, { sessionId: s.id, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '1', reason: 'Leaking' }] });
    expect(r.statusCode, r.body).toBe(201);
    const out = r.json();
    expect(out.return).toMatchObject({ status: 'confirmed', orderId: o.id, sessionId: s.id, refundMethod: 'cash', totalAmount: '10.0000', appliedAmount: '0.0000', refundedAmount: '10.0000', creditAmount: '0.0000', stockValue: '4.0000' });
    expect(out.return.number).toMatch(/^RET\/2026\/\d{5}$/);
    expect(out.return.items[0]).toMatchObject({ orderLine: 1, quantity: '1', reason: 'Leaking' });
    expect(out.creditNote.number).toBeTruthy();
    expect(out.creditNote.id).toBe(out.return.creditNoteId);
    expect(out.refunds).toEqual([{ method: 'cash', amount: '-10.0000' }]);
    // stock back: 10 - 3 + 1, at the delivery's cost (4)
    expect(await rk.onHand(p)).toBe('8.000000');
    const [move] = await k.q<{ quantity: string; value: string }>(sql`SELECT quantity::text, value::text FROM stock_moves WHERE source_type = 'salesReturn' AND source_id = ${out.return.id}`);
    expect(move).toEqual({ quantity: '1.000000', value: '4.0000' });
    // the credit note (Dr sales returns / Cr receivable), its cash refund (Dr receivable / Cr cash on hand), the stock (Dr inventory / Cr cost of sales)
    expect(await rk.entryLines('creditNote', out.creditNote.id)).toEqual([['1103', '0.0000', '10.0000'], ['4102', '10.0000', '0.0000']]);
    const [pay] = await k.q<{ id: number }>(sql`SELECT id FROM invoice_payments WHERE invoice_id = ${out.creditNote.id}`);
    expect(await rk.entryLines('invoicePayment', pay!.id)).toEqual([['1101', '0.0000', '10.0000'], ['1103', '10.0000', '0.0000']]);
    expect(await rk.entryLines('salesReturn', out.return.id)).toEqual([['1104', '4.0000', '0.0000'], ['5101', '0.0000', '4.0000']]);
    // the summary lists it; the close expects 100 + 30 - 10
    expect(await rk.summary(s.id, c.client)).toMatchObject({ orders: 1, sales: '30.0000', returns: 1, returnsTotal: '10.0000', refunds: '10.0000',
      refundMethods: { cash: '10.0000' }, paymentMethods: { cash: '30.0000' } });
    const closed = await c.client.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '120' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ expectedCash: '120.0000', cashDifference: '0.0000', closingCash: '120.0000', differenceEntryId: null });
  });

  it('returns one line up to what was sold less what was already returned, in any session of a branch the user sells at', async () => {
    const p = await k.product('Tea tin', '8', '20', '3');
    const s = await mySession();
    const o = await rk.sell(t.admin, s.id, [{ productId: p, quantity: '4' }], [{ method: 'cash', amount: '32' }]);
    const first = await rk.ret(t.admin, { sessionId: s.id, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }] });
    expect(first.statusCode, first.body).toBe(201);
    // another cashier's session at the same branch takes the next return: the refund leaves that session's cash
    const c = await k.cashier('ret-evening', true, 'ar');
    const evening = await k.session(c.client, '50');
    const before = await picture(t.db);
    const tooMuch = await rk.ret(c.client, { sessionId: evening.id, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '4' }] });
    expect(tooMuch.statusCode).toBe(422);
    expect(msg(tooMuch)).toBe('السطر 1: لا يمكن إرجاع 4 من Tea tin؛ المتبقي القابل للإرجاع 3 فقط');
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    const rest = await rk.ret(c.client, { sessionId: evening.id, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '3' }] });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().return).toMatchObject({ sessionId: evening.id, totalAmount: '24.0000', refundedAmount: '24.0000' });
    const none = await rk.ret(t.admin, { sessionId: s.id, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }] });
    expect(none.statusCode).toBe(422);
    expect(msg(none)).toBe('Line 1: cannot return 1 of Tea tin; only 0 left to return');
    expect(await rk.summary(evening.id)).toMatchObject({ orders: 0, returns: 1, refunds: '24.0000', refundMethods: { cash: '24.0000' } });
    const closed = await c.client.post(`/api/pos/sessions/${evening.id}/close`, { countedCash: '26' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ expectedCash: '26.0000', cashDifference: '0.0000' });
    expect(await rk.onHand(p)).toBe('20.000000');
  });

  it('refunds by bank transfer and credit at most what the order took in each; the due is credited first', async () => {
    const p = await k.product('Perfume', '10', '20', '6');
    const s = await mySession();
    // 5 x 10 = 50: 20 cash, 10 bank, 20 on credit
    const o = await rk.sell(t.admin, s.id, [{ productId: p, quantity: '5' }], [{ method: 'cash', amount: '20' }, { method: 'bank_transfer', amount: '10' }, { method: 'credit', amount: '20' }], k.customer);
    expect(o).toMatchObject({ dueAmount: '20.0000', paymentStatus: 'partially_paid' });
    const look = await t.admin.get(`/api/pos/returns/order?number=${encodeURIComponent(o.number)}`);
    expect(look.statusCode, look.body).toBe(200);
    expect(look.json()).toMatchObject({ order: { id: o.id, number: o.number, customer: 'Salma Al-Qahtani' }, paid: { cash: '20.0000', bank_transfer: '10.0000', credit: '20.0000' },
      lines: [{ orderLine: 1, productId: p, name: 'Perfume', sold: '5', returned: '0', returnable: '5' }], rules: { requireReturnReason: true, returnPeriodDays: 14, lastDay: '2026-03-26', open: true } });
    expect(look.json().reasons).toContainEqual({ id: reason, name: 'Damaged item' });
    // an Arabic reader gets the reason's Arabic name, if it has one
    const v = (await t.admin.get(`/api/sales/reasons/${reason}`)).json().version;
    expect((await t.admin.patch(`/api/sales/reasons/${reason}`, { version: v, nameAr: 'منتج تالف' })).statusCode).toBe(200);
    expect((await ar.get(`/api/pos/returns/order?number=${encodeURIComponent(o.number)}`)).json().reasons).toContainEqual({ id: reason, name: 'منتج تالف' });
    // 3 back (30) by bank: 20 off the due, 10 refunded by bank transfer (all the bank took)
    const quoted = await picture(t.db);
    const q = await t.admin.post('/api/pos/returns/quote', { orderId: o.id, lines: [{ orderLine: 1, quantity: '3' }] });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toMatchObject({ totalAmount: '30.00', toDue: '20.0000', beyondDue: '10.0000' });
    // a quote writes nothing at all (not even its request's key: core/db/tx.ts withReadTx)
    expect(changes(quoted, await picture(t.db))).toEqual({});
    const bank = await rk.ret(t.admin, { sessionId: s.id, orderId: o.id, refundMethod: 'bank_transfer', reasonId: reason, lines: [{ orderLine: 1, quantity: '3' }] });
    expect(bank.statusCode, bank.body).toBe(201);
    expect(bank.json().return).toMatchObject({ totalAmount: '30.0000', appliedAmount: '20.0000', refundedAmount: '10.0000' });
    expect(bank.json().refunds).toEqual([{ method: 'bank_transfer', amount: '-10.0000' }, { method: 'credit', amount: '-20.0000' }]);
    const [cnPay] = await k.q<{ id: number }>(sql`SELECT id FROM invoice_payments WHERE invoice_id = ${bank.json().creditNote.id}`);
    expect(await rk.entryLines('invoicePayment', cnPay!.id)).toEqual([['1102', '0.0000', '10.0000'], ['1103', '10.0000', '0.0000']]);
    const order = (await t.admin.get(`/api/sales/orders/${o.id}`)).json();
    expect(order).toMatchObject({ dueAmount: '0.0000', paymentStatus: 'paid', status: 'completed' });
    // one more by bank: nothing left paid by bank transfer (both languages, nothing written); by cash it passes
    const before = await picture(t.db);
    const body = { sessionId: s.id, orderId: o.id, refundMethod: 'bank_transfer', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }] };
    const en = await rk.ret(t.admin, body);
    expect(en.statusCode).toBe(422);
    expect(msg(en)).toBe('Cannot refund 10.00 by bank transfer: only 0.00 was paid by bank transfer on this order');
    const arR = await rk.ret(ar, body);
    expect(arR.statusCode).toBe(422);
    expect(msg(arR)).toBe('لا يمكن رد 10.00 عن طريق التحويل البنكي: المدفوع بهذه الطريقة في هذا الطلب 0.00 فقط');
    expect(changes(before, await picture(t.db))).toEqual({});
    const cash = await rk.ret(t.admin, { ...body, refundMethod: 'cash' });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().refunds).toEqual([{ method: 'cash', amount: '-10.0000' }]);
  });

  it('credit takes the return off the customer\'s due (an order on credit only); never on a cash sale', async () => {
    const p = await k.product('Rice bag', '25', '10', '15');
    const s = await mySession();
    const onCredit = await rk.sell(t.admin, s.id, [{ productId: p, quantity: '2' }], [{ method: 'credit', amount: '50' }], k.customer);
    const r = await rk.ret(ar, { sessionId: s.id, orderId: onCredit.id, refundMethod: 'credit', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }] });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().return).toMatchObject({ totalAmount: '25.0000', appliedAmount: '25.0000', refundedAmount: '0.0000', creditAmount: '0.0000' });
    expect(r.json().refunds).toEqual([{ method: 'credit', amount: '-25.0000' }]);
    expect((await t.admin.get(`/api/sales/orders/${onCredit.id}`)).json()).toMatchObject({ dueAmount: '25.0000' });
    const cashSale = await rk.sell(t.admin, s.id, [{ productId: p, quantity: '1' }], [{ method: 'cash', amount: '25' }], k.customer);
    const before = await picture(t.db);
    const refused = await rk.ret(t.admin, { sessionId: s.id, orderId: cashSale.id, refundMethod: 'credit', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }] });
    expect(refused.statusCode).toBe(422);
    expect(msg(refused)).toBe('Cannot refund 25.00 by credit: only 0.00 was paid by credit on this order');
    expect(changes(before, await picture(t.db))).toEqual({});
  });
});

describe('refusals leave nothing behind', () => {
  it('refuses in both languages: more than sold, no reason, bad input, not a till order, unknown order', async () => {
    const p = await k.product('Soap bar', '5', '30', '2');
    const s = await mySession();
    const o = await rk.sell(t.admin, s.id, [{ productId: p, quantity: '2' }], [{ method: 'cash', amount: '10' }]);
    const office = await t.admin.post('/api/sales/orders', { customerId: k.customer, orderDate: '2026-03-12', paymentMethod: 'credit', items: [{ productId: p, quantity: '1' }] });
    expect((await t.admin.post(`/api/sales/orders/${office.json().id}/confirm`, {})).statusCode).toBe(200);
    const good = { sessionId: s.id, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }] };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ ...good, lines: [{ orderLine: 1, quantity: '3' }] }, 422, 'Line 1: cannot return 3 of Soap bar; only 2 left to return', 'السطر 1: لا يمكن إرجاع 3 من Soap bar؛ المتبقي القابل للإرجاع 2 فقط'],
      [{ ...good, reasonId: undefined }, 422, 'Reason is required', 'السبب مطلوب'],
      [{ ...good, lines: [{ orderLine: 1, quantity: '-1' }] }, 422, 'Line 1: the quantity must be greater than zero', 'السطر 1: يجب أن تكون الكمية أكبر من صفر'],
      [{ ...good, lines: [{ orderLine: 2, quantity: '1' }] }, 422, 'Line 1: the order has no line 2', 'السطر 1: لا يوجد في الطلب سطر رقم 2'],
      [{ ...good, lines: [] }, 422, 'Add at least one line to return', 'أضف سطرًا واحدًا على الأقل للإرجاع'],
      [{ ...good, refundMethod: 'voucher' }, 422, 'Refund method is required', 'طريقة الاسترداد مطلوبة'],
      [{ ...good, orderId: undefined }, 422, 'Sales order is required', 'أمر البيع مطلوب'],
      [{ ...good, sessionId: undefined }, 422, 'Session is required', 'الجلسة مطلوبة'],
      [{ ...good, sessionId: 999999 }, 422, 'Session is required', 'الجلسة مطلوبة'],
      [{ ...good, orderId: office.json().id }, 422, 'This order was not sold at a till: return it from the sales office (Sales returns)', 'هذا الطلب لم يُبع في نقطة البيع: أرجعه من مرتجعات المبيعات'],
      [{ ...good, orderId: 999999 }, 422, 'This order was not sold at a till', 'هذا الطلب لم يُبع في نقطة البيع'],
      [{ ...good, reasonId: 999999 }, 422, 'The reason does not exist', 'السبب غير موجود'],
    ];
    const before = await picture(t.db);
    for (const [body, status, en, arMsg] of cases) {
      const r1 = await rk.ret(t.admin, body);
      expect(r1.statusCode, `${en}: ${r1.body}`).toBe(status);
      expect(msg(r1)).toContain(en);
      const r2 = await rk.ret(ar, body);
      expect(r2.statusCode).toBe(status);
      expect(msg(r2)).toContain(arMsg);
    }
    const unknown = await ar.get('/api/pos/returns/order?number=SO/1999/00042');
    expect(unknown.statusCode).toBe(422);
    expect(msg(unknown)).toBe('لا يوجد طلب نقطة بيع بالرقم SO/1999/00042');
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
  });

  it('refuses after the return period (14 days from the order date), with a reason not required then', async () => {
    const p = await k.product('Dates 1kg', '40', '10', '20');
    const s = await mySession();
    const o = await rk.sell(t.admin, s.id, [{ productId: p, quantity: '2' }], [{ method: 'cash', amount: '80' }]);
    await rk.rules({ requireReturnReason: false });
    try {
      setClock(() => new Date('2026-03-27T09:00:00Z'));
      const before = await picture(t.db);
      const body = { sessionId: s.id, orderId: o.id, refundMethod: 'cash', lines: [{ orderLine: 1, quantity: '1' }] };
      const en = await rk.ret(t.admin, body);
      expect(en.statusCode).toBe(422);
      expect(msg(en)).toBe('The return period of 14 days is over: the order is of 2026-03-12');
      const arR = await rk.ret(ar, body);
      expect(arR.statusCode).toBe(422);
      expect(msg(arR)).toBe('انتهت مدة الإرجاع البالغة 14 يومًا: تاريخ الطلب 2026-03-12');
      expect(changes(before, await picture(t.db))).toEqual({});
      expect((await t.admin.get(`/api/pos/returns/order?orderId=${o.id}`)).json().rules).toMatchObject({ lastDay: '2026-03-26', open: false, requireReturnReason: false });
      // the last day still takes it, without a reason now that none is required
      setClock(() => new Date('2026-03-26T09:00:00Z'));
      const ok = await rk.ret(t.admin, body);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().return.reasonId).toBeNull();
    } finally {
      await rk.rules({ requireReturnReason: true });
    }
  });

  it('refuses a closed session (409) and a user of another branch (403), in both languages', async () => {
    const p = await k.product('Candle', '12', '10', '5');
    const s = await mySession();
    const o = await rk.sell(t.admin, s.id, [{ productId: p, quantity: '2' }], [{ method: 'cash', amount: '24' }]);
    const c = await k.cashier('ret-closed', true, 'ar');
    const gone = await k.session(c.client, '0');
    expect((await c.client.post(`/api/pos/sessions/${gone.id}/close`, { countedCash: '0' })).statusCode).toBe(200);
    const other = await k.cashier('ret-other-branch', false);
    const otherAr = await t.login('ret-other-branch', 'secret-pass-1', 'ar');
    // a user without the till's right (made before the picture: a group, a user and a sign-in are writes of their own)
    const g = await t.admin.post('/api/admin/groups', { name: 'g-viewer', permissions: ['pos.posSession.view'] });
    await t.admin.post('/api/admin/users', { username: 'ret-viewer', fullName: 'Viewer', password: 'secret-pass-1', groups: [g.json().id] });
    const viewer = await t.login('ret-viewer', 'secret-pass-1');
    const before = await picture(t.db);
    const body = { orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }] };
    const closed = await rk.ret(c.client, { ...body, sessionId: gone.id });
    expect(closed.statusCode).toBe(409);
    expect(msg(closed)).toBe('هذه الجلسة مغلقة: افتح جلسة لاستقبال المرتجعات');
    const closedEn = await rk.ret(t.admin, { ...body, sessionId: gone.id });
    expect(closedEn.statusCode).toBe(409);
    expect(msg(closedEn)).toBe('This session is closed: open a session to take returns');
    const forbidden = await rk.ret(other.client, { ...body, sessionId: s.id });
    expect(forbidden.statusCode).toBe(403);
    expect(msg(forbidden)).toBe("You don't have access to this page");
    const forbiddenAr = await rk.ret(otherAr, { ...body, sessionId: s.id });
    expect(forbiddenAr.statusCode).toBe(403);
    expect(msg(forbiddenAr)).toBe('ليس لديك صلاحية الوصول إلى هذه الصفحة');
    // without the till's right: 403 on the return, its quote and its look-up
    expect((await rk.ret(viewer, { ...body, sessionId: s.id })).statusCode).toBe(403);
    expect((await viewer.post('/api/pos/returns/quote', body)).statusCode).toBe(403);
    expect((await viewer.get(`/api/pos/returns/order?orderId=${o.id}`)).statusCode).toBe(403);
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
  });
});

describe('one key, one return', () => {
  it('the same return sent twice with one Idempotency-Key is one return; the key with another body is 422', async () => {
    const p = await k.product('Coffee beans', '30', '10', '12');
    const s = await mySession();
    const o = await rk.sell(t.admin, s.id, [{ productId: p, quantity: '3' }], [{ method: 'cash', amount: '90' }]);
    const body = { sessionId: s.id, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }] };
    const before = await rk.state();
    const a = await rk.ret(t.admin, body, { 'idempotency-key': 'till-1-return-7' });
    const b = await rk.ret(t.admin, body, { 'idempotency-key': 'till-1-return-7' });
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    const after = await rk.state();
    expect({ returns: after.returns! - before.returns!, pos: after.pos_payments! - before.pos_payments!, payments: after.payments! - before.payments! }).toEqual({ returns: 1, pos: 1, payments: 1 });
    expect(await rk.onHand(p)).toBe('8.000000');
    const unchanged = await picture(t.db);
    const other = await rk.ret(t.admin, { ...body, lines: [{ orderLine: 1, quantity: '2' }] }, { 'idempotency-key': 'till-1-return-7' });
    expect(other.statusCode).toBe(422);
    // the key's other body writes nothing, not even over the kept answer: every table as it was (tests/support/db-diff.ts)
    expect(changes(unchanged, await picture(t.db))).toEqual({});
  });

  it('the books and the stock verify after all of it', async () => {
    expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  });
});
