import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../../tests/support/test-app';
import { type Kit, kit } from './test-kit';

/**
 * An invoice line's product is the company's, as its account and tax are: another company's product, or an id no
 * product has, is refused (422 naming the line, in both languages, nothing written) on every type of invoice, on
 * create and on a draft's update, on a debit note's and a credit note's lines. A credit note may still name the
 * products of the invoice it credits, one deleted since included. (Accounting cannot read inventory's products: the
 * check goes through the platform's registry, core/entity/crud.references.ts missingRecords.)
 */
let t: TestApp;
let k: Kit;
let ar: Client;
let other: Client;
let ko: Kit;
let vat: number;
let partnerId: number;
let ours: number;
let theirs: number;
const MADE_UP = 2147480000;
const TYPES = ['SALE', 'PURCHASE', 'EXPENSE', 'OTHER'] as const;

async function productOf(c: Client, name: string): Promise<number> {
  const cat = await c.post('/api/inventory/categories', { name: `${name} category` });
  expect(cat.statusCode, cat.body).toBe(201);
  const unit = (await c.get('/api/inventory/uoms?search=Unit')).json().items.find((u: { name: string }) => u.name === 'Unit').id as number;
  const r = await c.post('/api/inventory/products', { name, categoryId: cat.json().id, productType: 'service', uomId: unit, salePrice: '100' });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
}

beforeAll(async () => {
  t = await testApp(); k = await kit(t);
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
  vat = (await t.admin.get('/api/accounting/taxes')).json().items.find((x: { name: string }) => x.name === 'VAT 15%').id;
  partnerId = await k.contact();
  ours = await productOf(t.admin, 'Consulting hour');
  const su = await t.anon().post('/api/auth/signup', { companyNameEn: 'Other Co', companyNameAr: 'شركة أخرى', currency: 'SAR', username: 'other', fullName: 'Other', password: 'other-pass-1' });
  expect(su.statusCode, su.body).toBe(201);
  other = await t.login('other', 'other-pass-1');
  ko = await kit(t, other);
  theirs = await productOf(other, 'Their hour');
});
afterAll(async () => { await t?.close(); });

/** Two lines: a plain one, then one naming `productId` (the second line is the one refused). */
const lines = (productId: number) => [
  { description: 'Setup', quantity: '1', unitPrice: '50' },
  { productId, description: 'Hours', quantity: '2', unitPrice: '100', taxId: vat },
];
const create = (c: Client, o: Record<string, unknown> = {}) => c.post('/api/accounting/invoices', {
  type: 'SALE', partnerId, date: '2026-04-01', paymentTermDays: 30, lines: lines(ours), ...o,
});
const confirmed = async (o: Record<string, unknown> = {}) => {
  const c = await create(t.admin, o);
  expect(c.statusCode, c.body).toBe(201);
  const r = await t.admin.post(`/api/accounting/invoices/${c.json().id}/confirm`, {});
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; version: number; number: string };
};
/** `send` refused in English and in Arabic with "Line {line}: the product does not exist" on `lines`. */
async function refusedInBoth(send: (c: Client) => Promise<{ statusCode: number; body: string; json: () => any }>, line = 2): Promise<void> {
  for (const [c, want] of [[t.admin, `Line ${line}: the product does not exist`], [ar, `السطر ${line}: المنتج غير موجود`]] as const) {
    const r = await send(c);
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().error).toMatchObject({ code: 'validation', message: want, fields: { lines: want } });
  }
}

