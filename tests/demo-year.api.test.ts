import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './support/test-app';
import { verifyLedger } from '../src/modules/accounting';
import { REPORTS } from '../src/modules/accounting/server/reports/reports.routes';
import { INVENTORY_REPORTS } from '../src/modules/inventory/server/reports/reports.routes';
import { verifyStock } from '../src/modules/inventory';

/**
 * A fresh demo company holds a year of business (each module's server/demo.ts, inventory's demo-year.ts): the
 * inventory dashboard and every report show something on first open, and the books and the stock it made agree.
 */
let t: TestApp;
let companyId: number;
beforeAll(async () => {
  t = await testApp({ demo: true });
  companyId = (await t.admin.get('/api/admin/companies/current')).json().id;
});
afterAll(async () => { await t?.close(); });

const json = async (url: string) => {
  const res = await t.admin.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const hasMoney = (rows: Record<string, unknown>[]) => rows.some((r) => Object.values(r).some((v) => typeof v === 'string' && /^-?\d+\.\d+$/.test(v) && Number(v) !== 0));

describe('the demo year', () => {
  it('has a wholesale price list whose items price an order: a fixed price from a quantity, a category discount', async () => {
    const lists = (await json('/api/sales/price-lists?pageSize=50')).items as { id: number; name: string; nameAr: string | null; isDefault: boolean; items: unknown[] }[];
    const wholesale = lists.find((l) => l.name === 'Wholesale' && l.nameAr === 'الجملة');
    expect(wholesale).toMatchObject({ isDefault: false });
    expect(wholesale!.items).toHaveLength(3);
    const products = (await json('/api/inventory/products?pageSize=50')).items as { id: number; name: string }[];
    const id = (name: string) => products.find((p) => p.name === name)!.id;
    const quote = async (productId: number, quantity: string) => {
      const r = await t.admin.post('/api/sales/orders/quote', { orderDate: '2026-06-01', priceListId: wholesale!.id, items: [{ productId, quantity, taxId: null }] });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().items[0].price as string;
    };
    // water: 16.50 listed, 14.50 from 20 cartons; a stapler (office supplies): 24.00 listed, 10% off from 10
    expect(Number(await quote(id('Mineral water (carton)'), '19'))).toBe(16.5);
    expect(Number(await quote(id('Mineral water (carton)'), '20'))).toBe(14.5);
    expect(Number(await quote(id('Stapler'), '9'))).toBe(24);
    expect(Number(await quote(id('Stapler'), '10'))).toBe(21.6);
  });

  it('has documents in each of the last twelve months', async () => {
    const inv = (await json('/api/accounting/invoices?pageSize=100&sort=date')).items as { date: string; status: string }[];
    const months = new Set(inv.map((i) => i.date.slice(0, 7)));
    expect(months.size).toBe(12);
    expect(inv.some((i) => i.status === 'PAID')).toBe(true);
    expect(inv.some((i) => i.status === 'CONFIRMED')).toBe(true);
    for (const path of ['inventory/receipts', 'inventory/deliveries', 'inventory/transfers', 'inventory/scraps', 'inventory/stock-adjustments', 'accounting/journal-entries', 'accounting/beginning-balances'])
      expect((await json(`/api/${path}`)).total, path).toBeGreaterThan(0);
  });

  it('shows a full inventory dashboard', async () => {
    const d = await json('/api/inventory/dashboard');
    const empty = Object.entries(d).filter(([, v]) => v === null || (Array.isArray(v) && v.length === 0) || v === 0 || v === '0' || v === '0.0000');
    expect(empty.map(([k]) => k)).toEqual([]);
  });

  it('fills every accounting report with amounts', async () => {
    for (const r of REPORTS) {
      const body = await json(`/api/accounting/reports/${r.name}`);
      expect(body.rows.length, r.name).toBeGreaterThan(0);
      expect(hasMoney(body.rows), r.name).toBe(true);
    }
  });

  it('fills every inventory report', async () => {
    for (const r of INVENTORY_REPORTS) expect((await json(`/api/inventory/reports/${r.name}`)).rows.length, r.name).toBeGreaterThan(0);
  });

  it('is a modestly profitable year: income above expenses, sales above their cost', async () => {
    const r = await t.db.orm.execute(sql`SELECT
      coalesce(sum(CASE WHEN a.code LIKE '4%' THEN l.credit - l.debit END), 0)::numeric AS income,
      coalesce(sum(CASE WHEN a.code LIKE '5%' THEN l.debit - l.credit END), 0)::numeric AS expenses,
      coalesce(sum(CASE WHEN a.code = '5101' THEN l.debit - l.credit END), 0)::numeric AS cogs
      FROM journal_lines l JOIN accounts a ON a.id = l.account_id WHERE a.company_id = ${companyId}`);
    const { income, expenses, cogs } = r.rows[0] as { income: string; expenses: string; cogs: string };
    expect(Number(income)).toBeGreaterThan(Number(expenses));
    expect(Number(cogs)).toBeGreaterThan(0);
  });

  it('leaves the ledger and the stock consistent', async () => {
    expect((await verifyLedger(t.db.orm, companyId)).problems).toEqual([]);
    expect(await verifyStock(t.db.orm, companyId)).toEqual([]);
  });
});

describe('the demo year of sales', () => {
  it('has confirmed sales orders over the year and every sales report but expense analysis shows them', async () => {
    const r = await t.db.orm.execute(sql`SELECT count(*)::int AS n, count(DISTINCT date_trunc('month', order_date))::int AS months
      FROM sales_orders WHERE company_id = ${companyId} AND status IN ('confirmed', 'completed')`);
    const { n, months } = r.rows[0] as { n: number; months: number };
    expect(n).toBeGreaterThanOrEqual(24);
    expect(months).toBeGreaterThanOrEqual(10);
    const { SALES_REPORTS } = await import('../src/modules/sales/server/reports/reports.routes');
    const customer = (await t.db.orm.execute(sql`SELECT customer_id AS id FROM sales_orders WHERE company_id = ${companyId} AND status = 'confirmed' LIMIT 1`)).rows[0] as { id: number };
    const from = (await t.db.orm.execute(sql`SELECT min(order_date)::text AS d FROM sales_orders WHERE company_id = ${companyId}`)).rows[0] as { d: string };
    for (const rep of SALES_REPORTS.filter((x) => x.name !== 'expense-analysis')) {
      const data = await json(`/api/sales/reports/${rep.name}?from=${from.d}&period=monthly${rep.name === 'customer-statement' ? `&customerId=${customer.id}` : ''}`);
      expect(hasMoney(data.rows), rep.name).toBe(true);
    }
  });
});
