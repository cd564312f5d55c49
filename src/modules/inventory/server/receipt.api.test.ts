import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { documentsApp, entriesOf, entryLines, fingerprint, layers, movesOf, refusedInBoth } from './documents.test-kit';
import { locationOf, otherCompany } from './master-data.test-kit';
import { verifyStock } from './stock.verify';
import type { StockKit } from './test-kit';

/**
 * Receipts through HTTP: totals by the server, approve numbers, partial and full receiving move stock in at the
 * receipt's costs (dozens converted to units) with layers and Dr inventory / Cr stock received entries; every
 * refusal in both languages leaves nothing behind.
 */
let t: TestApp;
let k: StockKit;
let ar: Client;
let vendorId: number;
let pA: number;
let pB: number;

beforeAll(async () => {
  ({ t, k, ar } = await documentsApp());
  vendorId = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Vendor One', isVendor: true })).json().id;
  pA = await k.product({ name: 'Widget', nameAr: 'قطعة', cost: '9' });
  pB = await k.product({ name: 'Bolt', nameAr: 'مسمار', cost: '7.5' });
});
afterAll(async () => { await t?.close(); });

const create = (o: Record<string, unknown> = {}, c: Client = t.admin) => c.post('/api/inventory/receipts', {
  vendorId, receiptDate: '2026-03-05', locationId: k.loc.stock,
  items: [{ productId: pA, quantity: '2', uomId: k.uom('Dozen'), unitCost: '120' }, { productId: pB, quantity: 5 }], ...o,
});

