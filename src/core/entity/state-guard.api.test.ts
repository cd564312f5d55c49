import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../tests/support/test-app';
import { invoice } from '../../modules/accounting/model/invoice.entity';
import { documentsApp, postDelivery, productWithTwoLayers } from '../../modules/inventory/server/documents.test-kit';
import type { StockKit } from '../../modules/inventory/server/test-kit';

/**
 * The generic update, delete and bulk delete refuse what the definition's `states` do not allow (state-guard.ts):
 * 409 in the caller's language, nothing written; the web hides the same buttons by the same allowedOps.
 */
let t: TestApp;
let k: StockKit;
let ar: Client;
let partnerId: number;

beforeAll(async () => {
  ({ t, k, ar } = await documentsApp());
  partnerId = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Partner One', isCustomer: true })).json().id;
});
afterAll(async () => { await t?.close(); });

const INV = '/api/accounting/invoices';
const draftInvoice = async () => {
  const r = await t.admin.post(INV, { type: 'SALE', partnerId, date: '2026-04-01', lines: [{ description: 'Consulting', quantity: '2', unitPrice: '100' }] });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: number; version: number; status: string };
};
const refused = async (send: (c: Client) => Promise<{ statusCode: number; json(): { error: { message: string } } }>, en: string, arMsg: string) => {
  for (const [c, want] of [[t.admin, en], [ar, arMsg]] as const) {
    const r = await send(c);
    expect(r.statusCode).toBe(409);
    expect(r.json().error.message).toBe(want);
  }
};

describe('invoices: edited and deleted only as a draft (editableIn / deletableIn)', () => {
  it('a draft changes; a confirmed invoice refuses PATCH, DELETE and bulk delete in both languages, nothing written', async () => {
    const d = await draftInvoice();
    const ch = await t.admin.patch(`${INV}/${d.id}`, { reference: 'edited', version: d.version });
    expect(ch.statusCode, ch.body).toBe(200);
    const c = (await t.admin.post(`${INV}/${d.id}/confirm`, {})).json();
    expect(c.status).toBe('CONFIRMED');
    const en = 'Only a draft can be changed or deleted';
    const arMsg = 'لا يمكن تعديل أو حذف إلا المسودة';
    await refused((cl) => cl.patch(`${INV}/${c.id}`, { reference: 'tamper', version: c.version }), en, arMsg);
    await refused((cl) => cl.del(`${INV}/${c.id}`), en, arMsg);
    const other = await draftInvoice();
    await refused((cl) => cl.post(`${INV}/bulk-delete`, { ids: [other.id, c.id] }), en, arMsg);
    expect((await t.admin.get(`${INV}/${other.id}`)).statusCode).toBe(200);
    expect((await t.admin.get(`${INV}/${c.id}`)).json()).toMatchObject({ reference: 'edited', version: c.version, status: 'CONFIRMED' });
  });

  it('a cancelled invoice is deleted but not edited (deletableIn holds CANCELLED, editableIn does not)', async () => {
    const d = await draftInvoice();
    const x = (await t.admin.post(`${INV}/${d.id}/cancel`, {})).json();
    expect(x.status).toBe('CANCELLED');
    await refused((cl) => cl.patch(`${INV}/${x.id}`, { reference: 'x', version: x.version }), 'Only a draft can be changed or deleted', 'لا يمكن تعديل أو حذف إلا المسودة');
    expect((await t.admin.del(`${INV}/${x.id}`)).statusCode).toBe(204);
  });

  it('is the declaration that decides: with CONFIRMED in editableIn, the same PATCH passes', async () => {
    const d = await draftInvoice();
    const c = (await t.admin.post(`${INV}/${d.id}/confirm`, {})).json();
    const st = invoice.states!;
    const saved = st.editableIn;
    st.editableIn = [...saved, 'CONFIRMED'];
    try {
      const r = await t.admin.patch(`${INV}/${c.id}`, { reference: 'declared', version: c.version });
      expect(r.statusCode, r.body).toBe(200);
    } finally {
      st.editableIn = saved;
    }
    expect((await t.admin.patch(`${INV}/${c.id}`, { reference: 'again' })).statusCode).toBe(409);
  });
});

describe('deliveries: a validated delivery is kept', () => {
  it('refuses PATCH and DELETE of a done delivery in both languages, naming the states it is allowed in', async () => {
    const p = await productWithTwoLayers(k, 'Kept lamp');
    const v = await postDelivery(t.admin, k, [{ productId: p, quantity: 1 }], { validate: true });
    expect(v.statusCode, v.body).toBe(201);
    const d = v.json();
    expect(d.status).toBe('done');
    const url = `/api/inventory/deliveries/${d.id}`;
    await refused((c) => c.patch(url, { notes: 'x', version: d.version }),
      'Only a Draft document can be changed or deleted', 'لا يمكن تعديل أو حذف المستند إلا في حالة مسودة');
    await refused((c) => c.del(url),
      'Only a Draft or Cancelled document can be changed or deleted', 'لا يمكن تعديل أو حذف المستند إلا في حالة مسودة أو ملغى');
    await refused((c) => c.post('/api/inventory/deliveries/bulk-delete', { ids: [d.id] }),
      'Only a Draft or Cancelled document can be changed or deleted', 'لا يمكن تعديل أو حذف المستند إلا في حالة مسودة أو ملغى');
    expect((await t.admin.get(url)).json()).toMatchObject({ status: 'done', version: d.version, notes: d.notes });
  });

  it('deletes a cancelled draft', async () => {
    const p = await productWithTwoLayers(k, 'Gone lamp');
    const d = (await postDelivery(t.admin, k, [{ productId: p, quantity: 1 }])).json();
    const x = (await t.admin.post(`/api/inventory/deliveries/${d.id}/cancel`, {})).json();
    expect(x.status).toBe('cancelled');
    expect((await t.admin.del(`/api/inventory/deliveries/${d.id}`)).statusCode).toBe(204);
  });
});
