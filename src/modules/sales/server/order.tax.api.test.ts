import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { verifyLedger } from '../../accounting';
import { type SalesKit, salesApp } from './sales.test-kit';

/** Taxes on order lines: the default sales tax, a chosen or no tax, totals equal to the invoice's to the cent, the tax credited, foreign or inactive taxes refused. */
let t: TestApp;
let k: SalesKit;
let ar: Client;
let pen: number;
let vat: number;
beforeAll(async () => {
  ({ t, k, ar } = await salesApp());
  pen = await k.product('Pen', '3.33', '100', '1');
  vat = (await k.q<{ id: number }>(sql`SELECT id FROM taxes WHERE company_id = ${k.ctx.companyId} AND name = 'VAT 15%'`))[0]!.id;
});
afterAll(async () => { await t?.close(); });

describe('taxes on sales order lines', () => {
  it('gives each line the default sales tax, and the confirmed invoice carries exactly the order totals; the entry credits the tax account', async () => {
    const incl = (await t.admin.post('/api/accounting/taxes', { name: 'VAT 15% incl.', rate: '15', type: 'percentage', priceIncluded: true })).json().id as number;
    const o = await k.order({ discount: '0.50', items: [
      { productId: pen, quantity: '7' }, // 23.31, tax 3.4965 -> 3.50
      { productId: pen, quantity: '3', taxId: incl }, // 9.99 incl.: tax 1.30, net 8.69
      { productId: pen, quantity: '1', taxId: null }, // 3.33, no tax
    ] });
    expect(o.items.map((l: any) => [l.taxId, l.subtotal, l.taxAmount])).toEqual([[vat, '23.31', '3.50'], [incl, '8.69', '1.30'], [null, '3.33', '0.00']]);
    expect(o).toMatchObject({ subtotal: '35.3300', taxAmount: '4.8000', discount: '0.5000', totalAmount: '39.6300' });
    const quoted = await picture(t.db);
    const quote = (await t.admin.post('/api/sales/orders/quote', { orderDate: '2026-03-10', discount: '0.50', items: o.items })).json();
    expect(quote).toMatchObject({ subtotal: '35.33', taxAmount: '4.80', totalAmount: '39.63' });
    // a quote writes nothing at all (not even its request's key: core/db/tx.ts withReadTx)
    expect(changes(quoted, await picture(t.db))).toEqual({});
    const lines = await k.q(sql`SELECT tax_id AS "taxId", tax_amount::text AS tax FROM sales_order_lines WHERE order_id = ${o.id} ORDER BY line_no`);
    expect(lines).toEqual([{ taxId: vat, tax: '3.5000' }, { taxId: incl, tax: '1.3000' }, { taxId: null, tax: '0.0000' }]);

    const c = (await t.admin.post(`/api/sales/orders/${o.id}/confirm`)).json();
    expect(c).toMatchObject({ status: 'confirmed', subtotal: '35.3300', taxAmount: '4.8000', totalAmount: '39.6300', dueAmount: '39.6300' });
    const [inv] = await k.q<Record<string, string>>(sql`SELECT subtotal::text, tax_amount::text AS tax, discount::text, total_amount::text AS total, entry_id AS entry FROM invoices WHERE id = ${c.invoiceId}`);
    expect(inv).toMatchObject({ subtotal: '35.3300', tax: '4.8000', discount: '0.5000', total: '39.6300' });
    const credits = await k.q<{ code: string; credit: string }>(sql`SELECT a.code, sum(l.credit)::text AS credit FROM journal_lines l JOIN accounts a ON a.id = l.account_id
      WHERE l.entry_id = ${inv!.entry} AND l.credit > 0 GROUP BY a.code ORDER BY a.code`);
    expect(credits.find((r) => r.code === '2102')?.credit).toBe('4.8000');
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  });

  it('refuses a tax of another company and an inactive tax, in both languages, saving nothing', async () => {
    const signup = await t.anon().post('/api/auth/signup', { companyNameEn: 'Other tax co', companyNameAr: 'شركة أخرى', currency: 'SAR', username: 'taxother', fullName: 'Other', password: 'other-pass-1' });
    expect(signup.statusCode, signup.body).toBe(201);
    const other = await t.login('taxother', 'other-pass-1');
    const foreign = (await other.get('/api/accounting/taxes')).json().items[0].id as number;
    const before = (await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales_orders`))[0]!.n;
    const en = await t.admin.post('/api/sales/orders', { customerId: k.customer, orderDate: '2026-03-10', paymentMethod: 'cash', items: [{ productId: pen, quantity: '1', taxId: foreign }] });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.message).toBe('Line 1: the tax does not exist or is inactive');
    const off = (await t.admin.post('/api/accounting/taxes', { name: 'Old levy', rate: '5', type: 'percentage' })).json().id as number;
    expect((await t.admin.post(`/api/accounting/taxes/${off}/deactivate`)).statusCode).toBe(200);
    const a = await ar.post('/api/sales/orders', { customerId: k.customer, orderDate: '2026-03-10', paymentMethod: 'cash', items: [{ productId: pen, quantity: '1', taxId: off }] });
    expect(a.statusCode).toBe(422);
    expect(a.json().error.message).toBe('السطر 1: الضريبة غير موجودة أو غير نشطة');
    expect((await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales_orders`))[0]!.n).toBe(before);
  });
});
