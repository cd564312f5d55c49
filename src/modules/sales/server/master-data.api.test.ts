import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { type SalesKit, salesApp } from './sales.test-kit';

/** Sales master data on the generic API: payment terms, reasons, salespersons, price lists, the settings singleton. */
let t: TestApp;
let k: SalesKit;
let ar: Client;
beforeAll(async () => { ({ t, k, ar } = await salesApp()); });
afterAll(async () => { await t?.close(); });

describe('sales master data', () => {
  it('payment terms and reasons: required names in both languages, due days bounded', async () => {
    const en = await t.admin.post('/api/sales/payment-terms', { dueDays: 10 });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields.name).toBe('Name is required');
    expect((await ar.post('/api/sales/reasons', {})).json().error.fields.name).toBe('الاسم مطلوب');
    expect((await t.admin.post('/api/sales/payment-terms', { name: 'Net 45', dueDays: -1 })).statusCode).toBe(422);
    const ok = await t.admin.post('/api/sales/payment-terms', { name: 'Net 45', dueDays: 45, description: 'Forty-five days' });
    expect(ok.statusCode).toBe(201);
    expect((await t.admin.get('/api/sales/payment-terms?pageSize=50')).json().items.map((r: any) => r.name)).toEqual(expect.arrayContaining(['Net 45', 'Immediate']));
    expect((await t.admin.post('/api/sales/reasons', { name: 'Damaged' })).statusCode).toBe(201);
  });

  it('salespersons: one per user, named after the user', async () => {
    const me = (await t.admin.get('/api/auth/me')).json().user;
    const sp = await t.admin.post('/api/sales/salespersons', { userId: me.id, salesTarget: '50000' });
    expect(sp.statusCode).toBe(201);
    expect(sp.json()).toMatchObject({ name: me.fullName, salesTarget: '50000.0000', isActive: true });
    const twice = await ar.post('/api/sales/salespersons', { userId: me.id });
    expect(twice.statusCode).toBe(422);
    expect(JSON.stringify(twice.json().error)).toContain('هذا المستخدم مندوب مبيعات بالفعل');
    expect((await t.admin.post('/api/sales/salespersons', {})).json().error.fields.userId).toBe('User is required');
  });

  it('price lists: item rules named by line in both languages, one default, dates in order', async () => {
    const p = await k.product('Tea', '10', '0');
    const bad = async (items: unknown[], c: Client = t.admin) => (await c.post('/api/sales/price-lists', { name: `L${Math.random()}`, items })).json().error.message;
    expect(await bad([{ productId: p, categoryId: k.categoryId, fixedPrice: '1' }])).toBe('Line 1: choose a product or a category (one of them)');
    expect(await bad([{ productId: p, fixedPrice: '1', discountPercent: '5' }], ar)).toBe('السطر 1: أدخل سعرًا ثابتًا أو نسبة خصم (أحدهما فقط)');
    expect(await bad([{ productId: p, fixedPrice: '1' }, { categoryId: k.categoryId, discountPercent: '101' }])).toBe('Line 2: the discount must be between 0 and 100%');
    expect(await bad([{ productId: p, fixedPrice: '-1' }])).toBe('Line 1: the price cannot be negative');
    expect(await bad([{ productId: 999999, fixedPrice: '1' }], ar)).toBe('السطر 1: المنتج غير موجود');
    expect(await bad([{ categoryId: 999999, fixedPrice: '1' }])).toBe('Line 1: the category does not exist');
    const reversed = await t.admin.post('/api/sales/price-lists', { name: 'Reversed', startDate: '2026-02-01', endDate: '2026-01-01' });
    expect(reversed.json().error.fields.endDate).toBe('End Date must be after Start Date');
    const dflt = await ar.post('/api/sales/price-lists', { name: 'Second default', isDefault: true });
    expect(dflt.statusCode).toBe(422);
    expect(dflt.json().error.fields.isDefault).toBe('توجد قائمة أسعار افتراضية أخرى');
    const ok = await t.admin.post('/api/sales/price-lists', { name: 'Wholesale', items: [{ categoryId: k.categoryId, minQuantity: '10', discountPercent: '10' }] });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().items).toEqual([{ productId: null, categoryId: k.categoryId, minQuantity: '10', fixedPrice: null, discountPercent: '10' }]);
  });

  it('settings: a singleton whose accounts must take postings', async () => {
    const cur = await t.admin.get('/api/sales/settings/current');
    expect(cur.statusCode).toBe(200);
    expect(cur.json()).toMatchObject({ invoicePrefix: 'SO', allowPartialReturns: true, requireReturnReason: true, returnPeriodDays: 14 });
    expect(cur.json().salesJournalId).toEqual(expect.any(Number));
    const [parent] = await k.q<{ id: number }>((await import('drizzle-orm')).sql`SELECT id FROM accounts WHERE company_id = ${k.ctx.companyId} AND NOT is_leaf LIMIT 1`);
    const bad = await ar.patch(`/api/sales/settings/${cur.json().id}`, { revenueAccountId: parent!.id });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.revenueAccountId).toBe('حساب الإيرادات الافتراضي: اختر حسابًا نشطًا ليس له حسابات فرعية');
    expect(bad.json().error.message).toBe(bad.json().error.fields.revenueAccountId);
    // an inactive leaf too, in English; nothing of the request saved
    const [expenses] = await k.q<{ id: number }>((await import('drizzle-orm')).sql`SELECT id FROM accounts WHERE company_id = ${k.ctx.companyId} AND code = '5'`);
    const made = await t.admin.post('/api/accounting/accounts', { code: '5198', nameEn: 'Old discounts', nameAr: 'خصومات قديمة', type: 'expense', parentId: expenses!.id });
    expect(made.statusCode, made.body).toBe(201);
    expect((await t.admin.post(`/api/accounting/accounts/${made.json().id}/deactivate`, { version: made.json().version })).statusCode).toBe(200);
    const off = await t.admin.patch(`/api/sales/settings/${cur.json().id}`, { discountAccountId: made.json().id, returnPeriodDays: 5 });
    expect(off.statusCode).toBe(422);
    expect(off.json().error.fields).toEqual({ discountAccountId: 'Default discount account: choose an active account without sub-accounts' });
    expect((await t.admin.get('/api/sales/settings/current')).json().returnPeriodDays).toBe(14);
    expect((await t.admin.patch(`/api/sales/settings/${cur.json().id}`, { returnPeriodDays: 30, invoicePrefix: 'SAL' })).statusCode).toBe(200);
    expect((await t.admin.post('/api/sales/settings', {})).statusCode).toBe(404);
  });
});
