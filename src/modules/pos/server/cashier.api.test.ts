import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { MIGRATIONS_DIR } from '../../../core/db/connect';
import { CASHIER_GROUP, CASHIER_PERMISSIONS } from './cashier';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * A company made by sign-up has the Cashier group (pos.defaults.ts): its user sells at the till and gets 403 on
 * the sales office.
 * The cashier role: a user holding only the Cashier group's rights, listed on the branch, starts a session, sells
 * (cash and on credit to a customer made at the till), sees the past orders, prints the receipt and the session, and
 * closes the session; the same user gets 403 on accounting, inventory documents and admin, in both languages.
 */
let t: TestApp;
let k: PosKit;
let cashier: Client;
let cashierAr: Client;
beforeAll(async () => {
  ({ t, k } = await posApp());
  // every company has the Cashier group from its creation (pos.defaults.ts)
  const groups = (await t.admin.get('/api/admin/groups?search=Cashier')).json().items as { id: number; name: string; permissions: string[] }[];
  const g = groups.find((x) => x.name === CASHIER_GROUP.name)!;
  expect(g.permissions).toEqual([...CASHIER_PERMISSIONS].sort());
  const u = await t.admin.post('/api/admin/users', { username: 'noura', fullName: 'Noura', password: 'secret-pass-1', groups: [g.id] });
  expect(u.statusCode, u.body).toBe(201);
  const b = (await t.admin.get(`/api/pos/branches/${k.branch}`)).json();
  expect((await t.admin.patch(`/api/pos/branches/${b.id}`, { users: [...b.users, u.json().id], version: b.version })).statusCode).toBe(200);
  cashier = await t.login('noura', 'secret-pass-1');
  cashierAr = await t.login('noura', 'secret-pass-1', 'ar');
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('a cashier', () => {
  it('starts a session, sells, makes a customer, sees past orders, prints, and closes the session', async () => {
    const p = await k.product('Milk', '6', '20');
    // what the till reads
    for (const url of ['/api/pos/branches', '/api/inventory/products?search=milk', '/api/inventory/categories', '/api/sales/price-lists', '/api/pos/customers'])
      expect((await cashier.get(url)).statusCode, url).toBe(200);
    const s = await k.session(cashier, '50');
    const cash = await cashier.post('/api/pos/sales', { sessionId: s.id, lines: [{ productId: p, quantity: '2' }], payments: [{ method: 'cash', amount: '20' }] });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().change).toBe('8.0000');
    const customer = await cashier.post('/api/contacts/contacts', { kind: 'individual', name: 'Maha', phone: '0501231234', isCustomer: true });
    expect(customer.statusCode, customer.body).toBe(201);
    const credit = await cashier.post('/api/pos/sales', { sessionId: s.id, customerId: customer.json().id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'credit', amount: '6' }] });
    expect(credit.statusCode, credit.body).toBe(201);
    const past = await cashier.get(`/api/sales/orders?filter[sessionId]=${s.id}`);
    expect(past.statusCode).toBe(200);
    expect(past.json().total).toBe(2);
    expect((await cashier.get(`/api/accounting/invoices/${cash.json().order.invoiceId}/print?layout=receipt`)).statusCode).toBe(200);
    expect((await cashier.get(`/api/pos/sessions/${s.id}/summary`)).json()).toMatchObject({ orders: 2, sales: '18.0000' });
    const closed = await cashier.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '62' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', expectedCash: '62.0000', cashDifference: '0.0000' });
  });

  it('gets 403 on accounting, inventory documents and admin, in both languages', async () => {
    const denied: [string, string, unknown?][] = [
      ['GET', '/api/accounting/invoices'], ['GET', '/api/accounting/accounts'], ['GET', '/api/accounting/journal-entries'],
      ['POST', '/api/accounting/journal-entries', { date: '2026-01-01', lines: [] }], ['GET', '/api/accounting/reports/trial-balance'],
      ['GET', '/api/inventory/receipts'], ['GET', '/api/inventory/deliveries'], ['GET', '/api/inventory/transfers'],
      ['GET', '/api/inventory/stock-adjustments'], ['POST', '/api/inventory/deliveries', {}], ['GET', '/api/inventory/stock-moves'],
      ['GET', '/api/admin/users'], ['GET', '/api/admin/groups'], ['POST', '/api/admin/groups', { name: 'Mine', permissions: ['admin.user.add'] }],
      ['GET', '/api/sales/returns'], ['POST', '/api/sales/orders', {}],
    ];
    for (const [method, url, body] of denied) {
      const en = await cashier.req(method, url, body);
      expect(en.statusCode, `${method} ${url}`).toBe(403);
      expect(en.json().error.message).toBe("You don't have access to this page");
      const ar = await cashierAr.req(method, url, body);
      expect(ar.statusCode, `${method} ${url}`).toBe(403);
      expect(ar.json().error.message).toBe('ليس لديك صلاحية الوصول إلى هذه الصفحة');
    }
  });
});

