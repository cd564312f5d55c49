import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { setClock } from '../../../core/time/company-time';
import { type PosKit, posApp } from './pos.test-kit';
import { returnKit } from './return.test-kit';

/**
 * Finding the order to return at /pos/return (GET /api/pos/returns/orders?q=): by part of its number, the customer's
 * name (Arabic folded as the platform's search folds: hamza, ta marbuta, tashkeel; any case), phone (Arabic-Indic
 * digits too) or the date (ISO or day/month/year); till orders only (not the sales office's, not drafts), newest
 * first, at most 20 with `more`; no term or a long one refused in both languages; the till's right and nothing else.
 */
let t: TestApp;
let k: PosKit;
let ar: Client;
const sold: Record<string, { id: number; number: string }> = {};
let office = 0;

beforeAll(async () => {
  ({ t, k, ar } = await posApp());
  const rk = returnKit(t, k);
  const water = await k.product('Water', '2', '500');
  const ahmad = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Ahmad Al-Shehri', nameAr: 'أحمد الشهري', phone: '0551234567', isCustomer: true })).json().id;
  const fatima = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Fatima', nameAr: 'فاطمة الزهراء', phone: '0569990000', isCustomer: true })).json().id;
  const days: [string, string, number | undefined][] = [['a', '2026-03-05T09:00:00Z', ahmad], ['b', '2026-03-07T09:00:00Z', fatima], ['c', '2026-03-07T10:00:00Z', undefined], ['d', '2026-03-09T09:00:00Z', ahmad]];
  const s = await k.session(t.admin, '100');
  for (const [name, at, customer] of days) {
    setClock(() => new Date(at));
    sold[name] = (await rk.sell(t.admin, s.id, [{ productId: water, quantity: '1' }], [{ method: customer ? 'credit' : 'cash', amount: '2' }], customer)) as { id: number; number: string };
  }
  setClock(() => new Date('2026-03-07T12:00:00Z'));
  // a sales office order of the same customer and day: not a till order
  const o = await t.admin.post('/api/sales/orders', { customerId: ahmad, orderDate: '2026-03-07', paymentMethod: 'credit', items: [{ productId: water, quantity: '1' }] });
  expect(o.statusCode, o.body).toBe(201);
  expect((await t.admin.post(`/api/sales/orders/${o.json().id}/confirm`, {})).statusCode).toBe(200);
  office = o.json().id;
}, 120_000);
afterAll(async () => { setClock(null); await t?.close(); });

const find = async (q: string, c: Client = t.admin) => {
  const r = await c.get(`/api/pos/returns/orders?q=${encodeURIComponent(q)}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { items: { id: number; number: string; orderDate: string; customer: string; phone: string | null; totalAmount: string }[]; more: boolean };
};
const ids = async (q: string, c?: Client) => (await find(q, c)).items.map((x) => x.id);

describe('finding the till order to return', () => {
  it('by part of the number, newest first', async () => {
    const tail = sold.d!.number.slice(-3);
    expect(await ids(tail)).toContain(sold.d!.id);
    expect(await ids(sold.b!.number)).toEqual([sold.b!.id]);
    expect(await ids(sold.a!.number.slice(0, 3).toLowerCase())).toEqual([sold.d!.id, sold.c!.id, sold.b!.id, sold.a!.id]);
  });

  it('by the customer\'s name in either language, folded (hamza, ta marbuta, case), or phone in either digits; names in the caller\'s language', async () => {
    expect(await ids('احمد')).toEqual([sold.d!.id, sold.a!.id]);
    expect(await ids('AHMAD')).toEqual([sold.d!.id, sold.a!.id]);
    expect(await ids('فاطمه')).toEqual([sold.b!.id]);
    expect(await ids('1234567')).toEqual([sold.d!.id, sold.a!.id]);
    expect(await ids('٠٥٦٩٩٩')).toEqual([sold.b!.id]);
    expect((await find('0569990000')).items[0]).toMatchObject({ customer: 'Fatima', phone: '0569990000', totalAmount: '2.0000', orderDate: '2026-03-07' });
    expect((await find('0569990000', ar)).items[0]!.customer).toBe('فاطمة الزهراء');
  });

  it('by the date, ISO or day/month/year; the sales office\'s order of that day is not offered', async () => {
    expect(await ids('2026-03-07')).toEqual([sold.c!.id, sold.b!.id]);
    expect(await ids('7/3/2026')).toEqual([sold.c!.id, sold.b!.id]);
    expect(await ids('٠٧/٠٣/٢٠٢٦')).toEqual([sold.c!.id, sold.b!.id]);
    expect(await ids('Ahmad')).not.toContain(office);
    expect(await ids('2026-3-9')).toEqual([sold.d!.id]);
    // no such day: nothing (not an error)
    for (const q of ['2026-02-30', '31/4/2026']) expect(await ids(q)).toEqual([]);
  });

  it('nothing matching is an empty list; all four till orders by their prefix, none more', async () => {
    expect(await find('zzz-none')).toEqual({ items: [], more: false });
    const many = await find(sold.a!.number.slice(0, 3));
    expect([many.items.length, many.more]).toEqual([4, false]);
  });

  it('refuses no term or a long one in both languages, and a user without the till right', async () => {
    for (const q of ['', '   ', 'x'.repeat(61)]) {
      const en = await t.admin.get(`/api/pos/returns/orders?q=${encodeURIComponent(q)}`);
      expect(en.statusCode).toBe(422);
      expect(en.json().error.fields.q).toBe('Type part of the order number, the customer\'s name or phone, or the date (at most 60 characters)');
      const a = await ar.get(`/api/pos/returns/orders?q=${encodeURIComponent(q)}`);
      expect(a.json().error.fields.q).toBe('اكتب جزءًا من رقم الطلب أو اسم العميل أو هاتفه أو التاريخ (60 حرفًا على الأكثر)');
    }
    expect((await t.admin.get('/api/pos/returns/orders')).statusCode).toBe(422);
    await t.admin.post('/api/admin/groups', { name: 'viewers', permissions: ['sales.salesOrder.view'] });
    const g = (await t.admin.get('/api/admin/groups?search=viewers')).json().items[0].id;
    expect((await t.admin.post('/api/admin/users', { username: 'viewer', fullName: 'Viewer', password: 'secret-pass-1', groups: [g] })).statusCode).toBe(201);
    const viewer = await t.login('viewer', 'secret-pass-1');
    expect((await viewer.get('/api/pos/returns/orders?q=SO')).statusCode).toBe(403);
  });
});
