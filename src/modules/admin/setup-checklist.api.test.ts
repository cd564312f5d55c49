import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { type Client, type TestApp, testApp } from '../../../tests/support/test-app';

/** The setup checklist: every step ticks from the company's data (never from a click), for its administrators only. */
let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await testApp();
  const res = await t.app.inject({
    method: 'POST', url: '/api/auth/signup', remoteAddress: '198.51.100.200',
    payload: { companyNameEn: 'Checklist Co', companyNameAr: 'شركة القائمة', currency: 'AED', country: 'AE', timeZone: 'Asia/Dubai', username: 'checkowner', fullName: 'Owner', password: 'owner-pass-1' },
  });
  expect(res.statusCode).toBe(201);
  c = as(res);
});
afterAll(async () => { await t?.close(); });

function as(res: LightMyRequestResponse): Client {
  const cookie = `sid=${res.cookies.find((x) => x.name === 'sid')!.value}; locale=en`;
  const req = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: method as 'GET', url, headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, payload: body === undefined ? undefined : (Buffer.isBuffer(body) ? body : JSON.stringify(body)) });
  return { cookie, req, get: (u) => req('GET', u), post: (u, b = {}, h) => req('POST', u, b, h), patch: (u, b = {}) => req('PATCH', u, b), del: (u) => req('DELETE', u) };
}
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a1ed3a8a0000000049454e44ae426082', 'hex');
const ticks = async () => {
  const r = (await c.get('/api/admin/setup-checklist')).json() as { complete: boolean; steps: { key: string; done: boolean }[] };
  return { complete: r.complete, done: r.steps.filter((s) => s.done).map((s) => s.key) };
};
const first = async (url: string) => (await c.get(url)).json().items[0].id as number;

describe('setup checklist', () => {
  it('starts with nothing ticked, in order, with labels in both languages and a screen each', async () => {
    const r = (await c.get('/api/admin/setup-checklist')).json();
    expect(r.complete).toBe(false);
    expect(r.steps.map((s: { key: string }) => s.key)).toEqual(['company', 'registration', 'fiscalYear', 'openingBalances', 'products', 'contacts', 'users', 'invoiceLayout', 'firstInvoice']);
    expect(r.steps.every((s: { done: boolean; label: { ar: string }; route: string }) => !s.done && /[\u0600-\u06FF]/.test(s.label.ar) && s.route.startsWith('/'))).toBe(true);
  });

  it('ticks each step from the data, and is complete when all are', async () => {
    const co = async () => { const id = (await c.get('/api/auth/me')).json().company.id; return (await c.get(`/api/admin/companies/${id}`)).json(); };
    // the logo alone is not enough: a phone or email too
    const boundary = '----ck' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const file = (await c.post('/api/files?for=company.logo', payload, { 'content-type': `multipart/form-data; boundary=${boundary}` })).json();
    let x = await co();
    expect((await c.patch(`/api/admin/companies/${x.id}`, { logo: file.id, version: x.version })).statusCode).toBe(200);
    expect((await ticks()).done).toEqual([]);
    x = await co();
    expect((await c.patch(`/api/admin/companies/${x.id}`, { phone: '+971 4 000 0000', taxNumber: '100123456700003', version: x.version })).statusCode).toBe(200);
    expect((await ticks()).done).toEqual(['company']);
    x = await co();
    expect((await c.patch(`/api/admin/companies/${x.id}`, { crNumber: 'TL-55123', address: 'Dubai, Al Quoz 1', invoiceLanguage: 'both', invoiceNote: 'Bank: ENBD 0123', version: x.version })).statusCode).toBe(200);
    expect((await ticks()).done).toEqual(['company', 'registration', 'invoiceLayout']);

    const s = (await c.get('/api/accounting/settings')).json().items[0];
    expect((await c.patch(`/api/accounting/settings/${s.id}`, { fiscalYearStartMonth: 1, version: s.version })).statusCode).toBe(200);
    const accs = (await c.get('/api/accounting/accounts?pageSize=200')).json().items as { id: number; code: string }[];
    const acc = (code: string) => accs.find((a) => a.code === code)!.id;
    const ob = await c.post('/api/accounting/beginning-balances', { date: '2026-01-01', reference: 'OB', lines: [{ accountId: acc('1101'), debit: '500' }, { accountId: acc('3103'), credit: '500' }] });
    expect(ob.statusCode).toBe(201);
    const cat = (await c.post('/api/inventory/categories', { name: 'Furniture' })).json().id;
    const uom = await first('/api/inventory/uoms');
    expect((await c.post('/api/inventory/products', { name: 'Desk', categoryId: cat, productType: 'storable', uomId: uom })).statusCode).toBe(201);
    const partner = (await c.post('/api/contacts/contacts', { kind: 'company', name: 'First Customer', isCustomer: true })).json().id;
    expect((await ticks()).done).toEqual(['company', 'registration', 'fiscalYear', 'openingBalances', 'products', 'contacts', 'invoiceLayout']);

    const g = (await c.post('/api/admin/groups', { name: 'Sales', permissions: ['accounting.invoice.view'] })).json();
    expect((await c.post('/api/admin/users', { username: 'checkclerk', fullName: 'Clerk', password: 'clerk-pass-1', groups: [g.id] })).statusCode).toBe(201);
    expect((await ticks()).complete).toBe(false);

    const vat = (await c.get('/api/accounting/taxes')).json().items.find((v: { name: string }) => v.name === 'VAT 5%').id;
    const inv = (await c.post('/api/accounting/invoices', { type: 'SALE', partnerId: partner, date: '2026-04-01', lines: [{ description: 'Desk', quantity: '1', unitPrice: '100', taxId: vat }] })).json();
    expect(inv.taxAmount).toBe('5.0000');
    expect((await ticks()).done).not.toContain('firstInvoice'); // a draft posts nothing
    expect((await c.post(`/api/accounting/invoices/${inv.id}/confirm`, {})).statusCode).toBe(200);
    expect(await ticks()).toEqual({ complete: true, done: ['company', 'registration', 'fiscalYear', 'openingBalances', 'products', 'contacts', 'users', 'invoiceLayout', 'firstInvoice'] });
    // the invoice layout prints: the company's language (both), the pack's wording, the footer
    const html = (await c.get(`/api/accounting/invoices/${inv.id}/print`)).body;
    // (a UAE company: the tax invoice of accounting/server/tax-invoice, its labels in both languages, the TRN)
    expect(html).toMatch(/<span class="t">Tax Invoice<\/span><span class="t">فاتورة ضريبية<\/span>/);
    expect(html).toContain('>TRN<');
    expect(html).toContain('Bank: ENBD 0123');
  });

  it('is for administrators only (403 for a user who may not change the company)', async () => {
    const clerk = await t.login('checkclerk', 'clerk-pass-1', 'ar');
    const r = await clerk.get('/api/admin/setup-checklist');
    expect(r.statusCode).toBe(403);
  });
});
