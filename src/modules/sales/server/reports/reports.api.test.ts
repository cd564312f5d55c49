import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../../tests/support/test-app';
import { type SalesKit, salesApp } from '../sales.test-kit';
import { groupedReport } from './grouped';
import { productAggSql, productLabels, productSalesSpec } from './product-sales.report';
import { parseSalesParams, salesFilters } from './report-params';
import { pdfText } from '../../../../core/documents/pdf-read.test-kit';
import { reportHeading } from '../../../../core/http/report-heading';
import { displayFormat } from '../../../../core/i18n/format';
import { ctxOf } from '../../../../../tests/support/ctx';

/**
 * Every sales report against a brute-force computation over the same rows (sales_order_lines joined with their
 * orders, in JS), both languages; sales_product_months against the lines after confirms, a cancel-free path and a
 * draft edit; bad filters (400/422 in the caller's language); the three downloads.
 */
let t: TestApp;
let k: SalesKit;
let ar: Client;
let p: Record<string, number>;
let other: number;
let sub: number;
let vendor: number;

const D = (v: unknown) => new Decimal(String(v ?? 0));
const get = async (path: string, c?: Client) => { const r = await (c ?? t.admin).get(path); expect(r.statusCode, r.body).toBe(200); return r.json(); };
interface Line { order_id: number; customer_id: number; salesperson_id: number | null; product_id: number; order_date: string; base_quantity: string; subtotal: string; status: string; category_id: number }
const counted = async (): Promise<Line[]> => k.q<Line>(sql`SELECT l.order_id, l.customer_id, l.salesperson_id, l.product_id, l.order_date::text, l.base_quantity::text, l.subtotal::text, o.status, pr.category_id
  FROM sales_order_lines l JOIN sales_orders o ON o.id = l.order_id JOIN products pr ON pr.id = l.product_id WHERE o.status IN ('confirmed', 'completed')`);
const month = (d: string) => `${d.slice(0, 7)}-01`;

beforeAll(async () => {
  ({ t, k, ar } = await salesApp());
  sub = (await t.admin.post('/api/inventory/categories', { name: 'Juices', nameAr: 'عصائر', parentId: k.categoryId })).json().id;
  p = { juice: await k.product('Juice', '10', '500', '4'), water: await k.product('Water', '2', '900', '1'), cola: await k.product('Cola', '3', '500', '1') };
  await t.admin.patch(`/api/inventory/products/${p.juice}`, { version: (await get(`/api/inventory/products/${p.juice}`)).version, categoryId: sub });
  other = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Khalid', nameAr: 'خالد', isCustomer: true })).json().id;
  vendor = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Supplier Co', nameAr: 'شركة المورد', isVendor: true })).json().id;
  const me = (await get('/api/auth/me')).user.id;
  const sp = (await t.admin.post('/api/sales/salespersons', { userId: me, salesTarget: '1000' })).json().id;
  const plan: [string, number, [string, string, string?][], string][] = [
    ['2026-01-15', k.customer, [['juice', '3'], ['water', '10']], 'confirm'],
    ['2026-01-31', other, [['cola', '4'], ['juice', '1'], ['juice', '2', '9.5']], 'pay'],
    ['2026-02-10', k.customer, [['water', '24'], ['cola', '1']], 'confirm'],
    ['2026-02-11', other, [['juice', '7']], 'draft'],
    ['2026-03-05', other, [['water', '5'], ['cola', '6']], 'confirm'],
    ['2026-03-20', k.customer, [['juice', '2']], 'cancel'],
    ['2026-03-25', k.customer, [['juice', '5'], ['cola', '2']], 'confirm'],
  ];
  for (const [i, [date, customerId, items, end]] of plan.entries()) {
    const o = await k.order({ orderDate: date, customerId, salespersonId: i % 2 ? sp : undefined, discount: i === 2 ? '1.5' : '0',
      items: items.map(([n, q, price]) => ({ productId: p[n], quantity: q, ...(price ? { price } : {}) })) });
    if (end === 'confirm' || end === 'pay') expect((await t.admin.post(`/api/sales/orders/${o.id}/confirm`, {})).statusCode).toBe(200);
    if (end === 'pay') expect((await t.admin.post(`/api/sales/orders/${o.id}/pay`, { amount: '5' })).statusCode).toBe(200);
    if (end === 'cancel') expect((await t.admin.post(`/api/sales/orders/${o.id}/cancel`, {})).statusCode).toBe(200);
  }
  const inv = (await t.admin.post('/api/accounting/invoices', { type: 'PURCHASE', partnerId: vendor, date: '2026-02-03', lines: [{ quantity: '2', unitPrice: '50' }] })).json();
  expect((await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {})).statusCode).toBe(200);
});
afterAll(async () => { await t?.close(); });

