import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/test-app';
import { type PosKit, posApp } from '../src/modules/pos/server/pos.test-kit';

/**
 * Contacts' names in printed documents are text, never markup (across contacts, accounting and the till, so under
 * tests/, not a module): an office invoice's print and a till sale's receipt (the HTML of the PDF the till's receipt
 * button opens, `layout=receipt`), in English and Arabic, show a customer named with an HTML payload as escaped text.
 * HTML only: the PDF is this HTML printed (core/documents/pdf.ts).
 */
let t: TestApp;
let k: PosKit;
/** An English name and an Arabic name with markup, and a VAT number: the receipt names a buyer that has one. */
let latin: number;
/** A contact whose (only) name is Arabic script with markup. */
let arabic: number;
beforeAll(async () => {
  ({ t, k } = await posApp());
  const a = await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: EN, nameAr: AR, isCustomer: true, taxNumber: '300000000000003' });
  expect(a.statusCode, a.body).toBe(201);
  latin = a.json().id;
  const b = await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: AR_ONLY, isCustomer: true });
  expect(b.statusCode, b.body).toBe(201);
  arabic = b.json().id;
}, 120_000);
afterAll(async () => { await t?.close(); });

const EN = '<img src=x onerror=alert(1)>';
const AR = 'أحمد<img src=x onerror=alert(2)>';
const AR_ONLY = 'محمد<img src=x onerror=alert(3)>';
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The print of invoice `id` with `query`: HTML under a CSP that runs no script, the payload only as text. */
async function print(id: number, query: string): Promise<string> {
  const r = await t.admin.get(`/api/accounting/invoices/${id}/print?${query}`);
  expect(r.statusCode, `${query}: ${r.body.slice(0, 300)}`).toBe(200);
  expect(r.headers['content-type']).toContain('text/html');
  expect(String(r.headers['content-security-policy'])).toMatch(/default-src 'none'/);
  expect(String(r.headers['content-security-policy'])).not.toMatch(/script-src/);
  expect(r.body, query).not.toContain('<img src=x');
  expect(r.body, query).not.toMatch(/onerror=alert\(\d\)>/);
  return r.body;
}

async function confirmedInvoice(partnerId: number): Promise<number> {
  const inv = await t.admin.post('/api/accounting/invoices', { type: 'SALE', partnerId, date: '2026-04-01', lines: [{ description: 'Service', quantity: '1', unitPrice: '10' }] });
  expect(inv.statusCode, inv.body).toBe(201);
  const ok = await t.admin.post(`/api/accounting/invoices/${inv.json().id}/confirm`, {});
  expect(ok.statusCode, ok.body).toBe(200);
  return inv.json().id as number;
}

describe("a customer's name with markup in it", () => {
  it('is text in the printed invoice, in English, in Arabic and in both', async () => {
    const a = await confirmedInvoice(latin);
    // the print names the partner in its own language: the English name, the Arabic one, or both
    expect(await print(a, 'lang=en')).toContain(escaped(EN));
    expect(await print(a, 'lang=ar')).toContain(escaped(AR));
    expect(await print(a, 'lang=both')).toContain(`${escaped(EN)} / ${escaped(AR)}`);
    const b = await confirmedInvoice(arabic);
    for (const lang of ['en', 'ar', 'both']) expect(await print(b, `lang=${lang}`), lang).toContain(escaped(AR_ONLY));
  });

  it("is text on the till sale's receipt, its English name in English and its Arabic name in Arabic", async () => {
    const p = await k.product('Dates box', '20', '5');
    const s = await k.session();
    const sold = await t.admin.post('/api/pos/sales', { sessionId: s.id, customerId: latin, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '20' }] });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().order.customerId).toBe(latin);
    const invoiceId = sold.json().order.invoiceId as number;
    expect(invoiceId).toBeGreaterThan(0);
    expect(await print(invoiceId, 'layout=receipt&lang=en')).toContain(escaped(EN));
    expect(await print(invoiceId, 'layout=receipt&lang=ar')).toContain(escaped(AR));
  });
});
