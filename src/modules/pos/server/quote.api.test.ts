import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * POST /api/pos/quote: the till's cart priced as its sale will be (price list price, line discount, the company's
 * default tax), nothing written; the same refusals as a sale in both languages, 403 for another branch's user.
 */
let t: TestApp;
let k: PosKit;
let ar: Client;
beforeAll(async () => { ({ t, k, ar } = await posApp()); }, 120_000);
afterAll(async () => { await t?.close(); });

const msg = (r: { json: () => any }) => r.json().error.message as string;
let session: Record<string, any> | null = null;
const mySession = async () => (session ??= await k.session());

describe('till quote', () => {
  it('quotes the total the sale then checks the payments against (discount and tax), writing nothing', async () => {
    const a = await k.product('Quote tea', '12.50', '10');
    const b = await k.product('Quote sugar', '7', '10');
    const s = await mySession();
    // a default tax of 15% for this test: the quote and the sale must carry it alike
    await k.q(sql`UPDATE accounting_settings SET default_tax_rate = 15 WHERE company_id = ${k.ctx.companyId}`);
    const lines = [{ productId: a, quantity: '3' }, { productId: b, quantity: '1', discount: '10' }];
    const before = await picture(t.db);
    const q = await t.admin.post('/api/pos/quote', { sessionId: s.id, lines });
    expect(q.statusCode, q.body).toBe(200);
    const body = q.json();
    // 3 x 12.50 = 37.50 (tax 5.625 -> 5.63); 7 less 10% = 6.30 (tax 0.945 -> 0.95): per line, half-up
    expect(body).toMatchObject({ subtotal: '43.80', taxAmount: '6.58', totalAmount: '50.38' });
    expect(body.items).toHaveLength(2);
    expect(body.items[1]).toMatchObject({ productId: b, price: '6.3000', subtotal: '6.30' });
    // a quote writes nothing at all: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    // a cash payment of exactly the quoted total is accepted by the sale: same figure
    const sold = await t.admin.post('/api/pos/sales', { sessionId: s.id, lines, payments: [{ method: 'cash', amount: body.totalAmount }] });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(new Decimal(sold.json().order.totalAmount).eq(body.totalAmount)).toBe(true);
    expect(sold.json().change).toBe('0.0000');
    await k.q(sql`UPDATE accounting_settings SET default_tax_rate = 0 WHERE company_id = ${k.ctx.companyId}`);
  });

  it('refuses like a sale, in both languages, and 403 for a user of another branch', async () => {
    const p = await k.product('Quote rice', '30', '5');
    const s = await mySession();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lines: [{ productId: p, quantity: '1' }] }, 'Session is required', 'الجلسة مطلوبة'],
      [{ sessionId: s.id, priceListId: 'x', lines: [{ productId: p, quantity: '1' }] }, 'Price List is required', 'قائمة الأسعار مطلوبة'],
      [{ sessionId: s.id, lines: [] }, 'Add at least one product', 'أضف منتجًا واحدًا على الأقل'],
      [{ sessionId: s.id, lines: [{ productId: p, quantity: '-1' }] }, 'Line 1: the quantity must be greater than zero', 'السطر 1: يجب أن تكون الكمية أكبر من صفر'],
      [{ sessionId: s.id, lines: [{ productId: p, quantity: '1', discount: '101' }] }, 'Line 1: the discount must be between 0 and 100%', 'السطر 1: يجب أن يكون الخصم بين 0 و100%'],
      [{ sessionId: 999999, lines: [{ productId: p, quantity: '1' }] }, 'Session is required', 'الجلسة مطلوبة'],
    ];
    // the other branch's cashier is made before the picture (a user and a sign-in are writes of their own)
    const other = await k.cashier('quote-other', false, 'ar');
    const before = await picture(t.db);
    for (const [body, en, arabic] of cases) {
      const r = await t.admin.post('/api/pos/quote', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(msg(r)).toBe(en);
      const rAr = await ar.post('/api/pos/quote', body);
      expect(rAr.statusCode).toBe(422);
      expect(msg(rAr)).toBe(arabic);
    }
    const r = await other.client.post('/api/pos/quote', { sessionId: s.id, lines: [{ productId: p, quantity: '1' }] });
    expect(r.statusCode).toBe(403);
    expect(msg(r)).toBe('ليس لديك صلاحية الوصول إلى هذه الصفحة');
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
  });
});