describe('sales reports equal brute force', () => {
  it('keeps sales_product_months equal to the counted lines', async () => {
    const want = new Map<string, { q: Decimal; a: Decimal; o: Set<number> }>();
    for (const l of await counted()) {
      const key = `${l.product_id}:${month(l.order_date)}`;
      const e = want.get(key) ?? { q: D(0), a: D(0), o: new Set<number>() };
      want.set(key, { q: e.q.plus(l.base_quantity), a: e.a.plus(l.subtotal), o: e.o.add(l.order_id) });
    }
    const have = await k.q<{ k: string; q: string; a: string; o: number }>(sql`SELECT product_id || ':' || month::text AS k, quantity::text AS q, amount::text AS a, orders AS o FROM sales_product_months WHERE quantity <> 0`);
    expect(have.length).toBe(want.size);
    for (const h of have) expect([D(h.q).toString(), D(h.a).toString(), h.o]).toEqual([want.get(h.k)!.q.toString(), want.get(h.k)!.a.toString(), want.get(h.k)!.o.size]);
  });

  const productCases = [
    ['whole months by month', 'from=2026-01-01&to=2026-03-31&period=monthly', () => true],
    ['edge days and a whole month', 'from=2026-01-20&to=2026-03-10&period=monthly', (l: Line) => l.order_date >= '2026-01-20' && l.order_date <= '2026-03-10'],
    ['one customer by week', `from=2026-01-01&to=2026-03-31&period=weekly&customerId=OTHER`, (l: Line) => l.customer_id === other],
    ['a category with its sub-categories', 'from=2026-01-01&to=2026-03-31&categoryId=CAT', () => true],
  ] as const;
  for (const [what, query, keep] of productCases) {
    it(`product sales: ${what}`, async () => {
      const q = query.replace('OTHER', String(other)).replace('CAT', String(k.categoryId));
      const r = await get(`/api/sales/reports/product-sales?${q}&pageSize=1000`);
      const lines = (await counted()).filter(keep);
      const by = new Map<number, { q: Decimal; a: Decimal; o: Set<number>; m: Map<string, Decimal> }>();
      for (const l of lines) {
        const e = by.get(l.product_id) ?? { q: D(0), a: D(0), o: new Set<number>(), m: new Map() };
        e.q = e.q.plus(l.base_quantity); e.a = e.a.plus(l.subtotal); e.o.add(l.order_id); by.set(l.product_id, e);
      }
      expect(r.rows.length).toBe(by.size);
      for (const row of r.rows) {
        const w = by.get(row.key)!;
        expect([row.quantity, row.amount, Number(row.orders)]).toEqual([w.q.toFixed(6), w.a.toFixed(2), w.o.size]);
      }
      expect(r.totals.amount).toBe(lines.reduce((a, l) => a.plus(l.subtotal), D(0)).toFixed(2));
      const periodCols = r.columns.filter((c: { key: string }) => /^p\d+$/.test(c.key));
      if (q.includes('period=')) expect(periodCols.reduce((a: Decimal, c: { key: string }) => a.plus(r.totals[c.key]), D(0)).toFixed(2)).toBe(r.totals.amount);
      if (q.includes('period=monthly')) expect(r.summary.chart.length).toBe(periodCols.length);
    });
  }

  it('customer sales, sales summary, salesperson: the counted orders per customer, month and salesperson', async () => {
    const orders = await k.q<{ id: number; customer_id: number; salesperson_id: number | null; order_date: string; total: string; paid: string; due: string; discount: string }>(sql`
      SELECT id, customer_id, salesperson_id, order_date::text, total_amount::text AS total, paid_amount::text AS paid, due_amount::text AS due, discount::text FROM sales_orders WHERE status IN ('confirmed', 'completed')`);
    const sum = (xs: typeof orders, f: 'total' | 'paid' | 'due' | 'discount') => xs.reduce((a, o) => a.plus(o[f]), D(0)).toFixed(2);
    const cs = await get('/api/sales/reports/customer-sales?from=2026-01-01&to=2026-12-31');
    for (const row of cs.rows) {
      const mine = orders.filter((o) => o.customer_id === row.key);
      expect([Number(row.orders), row.total, row.paid, row.due, row.discount]).toEqual([mine.length, sum(mine, 'total'), sum(mine, 'paid'), sum(mine, 'due'), sum(mine, 'discount')]);
    }
    expect(cs.totals.total).toBe(sum(orders, 'total'));
    const top = await get('/api/sales/reports/customer-sales?from=2026-01-01&to=2026-12-31&top=1');
    expect(top.rows.length).toBe(1);
    expect(top.rows[0].total).toBe(cs.rows[0].total);
    const ss = await get('/api/sales/reports/sales-summary?from=2026-01-01&to=2026-03-31&period=monthly');
    expect(ss.rows.map((r: Record<string, string>) => r.total)).toEqual(['2026-01', '2026-02', '2026-03'].map((m) => sum(orders.filter((o) => o.order_date.startsWith(m)), 'total')));
    const sp = await get('/api/sales/reports/salesperson?from=2026-01-01&to=2026-12-31');
    const withSp = orders.filter((o) => o.salesperson_id);
    const row = sp.rows.find((r: Record<string, unknown>) => r.key !== 0);
    expect([Number(row.orders), row.total, row.target]).toEqual([withSp.length, sum(withSp, 'total'), '1000.00']);
    expect(row.progress).toBe(D(sum(withSp, 'total')).times(100).div(1000).toFixed(2));
  });

  it('sales analysis per category; sales orders with min, max and Top N', async () => {
    const lines = await counted();
    const sa = await get('/api/sales/reports/sales-analysis?from=2026-01-01&to=2026-12-31&period=quarterly');
    for (const row of sa.rows) expect(row.amount).toBe(lines.filter((l) => l.category_id === row.key).reduce((a, l) => a.plus(l.subtotal), D(0)).toFixed(2));
    const orders = await k.q<{ total: string }>(sql`SELECT total_amount::text AS total FROM sales_orders WHERE status IN ('confirmed', 'completed') ORDER BY total_amount DESC`);
    const so = await get('/api/sales/reports/sales-order?from=2026-01-01&to=2026-12-31');
    expect([so.page.total, so.totals.total]).toEqual([orders.length, orders.reduce((a, o) => a.plus(o.total), D(0)).toFixed(2)]);
    const band = await get('/api/sales/reports/sales-order?from=2026-01-01&to=2026-12-31&minAmount=20&maxAmount=50');
    expect(band.page.total).toBe(orders.filter((o) => D(o.total).gte(20) && D(o.total).lte(50)).length);
    const top2 = await get('/api/sales/reports/sales-order?from=2026-01-01&to=2026-12-31&top=2');
    expect(top2.rows.map((r: Record<string, string>) => r.total).sort()).toEqual(orders.slice(0, 2).map((o) => D(o.total).toFixed(2)).sort());
  });

  it('customer statement: closes at what the customer owes; purchase analysis reads the posted purchase invoice; expense analysis is empty', async () => {
    const due = await k.q<{ due: string }>(sql`SELECT coalesce(sum(due_amount), 0)::text AS due FROM sales_orders WHERE customer_id = ${other} AND status IN ('confirmed', 'completed')`);
    const st = await get(`/api/sales/reports/customer-statement?from=2026-01-01&to=2026-12-31&customerId=${other}`);
    expect(st.summary.closing).toBe(D(due[0]!.due).toFixed(2));
    const late = await get(`/api/sales/reports/customer-statement?from=2026-02-01&to=2026-12-31&customerId=${other}`);
    expect(late.summary.closing).toBe(st.summary.closing);
    expect(D(late.summary.opening).plus(late.summary.debit).minus(late.summary.credit).toFixed(2)).toBe(late.summary.closing);
    const pa = await get('/api/sales/reports/purchase-analysis?from=2026-01-01&to=2026-12-31&period=monthly');
    expect(pa.rows).toMatchObject([{ key: vendor, vendor: 'Supplier Co', invoices: '1', total: '100.00' }]);
    expect((await get('/api/sales/reports/purchase-analysis?from=2026-01-01&to=2026-12-31', ar)).rows[0].vendor).toBe('شركة المورد');
    const ea = await get('/api/sales/reports/expense-analysis?from=2026-01-01&to=2026-12-31');
    expect([ea.rows, ea.totals.total]).toEqual([[], '0.00']);
  });

  it('labels in both languages', async () => {
    const en = await get('/api/sales/reports/product-sales?from=2026-01-01&to=2026-03-31&period=quarterly');
    const a = await get('/api/sales/reports/product-sales?from=2026-01-01&to=2026-03-31&period=quarterly', ar);
    expect([en.title.en, a.title.ar]).toEqual(['Product sales', 'مبيعات المنتجات']);
    expect(a.totals.sku).toBe('الإجمالي');
    expect(a.columns.map((c: { label: { ar: string } }) => c.label.ar)).toContain('الربع الأول 2026');
    expect((await get('/api/sales/reports/sales-analysis?from=2026-01-01&to=2026-03-31', ar)).rows.map((r: { category: string }) => r.category)).toContain('عصائر');
  });
});