describe('an invoice line naming a product', () => {
  it("refuses another company's product and an id no product has, on every type of invoice, writing nothing", async () => {
    const before = await picture(t.db);
    for (const type of TYPES)
      for (const id of [theirs, MADE_UP]) await refusedInBoth((c) => create(c, { type, lines: lines(id) }));
    // as another company's line account and line tax are answered: "Line N: ..." on `lines`
    const account = await create(t.admin, { lines: [{ description: 'x', unitPrice: '1', accountId: ko.acc('4101') }] });
    expect(account.json().error).toMatchObject({ message: 'Line 1: the account does not exist', fields: { lines: 'Line 1: the account does not exist' } });
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
  });

  it("takes the company's own product on every type, and keeps it on the line", async () => {
    for (const type of TYPES) {
      const r = await create(t.admin, { type });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().lines.map((l: { productId: number | null }) => l.productId)).toEqual([null, ours]);
    }
  });

  it("refuses a draft's update (PATCH) to another company's product or an id no product has, writing nothing", async () => {
    const draft = (await create(t.admin, { lines: [{ description: 'Setup', quantity: '1', unitPrice: '50' }] })).json();
    const before = await picture(t.db);
    for (const id of [theirs, MADE_UP]) await refusedInBoth((c) => c.patch(`/api/accounting/invoices/${draft.id}`, { lines: lines(id), version: draft.version }));
    expect(changes(before, await picture(t.db))).toEqual({});
    const ok = await t.admin.patch(`/api/accounting/invoices/${draft.id}`, { lines: lines(ours), version: draft.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().lines[1].productId).toBe(ours);
    // a PENDING invoice is edited the same way
    const pending = (await t.admin.post(`/api/accounting/invoices/${draft.id}/submit`, {})).json();
    expect(pending.status).toBe('PENDING');
    const beforePending = await picture(t.db);
    await refusedInBoth((c) => c.patch(`/api/accounting/invoices/${draft.id}`, { lines: lines(theirs), version: pending.version }));
    expect(changes(beforePending, await picture(t.db))).toEqual({});
  });

  it("refuses a debit note's and a credit note's line naming another company's product or an id no product has, writing nothing", async () => {
    const inv = await confirmed();
    const before = await picture(t.db);
    for (const id of [theirs, MADE_UP]) {
      await refusedInBoth((c) => c.post(`/api/accounting/invoices/${inv.id}/debitNote`, { lines: lines(id), reason: 'More hours' }));
      await refusedInBoth((c) => c.post(`/api/accounting/invoices/${inv.id}/creditNote`, { lines: [{ productId: id, description: 'Back', quantity: '1', unitPrice: '10' }] }), 1);
    }
    expect(changes(before, await picture(t.db))).toEqual({});
    const dn = await t.admin.post(`/api/accounting/invoices/${inv.id}/debitNote`, { lines: lines(ours), reason: 'More hours' });
    expect(dn.statusCode, dn.body).toBe(200);
  });

  it('lets a credit note name the products of the invoice it credits, one deleted since included', async () => {
    const gone = await productOf(t.admin, 'Workshop day');
    const inv = await confirmed({ lines: [{ productId: gone, description: 'Workshop', quantity: '2', unitPrice: '100' }, { productId: ours, description: 'Hours', quantity: '1', unitPrice: '100' }] });
    const whole = await confirmed({ lines: [{ productId: gone, description: 'Workshop', quantity: '1', unitPrice: '100' }] });
    const del = await t.admin.del(`/api/inventory/products/${gone}`);
    expect(del.statusCode, del.body).toBeLessThan(300);
    // a product neither the company's nor the invoice's is still refused
    await refusedInBoth((c) => c.post(`/api/accounting/invoices/${inv.id}/creditNote`, { lines: [{ productId: theirs, description: 'Back', quantity: '1', unitPrice: '10' }] }), 1);
    const part = await t.admin.post(`/api/accounting/invoices/${inv.id}/creditNote`, { lines: [{ productId: gone, description: 'Workshop', quantity: '1', unitPrice: '100' }] });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ totalAmount: '100.00' });
    // the rest, naming both of the invoice's products
    const rest = await t.admin.post(`/api/accounting/invoices/${inv.id}/creditNote`, { lines: [{ productId: gone, description: 'Workshop', quantity: '1', unitPrice: '100' }, { productId: ours, description: 'Hours', quantity: '1', unitPrice: '100' }] });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().status).toBe('RETURNED');
    // a full credit note: the invoice's own lines, the deleted product's
    const full = await t.admin.post(`/api/accounting/invoices/${whole.id}/creditNote`, {});
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().status).toBe('RETURNED');
  });
});
