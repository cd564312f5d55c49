import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../../tests/support/test-app';
import { periodLabel } from '../../../../core/documents/period-label';
import { type Period, startOf } from '../../../../core/documents/report-params';
import { tr } from '../../../../core/i18n/locale';
import { ORDER_STATES, PAYMENT_STATUSES } from '../../model/enums';
import { type SalesKit, salesApp } from '../sales.test-kit';
import { type Agg, type GroupedSpec, groupedReport } from './grouped';
import { parseSalesParams } from './report-params';
import { srm } from './reports.messages';

/**
 * Every sales report aggregated in SQL (grouped-sql.ts, sales-order, customer-statement) against a brute force over
 * the same RANDOM sales (a seeded generator: orders across the year, customers, salespersons, discounts, part
 * payments, drafts and cancels; purchase and expense bills): the raw rows read back and summed in JS, then put
 * through grouped.ts, the node computation the statements replaced, so the answers must be equal to it, column for
 * column, for random periods (daily to yearly), Top N, min/max amounts, filters, pages and both languages.
 */
let t: TestApp;
let k: SalesKit;
let ar: Client;
const D = (v: unknown) => new Decimal(String(v ?? 0));
function rng(seed: number) { return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648); }
const rand = rng(20261127);
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const day = (from: number, span: number) => new Date(Date.UTC(2026, 0, 1 + from + Math.floor(rand() * span))).toISOString().slice(0, 10);

interface Order { id: number; customer_id: number; salesperson_id: number | null; order_date: string; status: string; payment_status: string; number: string;
  subtotal: string; discount: string; total: string; paid: string; due: string }
interface Line { order_id: number; product_id: number; customer_id: number; salesperson_id: number | null; order_date: string; base_quantity: string; subtotal: string }
let customers: number[] = [];
let vendors: number[] = [];
let sps: number[] = [];
let products: number[] = [];
let cats: { id: number; parent_id: number | null; name: string; name_ar: string | null }[] = [];

beforeAll(async () => {
  ({ t, k, ar } = await salesApp());
  const snacks = (await t.admin.post('/api/inventory/categories', { name: 'Snacks', nameAr: 'وجبات خفيفة' })).json().id;
  const juices = (await t.admin.post('/api/inventory/categories', { name: 'Juices', nameAr: 'عصائر', parentId: k.categoryId })).json().id;
  for (const [i, [name, price]] of ([['Juice', '7.25'], ['Water', '1.5'], ['Chips', '3.75'], ['Cola', '2.9'], ['Nuts', '12']] as const).entries()) {
    const id = await k.product(name, price, '100000');
    const cat = [juices, k.categoryId, snacks, k.categoryId, snacks][i]!;
    const cur = (await t.admin.get(`/api/inventory/products/${id}`)).json();
    expect((await t.admin.patch(`/api/inventory/products/${id}`, { version: cur.version, categoryId: cat })).statusCode).toBe(200);
    products.push(id);
  }
  customers = [k.customer];
  for (const [name, nameAr, phone] of [['Khalid', 'خالد', '0501110001'], ['Huda', 'هدى', '0501110002'], ['Rami', '', '0501110003'], ['Salma', 'سلمى', null]])
    customers.push((await t.admin.post('/api/contacts/contacts', { kind: 'individual', name, nameAr, phone, isCustomer: true })).json().id);
  for (const name of ['Supplier One', 'Landlord'])
    vendors.push((await t.admin.post('/api/contacts/contacts', { kind: 'company', name, nameAr: `مورد ${name}`, isVendor: true })).json().id);
  const me = (await t.admin.get('/api/auth/me')).json().user.id;
  const other = (await t.admin.post('/api/admin/users', { username: 'rep2', fullName: 'Second Rep', password: 'secret-pass-1' })).json().id;
  sps = [(await t.admin.post('/api/sales/salespersons', { userId: me, salesTarget: '2500' })).json().id, (await t.admin.post('/api/sales/salespersons', { userId: other })).json().id];
  for (let i = 0; i < 36; i++) {
    const items = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => ({ productId: pick(products), quantity: String(1 + Math.floor(rand() * 9)),
      ...(rand() < 0.2 ? { price: (1 + rand() * 20).toFixed(2) } : {}) }));
    const o = await k.order({ orderDate: day(0, 320), customerId: pick(customers), salespersonId: rand() < 0.7 ? pick(sps) : undefined,
      discount: rand() < 0.3 ? (rand() * 3).toFixed(2) : '0', items });
    const end = rand();
    if (end < 0.1) continue; // a draft
    if (end < 0.18) { expect((await t.admin.post(`/api/sales/orders/${o.id}/cancel`, {})).statusCode).toBe(200); continue; }
    const c = await t.admin.post(`/api/sales/orders/${o.id}/confirm`, {});
    expect(c.statusCode, c.body).toBe(200);
    if (end > 0.5) {
      const amount = end > 0.8 ? c.json().dueAmount : D(c.json().dueAmount).times(rand()).toFixed(2);
      if (D(amount).gt(0)) expect((await t.admin.post(`/api/sales/orders/${o.id}/pay`, { amount })).statusCode).toBe(200);
    }
  }
  const acc = (await t.admin.get('/api/accounting/accounts?search=5103')).json().items[0].id;
  for (let i = 0; i < 14; i++) {
    const type = i % 2 ? 'PURCHASE' : 'EXPENSE';
    const inv = await t.admin.post('/api/accounting/invoices', { type, partnerId: pick(vendors), date: day(0, 320),
      lines: [{ description: 'Goods', quantity: String(1 + Math.floor(rand() * 4)), unitPrice: (10 + rand() * 200).toFixed(2), ...(type === 'EXPENSE' ? { accountId: acc } : {}) }] });
    expect(inv.statusCode, inv.body).toBe(201);
    if (i !== 3) expect((await t.admin.post(`/api/accounting/invoices/${inv.json().id}/confirm`, {})).statusCode).toBe(200);
  }
  cats = await k.q(sql`SELECT id, parent_id, name, name_ar FROM product_categories WHERE company_id = ${k.ctx.companyId}`);
}, 300_000);
afterAll(async () => { await t?.close(); });