describe('product sales in one statement equals grouped.ts over the same aggregate rows', () => {
  const queries = ['from=2026-01-01&to=2026-03-31&period=monthly', 'from=2026-01-20&to=2026-03-10&period=monthly&pageSize=2&page=2',
    'from=2026-01-01&to=2026-12-31&top=2', 'from=2026-01-01&to=2026-03-31&minAmount=10&maxAmount=60&period=quarterly',
    'from=2026-01-01&to=2026-03-31&period=weekly&customerId=OTHER', 'from=2026-01-01&to=2026-03-31&pageSize=1', 'from=2026-01-01&to=2026-03-31&period=yearly&categoryId=SUB'];
  for (const query of queries) {
    it(query, async () => {
      const q = query.replace('OTHER', String(other)).replace('SUB', String(sub));
      for (const [c, locale] of [[t.admin, 'en'], [ar, 'ar']] as const) {
        const api = await get(`/api/sales/reports/product-sales?${q}`, c);
        const ctx = { ...k.ctx, locale };
        const prm = parseSalesParams(Object.fromEntries(new URLSearchParams(q)), '2026-12-31');
        const from = prm.from!;
        const aggs = await k.q<{ k: number; b: string | null }>(sql`SELECT a.k, a.b::text AS b, lab.sku, lab.product, lab.category, a.quantity::text AS quantity, a.amount::text AS amount, a.orders::text AS orders
          FROM (${productAggSql(k.ctx.companyId, prm, from)}) a JOIN ${productLabels(ctx)} lab ON lab.k = a.k`);
        const want = JSON.parse(JSON.stringify(groupedReport(ctx, prm, from, aggs, productSalesSpec(ctx, 'product-sales', api.title))));
        expect({ columns: api.columns, rows: api.rows, totals: api.totals, summary: api.summary, page: api.page })
          .toEqual({ columns: want.columns, rows: want.rows, totals: want.totals, summary: want.summary, page: want.page });
        expect(api.rows.length).toBeGreaterThan(0);
      }
    });
  }
});