describe('receipt flow', () => {
  it('computes the total, approves with a number, receives part then the rest, and posts at the receipt costs', async () => {
    const c = await create({ totalAmount: '1', status: 'received', number: 'X' });
    expect(c.statusCode, c.body).toBe(201);
    const r = c.json();
    // 2 dozen x 120 = 240; 5 units x the product cost 7.5 = 37.5
    expect(r).toMatchObject({ status: 'pending', number: null, totalAmount: '277.5000' });
    expect(r.items[1]).toMatchObject({ unitCost: '7.5000', value: '37.5000', receivedQuantity: '0', uomId: k.uom('Unit') });

    const ap = await t.admin.post(`/api/inventory/receipts/${r.id}/approve`, {});
    expect(ap.statusCode, ap.body).toBe(200);
    expect(ap.json()).toMatchObject({ status: 'approved', number: 'REC/2026/00001' });
    expect((await t.admin.patch(`/api/inventory/receipts/${r.id}`, { notes: 'x', version: ap.json().version })).statusCode).toBe(409);
    expect(await movesOf(t, 'receipt', r.id)).toEqual([]);

    const part = await t.admin.post(`/api/inventory/receipts/${r.id}/receivePartial`, { items: [{ index: 0, quantity: '0.5', lotName: 'L-1' }] });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ status: 'partially_received' });
    expect(part.json().items[0].receivedQuantity).toBe('0.5');
    // half a dozen = 6 units at 120 / dozen = 60
    expect(await k.onHand(pA)).toBe('6.000000');
    const [m1] = await movesOf(t, 'receipt', r.id);
    expect(m1).toMatchObject({ productId: pA, fromLocationId: k.loc.vendors, toLocationId: k.loc.stock, quantity: '6.000000', value: '60.0000', reference: 'REC/2026/00001', moveType: 'incoming' });
    const [e1] = await entriesOf(t, 'receipt', r.id);
    expect(await entryLines(t, e1!.id)).toEqual(['1104 60.0000 0.0000', '2104 0.0000 60.0000']);

    const all = await t.admin.post(`/api/inventory/receipts/${r.id}/receive`, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().status).toBe('received');
    expect(all.json().items.map((i: { receivedQuantity: string }) => i.receivedQuantity)).toEqual(['2', '5']);
    // the rest: 1.5 dozen = 18 units worth 180, and 5 bolts worth 37.5
    expect(await k.onHand(pA)).toBe('24.000000');
    expect(await k.onHand(pB)).toBe('5.000000');
    expect(await layers(t, pA)).toMatchObject({ qty: '24.000000', value: '240.0000', remainingQty: '24.000000', remainingValue: '240.0000' });
    const es = await entriesOf(t, 'receipt', r.id);
    expect(es).toHaveLength(2);
    expect(await entryLines(t, es[1]!.id)).toEqual(['1104 217.5000 0.0000', '2104 0.0000 217.5000']);
    expect(await k.balance(k.acc('1104'))).toBe('277.5000');
    expect(await k.balance(k.acc('2104'))).toBe('-277.5000');
    const lot = await t.admin.get(`/api/inventory/lots?filter[productId]=${pA}`);
    expect(lot.json().items.map((l: { name: string }) => l.name)).toEqual(['L-1']);

    expect((await t.admin.post(`/api/inventory/receipts/${r.id}/receive`, {})).statusCode).toBe(409);
    expect((await t.admin.post(`/api/inventory/receipts/${r.id}/receivePartial`, { items: [{ index: 1, quantity: '1' }] })).statusCode).toBe(409);
    expect((await t.admin.del(`/api/inventory/receipts/${r.id}`)).statusCode).toBe(409);
  });

  it('refuses receiving more than ordered, in both languages, and keeps what was received', async () => {
    const r = (await create()).json();
    await t.admin.post(`/api/inventory/receipts/${r.id}/approve`, {});
    expect((await t.admin.post(`/api/inventory/receipts/${r.id}/receivePartial`, { items: [{ index: 1, quantity: '4' }] })).statusCode).toBe(200);
    await refusedInBoth(t, (c) => c.post(`/api/inventory/receipts/${r.id}/receivePartial`, { items: [{ index: 1, quantity: '1.5' }] }), t.admin, ar, {
      status: 422, en: 'Item 2: cannot receive 1.5; only 1 left to receive', ar: 'الصنف 2: لا يمكن استلام 1.5؛ المتبقي للاستلام 1 فقط', field: 'items',
    });
    // two parts of one line that together exceed what is left
    await refusedInBoth(t, (c) => c.post(`/api/inventory/receipts/${r.id}/receivePartial`, { items: [{ index: 1, quantity: '0.6' }, { index: 1, quantity: '0.6' }] }), t.admin, ar, {
      status: 422, en: 'Item 2: cannot receive 1.2; only 1 left to receive', ar: 'الصنف 2: لا يمكن استلام 1.2؛ المتبقي للاستلام 1 فقط',
    });
    await refusedInBoth(t, (c) => c.post(`/api/inventory/receipts/${r.id}/receivePartial`, { items: [{ index: 7, quantity: '1' }] }), t.admin, ar, {
      status: 422, en: 'Item 8 does not exist on this receipt', ar: 'الصنف 8 غير موجود في هذا الإيصال',
    });
    await refusedInBoth(t, (c) => c.post(`/api/inventory/receipts/${r.id}/receivePartial`, { items: [{ index: 0, quantity: '0' }] }), t.admin, ar, {
      status: 422, en: 'Item 1: the quantity must be greater than zero', ar: 'الصنف 1: يجب أن تكون الكمية أكبر من صفر',
    });
    expect((await t.admin.get(`/api/inventory/receipts/${r.id}`)).json().items[1].receivedQuantity).toBe('4');
  });

  it('receives nothing before approval; reject and cancel move nothing; only unnumbered receipts are deleted', async () => {
    const r = (await create()).json();
    expect((await t.admin.post(`/api/inventory/receipts/${r.id}/receive`, {})).statusCode).toBe(409);
    expect((await t.admin.post(`/api/inventory/receipts/${r.id}/receivePartial`, { items: [{ index: 0, quantity: '1' }] })).json().error.message)
      .toBe('Only an approved or partially received receipt can be received');
    expect((await t.admin.post(`/api/inventory/receipts/${r.id}/reject`, {})).json().status).toBe('rejected');
    expect((await t.admin.del(`/api/inventory/receipts/${r.id}`)).statusCode).toBe(204);
    const r2 = (await create()).json();
    await t.admin.post(`/api/inventory/receipts/${r2.id}/approve`, {});
    expect((await t.admin.post(`/api/inventory/receipts/${r2.id}/cancel`, {})).json().status).toBe('cancelled');
    expect((await t.admin.del(`/api/inventory/receipts/${r2.id}`)).json().error.message).toBe('A numbered document cannot be deleted; cancel it instead');
    expect(await movesOf(t, 'receipt', r2.id)).toEqual([]);
  });

  it("the vendor's bill for received goods, with the settings' accounts, clears goods received: the stock is valued once (invariant 6)", async () => {
    const p = await k.product({ name: 'Billed gear', nameAr: 'ترس مفوتر', cost: '5' });
    const r = (await create({ items: [{ productId: p, quantity: '10', unitCost: '5' }] })).json();
    await t.admin.post(`/api/inventory/receipts/${r.id}/approve`, {});
    expect((await t.admin.post(`/api/inventory/receipts/${r.id}/receive`, {})).statusCode).toBe(200);
    const bill = (await t.admin.post('/api/accounting/invoices', { type: 'PURCHASE', partnerId: vendorId, date: '2026-03-06', paymentTermDays: 30,
      lines: [{ description: 'Billed gear', quantity: '10', unitPrice: '5' }] })).json();
    const posted = await t.admin.post(`/api/accounting/invoices/${bill.id}/confirm`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    const codes = await k.q<{ code: string; debit: string; credit: string }>(sql`SELECT a.code, l.debit::text, l.credit::text FROM journal_lines l
      JOIN accounts a ON a.id = l.account_id WHERE l.entry_id = ${posted.json().entryId} ORDER BY a.code`);
    // Dr goods received not invoiced / Cr payable: the receipt's Cr 2104 is cleared, the inventory account untouched
    expect(codes).toEqual([{ code: '2101', debit: '0.0000', credit: '50.0000' }, { code: '2104', debit: '50.0000', credit: '0.0000' }]);
    expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  });
});

