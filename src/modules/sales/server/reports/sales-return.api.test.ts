import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../../tests/support/test-app';
import { periodLabel } from '../../../../core/documents/period-label';
import { startOf } from '../../../../core/documents/report-params';
import { tr } from '../../../../core/i18n/locale';
import { setClock } from '../../../../core/time/company-time';
import { type SalesKit, salesApp } from '../sales.test-kit';
import { groupedReport } from './grouped';
import { parseSalesParams } from './report-params';

/**
 * The sales return report against brute force over sales_return_lines (confirmed returns only, in JS) on a set of
 * returns made through the API across three months (drafts, a cancelled one and one after the range must not
 * count): every grouping, periods, filters, Top N and the amount band; Arabic labels; bad parameters refused in
 * both languages; Excel and PDF.
 */
let t: TestApp;
let k: SalesKit;
let ar: Client;
let p: Record<string, number>;
let other: number;
let sub: number;
let reason: Record<string, number>;
let sp: number;

const D = (v: unknown) => new Decimal(String(v ?? 0));
const get = async (path: string, c?: Client) => { const r = await (c ?? t.admin).get(path); expect(r.statusCode, r.body).toBe(200); return r.json(); };
interface Line { return_id: number; customer_id: number; product_id: number; return_date: string; base_quantity: string; subtotal: string; reason_id: number | null; category_id: number; salesperson_id: number | null }
const confirmedLines = async (): Promise<Line[]> => k.q<Line>(sql`SELECT l.return_id, l.customer_id, l.product_id, l.return_date::text, l.base_quantity::text, l.subtotal::text,
    r.reason_id, pr.category_id, o.salesperson_id
  FROM sales_return_lines l JOIN sales_returns r ON r.id = l.return_id JOIN products pr ON pr.id = l.product_id JOIN sales_orders o ON o.id = l.order_id
  WHERE r.status = 'confirmed'`);
const at = (day: string) => setClock(() => new Date(`${day}T09:00:00Z`));

beforeAll(async () => {
  at('2026-01-05');
  ({ t, k, ar } = await salesApp());
  const cur = (await t.admin.get('/api/sales/settings/current')).json();
  expect((await t.admin.patch(`/api/sales/settings/${cur.id}`, { version: cur.version, returnPeriodDays: 365, requireReturnReason: false, allowPartialReturns: true })).statusCode).toBe(200);
  sub = (await t.admin.post('/api/inventory/categories', { name: 'Juices', nameAr: 'عصائر', parentId: k.categoryId })).json().id;
  p = { juice: await k.product('Juice', '10', '500', '4'), water: await k.product('Water', '2', '900', '1'), cola: await k.product('Cola', '3', '500', '1') };
  await t.admin.patch(`/api/inventory/products/${p.juice}`, { version: (await get(`/api/inventory/products/${p.juice}`)).version, categoryId: sub });
  other = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Khalid', nameAr: 'خالد', isCustomer: true })).json().id;
  reason = {
    damaged: (await t.admin.post('/api/sales/reasons', { name: 'Damaged' })).json().id,
    wrong: (await t.admin.post('/api/sales/reasons', { name: 'Wrong item' })).json().id,
  };
  sp = (await t.admin.post('/api/sales/salespersons', { userId: (await get('/api/auth/me')).user.id, salesTarget: '1000' })).json().id;
  const order = async (date: string, customerId: number, items: [string, string][], extra: Record<string, unknown> = {}) => {
    at(date);
    const o = await k.order({ orderDate: date, customerId, items: items.map(([n, q]) => ({ productId: p[n], quantity: q })), ...extra });
    const c = await t.admin.post(`/api/sales/orders/${o.id}/confirm`, {});
    expect(c.statusCode, c.body).toBe(200);
    return o.id as number;
  };
  const o1 = await order('2026-01-05', k.customer, [['juice', '5'], ['water', '10'], ['cola', '3']]);
  const o2 = await order('2026-01-25', other, [['juice', '4'], ['cola', '6']], { discount: '2', salespersonId: sp });
  const o3 = await order('2026-02-10', k.customer, [['water', '20'], ['juice', '2']]);
  const ret = async (day: string, orderId: number, items: [number, string][], reasonId: number | null, end: 'confirm' | 'draft' | 'cancel' = 'confirm') => {
    at(day);
    const d = await t.admin.post('/api/sales/returns', { orderId, refundMethod: 'credit', reasonId, items: items.map(([orderLine, quantity]) => ({ orderLine, quantity })) });
    expect(d.statusCode, d.body).toBe(201);
    if (end !== 'draft') expect((await t.admin.post(`/api/sales/returns/${d.json().id}/${end}`, {})).statusCode).toBe(200);
  };
  await ret('2026-01-20', o1, [[1, '2'], [2, '3']], reason.damaged!);
  await ret('2026-02-15', o2, [[2, '2']], reason.wrong!);
  await ret('2026-02-16', o2, [[1, '1']], reason.damaged!);
  await ret('2026-03-05', o3, [[1, '5'], [2, '1']], null);
  await ret('2026-03-06', o1, [[1, '1']], reason.damaged!, 'draft');
  await ret('2026-03-07', o2, [[2, '1']], null, 'cancel');
  await ret('2026-04-02', o2, [[2, '1']], reason.wrong!);
});
afterAll(async () => { setClock(null); await t?.close(); });