describe('bad filters', () => {
  const cases: [string, number, string, string][] = [
    ['from=2026-03-01&to=2026-01-01', 400, 'Invalid report parameter From', 'معامل تقرير غير صالح من'],
    ['from=2026-02-30', 400, 'From is not a valid date', ''],
    ['minAmount=50&maxAmount=10', 400, 'Min amount cannot be greater than max amount', 'لا يمكن أن يكون الحد الأدنى للمبلغ أكبر من الحد الأقصى'],
    ['minAmount=-1', 400, 'Invalid report parameter Min amount', 'معامل تقرير غير صالح الحد الأدنى للمبلغ'],
    ['top=0', 400, 'Invalid report parameter Top N', 'معامل تقرير غير صالح أعلى (عدد)'],
    ['customerId=999999', 422, 'Customer not found', 'لم يُعثر على العميل'],
    ['salespersonId=999999', 422, 'Salesperson not found', 'لم يُعثر على مندوب المبيعات'],
    ['categoryId=999999', 422, 'Category not found', 'لم يُعثر على الفئة'],
  ];
  for (const [q, status, en, arMsg] of cases) {
    it(`${q} -> ${status}`, async () => {
      const e = await t.admin.get(`/api/sales/reports/product-sales?${q}`);
      expect(e.statusCode).toBe(status);
      if (!en.includes('valid date')) expect(e.json().error.message).toBe(en);
      const a = await ar.get(`/api/sales/reports/product-sales?${q}`);
      expect(a.statusCode).toBe(status);
      if (arMsg) expect(a.json().error.message).toBe(arMsg);
    });
  }
  it('the customer statement without a customer has no rows; an unknown report is a 404', async () => {
    expect((await get('/api/sales/reports/customer-statement', ar)).rows).toEqual([]);
    expect((await t.admin.get('/api/sales/reports/no-such-report')).statusCode).toBe(404);
  });
});

