import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../../tests/support/test-app';
import { type StockKit, stockKit } from '../test-kit';

/**
 * The four inventory reports on a small data set whose numbers are worked out by hand below (FIFO):
 *  A  cost 7   2026-01-05 in 10 @ 5 | 02-10 in 10 @ 7 | 02-20 deliver 12 (10x5 + 2x7 = 64) | 03-05 3 Stock->Shelf | 03-06 2 Stock->WH2
 *              on hand 8 = Stock 3 + Shelf 3 + WH2 2, value 56 (8 @ 7, so 21 + 21 + 14)
 *  B  level 5  2026-01-20 in 4 @ 2.50 (value 10), never delivered; category Sub (child of Main)
 *  C           2025-12-15 in 100 @ 1 | 2026-01-10 deliver 30 | 03-10 scrap 5 -> 65, value 65; category Sub
 *  D           no stock at all
 *  E           2026-03-01 in lot L1 5 @ 1 (expires 2026-04-15) and lot L2 20 @ 1 (expires 2026-06-01)
 * Total value on 2026-03-31: 56 + 10 + 65 + 25 = 156, which is also the sum of the valuation layers.
 */
let t: TestApp;
let k: StockKit;
const id: Record<string, number> = {};
let shelf = 0;
let wh2 = 0;
let wh2Stock = 0;

beforeAll(async () => {
  t = await testApp();
  k = await stockKit(t);
  const cat = async (name: string, parentId?: number) => (await t.admin.post('/api/inventory/categories', { name, nameAr: `فئة ${name}`, parentId })).json().id as number;
  id.main = await cat('Main');
  id.sub = await cat('Sub', id.main);
  id.A = await k.product({ name: 'Apple', nameAr: 'تفاح', cost: '7', categoryId: id.main, sku: 'A-1' });
  id.B = await k.product({ name: '=HYPERLINK("http://x")', nameAr: 'موز', categoryId: id.sub, reorderLevel: '5', sku: 'B-1', cost: '2.5' });
  id.C = await k.product({ name: 'Cherry', nameAr: 'كرز', categoryId: id.sub, sku: 'C-1', cost: '1' });
  id.D = await k.product({ name: 'Date', nameAr: 'تمر', categoryId: id.main, sku: 'D-1', cost: '3', purchasePrice: '4' });
  id.E = await k.product({ name: 'Elderberry', nameAr: 'بلسان', categoryId: id.main, sku: 'E-1', cost: '1', uomId: k.uom('Kilogram') });
  shelf = await k.location('Shelf');
  wh2 = (await t.admin.post('/api/inventory/warehouses', { name: 'Second warehouse', nameAr: 'المستودع الثاني', address: 'Jeddah' })).json().id;
  wh2Stock = (await t.admin.post('/api/inventory/locations', { name: 'WH2 stock', nameAr: 'مخزون ٢', warehouseId: wh2, kind: 'internal' })).json().id;

  await k.receive(id.C!, '100', '1', { date: '2025-12-15' });
  await k.receive(id.A!, '10', '5', { date: '2026-01-05' });
  await k.deliver(id.C!, '30', { date: '2026-01-10' });
  await k.receive(id.B!, '4', '2.50', { date: '2026-01-20' });
  await k.receive(id.A!, '10', '7', { date: '2026-02-10' });
  await k.deliver(id.A!, '12', { date: '2026-02-20' });
  await k.receive(id.E!, '5', '1', { date: '2026-03-01', lotName: 'L1', expiryDate: '2026-04-15' });
  await k.receive(id.E!, '20', '1', { date: '2026-03-01', lotName: 'L2', expiryDate: '2026-06-01' });
  await k.post({ date: '2026-03-05', moveType: 'internal', lines: [{ productId: id.A!, quantity: '3', fromLocationId: k.loc.stock, toLocationId: shelf }] });
  await k.post({ date: '2026-03-06', moveType: 'internal', lines: [{ productId: id.A!, quantity: '2', fromLocationId: k.loc.stock, toLocationId: wh2Stock }] });
  await k.post({ date: '2026-03-10', moveType: 'scrap', lines: [{ productId: id.C!, quantity: '5', fromLocationId: k.loc.stock, toLocationId: k.loc.scrap }] });
}, 120_000);
afterAll(async () => { await t?.close(); });

