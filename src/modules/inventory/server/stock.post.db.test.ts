import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import { rebuildStockDayTotals, verifyStock } from './stock.verify';
import { type StockKit, refusal as fail, stockKit } from './test-kit';

/**
 * postStock against a real database: company defaults, receipts, deliveries, transfers, scraps, adjustments,
 * opening stock, units, lots and serials, negative stock (the lock date, other companies and the database guards:
 * stock.guards.db.test.ts). Values are worked out by hand in the comments; verifyStock must find nothing wrong at
 * the end.
 */
let t: TestApp;
let k: StockKit;
beforeAll(async () => { t = await testApp(); k = await stockKit(t); });
afterAll(async () => { await t?.close(); });

const count = async (table: string) => Number((await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n);
const entryLines = async (entryId: number) => k.q<{ code: string; debit: string; credit: string }>(sql`
  SELECT a.code, l.debit::text, l.credit::text FROM journal_lines l JOIN accounts a ON a.id = l.account_id WHERE l.entry_id = ${entryId} ORDER BY l.line_no`);

describe('company setup', () => {
  it('creates units, the main warehouse, its locations and the settings', async () => {
    const units = await k.q<{ name: string; factor: string; grp: string; ar: string }>(sql`
      SELECT u.name, u.conversion_factor::text AS factor, g.name AS grp, u.name_ar AS ar FROM uoms u JOIN uom_groups g ON g.id = u.group_id ORDER BY g.id, u.id`);
    expect(units.map((u) => [u.grp, u.name, Number(u.factor)])).toEqual([
      ['Units', 'Unit', 1], ['Units', 'Dozen', 12], ['Weight', 'Kilogram', 1], ['Weight', 'Gram', 0.001], ['Weight', 'Ton', 1000],
      ['Volume', 'Litre', 1], ['Volume', 'Millilitre', 0.001], ['Length', 'Metre', 1], ['Length', 'Centimetre', 0.01],
    ]);
    expect(units.every((u) => u.ar)).toBe(true);
    const [wh] = await k.q<{ code: string; name: string; name_ar: string; address: string }>(sql`SELECT code, name, name_ar, address FROM warehouses`);
    expect([wh!.code, wh!.name, wh!.name_ar, wh!.address.length > 0]).toEqual(['WH', 'Main warehouse', 'المستودع الرئيسي', true]);
    const locs = await k.q<{ id: number; name: string; name_ar: string; kind: string; is_scrap: boolean; warehouse_id: number | null }>(sql`SELECT id, name, name_ar, kind, is_scrap, warehouse_id FROM locations ORDER BY id`);
    expect(locs.map((l) => [l.name, l.name_ar, l.kind, l.is_scrap, l.warehouse_id !== null])).toEqual([
      ['Stock', 'المخزون', 'internal', false, true], ['Scrap', 'التالف', 'internal', true, true], ['Vendors', 'الموردون', 'vendor', false, false],
      ['Customers', 'العملاء', 'customer', false, false], ['Inventory adjustment', 'تسويات المخزون', 'virtual', false, false],
    ]);
    const [s] = await k.q<Record<string, unknown>>(sql`
      SELECT s.valuation_method, s.default_location_id, s.vendor_location_id, s.customer_location_id, s.adjustment_location_id, s.scrap_location_id,
        j.code AS journal, a1.code AS input, a2.code AS loss, a3.code AS gain, u.name AS uom
      FROM inventory_settings s JOIN journals j ON j.id = s.journal_id JOIN accounts a1 ON a1.id = s.stock_input_account_id
      JOIN accounts a2 ON a2.id = s.loss_account_id JOIN accounts a3 ON a3.id = s.gain_account_id JOIN uoms u ON u.id = s.default_uom_id`);
    expect(s).toEqual({
      valuation_method: 'fifo', default_location_id: locs[0]!.id, scrap_location_id: locs[1]!.id, vendor_location_id: locs[2]!.id,
      customer_location_id: locs[3]!.id, adjustment_location_id: locs[4]!.id, journal: 'STK', input: '2104', loss: '5106', gain: '4104', uom: 'Unit',
    });
  });
});

describe('receipts and deliveries (FIFO)', () => {
  it('a receipt puts stock, a layer and Dr inventory / Cr goods received on the books', async () => {
    const p = await k.product({ cost: '4' });
    const r = await k.receive(p, '10', '5');
    // 10 x 5 = 50
    expect(r.totalValue).toBe('50.0000');
    expect(r.moves).toEqual([{ id: r.moves[0]!.id, productId: p, lotId: null, fromLocationId: k.loc.vendors, toLocationId: k.loc.stock, quantity: '10.000000', unitCost: '5.0000', value: '50.0000' }]);
    expect(await k.onHand(p)).toBe('10.000000');
    expect(await entryLines(r.entry!.id)).toEqual([{ code: '1104', debit: '50.0000', credit: '0.0000' }, { code: '2104', debit: '0.0000', credit: '50.0000' }]);
    const [m] = await k.q<{ entry_id: number; source_type: string; move_type: string }>(sql`SELECT entry_id, source_type, move_type FROM stock_moves WHERE id = ${r.moves[0]!.id}`);
    expect(m).toEqual({ entry_id: r.entry!.id, source_type: 'test', move_type: 'incoming' });
    const [e] = await k.q<{ journal: string; reference: string }>(sql`SELECT j.code AS journal, e.reference FROM journal_entries e JOIN journals j ON j.id = e.journal_id WHERE e.id = ${r.entry!.id}`);
    expect(e).toEqual({ journal: 'STK', reference: 'REC' });
  });

  it('without a unit cost a receipt is valued at the product cost', async () => {
    const p = await k.product({ cost: '2.5' });
    expect((await k.receive(p, '3')).totalValue).toBe('7.5000');
  });

  it('a delivery takes the oldest layers first and posts Dr COGS / Cr inventory', async () => {
    const p = await k.product();
    await k.receive(p, '10', '5');
    await k.receive(p, '10', '7');
    const d = await k.deliver(p, '15');
    // 10 x 5 + 5 x 7 = 85; 5 left worth 35
    expect(d.moves.map((m) => [m.quantity, m.value, m.unitCost])).toEqual([['15.000000', '85.0000', '5.6667']]);
    expect(await entryLines(d.entry!.id)).toEqual([{ code: '5101', debit: '85.0000', credit: '0.0000' }, { code: '1104', debit: '0.0000', credit: '85.0000' }]);
    const [l] = await k.q<{ rq: string; rv: string }>(sql`SELECT sum(remaining_qty)::text AS rq, sum(remaining_value)::text AS rv FROM stock_valuation_layers WHERE product_id = ${p}`);
    expect([Number(l!.rq), Number(l!.rv)]).toEqual([5, 35]);
    expect(await k.onHand(p)).toBe('5.000000');
  });

  it('the product and category expense accounts take precedence for COGS', async () => {
    const cat = (await t.admin.post('/api/inventory/categories', { name: 'With accounts', expenseAccountId: k.acc('5105') })).json().id as number;
    const p = await k.product({ categoryId: cat });
    await k.receive(p, '2', '3');
    expect((await entryLines((await k.deliver(p, '1')).entry!.id))[0]!.code).toBe('5105');
    const p2 = await k.product({ categoryId: cat, expenseAccountId: k.acc('5103'), stockAccountId: k.acc('1201') });
    const r = await k.receive(p2, '2', '3');
    expect((await entryLines(r.entry!.id))[0]!.code).toBe('1201');
    expect((await entryLines((await k.deliver(p2, '1')).entry!.id)).map((l) => l.code)).toEqual(['5103', '1201']);
  });
});

describe('quantity checks', () => {
  it('refuses to deliver more than on hand, in both languages, with nothing saved', async () => {
    const p = await k.product({ name: 'Blue pen', nameAr: 'قلم أزرق' });
    await k.receive(p, '2', '1');
    const before = [await count('stock_moves'), await count('stock_valuation_layers'), await count('journal_entries'), await count('stock_day_totals')];
    const unchanged = await picture(t.db);
    const e = await fail(k.deliver(p, '3'));
    expect([e.status, e.messageIn('en'), e.messageIn('ar')]).toEqual([422, 'Quantity Not Available', 'الكمية غير متوفرة']);
    expect(e.fields!.quantity).toBe('Blue pen: 2 available, 3 requested');
    const ar = await fail(k.post({ moveType: 'outgoing', lines: [{ productId: p, quantity: '3', fromLocationId: k.loc.stock, toLocationId: k.loc.customers }] }, 'ar'));
    expect(ar.fields!.quantity).toBe('قلم أزرق: المتوفر 2، المطلوب 3');
    expect([await count('stock_moves'), await count('stock_valuation_layers'), await count('journal_entries'), await count('stock_day_totals')]).toEqual(before);
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(unchanged, await picture(t.db))).toEqual({});
    expect(await k.onHand(p)).toBe('2.000000');
  });

  it('two lines of one document share the same stock', async () => {
    const p = await k.product();
    await k.receive(p, '5', '1');
    const line = { productId: p, quantity: '3', fromLocationId: k.loc.stock, toLocationId: k.loc.customers };
    const before = await picture(t.db);
    expect((await fail(k.post({ moveType: 'outgoing', lines: [line, line] }))).messageIn('en')).toBe('Quantity Not Available');
    expect(await k.onHand(p)).toBe('5.000000');
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
  });

  it('refuses bad lines', async () => {
    const p = await k.product();
    const base = { productId: p, quantity: '1', fromLocationId: k.loc.vendors, toLocationId: k.loc.stock };
    const msg = async (line: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      (await fail(k.post({ moveType: 'incoming', lines: [{ ...base, ...line } as never], ...extra }))).messageIn('en');
    const before = await picture(t.db);
    expect(await msg({ quantity: '0' })).toBe('Line 1: the quantity must be greater than zero');
    expect(await msg({ quantity: '-2' })).toBe('Line 1: the quantity must be greater than zero');
    expect(await msg({ quantity: 'abc' })).toBe('Line 1: the quantity must be greater than zero');
    expect(await msg({ unitCost: '-1' })).toBe('Line 1: the unit cost must be a number of zero or more');
    expect(await msg({ productId: 999999 })).toBe('Line 1: the product does not exist');
    expect(await msg({ toLocationId: 999999 })).toBe('Line 1: the location does not exist');
    expect(await msg({ toLocationId: k.loc.vendors })).toBe('Line 1: the source and destination locations are the same');
    expect(await msg({ uomId: k.uom('Kilogram') })).toBe("Line 1: the unit Kilogram is not in the group of the product's unit");
    expect(await msg({}, { lines: [] })).toBe('Add at least one line');
    expect(await msg({}, { date: 'nope' })).toBe('Date is required');
    expect(await msg({}, { moveType: 'teleport' })).toBe('The move type is not valid');
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    // a service product and an inactive location are made before their pictures (writes of their own)
    const service = (await t.admin.post('/api/inventory/products', { name: 'Consulting', categoryId: (await k.q<{ id: number }>(sql`SELECT id FROM product_categories LIMIT 1`))[0]!.id, productType: 'service', uomId: k.uom('Unit') })).json().id as number;
    const beforeService = await picture(t.db);
    expect(await msg({ productId: service })).toBe('Line 1: Consulting is not a storable product');
    expect(changes(beforeService, await picture(t.db))).toEqual({});
    const inactive = await k.location('Closed shelf');
    await k.q(sql`UPDATE locations SET is_active = false WHERE id = ${inactive}`);
    const beforeInactive = await picture(t.db);
    expect(await msg({ toLocationId: inactive })).toBe('Line 1: the location Closed shelf is inactive');
    expect(changes(beforeInactive, await picture(t.db))).toEqual({});
  });
});

describe('units of measure', () => {
  it('converts document units to the product unit and keeps what the document said', async () => {
    const p = await k.product();
    // 2 dozen at 60 per dozen = 24 units worth 120, 5 per unit
    const r = await k.receive(p, '2', '60', { uomId: k.uom('Dozen') });
    expect(r.moves.map((m) => [m.quantity, m.value, m.unitCost])).toEqual([['24.000000', '120.0000', '5.0000']]);
    const [m] = await k.q<{ uom_quantity: string; uom_id: number }>(sql`SELECT uom_quantity::text, uom_id FROM stock_moves WHERE id = ${r.moves[0]!.id}`);
    expect([Number(m!.uom_quantity), m!.uom_id]).toEqual([2, k.uom('Dozen')]);
    const kg = await k.product({ uomId: k.uom('Kilogram'), cost: '10' });
    // 1234.5678 g = 1.2345678 kg -> 1.234568 (6 dp); at the product cost 10/kg = 12.34568 -> 12.3457
    const g = await k.receive(kg, '1234.5678', null, { uomId: k.uom('Gram') });
    expect(g.moves.map((x) => [x.quantity, x.value])).toEqual([['1.234568', '12.3457']]);
    // 0.0000001 g = 0.0000000001 kg is 0 at 6 dp: refused, nothing written
    const before = await picture(t.db);
    expect((await fail(k.receive(kg, '0.0000001', null, { uomId: k.uom('Gram') }))).messageIn('en')).toBe('Line 1: the quantity must be greater than zero');
    expect(changes(before, await picture(t.db))).toEqual({});
  });
});

describe('transfers, scraps, adjustments, opening stock', () => {
  it('an internal transfer moves quantities only (no entry)', async () => {
    const shelf = await k.location('Shelf A');
    const p = await k.product();
    await k.receive(p, '4', '2');
    const r = await k.post({ moveType: 'internal', lines: [{ productId: p, quantity: '3', fromLocationId: k.loc.stock, toLocationId: shelf }] });
    expect([r.entry, r.totalValue, r.moves[0]!.value]).toEqual([null, '0.0000', '0.0000']);
    expect([await k.onHand(p), await k.onHand(p, shelf)]).toEqual(['1.000000', '3.000000']);
    // stock on the shelf is valued stock: it can be delivered at its FIFO cost 2
    const d = await k.post({ moveType: 'outgoing', lines: [{ productId: p, quantity: '2', fromLocationId: shelf, toLocationId: k.loc.customers }] });
    expect(d.totalValue).toBe('4.0000');
  });

  it('a scrap takes stock out of valuation: Dr loss / Cr inventory', async () => {
    const p = await k.product();
    await k.receive(p, '4', '2.5');
    const r = await k.post({ moveType: 'scrap', lines: [{ productId: p, quantity: '2', fromLocationId: k.loc.stock, toLocationId: k.loc.scrap }] });
    expect(await entryLines(r.entry!.id)).toEqual([{ code: '5106', debit: '5.0000', credit: '0.0000' }, { code: '1104', debit: '0.0000', credit: '5.0000' }]);
    expect(await k.onHand(p, k.loc.scrap)).toBe('2.000000');
  });

  it('adjustments post the gain or the loss; one document may do both', async () => {
    const p = await k.product({ cost: '3' });
    const q = await k.product({ cost: '1' });
    await k.receive(q, '5', '1');
    const r = await k.post({ moveType: 'adjustment', lines: [
      { productId: p, quantity: '2', fromLocationId: k.loc.adjustment, toLocationId: k.loc.stock },
      { productId: q, quantity: '1', fromLocationId: k.loc.stock, toLocationId: k.loc.adjustment },
    ] });
    // found 2 x 3 = 6 (Dr inventory / Cr gain); lost 1 x 1 = 1 (Dr loss / Cr inventory)
    expect(await entryLines(r.entry!.id)).toEqual([
      { code: '1104', debit: '6.0000', credit: '0.0000' }, { code: '5106', debit: '1.0000', credit: '0.0000' },
      { code: '1104', debit: '0.0000', credit: '1.0000' }, { code: '4104', debit: '0.0000', credit: '6.0000' },
    ]);
  });

  it('opening stock posts against opening balance equity, on the account the document names', async () => {
    const p = await k.product();
    const r = await k.post({ moveType: 'opening', inventoryAccountId: k.acc('1201'), lines: [{ productId: p, quantity: '3', unitCost: '7', fromLocationId: k.loc.adjustment, toLocationId: k.loc.stock }] });
    expect(await entryLines(r.entry!.id)).toEqual([{ code: '1201', debit: '21.0000', credit: '0.0000' }, { code: '3103', debit: '0.0000', credit: '21.0000' }]);
    // the layer remembers its account: delivering credits 1201
    expect((await entryLines((await k.deliver(p, '1')).entry!.id)).map((l) => [l.code, l.credit])).toEqual([['5101', '0.0000'], ['1201', '7.0000']]);
  });

  it('counter accounts can be named by the caller; the contact goes on every line', async () => {
    const p = await k.product();
    const contact = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Vendor X', isSupplier: true })).json().id as number;
    const r = await k.post({ moveType: 'incoming', contactId: contact, counter: { in: { accountId: k.acc('2101') } }, lines: [{ productId: p, quantity: '1', unitCost: '9', fromLocationId: k.loc.vendors, toLocationId: k.loc.stock }] });
    const lines = await k.q<{ code: string; contact_id: number }>(sql`SELECT a.code, l.contact_id FROM journal_lines l JOIN accounts a ON a.id = l.account_id WHERE l.entry_id = ${r.entry!.id} ORDER BY l.line_no`);
    expect(lines).toEqual([{ code: '1104', contact_id: contact }, { code: '2101', contact_id: contact }]);
  });
});

describe('valuation methods on the database', () => {
  it('LIFO, average and specific identification value deliveries by the company setting', async () => {
    const run = async (method: string, lots = false) => {
      await k.settings({ valuationMethod: method });
      const p = await k.product();
      // in 10 @ 5 (lot A), in 10 @ 7 (lot B); out 15 (of lot B first when specific: 10 x 7 + 5 x 5)
      await k.receive(p, '10', '5', lots ? { lotName: 'A' } : {});
      await k.receive(p, '10', '7', lots ? { lotName: 'B' } : {});
      if (!lots) return (await k.deliver(p, '15')).totalValue;
      const [b] = await k.q<{ id: number }>(sql`SELECT id FROM stock_lots WHERE product_id = ${p} AND name = 'B'`);
      const first = await k.deliver(p, '10', { lotId: b!.id });
      const [a] = await k.q<{ id: number }>(sql`SELECT id FROM stock_lots WHERE product_id = ${p} AND name = 'A'`);
      const second = await k.deliver(p, '5', { lotId: a!.id });
      return [first.totalValue, second.totalValue];
    };
    try {
      expect(await run('lifo')).toBe('95.0000'); // 10 x 7 + 5 x 5
      expect(await run('average')).toBe('90.0000'); // 15 x (120 / 20)
      expect(await run('specific', true)).toEqual(['70.0000', '25.0000']); // lot B 10 x 7, then lot A 5 x 5
      expect(await run('fifo')).toBe('85.0000'); // 10 x 5 + 5 x 7
    } finally { await k.settings({ valuationMethod: 'fifo' }); }
  });
});

describe('lots and serial numbers', () => {
  it('tracking requires a lot on receipts; lots are found or created by name with their expiry date', async () => {
    await k.settings({ enableBatchTracking: true });
    try {
      const p = await k.product();
      const before = await picture(t.db);
      const e = await fail(k.receive(p, '1', '1'));
      expect([e.messageIn('en'), e.messageIn('ar')]).toEqual(['Lot / serial number is required', 'رقم الدفعة / الرقم التسلسلي مطلوب']);
      // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
      expect(changes(before, await picture(t.db))).toEqual({});
      const r1 = await k.receive(p, '2', '1', { lotName: 'L-1', expiryDate: '2026-09-01' });
      const r2 = await k.receive(p, '3', '1', { lotName: 'L-1' });
      expect(r1.moves[0]!.lotId).toBe(r2.moves[0]!.lotId);
      const [lot] = await k.q<{ expiry: string; is_serial: boolean }>(sql`SELECT expiry_date::text AS expiry, is_serial FROM stock_lots WHERE id = ${r1.moves[0]!.lotId}`);
      expect(lot).toEqual({ expiry: '2026-09-01', is_serial: false });
      expect(await k.onHand(p, k.loc.stock, r1.moves[0]!.lotId)).toBe('5.000000');
      // a lot of another product is refused
      const other = await k.product();
      const beforeOther = await picture(t.db);
      expect((await fail(k.deliver(other, '1', { lotId: r1.moves[0]!.lotId }))).messageIn('en')).toBe('Line 1: the lot / serial number does not exist for this product');
      expect(changes(beforeOther, await picture(t.db))).toEqual({});
    } finally { await k.settings({ enableBatchTracking: false }); }
  });

  it('a delivery without a lot takes untracked stock first, then lots by earliest expiry, one move per quant', async () => {
    const p = await k.product();
    const late = (await k.receive(p, '2', '3', { lotName: 'LATE', expiryDate: '2027-01-01' })).moves[0]!.lotId!;
    await k.receive(p, '1', '1'); // untracked, 1 @ 1
    const soon = (await k.receive(p, '2', '2', { lotName: 'SOON', expiryDate: '2026-06-01' })).moves[0]!.lotId!;
    const noExpiry = (await k.receive(p, '5', '4', { lotName: 'NOEXP' })).moves[0]!.lotId!;
    const d = await k.deliver(p, '6');
    // quants: untracked 1, SOON 2, LATE 2, then 1 of NOEXP; FIFO values by layer age, whatever the lot:
    // LATE 2 x 3 + untracked 1 x 1 + SOON 2 x 2 + NOEXP 1 x 4 = 15
    expect(d.moves.map((m) => [m.lotId, m.quantity])).toEqual([[null, '1.000000'], [soon, '2.000000'], [late, '2.000000'], [noExpiry, '1.000000']]);
    expect(d.totalValue).toBe('15.0000');
    expect(await k.onHand(p, k.loc.stock, noExpiry)).toBe('4.000000');
    expect(d.entry!.totalDebit).toBe('15.0000');
  });

  it('serial numbers move one at a time and are never in stock twice', async () => {
    await k.settings({ enableSerialTracking: true });
    try {
      const p = await k.product();
      const before = await picture(t.db);
      expect((await fail(k.receive(p, '2', '10', { lotName: 'SN-1' }))).messageIn('en')).toBe('Line 1: a serial number moves a quantity of exactly 1');
      // not a row anywhere, not even the lot SN-1: every table of the database as it was (tests/support/db-diff.ts)
      expect(changes(before, await picture(t.db))).toEqual({});
      const r = await k.receive(p, '1', '10', { lotName: 'SN-1' });
      const [lot] = await k.q<{ is_serial: boolean }>(sql`SELECT is_serial FROM stock_lots WHERE id = ${r.moves[0]!.lotId}`);
      expect(lot!.is_serial).toBe(true);
      const beforeTwice = await picture(t.db);
      const twice = await fail(k.receive(p, '1', '10', { lotName: 'SN-1' }));
      expect([twice.messageIn('en'), twice.messageIn('ar')]).toEqual(['Serial number SN-1 is already in stock', 'الرقم التسلسلي SN-1 موجود في المخزون بالفعل']);
      const line = { productId: p, quantity: '1', lotName: 'SN-2', fromLocationId: k.loc.vendors, toLocationId: k.loc.stock };
      expect((await fail(k.post({ moveType: 'incoming', lines: [line, line] }))).messageIn('en')).toBe('Serial number SN-2 is already in stock');
      // nor the lot SN-2 of the refused document
      expect(changes(beforeTwice, await picture(t.db))).toEqual({});
      await k.receive(p, '1', '12', { lotName: 'SN-2' });
      // sold, it may come back (a return)
      const d = await k.deliver(p, '2');
      expect(d.moves.map((m) => m.quantity)).toEqual(['1.000000', '1.000000']);
      expect((await k.post({ moveType: 'incoming', lines: [{ productId: p, quantity: '1', lotName: 'SN-1', unitCost: '10', fromLocationId: k.loc.customers, toLocationId: k.loc.stock }] })).moves[0]!.lotId).toBe(r.moves[0]!.lotId);
    } finally { await k.settings({ enableSerialTracking: false }); }
  });
});

describe('negative stock', () => {
  it('when allowed, the shortfall goes out at the product cost and the next receipt settles it', async () => {
    await k.settings({ allowNegativeStock: true });
    try {
      const p = await k.product({ cost: '6' });
      await k.receive(p, '2', '5');
      // 2 x 5 = 10 from stock + 3 short x 6 = 18 -> 28
      const d = await k.deliver(p, '5');
      expect(d.totalValue).toBe('28.0000');
      expect(await k.onHand(p)).toBe('-3.000000');
      // 5 @ 4 = 20 comes in: 3 settle the shortfall (they cost 12 but went out at 18: +6 inventory gain), 2 remain worth 8
      const r = await k.receive(p, '5', '4');
      // lines grouped per account and side: Dr inventory 20 + 6, Cr goods received 20, Cr gain 6
      expect(await entryLines(r.entry!.id)).toEqual([
        { code: '1104', debit: '26.0000', credit: '0.0000' }, { code: '2104', debit: '0.0000', credit: '20.0000' }, { code: '4104', debit: '0.0000', credit: '6.0000' },
      ]);
      expect(await k.onHand(p)).toBe('2.000000');
      const [l] = await k.q<{ rq: string; rv: string; v: string }>(sql`SELECT sum(remaining_qty)::text AS rq, sum(remaining_value)::text AS rv, sum(value)::text AS v FROM stock_valuation_layers WHERE product_id = ${p}`);
      expect([Number(l!.rq), Number(l!.rv), Number(l!.v)]).toEqual([2, 8, 8]);
      expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
    } finally { await k.settings({ allowNegativeStock: false }); }
  });
});

describe('verifyStock and day totals', () => {
  it('finds nothing wrong after all of the above, and rebuilding the day totals changes nothing', async () => {
    const db = t.db.orm;
    expect(await verifyStock(db, k.ctx.companyId)).toEqual([]);
    const snap = () => k.q(sql`SELECT product_id, location_id, day::text, qty_in::text, qty_out::text, value_in::text, value_out::text, moves FROM stock_day_totals ORDER BY 1, 2, 3`);
    const before = await snap();
    expect(before.length).toBeGreaterThan(10);
    await withTx(t.db, (tx) => rebuildStockDayTotals(tx, k.ctx.companyId));
    expect(await snap()).toEqual(before);
  });

  it('reports tampering behind the ledger\'s back', async () => {
    const p = await k.product();
    await k.receive(p, '4', '2');
    await k.q(sql`UPDATE stock_quants SET quantity = quantity + 1 WHERE product_id = ${p}`);
    await k.q(sql`UPDATE stock_day_totals SET moves = moves + 1 WHERE product_id = ${p} AND location_id = ${k.loc.stock}`);
    await k.q(sql`INSERT INTO stock_quants (company_id, product_id, location_id, quantity) VALUES (${k.ctx.companyId}, ${p}, ${k.loc.scrap}, -1)`);
    const problems = await verifyStock(t.db.orm, k.ctx.companyId);
    expect(problems.map((x) => x.check).sort()).toEqual(['dayTotals', 'negative', 'quants', 'quants', 'remaining']);
    expect(problems.find((x) => x.check === 'quants' && x.detail.locationId === k.loc.stock)!.detail).toMatchObject({ productId: p, moves: '4.000000', quant: '5.000000' });
  });
});
