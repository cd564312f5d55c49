import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { verifyLedger } from '../../accounting';
import { verifyStock } from '../../inventory';
import { type SalesKit, salesApp } from './sales.test-kit';

/** The sales order on the API: priced from the price list, lines in their own table, confirm (invoice + delivery, one transaction), pay, states. */
let t: TestApp;
let k: SalesKit;
let ar: Client;
let juice: number;
let water: number;
beforeAll(async () => {
  ({ t, k, ar } = await salesApp());
  juice = await k.product('Juice', '10', '20', '4');
  water = await k.product('Water', '2', '100', '1');
  await t.admin.post('/api/sales/price-lists', { name: 'Bulk', items: [{ categoryId: k.categoryId, minQuantity: '24', discountPercent: '25' }, { productId: juice, minQuantity: '5', fixedPrice: '9' }] });
});
afterAll(async () => { await t?.close(); });

const listId = async (name: string) => (await k.q<{ id: number }>(sql`SELECT id FROM price_lists WHERE name = ${name}`))[0]!.id;

describe('sales orders', () => {
  it('requires the spec fields in both languages and refuses bad lines', async () => {
    // a vendor-only contact and an expired price list to refuse, made before the picture (writes of their own)
    const vendor = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Only a vendor', isVendor: true })).json().id;
    const expired = (await t.admin.post('/api/sales/price-lists', { name: 'Old', endDate: '2025-12-31' })).json().id;
    const before = await picture(t.db);
    const en = await t.admin.post('/api/sales/orders', { items: [] });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields).toMatchObject({ customerId: 'Customer is required', orderDate: 'Order date is required', paymentMethod: 'Payment Method is required' });
    const a = await ar.post('/api/sales/orders', { orderDate: '2026-03-10', items: [{ productId: juice, quantity: '1' }] });
    expect(a.json().error.fields.customerId).toBe('العميل مطلوب');
    const neg = await t.admin.post('/api/sales/orders', { customerId: k.customer, orderDate: '2026-03-10', paymentMethod: 'cash', items: [{ productId: juice, quantity: '-1' }] });
    expect(neg.json().error.message).toBe('Line 1: the quantity must be greater than zero');
    const price = await ar.post('/api/sales/orders', { customerId: k.customer, orderDate: '2026-03-10', paymentMethod: 'cash', items: [{ productId: juice, quantity: '1', price: '-5' }] });
    expect(price.json().error.message).toBe('السطر 1: لا يمكن أن يكون السعر سالبًا');
    const disc = await t.admin.post('/api/sales/orders', { customerId: k.customer, orderDate: '2026-03-10', paymentMethod: 'cash', discount: '11', items: [{ productId: juice, quantity: '1' }] });
    expect(disc.json().error.fields.discount).toBe('The discount cannot be more than the subtotal');
    expect((await ar.post('/api/sales/orders', { customerId: vendor, orderDate: '2026-03-10', paymentMethod: 'cash', items: [{ productId: juice, quantity: '1' }] })).json().error.fields.customerId).toBe('اختر جهة اتصال لها دور العميل');
    expect((await t.admin.post('/api/sales/orders', { customerId: k.customer, orderDate: '2026-03-10', paymentMethod: 'cash', priceListId: expired, items: [{ productId: juice, quantity: '1' }] })).json().error.fields.priceListId).toBe('The price list is not valid on the order date');
    expect(await k.q(sql`SELECT 1 FROM sales_orders`)).toEqual([]);
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
  });

  it('prices lines from the list unless given, in the line unit, and keeps the lines in their table', async () => {
    const bulk = await listId('Bulk');
    const o = await k.order({ priceListId: bulk, discount: '1.005', items: [
      { productId: juice, quantity: '6' }, { productId: water, quantity: '2', uomId: k.dozen }, { productId: water, quantity: '1', price: '3.5' },
    ] });
    expect(o.items.map((l: any) => [l.price, l.subtotal, l.baseQuantity])).toEqual([['9.0000', '54.00', '6'], ['18.0000', '36.00', '24'], ['3.5', '3.50', '1']]);
    // the company's default sales tax (VAT 15%, the accounting settings' default rate) on every line: 8.10 + 5.40 + 0.53
    expect(o).toMatchObject({ subtotal: '93.5000', taxAmount: '14.0300', discount: '1.0100', totalAmount: '106.5200', dueAmount: '106.5200', paymentStatus: 'unpaid', status: 'draft', number: null, locationId: k.stock });
    const dflt = await k.order({ items: [{ productId: juice, quantity: '6' }] });
    expect(dflt.items[0].price).toBe('10.0000');
    const rows = await k.q(sql`SELECT line_no AS "lineNo", product_id AS "productId", quantity::text, base_quantity::text AS base, subtotal::text FROM sales_order_lines WHERE order_id = ${o.id} ORDER BY line_no`);
    expect(rows).toEqual([
      { lineNo: 1, productId: juice, quantity: '6.000000', base: '6.000000', subtotal: '54.0000' },
      { lineNo: 2, productId: water, quantity: '2.000000', base: '24.000000', subtotal: '36.0000' },
      { lineNo: 3, productId: water, quantity: '1.000000', base: '1.000000', subtotal: '3.5000' },
    ]);
    const edited = await t.admin.patch(`/api/sales/orders/${o.id}`, { version: o.version, items: [{ productId: juice, quantity: '1' }] });
    expect(edited.statusCode).toBe(200);
    expect((await k.q(sql`SELECT count(*)::int AS n FROM sales_order_lines WHERE order_id = ${o.id}`))[0]).toEqual({ n: 1 });
    expect((await t.admin.del(`/api/sales/orders/${o.id}`)).statusCode).toBe(204);
    expect((await k.q(sql`SELECT count(*)::int AS n FROM sales_order_lines WHERE order_id = ${o.id}`))[0]).toEqual({ n: 0 });
  });

  it('confirms in one transaction: numbered, invoice confirmed, goods delivered; then pays to completed', async () => {
    const o = await k.order({ items: [{ productId: juice, quantity: '3', taxId: null }] });
    const key = { 'idempotency-key': `confirm-${o.id}` };
    const c = await t.admin.post(`/api/sales/orders/${o.id}/confirm`, {}, key);
    expect(c.statusCode, c.body).toBe(200);
    const done = c.json();
    expect(done).toMatchObject({ status: 'confirmed', number: 'SO/2026/00001', totalAmount: '30.0000', dueAmount: '30.0000', paymentStatus: 'unpaid' });
    const before = await k.counts();
    const replay = await t.admin.post(`/api/sales/orders/${o.id}/confirm`, {}, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().number).toBe('SO/2026/00001');
    expect(await k.counts()).toEqual(before);
    const [inv] = await k.q<Record<string, unknown>>(sql`SELECT status, total_amount::text AS total, reference, partner_id AS partner FROM invoices WHERE id = ${done.invoiceId}`);
    expect(inv).toEqual({ status: 'CONFIRMED', total: '30.0000', reference: 'SO/2026/00001', partner: k.customer });
    const [del] = await k.q<Record<string, unknown>>(sql`SELECT status, order_sequence AS seq, total_cost::text AS cost FROM deliveries WHERE id = ${done.deliveryId}`);
    expect(del).toEqual({ status: 'done', seq: 'SO/2026/00001', cost: '12.0000' });
    // the confirmed order refuses a cancel and an edit (409), an over-payment and a payment without an amount (422)
    const confirmed = await picture(t.db);
    const again = await ar.post(`/api/sales/orders/${o.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect((await t.admin.patch(`/api/sales/orders/${o.id}`, { notes: 'x' })).statusCode).toBe(409);

    const over = await t.admin.post(`/api/sales/orders/${o.id}/pay`, { amount: '31' });
    expect(over.statusCode).toBe(422);
    expect((await t.admin.post(`/api/sales/orders/${o.id}/pay`, {})).json().error.fields.amount).toBe('Amount is required');
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(confirmed, await picture(t.db))).toEqual({});
    const part = await t.admin.post(`/api/sales/orders/${o.id}/pay`, { amount: '10', date: '2026-03-11' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ paidAmount: '10.0000', dueAmount: '20.0000', paymentStatus: 'partially_paid', status: 'confirmed' });
    const full = (await t.admin.post(`/api/sales/orders/${o.id}/pay`, { amount: '20', date: '2026-03-12' })).json();
    expect(full).toMatchObject({ paidAmount: '30.0000', dueAmount: '0.0000', paymentStatus: 'paid', status: 'completed' });
    const completed = await picture(t.db);
    expect((await ar.post(`/api/sales/orders/${o.id}/pay`, { amount: '1' })).json().error.message).toBe('لا يمكن دفع إلا أمر بيع مؤكد');
    expect(changes(completed, await picture(t.db))).toEqual({});
    expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  });

  it('is confirmed and paid by a sales clerk with the order\'s rights alone: no invoice, stock or ledger rights asked', async () => {
    const g = await t.admin.post('/api/admin/groups', { name: 'Sales desk', permissions: ['sales.salesOrder.view', 'sales.salesOrder.add', 'sales.salesOrder.confirm', 'sales.salesOrder.pay'] });
    expect(g.statusCode, g.body).toBe(201);
    const u = await t.admin.post('/api/admin/users', { username: 'sales-clerk', fullName: 'Sales Clerk', password: 'secret-pass-1', groups: [g.json().id] });
    expect(u.statusCode, u.body).toBe(201);
    const clerk = await t.login('sales-clerk', 'secret-pass-1', 'ar');
    const o = await clerk.post('/api/sales/orders', { customerId: k.customer, orderDate: '2026-03-11', paymentMethod: 'cash', items: [{ productId: water, quantity: '3', taxId: null }] });
    expect(o.statusCode, o.body).toBe(201);
    const c = await clerk.post(`/api/sales/orders/${o.json().id}/confirm`, {});
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ status: 'confirmed', totalAmount: '6.0000' });
    const p = await clerk.post(`/api/sales/orders/${o.json().id}/pay`, { amount: '6' });
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ status: 'completed', paymentStatus: 'paid', dueAmount: '0.0000' });
    expect((await clerk.get(`/api/accounting/invoices/${c.json().invoiceId}`)).statusCode).toBe(403);
  });

  it('refuses to oversell with "Quantity Not Available" and leaves nothing half-done', async () => {
    const o = await k.order({ items: [{ productId: water, quantity: '1' }, { productId: juice, quantity: '500' }] });
    const before = await picture(t.db);
    const en = await t.admin.post(`/api/sales/orders/${o.id}/confirm`);
    expect(en.statusCode).toBe(422);
    expect(en.json().error.message).toContain('Quantity Not Available');
    const a = await ar.post(`/api/sales/orders/${o.id}/confirm`);
    expect(a.statusCode).toBe(422);
    // no number, invoice, delivery, stock move or entry, the order's row untouched: every table as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    expect((await t.admin.get(`/api/sales/orders/${o.id}`)).json()).toMatchObject({ status: 'draft', number: null, invoiceId: null });
  });

  it('walks draft -> pending -> rejected -> draft -> cancelled', async () => {
    const o = await k.order({ items: [{ productId: water, quantity: '1' }] });
    for (const [step, state] of [['submit', 'pending'], ['reject', 'rejected'], ['resetToDraft', 'draft'], ['cancel', 'cancelled']] as const) {
      const r = await t.admin.post(`/api/sales/orders/${o.id}/${step}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().status).toBe(state);
    }
    expect((await t.admin.post(`/api/sales/orders/${o.id}/confirm`)).statusCode).toBe(409);
  });
});