describe('downloads', () => {
  it('Excel, PDF and the combined two-sheet workbook, in Arabic', async () => {
    const x = await ar.get('/api/sales/reports/product-sales?from=2026-01-01&to=2026-03-31&period=monthly&format=xlsx');
    expect([x.statusCode, x.headers['content-type']]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    const { default: Excel } = await import('exceljs');
    const wb = new Excel.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.name).toBe('مبيعات المنتجات');
    const c = await ar.get('/api/sales/reports/combined.xlsx?from=2026-01-01&to=2026-03-31');
    const wb2 = new Excel.Workbook();
    await wb2.xlsx.load(c.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets.map((w) => w.name)).toEqual(['مبيعات المنتجات', 'مبيعات العملاء']);
    const pdf = await ar.get('/api/sales/reports/customer-sales?from=2026-01-01&to=2026-03-31&format=pdf');
    expect([pdf.statusCode, pdf.rawPayload.subarray(0, 4).toString()]).toEqual([200, '%PDF']);
  });
});

describe('what a PDF names under its title', () => {
  it('the company and the filters its report applies, each by name, in the reader\'s language', async () => {
    const [co] = await k.q<{ en: string; ar: string }>(sql`SELECT name_en AS en, name_ar AS ar FROM companies WHERE id = (SELECT company_id FROM contacts WHERE id = ${other})`);
    const text = async (path: string) => {
      const r = await t.admin.get(path);
      expect(r.statusCode, r.body).toBe(200);
      return pdfText(r.rawPayload).replace(/\s+/g, ' ');
    };
    // the statement names its customer; the Top N it does not apply is not named
    const statement = await text(`/api/sales/reports/customer-statement?from=2026-01-01&to=2026-03-31&customerId=${other}&top=10&format=pdf`);
    expect(statement).toContain(co!.en);
    expect(statement).toContain('Customer: Khalid');
    expect(statement).not.toContain('Top N');
    const products = await text(`/api/sales/reports/product-sales?from=2026-01-01&to=2026-03-31&top=10&minAmount=5&categoryId=${sub}&format=pdf`);
    expect(products).toContain('Top N: 10');
    expect(products).toContain('Min amount: 5.00');
    expect(products).toContain('Category: Juices');
    expect(products).not.toContain('Customer:');
    expect(await text(`/api/sales/reports/purchase-analysis?from=2026-01-01&to=2026-03-31&customerId=${vendor}&format=pdf`)).toContain('Vendor: Supplier Co');
    // in Arabic: the Arabic names (the PDF's own text is read back letter by letter, so the heading is checked as built)
    const ctx = await ctxOf(t, t.admin, 'ar');
    const heading = await reportHeading(t.db.orm, ctx, salesFilters(parseSalesParams({ customerId: String(other), categoryId: String(sub) }, '2026-03-31'), 'customer-statement'), displayFormat('ar'));
    expect(heading).toEqual({ company: co!.ar || co!.en, filters: ['العميل: خالد', 'الفئة: عصائر'] });
  });
});