describe('receipt bad input (both languages, nothing saved)', () => {
  it('refuses a scrap location as destination, on create and on update', async () => {
    await refusedInBoth(t, (c) => create({ locationId: k.loc.scrap }, c), t.admin, ar, {
      status: 422, en: 'Cannot receive into a scrap location', ar: 'لا يمكن الاستلام في موقع إتلاف', field: 'locationId',
    });
    const r = (await create()).json();
    await refusedInBoth(t, (c) => c.patch(`/api/inventory/receipts/${r.id}`, { locationId: k.loc.scrap, version: r.version }), t.admin, ar, {
      status: 422, en: 'Cannot receive into a scrap location', ar: 'لا يمكن الاستلام في موقع إتلاف', field: 'locationId',
    });
  });

  it('refuses a counterpart location, a location of another company and one without a warehouse', async () => {
    await refusedInBoth(t, (c) => create({ locationId: k.loc.vendors }, c), t.admin, ar, {
      status: 422, en: 'The location Vendors is not an internal stock location', ar: 'الموقع الموردون ليس موقع مخزون داخليًا', field: 'locationId',
    });
    const other = await otherCompany(t, 'rcv-other');
    const foreign = await locationOf(other, 'Stock');
    await refusedInBoth(t, (c) => create({ locationId: foreign }, c), t.admin, ar, {
      status: 422, en: 'The location does not exist', ar: 'الموقع غير موجود', field: 'locationId',
    });
    const [orphan] = (await t.db.orm.execute(sql`INSERT INTO locations (company_id, name, name_ar, kind) VALUES (${k.ctx.companyId}, 'Loose shelf', 'رف', 'internal') RETURNING id`)).rows as { id: number }[];
    await refusedInBoth(t, (c) => create({ locationId: orphan!.id }, c), t.admin, ar, {
      status: 422, en: 'The location Loose shelf has no warehouse', ar: 'الموقع رف غير مرتبط بمستودع', field: 'locationId',
    });
    await refusedInBoth(t, (c) => create({ locationId: null }, c), t.admin, ar, { status: 422, en: /./, ar: /./, field: 'locationId' });
    expect((await create({ locationId: null })).json().error.fields.locationId).toBe('Location is required');
  });

  it('refuses a unit of another group, a zero quantity, a negative cost, an unknown or non-storable product', async () => {
    await refusedInBoth(t, (c) => create({ items: [{ productId: pA, quantity: '1', uomId: k.uom('Kilogram') }] }, c), t.admin, ar, {
      status: 422, en: 'Item 1: the unit Kilogram is not in the unit group of Widget', ar: 'الصنف 1: الوحدة كيلوغرام ليست من مجموعة وحدات قطعة', field: 'items',
    });
    await refusedInBoth(t, (c) => create({ items: [{ productId: pA, quantity: '1' }, { productId: pB, quantity: '0' }] }, c), t.admin, ar, {
      status: 422, en: 'Item 2: the quantity must be greater than zero', ar: 'الصنف 2: يجب أن تكون الكمية أكبر من صفر',
    });
    await refusedInBoth(t, (c) => create({ items: [{ productId: pA, quantity: '-3' }] }, c), t.admin, ar, {
      status: 422, en: 'Item 1: the quantity must be greater than zero', ar: 'الصنف 1: يجب أن تكون الكمية أكبر من صفر',
    });
    await refusedInBoth(t, (c) => create({ items: [{ productId: pA, quantity: '1', unitCost: '-1' }] }, c), t.admin, ar, {
      status: 422, en: 'Item 1: the unit cost cannot be negative', ar: 'الصنف 1: لا يمكن أن تكون تكلفة الوحدة سالبة',
    });
    await refusedInBoth(t, (c) => create({ items: [{ productId: 99999, quantity: '1' }] }, c), t.admin, ar, {
      status: 422, en: 'Item 1: the product does not exist', ar: 'الصنف 1: المنتج غير موجود',
    });
    const service = await k.product({ name: 'Repair', nameAr: 'تصليح', productType: 'service', storable: false });
    await refusedInBoth(t, (c) => create({ items: [{ productId: service, quantity: '1' }] }, c), t.admin, ar, {
      status: 422, en: 'Item 1: Repair is not a storable product', ar: 'الصنف 1: تصليح ليس منتجًا مخزنيًا',
    });
    await refusedInBoth(t, (c) => create({ items: [] }, c), t.admin, ar, { status: 422, en: 'Add at least one item', ar: 'أضف صنفًا واحدًا على الأقل' });
    await refusedInBoth(t, (c) => create({ items: [{ productId: pA, quantity: 'abc' }] }, c), t.admin, ar, {
      status: 422, en: 'Item 1: product, quantity and unit must be valid', ar: 'الصنف 1: يجب أن يكون المنتج والكمية والوحدة صالحة',
    });
  });

  it('a user of another company can neither read nor act on the receipt (404), and nothing changes', async () => {
    const r = (await create()).json();
    const other = await otherCompany(t, 'rcv-spy');
    const before = await fingerprint(t);
    expect((await other.get(`/api/inventory/receipts/${r.id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/inventory/receipts/${r.id}`, { notes: 'x', version: r.version })).statusCode).toBe(404);
    expect((await other.post(`/api/inventory/receipts/${r.id}/approve`, {})).statusCode).toBe(404);
    expect((await other.post(`/api/inventory/receipts/${r.id}/receivePartial`, { items: [{ index: 0, quantity: '1' }] })).statusCode).toBe(404);
    expect((await other.del(`/api/inventory/receipts/${r.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/inventory/receipts')).json().total).toBe(0);
    expect(await fingerprint(t)).toBe(before);
  });
});