const get = async (path: string, locale: 'en' | 'ar' = 'en') => {
  const r = await t.admin.req('GET', path, undefined, { cookie: t.admin.cookie.replace('locale=en', `locale=${locale}`) });
  if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${r.body}`);
  return r.json();
};
type Row = Record<string, string | number | undefined>;
const pick = (rows: Row[], keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((x) => [x, r[x]])));
const sortBy = (rows: Row[], ...keys: string[]) => [...rows].sort((a, b) => keys.reduce((c, x) => c || String(a[x]).localeCompare(String(b[x])), 0));

describe('stock balance', () => {
  it('per location at the end of March: quantities, average-cost values, total = valuation layers', async () => {
    const r = await get('/api/inventory/reports/stock-balance?to=2026-03-31');
    const want = [
      { productId: id.A, locationId: k.loc.stock, quantity: '3', value: '21.00' },
      { productId: id.A, locationId: shelf, quantity: '3', value: '21.00' },
      { productId: id.A, locationId: wh2Stock, quantity: '2', value: '14.00' },
      { productId: id.B, locationId: k.loc.stock, quantity: '4', value: '10.00' },
      { productId: id.C, locationId: k.loc.stock, quantity: '65', value: '65.00' },
      { productId: id.E, locationId: k.loc.stock, quantity: '25', value: '25.00' },
    ];
    expect(sortBy(pick(r.rows, ['productId', 'locationId', 'quantity', 'value']), 'productId', 'locationId')).toEqual(sortBy(want as Row[], 'productId', 'locationId'));
    expect(r.rows.find((x: Row) => x.productId === id.A && x.locationId === shelf)).toMatchObject({ unitCost: '7.0000', sku: 'A-1', category: 'Main', uom: 'u' });
    expect(r.totals.value).toBe('156.00');
    expect(r.page.total).toBe(6);
    const [layers] = await k.q<{ v: string }>(sql`SELECT sum(value)::numeric(20,2)::text AS v FROM stock_valuation_layers`);
    expect(layers!.v).toBe('156.00');
  });

  it('at earlier dates (mid-month and month end)', async () => {
    const feb = await get('/api/inventory/reports/stock-balance?to=2026-02-15&groupBy=product');
    expect(sortBy(pick(feb.rows, ['productId', 'quantity', 'value']), 'productId')).toEqual(sortBy([
      { productId: id.A, quantity: '20', value: '120.00' }, { productId: id.B, quantity: '4', value: '10.00' }, { productId: id.C, quantity: '70', value: '70.00' },
    ] as Row[], 'productId'));
    const jan = await get('/api/inventory/reports/stock-balance?to=2026-01-31&groupBy=product');
    expect(jan.totals.value).toBe('130.00'); // A 10 @ 5, B 10, C 70
    const dec = await get('/api/inventory/reports/stock-balance?to=2025-12-31');
    expect(pick(dec.rows, ['productId', 'quantity', 'value'])).toEqual([{ productId: id.C, quantity: '100', value: '100.00' }]);
  });

  it('per warehouse, and filtered by warehouse, location, category (with sub-categories) and product', async () => {
    const w = await get('/api/inventory/reports/stock-balance?to=2026-03-31&groupBy=warehouse');
    const a = w.rows.filter((x: Row) => x.productId === id.A);
    expect(sortBy(pick(a, ['warehouseId', 'warehouse', 'quantity', 'value']), 'warehouse')).toEqual([
      { warehouseId: k.loc.warehouse, warehouse: 'Main warehouse', quantity: '6', value: '42.00' },
      { warehouseId: wh2, warehouse: 'Second warehouse', quantity: '2', value: '14.00' },
    ]);
    const only2 = await get(`/api/inventory/reports/stock-balance?to=2026-03-31&warehouseId=${wh2}`);
    expect(pick(only2.rows, ['productId', 'quantity', 'value'])).toEqual([{ productId: id.A, quantity: '2', value: '14.00' }]);
    expect(only2.totals.value).toBe('14.00');
    const atShelf = await get(`/api/inventory/reports/stock-balance?to=2026-03-31&locationId=${shelf}`);
    expect(pick(atShelf.rows, ['productId', 'quantity', 'value'])).toEqual([{ productId: id.A, quantity: '3', value: '21.00' }]);
    const sub = await get(`/api/inventory/reports/stock-balance?to=2026-03-31&categoryId=${id.sub}&groupBy=product`);
    expect(sub.rows.map((x: Row) => x.productId).sort()).toEqual([id.B, id.C].sort());
    const main = await get(`/api/inventory/reports/stock-balance?to=2026-03-31&categoryId=${id.main}&groupBy=product`);
    expect(main.totals.value).toBe('156.00');
    const one = await get(`/api/inventory/reports/stock-balance?to=2026-03-31&productId=${id.C}&groupBy=product`);
    expect(pick(one.rows, ['productId', 'quantity', 'value'])).toEqual([{ productId: id.C, quantity: '65', value: '65.00' }]);
    const scrap = await get(`/api/inventory/reports/stock-balance?to=2026-03-31&locationId=${k.loc.scrap}`);
    expect(pick(scrap.rows, ['productId', 'quantity', 'value'])).toEqual([{ productId: id.C, quantity: '5', value: '0.00' }]);
  });

  it('pages with totals over every page, in Arabic with Arabic names', async () => {
    const p2 = await get('/api/inventory/reports/stock-balance?to=2026-03-31&pageSize=4&page=2');
    expect(p2.rows).toHaveLength(2);
    expect(p2.page).toEqual({ page: 2, pageSize: 4, total: 6 });
    expect(p2.totals.value).toBe('156.00');
    const past = await get('/api/inventory/reports/stock-balance?to=2026-03-31&pageSize=4&page=9');
    expect(past.page.total).toBe(6);
    const ar = await get(`/api/inventory/reports/stock-balance?to=2026-03-31&productId=${id.A}&groupBy=warehouse`, 'ar');
    expect(ar.rows.map((x: Row) => x.product)).toEqual(['تفاح', 'تفاح']);
    // Units in the reader's language: the Arabic abbreviation (كغ), else the unit's Arabic name (وحدة has none).
    expect(ar.rows.map((x: Row) => x.uom)).toEqual(['وحدة', 'وحدة']);
    const kg = { en: await get(`/api/inventory/reports/stock-balance?to=2026-03-31&productId=${id.E}&groupBy=product`),
      ar: await get(`/api/inventory/reports/stock-balance?to=2026-03-31&productId=${id.E}&groupBy=product`, 'ar') };
    expect([kg.en.rows[0].uom, kg.ar.rows[0].uom]).toEqual(['kg', 'كغ']);
    expect(ar.rows.map((x: Row) => x.warehouse).sort()).toEqual(['المستودع الثاني', 'المستودع الرئيسي'].sort());
    expect(ar.totals.product).toBe('الإجمالي');
    expect(ar.columns.find((c: { key: string }) => c.key === 'quantity').label.ar).toBe('الكمية المتاحة');
  });
});

describe('stock movement', () => {
  it('opening, in, out, closing and values for the first quarter', async () => {
    const r = await get('/api/inventory/reports/stock-movement?from=2026-01-01&to=2026-03-31');
    expect(sortBy(pick(r.rows, ['productId', 'opening', 'in', 'out', 'closing', 'openingValue', 'closingValue']), 'productId')).toEqual(sortBy([
      // A: in 10 + 10 + transfers in 3 + 2; out 12 + transfers out 5
      { productId: id.A, opening: '0', in: '25', out: '17', closing: '8', openingValue: '0.00', closingValue: '56.00' },
      { productId: id.B, opening: '0', in: '4', out: '0', closing: '4', openingValue: '0.00', closingValue: '10.00' },
      // C: delivered 30 and scrapped 5 (the scrap location is not counted as stock)
      { productId: id.C, opening: '100', in: '0', out: '35', closing: '65', openingValue: '100.00', closingValue: '65.00' },
      { productId: id.E, opening: '0', in: '25', out: '0', closing: '25', openingValue: '0.00', closingValue: '25.00' },
    ] as Row[], 'productId'));
    expect(r.totals).toMatchObject({ openingValue: '100.00', closingValue: '156.00' });
  });

  it('monthly and quarterly period columns', async () => {
    const m = await get(`/api/inventory/reports/stock-movement?from=2026-01-01&to=2026-03-31&period=monthly&productId=${id.A}`);
    expect(m.columns.map((c: { key: string }) => c.key)).toEqual(['sku', 'product', 'uom', 'opening', 'in_p1', 'out_p1', 'in_p2', 'out_p2', 'in_p3', 'out_p3', 'closing', 'openingValue', 'closingValue']);
    expect(m.columns.find((c: { key: string }) => c.key === 'in_p2').label).toEqual({ en: 'In Feb 2026', ar: 'وارد فبراير 2026' });
    expect(pick(m.rows, ['in_p1', 'out_p1', 'in_p2', 'out_p2', 'in_p3', 'out_p3', 'closing'])).toEqual([
      { in_p1: '10', out_p1: '0', in_p2: '10', out_p2: '12', in_p3: '5', out_p3: '5', closing: '8' },
    ]);
    const q = await get(`/api/inventory/reports/stock-movement?from=2025-12-01&to=2026-03-31&period=quarterly&productId=${id.C}`);
    expect(q.columns.find((c: { key: string }) => c.key === 'in_p1').label.en).toBe('In Q4 2025');
    expect(pick(q.rows, ['opening', 'in_p1', 'out_p1', 'in_p2', 'out_p2', 'closing'])).toEqual([{ opening: '0', in_p1: '100', out_p1: '0', in_p2: '0', out_p2: '35', closing: '65' }]);
  });

  it('daily and weekly periods read the days (mid-month range)', async () => {
    const d = await get(`/api/inventory/reports/stock-movement?from=2026-03-04&to=2026-03-06&period=daily&productId=${id.A}`);
    expect(pick(d.rows, ['opening', 'in_p1', 'in_p2', 'out_p2', 'in_p3', 'out_p3', 'closing'])).toEqual([{ opening: '8', in_p1: '0', in_p2: '3', out_p2: '3', in_p3: '2', out_p3: '2', closing: '8' }]);
    const w = await get(`/api/inventory/reports/stock-movement?from=2026-02-09&to=2026-02-22&period=weekly&productId=${id.A}`);
    expect(w.columns.find((c: { key: string }) => c.key === 'in_p2').label.en).toBe('In 2026-02-16');
    expect(pick(w.rows, ['opening', 'in_p1', 'out_p1', 'in_p2', 'out_p2', 'closing', 'openingValue', 'closingValue'])).toEqual([
      { opening: '10', in_p1: '10', out_p1: '0', in_p2: '0', out_p2: '12', closing: '8', openingValue: '50.00', closingValue: '56.00' },
    ]);
  });

  it('filtered by warehouse and by move type', async () => {
    const w = await get(`/api/inventory/reports/stock-movement?from=2026-01-01&to=2026-03-31&warehouseId=${wh2}`);
    expect(pick(w.rows, ['productId', 'opening', 'in', 'out', 'closing', 'closingValue'])).toEqual([{ productId: id.A, opening: '0', in: '2', out: '0', closing: '2', closingValue: '14.00' }]);
    const out = await get('/api/inventory/reports/stock-movement?from=2026-01-01&to=2026-03-31&moveType=outgoing');
    expect(out.columns.map((c: { key: string }) => c.key)).toEqual(['sku', 'product', 'uom', 'in', 'out', 'inValue', 'outValue']);
    expect(sortBy(pick(out.rows, ['productId', 'in', 'out', 'outValue']), 'productId')).toEqual(sortBy([
      { productId: id.A, in: '0', out: '12', outValue: '64.00' }, { productId: id.C, in: '0', out: '30', outValue: '30.00' },
    ] as Row[], 'productId'));
    expect(out.totals.outValue).toBe('94.00');
    const moved = await get('/api/inventory/reports/stock-movement?from=2026-03-01&to=2026-03-31&moveType=internal');
    expect(pick(moved.rows, ['productId', 'in', 'out', 'inValue'])).toEqual([{ productId: id.A, in: '5', out: '5', inValue: '0.00' }]);
  });
});

describe('reorder level and slow-moving items', () => {
  it('lists products at or below their level with the suggested quantity', async () => {
    const r = await get('/api/inventory/reports/reorder-level');
    // A: 8 <= threshold 10 -> 2 at cost 7; B: 4 <= own level 5 -> 1 at 2.50; D: 0 <= 10 -> 10 at purchase price 4
    expect(sortBy(pick(r.rows, ['productId', 'onHand', 'reorderLevel', 'suggested', 'estimatedCost']), 'productId')).toEqual(sortBy([
      { productId: id.A, onHand: '8', reorderLevel: '10', suggested: '2', estimatedCost: '14.00' },
      { productId: id.B, onHand: '4', reorderLevel: '5', suggested: '1', estimatedCost: '2.50' },
      { productId: id.D, onHand: '0', reorderLevel: '10', suggested: '10', estimatedCost: '40.00' },
    ] as Row[], 'productId'));
    expect(r.totals.estimatedCost).toBe('56.50');
    await k.settings({ minimumReplenishmentLevel: '20' });
    const up = await get(`/api/inventory/reports/reorder-level?categoryId=${id.sub}`);
    expect(pick(up.rows, ['productId', 'suggested'])).toEqual([{ productId: id.B, suggested: '16' }]);
    const wh = await get(`/api/inventory/reports/reorder-level?warehouseId=${wh2}&productId=${id.A}`);
    expect(pick(wh.rows, ['onHand', 'suggested'])).toEqual([{ onHand: '2', suggested: '18' }]);
    await k.settings({ minimumReplenishmentLevel: '0' });
  });

  it('lists stock with no outgoing move in the window, never-sold first', async () => {
    const r = await get('/api/inventory/reports/slow-moving-items?to=2026-03-31&days=60');
    expect(pick(r.rows, ['productId', 'onHand', 'value', 'lastOutgoing', 'daysSince'])).toEqual([
      ...sortBy([
        { productId: id.B, onHand: '4', value: '10.00', lastOutgoing: '', daysSince: 'Never' },
        { productId: id.E, onHand: '25', value: '25.00', lastOutgoing: '', daysSince: 'Never' },
      ] as Row[], 'productId'),
      { productId: id.C, onHand: '65', value: '65.00', lastOutgoing: '2026-01-10', daysSince: 80 },
    ].sort((a, b) => (a.lastOutgoing === b.lastOutgoing ? 0 : a.lastOutgoing === '' ? -1 : 1)));
    expect(r.totals.value).toBe('100.00');
    const short = await get('/api/inventory/reports/slow-moving-items?to=2026-03-31&days=30');
    expect(short.rows.map((x: Row) => x.productId)).toContain(id.A); // last outgoing 02-20 is 39 days back
    const ar = await get('/api/inventory/reports/slow-moving-items?to=2026-03-31&days=60', 'ar');
    expect(ar.rows.find((x: Row) => x.productId === id.B).daysSince).toBe('أبدًا');
  });
});

describe('downloads and errors', () => {
  it('Excel: numbers as numbers, right-to-left in Arabic, formula-like names kept as text', async () => {
    const r = await t.admin.req('GET', '/api/inventory/reports/stock-balance?to=2026-03-31&format=xlsx', undefined, { cookie: t.admin.cookie.replace('locale=en', 'locale=ar') });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as never);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('رصيد المخزون');
    expect(ws.views[0]).toMatchObject({ rightToLeft: true });
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('الكمية المتاحة');
    const valueCol = header.indexOf('القيمة') + 1;
    const values = [];
    for (let i = 2; i <= ws.rowCount; i++) values.push(ws.getRow(i).getCell(valueCol).value);
    expect(values.at(-1)).toBe(156); // the totals row
    expect(values.slice(0, -1).reduce((a, b) => (a as number) + (b as number), 0)).toBe(156);

    const en = await t.admin.get(`/api/inventory/reports/stock-balance?to=2026-03-31&format=xlsx&productId=${id.B}`);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(en.rawPayload as never);
    const ws2 = wb2.worksheets[0]!;
    const col2 = (h: string) => (ws2.getRow(1).values as unknown[]).indexOf(h);
    const cell = ws2.getRow(2).getCell(col2('Product'));
    expect(cell.formula).toBeUndefined();
    expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
    expect(JSON.stringify(cell.value)).toContain('=HYPERLINK');
    expect(ws2.getRow(2).getCell(col2('On hand')).value).toBe(4);
    expect(ws2.getRow(2).getCell(col2('On hand')).numFmt).toBe('#,##0.######');
  });

  it('the combined workbook has the two sheets', async () => {
    const r = await t.admin.get('/api/inventory/reports/combined.xlsx?from=2026-01-01&to=2026-03-31');
    expect(r.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Stock balance', 'Stock movement']);
    const other = await t.admin.get('/api/inventory/reports/combined.xlsx?names=reorder-level,slow-moving-items');
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(other.rawPayload as never);
    expect(wb2.worksheets.map((w) => w.name)).toEqual(['Reorder level', 'Slow-moving items']);
  });

  it('a failing report answers 500 "Error downloading report. Please try again" in the caller\'s language', async () => {
    await k.q(sql`ALTER TABLE stock_day_totals RENAME TO stock_day_totals_away`);
    try {
      const en = await t.admin.get('/api/inventory/reports/stock-balance?to=2026-03-31&format=xlsx');
      expect(en.statusCode).toBe(500);
      expect(en.json().error).toMatchObject({ code: 'report_failed', message: 'Error downloading report. Please try again' });
      const ar = await t.admin.req('GET', '/api/inventory/reports/stock-movement?to=2026-03-31', undefined, { cookie: t.admin.cookie.replace('locale=en', 'locale=ar') });
      expect(ar.statusCode).toBe(500);
      expect(ar.json().error.message).toBe('خطأ في تنزيل التقرير. يرجى المحاولة مرة أخرى');
    } finally {
      await k.q(sql`ALTER TABLE stock_day_totals_away RENAME TO stock_day_totals`);
    }
    expect((await t.admin.get('/api/inventory/reports/stock-balance?to=2026-03-31')).statusCode).toBe(200);
  });

  it('refuses bad parameters (400), unknown reports (404, in Arabic too) and callers without the permission (403)', async () => {
    for (const q of ['to=2026-13-01', 'groupBy=shelf', 'days=0', 'moveType=teleport', 'warehouseId=abc', 'period=hourly', 'from=2026-04-01&to=2026-03-01', 'pageSize=5000']) {
      const r = await t.admin.get(`/api/inventory/reports/stock-movement?${q}`);
      expect(r.statusCode, q).toBe(400);
    }
    expect((await t.admin.get('/api/inventory/reports/stock-movement?from=2020-01-01&to=2026-03-31&period=daily')).statusCode).toBe(400);
    const nope = await t.admin.req('GET', '/api/inventory/reports/nope', undefined, { cookie: t.admin.cookie.replace('locale=en', 'locale=ar') });
    expect(nope.statusCode).toBe(404);
    expect(nope.json().error.message).toBe('تقرير غير معروف');
    expect((await t.admin.get('/api/inventory/reports/combined.xlsx?names=stock-balance,nope')).statusCode).toBe(404);
    const g = (await t.admin.post('/api/admin/groups', { name: 'Stock viewers', permissions: ['inventory.stockItem.view'] })).json();
    expect((await t.admin.post('/api/admin/users', { username: 'viewer', fullName: 'Viewer', password: 'secret-pass-1', groups: [g.id] })).statusCode).toBe(201);
    const v = await t.login('viewer', 'secret-pass-1');
    expect((await v.get('/api/inventory/reports/stock-balance')).statusCode).toBe(403);
    expect((await v.get('/api/inventory/dashboard')).statusCode).toBe(200);
    expect((await t.anon().get('/api/inventory/reports/stock-balance')).statusCode).toBe(401);
  });
});