/** Random parameters: a range fitting the period (at most 60 periods), Top N, a band, filters, a page. */
function randomQuery(opts: { filters?: boolean } = {}): Record<string, string> {
  const period = pick([null, 'daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const);
  const span = period === 'daily' ? 55 : period === 'weekly' ? 300 : 365;
  const a = day(0, 330);
  const b = new Date(Math.min(Date.parse(`${a}T00:00:00Z`) + Math.floor(rand() * span) * 86_400_000, Date.parse('2026-12-31T00:00:00Z'))).toISOString().slice(0, 10);
  const q: Record<string, string> = { from: a < '2026-01-20' && rand() < 0.5 ? '2026-01-01' : a, to: b, pageSize: String(pick([2, 3, 5, 50])), page: String(pick([1, 1, 2, 3])) };
  if (period) q.period = period;
  if (rand() < 0.4) q.top = String(1 + Math.floor(rand() * 5));
  const lo = rand() < 0.3 ? (rand() * 60).toFixed(2) : null;
  const hi = rand() < 0.3 ? (Number(lo ?? 0) + rand() * 400).toFixed(2) : null;
  if (lo) q.minAmount = lo;
  if (hi) q.maxAmount = hi;
  if (opts.filters !== false) {
    if (rand() < 0.2) q.customerId = String(pick(customers));
    if (rand() < 0.15) q.salespersonId = String(pick(sps));
    if (rand() < 0.15) q.productId = String(pick(products));
    else if (rand() < 0.15) q.categoryId = String(pick(cats).id);
  }
  return q;
}

const within = (root: number): Set<number> => {
  const out = new Set([root]);
  for (let grew = true; grew;) { grew = false; for (const c of cats) if (c.parent_id && out.has(c.parent_id) && !out.has(c.id)) { out.add(c.id); grew = true; } }
  return out;
};
async function raw() {
  const orders = await k.q<Order>(sql`SELECT id, customer_id, salesperson_id, order_date::text, status, payment_status, number, subtotal::text, discount::text,
    total_amount::text AS total, paid_amount::text AS paid, due_amount::text AS due FROM sales_orders WHERE status IN ('confirmed', 'completed')`);
  const lines = await k.q<Line>(sql`SELECT order_id, product_id, customer_id, salesperson_id, order_date::text, base_quantity::text, subtotal::text FROM sales_order_lines`);
  const prods = new Map((await k.q<{ id: number; category_id: number }>(sql`SELECT id, category_id FROM products`)).map((x) => [x.id, x.category_id]));
  const names = new Map((await k.q<{ id: number; name: string; name_ar: string | null; phone: string | null }>(sql`SELECT id, name, name_ar, phone FROM contacts`)).map((x) => [x.id, x]));
  return { orders, lines: lines.filter((l) => orders.some((o) => o.id === l.order_id)), prods, names };
}
const nameOf = (x: { name: string; name_ar: string | null } | undefined, locale: 'en' | 'ar') => (locale === 'ar' && x?.name_ar ? x.name_ar : x?.name ?? '');

/** The orders and lines the report's filters keep (grouped.ts's caller's SQL, in JS). */
function kept(r: Awaited<ReturnType<typeof raw>>, q: Record<string, string>) {
  const p = parseSalesParams(q, '2026-12-31');
  const from = p.from!;
  const inCat = p.categoryId ? within(p.categoryId) : null;
  const lineOk = (l: Line) => (!p.productId || l.product_id === p.productId) && (!inCat || inCat.has(r.prods.get(l.product_id)!));
  const orders = r.orders.filter((o) => o.order_date >= from && o.order_date <= p.to && (!p.customerId || o.customer_id === p.customerId)
    && (!p.salespersonId || o.salesperson_id === p.salespersonId) && (!(p.productId || inCat) || r.lines.some((l) => l.order_id === o.id && lineOk(l))));
  const lines = r.lines.filter((l) => l.order_date >= from && l.order_date <= p.to && (!p.customerId || l.customer_id === p.customerId)
    && (!p.salespersonId || l.salesperson_id === p.salespersonId) && lineOk(l));
  return { p, from, orders, lines };
}
const bucket = (d: string, period: Period | null) => (period ? startOf(d, period) : null);
const money = (o: Order) => ({ orders: 1, subtotal: o.subtotal, discount: o.discount, total: o.total, paid: o.paid, due: o.due });

/** Per key and period: the orders (distinct) and sums of some lines, as one aggregate row each. */
function lineAggs(ls: Line[], key: (l: Line) => number, period: Period | null, head: (k: number) => Record<string, unknown>): Agg[] {
  const by = new Map<string, { k: number; b: string | null; q: Decimal; a: Decimal; o: Set<number> }>();
  for (const l of ls) {
    const id = `${key(l)}:${bucket(l.order_date, period)}`;
    const e = by.get(id) ?? { k: key(l), b: bucket(l.order_date, period), q: D(0), a: D(0), o: new Set<number>() };
    e.q = e.q.plus(l.base_quantity); e.a = e.a.plus(l.subtotal); e.o.add(l.order_id); by.set(id, e);
  }
  return [...by.values()].map((e) => ({ k: e.k, b: e.b, ...head(e.k), quantity: e.q.toString(), amount: e.a.toString(), orders: e.o.size }));
}

const cmp = (x: { columns?: unknown; rows?: unknown; totals?: unknown; summary?: unknown; page?: unknown }) => JSON.parse(JSON.stringify({ columns: x.columns, rows: x.rows, totals: x.totals, summary: x.summary, page: x.page }));
/** Rows answered per report over its rounds: the random cases must not all be empty. */
const answered = new Map<string, number>();
async function check(name: string, q: Record<string, string>, locale: 'en' | 'ar', want: (r: Awaited<ReturnType<typeof raw>>, ctx: typeof k.ctx) => object) {
  const res = await (locale === 'ar' ? ar : t.admin).get(`/api/sales/reports/${name}?${new URLSearchParams(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(cmp(res.json()), `${name}?${new URLSearchParams(q)} (${locale})`).toEqual(cmp(want(await raw(), { ...k.ctx, locale })));
  answered.set(name, (answered.get(name) ?? 0) + (res.json().rows.length > 0 ? 1 : 0));
  return res.json();
}
afterAll(() => {
  for (const name of ['customer-sales', 'salesperson', 'sales-summary', 'sales-analysis', 'purchase-analysis', 'expense-analysis', 'sales-order'])
    expect(answered.get(name) ?? 0, `${name}: cases with rows (${[...answered]})`).toBeGreaterThanOrEqual(4);
});

const ROUNDS = 14;
const avgOf = { column: { key: 'average', label: { en: 'Average order value', ar: 'متوسط قيمة الطلب' }, kind: 'money' as const },
  of: (m: Record<string, Decimal>) => (m.orders!.isZero() ? '0.00' : m.total!.div(m.orders!).toFixed(2)) };
const orderCols = () => [['orders', 'Orders', 'الطلبات', 'int'], ['subtotal', 'Subtotal', 'المجموع الفرعي'], ['discount', 'Discount', 'الخصم'], ['total', 'Total', 'الإجمالي'],
  ['paid', 'Paid', 'المدفوع'], ['due', 'Due', 'المستحق']].map(([key, en, arl, kind]) => ({ key: key!, label: { en: en!, ar: arl! }, kind: (kind ?? 'money') as 'money' }));
const col = (key: string, en: string, arl: string, kind = 'money') => ({ key, label: { en, ar: arl }, kind: kind as 'money' });
const spec = (name: string, en: string, arl: string, rest: Omit<GroupedSpec, 'name' | 'title'>): GroupedSpec => ({ name, title: { en, ar: arl }, ...rest });

describe('sales reports in SQL equal the brute force over random sales', () => {
  it('customer sales', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const q = randomQuery();
      await check('customer-sales', q, i % 2 ? 'ar' : 'en', (r, ctx) => {
        const { p, from, orders } = kept(r, q);
        const aggs = orders.map((o) => ({ k: o.customer_id, b: bucket(o.order_date, p.period), customer: nameOf(r.names.get(o.customer_id), ctx.locale), phone: r.names.get(o.customer_id)?.phone ?? null, ...money(o) }));
        return groupedReport(ctx, p, from, aggs, spec('customer-sales', 'Customer sales', 'مبيعات العملاء', { amountKey: 'total', share: true, derived: [avgOf],
          head: [col('customer', 'Customer', 'العميل', 'text'), col('phone', 'Phone', 'الهاتف', 'text')], measures: orderCols() }));
      });
    }
  });

  it('salesperson', async () => {
    const targets = new Map((await k.q<{ id: number; t: string }>(sql`SELECT id, coalesce(sales_target, 0)::text AS t FROM salespersons`)).map((x) => [x.id, D(x.t)]));
    const spNames = new Map((await k.q<{ id: number; name: string }>(sql`SELECT id, name FROM salespersons`)).map((x) => [x.id, x.name]));
    for (let i = 0; i < ROUNDS; i++) {
      const q = randomQuery();
      await check('salesperson', q, i % 2 ? 'en' : 'ar', (r, ctx) => {
        const { p, from, orders } = kept(r, q);
        const aggs = orders.map((o) => ({ k: o.salesperson_id ?? 0, b: bucket(o.order_date, p.period), salesperson: o.salesperson_id ? spNames.get(o.salesperson_id) : tr(srm.noSalesperson, ctx.locale), ...money(o) }));
        const rep = groupedReport(ctx, p, from, aggs, spec('salesperson', 'Salesperson sales', 'مبيعات المندوبين', { amountKey: 'total', derived: [avgOf],
          head: [col('salesperson', 'Salesperson', 'مندوب المبيعات', 'text')], measures: orderCols().filter((m) => m.key !== 'subtotal') }));
        rep.columns.splice(rep.columns.findIndex((x) => x.key === 'average') + 1, 0, col('target', 'Sales target', 'هدف المبيعات'), col('progress', 'Progress to target %', 'نسبة تحقيق الهدف %'));
        rep.rows = rep.rows.map((x) => { const tg = targets.get(Number(x.key)) ?? D(0); return { ...x, target: tg.toFixed(2), progress: tg.isZero() ? '' : D(x.total).times(100).div(tg).toFixed(2) }; });
        return rep;
      });
    }
  });

  it('sales summary (rows are periods)', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const q = randomQuery();
      await check('sales-summary', q, i % 2 ? 'ar' : 'en', (r, ctx) => {
        const { p, from, orders } = kept(r, q);
        const period = p.period ?? 'monthly';
        const per = new Map<string, { c: Set<number>; os: Order[] }>();
        for (const o of orders) { const b = startOf(o.order_date, period); const e = per.get(b) ?? { c: new Set(), os: [] }; e.c.add(o.customer_id); e.os.push(o); per.set(b, e); }
        const aggs = [...per].map(([b, e]) => ({ k: b, b: null, period: tr(periodLabel(b, period), ctx.locale), customers: e.c.size, orders: e.os.length,
          ...Object.fromEntries((['subtotal', 'discount', 'total', 'paid', 'due'] as const).map((m) => [m, e.os.reduce((a, o) => a.plus(o[m]), D(0)).toString()])) }));
        return groupedReport(ctx, { ...p, period: null }, from, aggs, spec('sales-summary', 'Sales summary', 'ملخص المبيعات', { amountKey: 'total', byKey: true, derived: [avgOf],
          head: [col('period', 'Period', 'الفترة', 'text')], measures: [col('customers', 'Customers', 'العملاء', 'int'), ...orderCols()] }));
      });
    }
  });

  it('sales analysis (per category)', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const q = randomQuery();
      await check('sales-analysis', q, i % 2 ? 'en' : 'ar', (r, ctx) => {
        const { p, from, lines } = kept(r, q);
        const catName = (id: number) => nameOf(cats.find((c) => c.id === id), ctx.locale);
        const aggs = lineAggs(lines, (l) => r.prods.get(l.product_id)!, p.period, (id) => ({ category: catName(id) }));
        return groupedReport(ctx, p, from, aggs, spec('sales-analysis', 'Sales analysis', 'تحليل المبيعات', { share: true, head: [col('category', 'Category', 'الفئة', 'text')],
          measures: [col('quantity', 'Quantity', 'الكمية', 'qty'), col('orders', 'Orders', 'الطلبات', 'int'), col('amount', 'Amount', 'المبلغ')] }));
      });
    }
  });

  for (const [name, type, en, arl] of [['purchase-analysis', 'PURCHASE', 'Purchase analysis', 'تحليل المشتريات'], ['expense-analysis', 'EXPENSE', 'Expense analysis', 'تحليل المصروفات']] as const) {
    it(name, async () => {
      const invs = await k.q<{ partner_id: number; date: string; cn: boolean; subtotal: string; tax: string; total: string; paid: string; due: string }>(sql`
        SELECT partner_id, date::text, is_credit_note AS cn, subtotal::text, tax_amount::text AS tax, total_amount::text AS total, paid_amount::text AS paid, due_amount::text AS due
        FROM invoices WHERE type = ${type} AND status NOT IN ('DRAFT', 'PENDING', 'CANCELLED', 'VOID')`);
      expect(invs.length).toBeGreaterThan(0);
      for (let i = 0; i < ROUNDS; i++) {
        // two vendors: a later page is empty, so the first page of a range of at least a quarter
        const q: Record<string, string> = { ...randomQuery({ filters: false }), page: '1' };
        if (q.period !== 'daily' && Date.parse(q.to!) - Date.parse(q.from!) < 90 * 86_400_000) q.from = '2026-01-01';
        if (rand() < 0.3) q.customerId = String(pick(vendors));
        await check(name, q, i % 2 ? 'ar' : 'en', (r, ctx) => {
          const p = parseSalesParams(q, '2026-12-31');
          const mine = invs.filter((x) => x.date >= p.from! && x.date <= p.to && (!p.customerId || x.partner_id === p.customerId));
          const s = (v: string, cn: boolean) => (cn ? D(v).neg() : D(v)).toString();
          const aggs = mine.map((x) => ({ k: x.partner_id, b: bucket(x.date, p.period), vendor: nameOf(r.names.get(x.partner_id), ctx.locale), invoices: x.cn ? -1 : 1,
            subtotal: s(x.subtotal, x.cn), tax: s(x.tax, x.cn), total: s(x.total, x.cn), paid: s(x.paid, x.cn), due: s(x.due, x.cn) }));
          return groupedReport(ctx, p, p.from!, aggs, spec(name, en, arl, { amountKey: 'total', share: true, head: [col('vendor', 'Vendor', 'المورد', 'text')],
            measures: [col('invoices', 'Invoices', 'الفواتير', 'int'), col('subtotal', 'Subtotal', 'المجموع الفرعي'), col('tax', 'Tax', 'الضريبة'), col('total', 'Total', 'الإجمالي'),
              col('paid', 'Paid', 'المدفوع'), col('due', 'Due', 'المستحق')] }));
        });
      }
    });
  }

  it('sales orders (one row per order)', async () => {
    const spNames = new Map((await k.q<{ id: number; name: string }>(sql`SELECT id, name FROM salespersons`)).map((x) => [x.id, x.name]));
    const label = (opts: readonly { value: string; label: { en: string; ar: string } }[], v: string, l: 'en' | 'ar') => tr(opts.find((x) => x.value === v)!.label, l);
    for (let i = 0; i < ROUNDS + 4; i++) {
      const q = randomQuery();
      await check('sales-order', q, i % 2 ? 'ar' : 'en', (r, ctx) => {
        const { p, orders } = kept(r, q);
        let list = orders.filter((o) => (!p.minAmount || D(o.total).gte(p.minAmount)) && (!p.maxAmount || D(o.total).lte(p.maxAmount)));
        if (p.top) list = [...list].sort((a, b) => D(b.total).cmp(a.total) || a.id - b.id).slice(0, p.top);
        list = [...list].sort((a, b) => a.order_date.localeCompare(b.order_date) || a.id - b.id);
        const sum = (m: 'subtotal' | 'discount' | 'total' | 'paid' | 'due') => list.reduce((a, o) => a.plus(o[m]), D(0)).toFixed(2);
        const start = (p.page - 1) * p.pageSize;
        return {
          columns: [col('number', 'Sequence', 'التسلسل', 'text'), col('date', 'Order date', 'تاريخ الطلب', 'date'), col('customer', 'Customer', 'العميل', 'text'),
            col('salesperson', 'Salesperson', 'مندوب المبيعات', 'text'), col('status', 'Status', 'الحالة', 'text'), col('paymentStatus', 'Payment status', 'حالة الدفع', 'text'),
            col('subtotal', 'Subtotal', 'المجموع الفرعي'), col('discount', 'Discount', 'الخصم'), col('total', 'Total', 'الإجمالي'), col('paid', 'Paid', 'المدفوع'), col('due', 'Due', 'المستحق')],
          rows: list.slice(start, start + p.pageSize).map((o) => ({ key: o.id, number: o.number, date: o.order_date, customer: nameOf(r.names.get(o.customer_id), ctx.locale),
            salesperson: o.salesperson_id ? spNames.get(o.salesperson_id) : '', status: label(ORDER_STATES, o.status, ctx.locale), paymentStatus: label(PAYMENT_STATUSES, o.payment_status, ctx.locale),
            subtotal: D(o.subtotal).toFixed(2), discount: D(o.discount).toFixed(2), total: D(o.total).toFixed(2), paid: D(o.paid).toFixed(2), due: D(o.due).toFixed(2) })),
          totals: { number: tr(srm.total, ctx.locale), subtotal: sum('subtotal'), discount: sum('discount'), total: sum('total'), paid: sum('paid'), due: sum('due') },
          summary: { total: sum('total'), due: sum('due') }, page: { page: p.page, pageSize: p.pageSize, total: list.length },
        };
      });
    }
  });

  it('customer statement (running balance, opening, pages)', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const q = { ...randomQuery({ filters: false }), customerId: String(pick(customers)) };
      {
        const p = parseSalesParams(q, '2026-12-31');
        const ls = await k.q<{ date: string; number: string | null; reference: string | null; label: string | null; debit: string; credit: string }>(sql`
          SELECT l.date::text, e.number, e.reference, l.label, l.debit::text, l.credit::text FROM journal_lines l JOIN accounts a ON a.id = l.account_id AND a.subtype = 'receivable'
          JOIN journal_entries e ON e.id = l.entry_id WHERE l.contact_id = ${p.customerId} AND l.date <= ${p.to} ORDER BY l.date, l.entry_id, l.line_no`);
        const opening = ls.filter((l) => l.date < p.from!).reduce((a, l) => a.plus(l.debit).minus(l.credit), D(0));
        let bal = opening;
        const rows = ls.filter((l) => l.date >= p.from!).map((l) => { bal = bal.plus(l.debit).minus(l.credit); return { date: l.date, number: l.number ?? '', reference: l.reference || l.label || '', debit: D(l.debit).toFixed(2), credit: D(l.credit).toFixed(2), balance: bal.toFixed(2) }; });
        const dr = ls.filter((l) => l.date >= p.from!).reduce((a, l) => a.plus(l.debit), D(0));
        const crd = ls.filter((l) => l.date >= p.from!).reduce((a, l) => a.plus(l.credit), D(0));
        const locale = i % 2 ? 'en' : 'ar';
        const all = [{ date: p.from, number: '', reference: tr(srm.opening, locale), debit: '', credit: '', balance: opening.toFixed(2) }, ...rows];
        const start = (p.page - 1) * p.pageSize;
        const res = (await (locale === 'ar' ? ar : t.admin).get(`/api/sales/reports/customer-statement?${new URLSearchParams(q)}`)).json();
        expect(cmp(res), JSON.stringify(q)).toEqual(cmp({ columns: res.columns, rows: all.slice(start, start + p.pageSize),
          totals: { number: tr(srm.total, locale), debit: dr.toFixed(2), credit: crd.toFixed(2), balance: bal.toFixed(2) },
          summary: { opening: opening.toFixed(2), debit: dr.toFixed(2), credit: crd.toFixed(2), closing: bal.toFixed(2) }, page: { page: p.page, pageSize: p.pageSize, total: all.length } }));
        expect(res.columns.map((c: { key: string }) => c.key)).toEqual(['date', 'number', 'reference', 'debit', 'credit', 'balance']);
      }
    }
  });
});
