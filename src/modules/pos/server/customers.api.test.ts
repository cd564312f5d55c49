import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { loadExceljs } from '../../../core/documents/exceljs';
import { customers } from '../model/customer.preset';
import { CASHIER_PERMISSIONS } from './cashier';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * Customers (/pos/customers): the contacts with the customer role, each with its balance, i.e. what it owes on the
 * receivable accounts: raised by a sale on credit at the till, lowered by a payment, equal to the invoice's due and
 * to the customer statement; the list forced to customers, searched by the new fields, exported with the balance,
 * its balances read by ONE statement for a page of 200; the new fields validated in both languages; a cashier
 * creating a customer from the till (name and phone).
 */
let t: TestApp;
let k: PosKit;
let ar: Client;
beforeAll(async () => { ({ t, k, ar } = await posApp()); }, 120_000);
afterAll(async () => { await t?.close(); });

const list = async (c: Client, q = '') => {
  const r = await c.get(`/api/pos/customers${q}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { items: Record<string, any>[]; total: number };
};
const balanceOf = async (id: number) => (await t.admin.get(`/api/pos/customers/${id}/balance`)).json().balance as string;

describe('customers and their balance', () => {
  let gulf = 0;
  let order: Record<string, any>;
  it('a sale on credit raises the balance, a payment lowers it: the invoice\'s due and the statement\'s closing figure', async () => {
    const created = await t.admin.post('/api/contacts/contacts', {
      kind: 'company', name: 'Gulf Bakery', nameAr: 'مخبز الخليج', organizationName: 'Gulf Bakery Holding', area: 'Al Malaz', phone: '0551112222', isCustomer: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ organizationName: 'Gulf Bakery Holding', area: 'Al Malaz', kind: 'company' });
    gulf = created.json().id;
    expect(await balanceOf(gulf)).toBe('0.0000');

    const p = await k.product('Flour sack', '40', '10');
    const s = await k.session();
    const sale = await t.admin.post('/api/pos/sales', { sessionId: s.id, customerId: gulf, lines: [{ productId: p, quantity: '2' }], payments: [{ method: 'cash', amount: '30' }, { method: 'credit', amount: '50' }] });
    expect(sale.statusCode, sale.body).toBe(201);
    order = sale.json().order;
    expect(await balanceOf(gulf)).toBe('50.0000');

    const paid = await t.admin.post(`/api/sales/orders/${order.id}/pay`, { amount: '20' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balanceOf(gulf)).toBe('30.0000');
    const invoice = (await t.admin.get(`/api/accounting/invoices/${order.invoiceId}`)).json();
    expect(invoice.dueAmount).toBe('30.0000');
    const statement = (await t.admin.get(`/api/sales/reports/customer-statement?customerId=${gulf}&from=2000-01-01&to=2100-12-31`)).json();
    expect(statement.summary.closing).toBe('30.00');
  });

  it('lists the customers only (a filter cannot widen it), each with its balance, searched by organization and area, in both languages', async () => {
    await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Flour Mills Co', isVendor: true });
    const all = await list(t.admin, '?pageSize=200');
    expect(all.items.every((r) => r.isCustomer === true)).toBe(true);
    expect(all.items.map((r) => r.name)).not.toContain('Flour Mills Co');
    expect(all.items.find((r) => r.id === gulf)).toMatchObject({ balance: '30.0000', area: 'Al Malaz' });
    expect(all.items.find((r) => r.id === k.customer)).toMatchObject({ balance: '0.0000' });
    const widened = await list(t.admin, '?pageSize=200&filter[isCustomer]=false');
    expect(widened.items.map((r) => r.id).sort()).toEqual(all.items.map((r) => r.id).sort());
    for (const q of ['holding', 'al malaz', 'مخبز']) expect((await list(ar, `?search=${encodeURIComponent(q)}`)).items.map((r) => r.id), q).toEqual([gulf]);
    expect((await list(t.admin, '?sort=area')).items[0]!.id).toBe(gulf);
    expect((await t.admin.get('/api/pos/customers?sort=balance')).statusCode).toBe(200);
    expect((await t.admin.get('/api/pos/customers/999999/balance')).statusCode).toBe(404);
  });

  it('exports the customers with their balances', async () => {
    const r = await ar.get('/api/pos/customers/export.xlsx?search=' + encodeURIComponent('الخليج'));
    expect(r.statusCode).toBe(200);
    const Excel = await loadExceljs();
    const wb = new Excel.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('العملاء');
    const head = (ws.getRow(1).values as unknown[]).slice(1);
    expect(head).toEqual(['الاسم', 'الاسم بالعربية', 'اسم المنشأة', 'نوع العميل', 'المنطقة', 'الهاتف', 'الرصيد']);
    expect(Object.keys(customers.def.fields).slice(0, 7)).toEqual(customers.def.list.columns);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(['Gulf Bakery', 'مخبز الخليج', 'Gulf Bakery Holding', 'شركة', 'Al Malaz', '0551112222', 30]);
    expect(ws.rowCount).toBe(2);
  });

  it('reads the balances of a page of 200 customers with one statement', async () => {
    const company = (await k.q<{ id: number }>(sql`SELECT company_id AS id FROM contacts WHERE id = ${gulf}`))[0]!.id;
    await k.q(sql`INSERT INTO contacts (company_id, kind, name, is_customer) SELECT ${company}, 'individual', 'Bulk customer ' || g, true FROM generate_series(1, 400) g`);
    const spy = vi.spyOn(t.db.orm, 'execute');
    try {
      const page = await list(t.admin, '?pageSize=200&search=bulk');
      expect(page.items).toHaveLength(200);
      expect(page.items.every((r) => r.balance === '0.0000')).toBe(true);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the customer fields', () => {
  it('refuses a too long organization name or area and an unknown customer type, in both languages, saving nothing', async () => {
    const before = (await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM contacts`))[0]!.n;
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ organizationName: 'x'.repeat(201) }, 'organizationName', 'Organization name', 'اسم المنشأة'],
      [{ area: 'x'.repeat(101) }, 'area', 'Area', 'المنطقة'],
      [{ kind: 'partnership' }, 'kind', 'Type', 'النوع'],
    ];
    for (const [bad, field, en, arLabel] of cases) {
      const body = { kind: 'individual', name: 'Someone', isCustomer: true, ...bad };
      const e = await t.admin.post('/api/contacts/contacts', body);
      expect(e.statusCode, field).toBe(422);
      expect(e.json().error.fields[field]).toContain(en);
      const a = await ar.post('/api/contacts/contacts', body);
      expect(a.statusCode, field).toBe(422);
      expect(a.json().error.fields[field]).toContain(arLabel);
    }
    const c = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Edited', isCustomer: true })).json();
    const p = await ar.patch(`/api/contacts/contacts/${c.id}`, { area: 'y'.repeat(101), version: c.version });
    expect(p.statusCode).toBe(422);
    expect((await t.admin.get(`/api/contacts/contacts/${c.id}`)).json()).toMatchObject({ area: null, version: 1 });
    expect((await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM contacts`))[0]!.n).toBe(before + 1);
  });

  it('a cashier creates a customer from the till with a name and a phone, and finds it in the list', async () => {
    const g = await t.admin.post('/api/admin/groups', { name: 'Till cashiers', permissions: CASHIER_PERMISSIONS });
    const u = await t.admin.post('/api/admin/users', { username: 'till-cashier', fullName: 'Till cashier', password: 'secret-pass-1', groups: [g.json().id] });
    expect(u.statusCode, u.body).toBe(201);
    const c = await t.login('till-cashier', 'secret-pass-1', 'ar');
    const made = await c.post('/api/contacts/contacts', { kind: 'individual', name: 'Huda', phone: '0509998877', isCustomer: true });
    expect(made.statusCode, made.body).toBe(201);
    expect((await list(c, '?search=huda')).items).toMatchObject([{ id: made.json().id, phone: '0509998877', balance: '0.0000' }]);
  });
});