const RANGE = 'from=2026-01-01&to=2026-03-31';
type By = 'product' | 'customer' | 'category' | 'reason';
const keyOf: Record<By, (l: Line) => number> = {
  product: (l) => l.product_id, customer: (l) => l.customer_id, category: (l) => l.category_id, reason: (l) => l.reason_id ?? 0,
};

describe('sales return report equals brute force over the return lines', () => {
  const cases: [string, By, string, (l: Line) => boolean][] = [
    ['by product, monthly', 'product', `${RANGE}&period=monthly`, () => true],
    ['by customer, quarterly', 'customer', `${RANGE}&period=quarterly&groupBy=customer`, () => true],
    ['by category, no period', 'category', `${RANGE}&groupBy=category`, () => true],
    ['by reason, weekly, one customer', 'reason', `${RANGE}&period=weekly&groupBy=reason&customerId=OTHER`, (l) => l.customer_id === other],
    ['by product, a category with its sub-categories', 'product', `${RANGE}&categoryId=CAT`, () => true],
    ['by customer, one product', 'customer', `${RANGE}&groupBy=customer&productId=JUICE`, (l) => l.product_id === p.juice],
    ['by product, one reason', 'product', `${RANGE}&reasonId=DAMAGED&period=monthly`, (l) => l.reason_id === reason.damaged],
    ['by product, the salesperson\'s orders', 'product', `${RANGE}&salespersonId=SP`, (l) => l.salesperson_id === sp],
    ['by product, edge days', 'product', 'from=2026-01-21&to=2026-02-15&period=daily', (l) => l.return_date >= '2026-01-21' && l.return_date <= '2026-02-15'],
  ];
  for (const [what, by, query, keep] of cases) {
    it(what, async () => {
      const q = query.replace('OTHER', String(other)).replace('CAT', String(k.categoryId)).replace('JUICE', String(p.juice))
        .replace('DAMAGED', String(reason.damaged)).replace('SP', String(sp));
      const r = await get(`/api/sales/reports/sales-return?${q}&pageSize=1000`);
      const from = new URLSearchParams(q).get('from')!;
      const to = new URLSearchParams(q).get('to')!;
      const lines = (await confirmedLines()).filter((l) => l.return_date >= from && l.return_date <= to && keep(l));
      expect(lines.length).toBeGreaterThan(0);
      const want = new Map<number, { q: Decimal; a: Decimal; n: Set<number> }>();
      for (const l of lines) {
        const e = want.get(keyOf[by](l)) ?? { q: D(0), a: D(0), n: new Set<number>() };
        e.q = e.q.plus(l.base_quantity); e.a = e.a.plus(l.subtotal); e.n.add(l.return_id);
        want.set(keyOf[by](l), e);
      }
      expect(r.rows.length).toBe(want.size);
      const withReturns = by === 'customer' || by === 'reason';
      expect(r.columns.some((c: { key: string }) => c.key === 'returns')).toBe(withReturns);
      for (const row of r.rows) {
        const w = want.get(Number(row.key))!;
        expect([row.quantity, row.amount]).toEqual([w.q.toFixed(6), w.a.toFixed(2)]);
        if (withReturns) expect(Number(row.returns)).toBe(w.n.size);
      }
      // largest amount first; totals are the exact sums, rounded once
      const amounts = r.rows.map((x: { amount: string }) => D(x.amount));
      expect(amounts).toEqual([...amounts].sort((a: Decimal, b: Decimal) => b.cmp(a)));
      expect([r.totals.quantity, r.totals.amount]).toEqual([lines.reduce((a, l) => a.plus(l.base_quantity), D(0)).toFixed(6), lines.reduce((a, l) => a.plus(l.subtotal), D(0)).toFixed(2)]);
      const periods = r.columns.filter((c: { key: string }) => /^p\d+$/.test(c.key));
      if (q.includes('period=')) {
        expect(periods.length).toBeGreaterThan(0);
        expect(periods.reduce((a: Decimal, c: { key: string }) => a.plus(r.totals[c.key]), D(0)).toFixed(2)).toBe(r.totals.amount);
        for (const row of r.rows) expect(periods.reduce((a: Decimal, c: { key: string }) => a.plus(row[c.key]), D(0)).toFixed(2)).toBe(row.amount);
        expect(r.summary.chart.length).toBe(periods.length);
      } else expect(periods).toEqual([]);
    });
  }

  it('by period: a row per month in order, returns counted once; drafts, cancelled and later returns left out', async () => {
    const r = await get(`/api/sales/reports/sales-return?${RANGE}&groupBy=period`);
    const lines = (await confirmedLines()).filter((l) => l.return_date <= '2026-03-31');
    const months = ['2026-01', '2026-02', '2026-03'];
    expect(r.rows.map((x: { period: string }) => x.period)).toEqual(['Jan 2026', 'Feb 2026', 'Mar 2026']);
    expect(r.rows.map((x: { amount: string; returns: string }) => [x.amount, Number(x.returns)])).toEqual(months.map((m) => {
      const ls = lines.filter((l) => l.return_date.startsWith(m));
      return [ls.reduce((a, l) => a.plus(l.subtotal), D(0)).toFixed(2), new Set(ls.map((l) => l.return_id)).size];
    }));
    expect(Number(r.totals.returns)).toBe(4);
    const all = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales_returns`);
    expect(all[0]!.n).toBe(7);
  });

  it('by period, with Top N, the band, pages and both languages: equal to grouped.ts over the return lines summed in JS', async () => {
    const cases = ['period=weekly', 'period=monthly&top=2', 'period=daily&from=2026-01-15&to=2026-02-28&minAmount=1&maxAmount=40', 'period=quarterly&pageSize=1&page=1',
      'pageSize=2&page=2', 'top=1&period=yearly', 'minAmount=999999'];
    for (const [i, extra] of cases.entries()) {
      const q = new URLSearchParams(`${extra.includes('from=') ? '' : `${RANGE}&`}groupBy=period&${extra}`);
      const locale = i % 2 ? 'ar' : 'en';
      const api = await get(`/api/sales/reports/sales-return?${q}`, locale === 'ar' ? ar : undefined);
      const prm = parseSalesParams(Object.fromEntries(q), '2026-12-31');
      const period = prm.period ?? 'monthly';
      const per = new Map<string, Line[]>();
      for (const l of (await confirmedLines()).filter((x) => x.return_date >= prm.from! && x.return_date <= prm.to)) per.set(startOf(l.return_date, period), [...(per.get(startOf(l.return_date, period)) ?? []), l]);
      const ctx = { ...k.ctx, locale } as const;
      const aggs = [...per].map(([b, ls]) => ({ k: b, b: null, period: tr(periodLabel(b, period), locale), returns: new Set(ls.map((l) => l.return_id)).size,
        quantity: ls.reduce((a, l) => a.plus(l.base_quantity), D(0)).toString(), amount: ls.reduce((a, l) => a.plus(l.subtotal), D(0)).toString() }));
      const want = groupedReport(ctx, { ...prm, period: null }, prm.from!, aggs, { name: 'sales-return', title: api.title, byKey: true, share: true,
        head: [{ key: 'period', label: { en: 'Period', ar: 'الفترة' }, kind: 'text' }],
        measures: [{ key: 'returns', label: { en: 'Returns', ar: 'المرتجعات' }, kind: 'int' }, { key: 'quantity', label: { en: 'Quantity returned', ar: 'الكمية المرتجعة' }, kind: 'qty' },
          { key: 'amount', label: { en: 'Amount returned', ar: 'المبلغ المرتجع' }, kind: 'money' }] });
      const pick = (x: Record<string, unknown>) => JSON.parse(JSON.stringify({ columns: x.columns, rows: x.rows, totals: x.totals, summary: x.summary, page: x.page }));
      expect(pick(api), extra).toEqual(pick(want as unknown as Record<string, unknown>));
    }
  });

  it('Top N and the amount band apply to each row\'s amount', async () => {
    const full = await get(`/api/sales/reports/sales-return?${RANGE}&groupBy=customer`);
    const top = await get(`/api/sales/reports/sales-return?${RANGE}&groupBy=customer&top=1`);
    expect(top.rows).toEqual([full.rows[0]].map((x: Record<string, unknown>) => ({ ...x, share: '100.00' })));
    expect(top.totals.amount).toBe(full.rows[0].amount);
    const min = full.rows[full.rows.length - 1].amount;
    const band = await get(`/api/sales/reports/sales-return?${RANGE}&groupBy=product&minAmount=${D(min).plus('0.01').toFixed(2)}&maxAmount=1000`);
    const all = await get(`/api/sales/reports/sales-return?${RANGE}&groupBy=product`);
    expect(band.rows.map((x: { key: number }) => x.key)).toEqual(all.rows.filter((x: { amount: string }) => D(x.amount).gt(min)).map((x: { key: number }) => x.key));
  });

  it('reads in the caller\'s language', async () => {
    const a = await get(`/api/sales/reports/sales-return?${RANGE}&groupBy=reason&period=quarterly`, ar);
    expect([a.title.ar, a.totals.reason]).toEqual(['مرتجعات المبيعات', 'الإجمالي']);
    expect(a.rows.map((x: { reason: string }) => x.reason).sort()).toEqual(['Damaged', 'Wrong item', 'بدون سبب'].sort());
    expect(a.columns.map((c: { label: { ar: string } }) => c.label.ar)).toEqual(['السبب', 'المرتجعات', 'الكمية المرتجعة', 'المبلغ المرتجع', 'النسبة %', 'الربع الأول 2026']);
    const c = await get(`/api/sales/reports/sales-return?${RANGE}&groupBy=category`, ar);
    expect(c.rows.map((x: { category: string }) => x.category).sort()).toEqual(['Beverages', 'عصائر'].sort());
    const en = await get(`/api/sales/reports/sales-return?${RANGE}&groupBy=customer`);
    expect(en.rows.map((x: { customer: string }) => x.customer).sort()).toEqual(['Al-Noor Markets', 'Khalid']);
    expect((await get(`/api/sales/reports/sales-return?${RANGE}&groupBy=customer`, ar)).rows.map((x: { customer: string }) => x.customer)).toContain('خالد');
  });
});

describe('bad parameters, in both languages', () => {
  const cases: [string, number, string, string][] = [
    ['groupBy=vendor', 400, 'Invalid report parameter Group by', 'معامل تقرير غير صالح التجميع حسب'],
    ['reasonId=abc', 400, 'Invalid report parameter Reason', 'معامل تقرير غير صالح السبب'],
    ['reasonId=999999', 422, 'Reason not found', 'لم يُعثر على السبب'],
    ['productId=999999', 422, 'Product not found', 'لم يُعثر على المنتج'],
    ['from=2026-03-01&to=2026-01-01', 400, 'Invalid report parameter From', 'معامل تقرير غير صالح من'],
    ['period=hourly', 400, 'Invalid report parameter Period', 'معامل تقرير غير صالح الفترة'],
    ['top=1001', 400, 'Invalid report parameter Top N', 'معامل تقرير غير صالح أعلى (عدد)'],
    ['minAmount=9&maxAmount=1', 400, 'Min amount cannot be greater than max amount', 'لا يمكن أن يكون الحد الأدنى للمبلغ أكبر من الحد الأقصى'],
    ['from=2020-01-01&to=2026-03-31&period=monthly', 400, 'Invalid report parameter Period', 'معامل تقرير غير صالح الفترة'],
  ];
  for (const [q, status, en, arMsg] of cases) {
    it(`${q} -> ${status}`, async () => {
      for (const [c, want] of [[t.admin, en], [ar, arMsg]] as const) {
        const r = await c.get(`/api/sales/reports/sales-return?${q}`);
        expect(r.statusCode, r.body).toBe(status);
        expect(r.json().error.message).toBe(want);
      }
    });
  }
});

describe('downloads', () => {
  it('Excel and PDF in Arabic', async () => {
    const x = await ar.get(`/api/sales/reports/sales-return?${RANGE}&groupBy=reason&period=monthly&format=xlsx`);
    expect(x.statusCode, x.body).toBe(200);
    const { default: Excel } = await import('exceljs');
    const wb = new Excel.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('مرتجعات المبيعات');
    expect(JSON.stringify(ws.getSheetValues())).toContain('بدون سبب');
    const pdf = await ar.get(`/api/sales/reports/sales-return?${RANGE}&format=pdf`);
    expect([pdf.statusCode, pdf.rawPayload.subarray(0, 4).toString()]).toEqual([200, '%PDF']);
  });
});