describe('a company made by sign-up', () => {
  it('has the Cashier group: its user sells at the till and cannot open the sales office, in both languages', async () => {
    const r = await t.anon().post('/api/auth/signup', { companyNameEn: 'Corner shop', companyNameAr: 'بقالة الحي', currency: 'SAR', username: 'corner', fullName: 'Owner', password: 'corner-pass-1' });
    expect(r.statusCode, r.body).toBe(201);
    const owner = await t.login('corner', 'corner-pass-1');
    const groups = (await owner.get('/api/admin/groups')).json().items as { id: number; name: string; nameAr: string; permissions: string[] }[];
    const g = groups.find((x) => x.name === 'Cashier');
    expect(g).toMatchObject({ nameAr: CASHIER_GROUP.nameAr, permissions: [...CASHIER_PERMISSIONS].sort() });
    const u = await owner.post('/api/admin/users', { username: 'corner-till', fullName: 'Till', password: 'till-pass-12', groups: [g!.id] });
    expect(u.statusCode, u.body).toBe(201);
    const inv = (await owner.get('/api/inventory/settings')).json().items[0];
    const br = await owner.post('/api/pos/branches', { name: 'Corner', locationId: inv.defaultLocationId, users: [u.json().id] });
    expect(br.statusCode, br.body).toBe(201);
    // no stock received in this new company: the shop sells below zero
    expect((await owner.patch(`/api/inventory/settings/${inv.id}`, { version: inv.version, allowNegativeStock: true })).statusCode).toBe(200);
    const units = (await owner.get('/api/inventory/uoms?search=Unit')).json().items as { id: number; name: string }[];
    const cat = (await owner.post('/api/inventory/categories', { name: 'Bakery' })).json().id;
    const prod = await owner.post('/api/inventory/products', { name: 'Bread', categoryId: cat, productType: 'storable', uomId: units.find((x) => x.name === 'Unit')!.id, salePrice: '2' });
    expect(prod.statusCode, prod.body).toBe(201);
    const till = await t.login('corner-till', 'till-pass-12');
    const tillAr = await t.login('corner-till', 'till-pass-12', 'ar');
    const s = await till.post('/api/pos/sessions', { branchId: br.json().id, openingCash: '10' });
    expect(s.statusCode, s.body).toBe(201);
    const sale = await till.post('/api/pos/sales', { sessionId: s.json().id, lines: [{ productId: prod.json().id, quantity: '3' }], payments: [{ method: 'cash', amount: '10' }] });
    expect(sale.statusCode, sale.body).toBe(201);
    for (const [method, url, body] of [['POST', '/api/sales/orders', {}], ['GET', '/api/sales/returns'], ['GET', '/api/sales/settings/current'],
      ['GET', '/api/sales/salespersons'], ['POST', '/api/sales/payments/bulk', {}], ['GET', '/api/sales/payment-terms']] as [string, string, unknown?][]) {
      const en = await till.req(method, url, body);
      expect(en.statusCode, `${method} ${url}`).toBe(403);
      expect(en.json().error.message).toBe("You don't have access to this page");
      const a = await tillAr.req(method, url, body);
      expect(a.statusCode, `${method} ${url}`).toBe(403);
      expect(a.json().error.message).toBe('ليس لديك صلاحية الوصول إلى هذه الصفحة');
    }
  });
});

describe('migrations 0036 and 0041', () => {
  it('give a company without it the same Cashier group as a new company gets (0041: its description in the company\'s language)', async () => {
    const r = await t.anon().post('/api/auth/signup', { companyNameEn: 'Old shop', companyNameAr: 'متجر قديم', currency: 'SAR', username: 'oldshop', fullName: 'Owner', password: 'oldshop-pass-1' });
    expect(r.statusCode, r.body).toBe(201);
    const q = async (s: ReturnType<typeof sql>) => (await t.db.orm.execute(s)).rows as Record<string, unknown>[];
    const [c] = await q(sql`SELECT company_id AS id FROM users WHERE username = 'oldshop'`);
    const made = await q(sql`SELECT name, name_ar, description, permissions FROM groups WHERE company_id = ${c!.id}`);
    await q(sql`DELETE FROM groups WHERE company_id = ${c!.id}`);
    const text = readFileSync(join(MIGRATIONS_DIR, '0036_cashier_group.sql'), 'utf8');
    for (const file of ['0036_cashier_group.sql', '0041_default_texts_in_company_language.sql']) {
      for (const part of readFileSync(join(MIGRATIONS_DIR, file), 'utf8').split('--> statement-breakpoint')) await t.db.orm.execute(sql.raw(part));
    }
    expect(await q(sql`SELECT name, name_ar, description, permissions FROM groups WHERE company_id = ${c!.id}`)).toEqual(made);
    expect(made).toHaveLength(1);
    await t.db.orm.execute(sql.raw(text));
    expect(await q(sql`SELECT count(*)::int AS n FROM groups WHERE company_id = ${c!.id}`)).toEqual([{ n: 1 }]);
  });
});
