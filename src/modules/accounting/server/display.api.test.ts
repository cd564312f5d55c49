import { sql } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApp, testApp } from '../../../../tests/support/test-app';
import { cr, dr, type Kit, kit } from './test-kit';

/**
 * A Hijri + Arabic-Indic reader: the API still answers ISO dates and decimal strings and Excel real numbers, while
 * the trial balance's PDF and the invoice's PDF and print show Umm al-Qura dates and Arabic-Indic digits
 * (pdftotext). Page 1 of each PDF is kept as a PNG in $DISPLAY_PDF_DIR (default: a temporary folder) to look at.
 */
const hasChromium = existsSync(process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium');
const hasPoppler = existsSync('/usr/bin/pdftotext');
let t: TestApp;
let k: Kit;
let ar: Client;
let invoiceId: number;
const out = process.env.DISPLAY_PDF_DIR ?? mkdtempSync(join(tmpdir(), 'display-pdf-'));

beforeAll(async () => {
  t = await testApp(); k = await kit(t);
  const p = (await t.admin.get('/api/admin/profiles/admin')).json();
  expect((await t.admin.patch('/api/admin/profiles/admin', { calendar: 'hijri', digits: 'arabic', version: p.version })).statusCode).toBe(200);
  expect((await t.admin.get('/api/auth/me')).json().display).toEqual({ calendar: 'hijri', digits: 'arabic' });
  ar = { ...t.admin, req: (m, u, b, h = {}) => t.admin.req(m, u, b, { cookie: t.admin.cookie.replace('locale=en', 'locale=ar'), ...h }) };
  ar.get = (u) => ar.req('GET', u);
  const inv = (await t.admin.post('/api/accounting/invoices', { type: 'SALE', partnerId: await k.contact(), date: '2026-02-18', dueDate: '2026-06-16', lines: [{ description: 'استشارات', quantity: '1', unitPrice: '1250.5' }] })).json();
  invoiceId = inv.id;
  expect((await t.admin.post(`/api/accounting/invoices/${invoiceId}/confirm`, {})).statusCode).toBe(200);
  // a VAT-registered seller: its invoice prints as the tax invoice (a seller without a VAT number prints the plain one)
  await t.db.orm.execute(sql`UPDATE companies SET tax_number = '399999999900003'`);
  await k.post([dr(k.acc('1101'), '1250.50'), cr(k.acc('3101'), '1250.50')], { date: '2026-02-18' });
});
afterAll(async () => { await t?.close(); });

function pdfText(buf: Buffer, name: string): string {
  mkdirSync(out, { recursive: true });
  const file = join(out, `${name}.pdf`);
  writeFileSync(file, buf);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, join(out, name)]);
  // pdftotext splits shaped Arabic words and wraps runs in bidi marks: compare without them and without spaces
  return execFileSync('pdftotext', [file, '-']).toString().replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\s]/g, '');
}

describe('the wire and Excel keep ISO dates and real numbers', () => {
  it('answers the invoice as before', async () => {
    const inv = (await t.admin.get(`/api/accounting/invoices/${invoiceId}`)).json();
    expect(inv).toMatchObject({ date: '2026-02-18', dueDate: '2026-06-16', totalAmount: '1250.5000' });
  });

  it('exports the invoice list with numbers and ISO dates', async () => {
    const x = await ar.get('/api/accounting/invoices/export.xlsx');
    expect(x.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as never);
    const row = wb.worksheets[0]!.getRow(2).values as unknown[];
    expect(row).toContain(1250.5);
    expect(row).toContain('2026-02-18');
    expect(JSON.stringify(row)).not.toMatch(/[\u0660-\u0669]|رمضان/);
  });
});

describe.skipIf(!hasChromium || !hasPoppler)('PDFs in Hijri with Arabic-Indic digits', () => {
  it('prints the trial balance with Umm al-Qura dates and Arabic-Indic amounts', async () => {
    const r = await ar.get('/api/accounting/reports/trial-balance?format=pdf&from=2026-02-18&to=2026-06-16');
    expect(r.statusCode).toBe(200);
    const text = pdfText(r.rawPayload, 'trial-balance-hijri');
    // the period: 1 Ramadan 1447 – 1 Muharram 1448 (Hijri years, Arabic-Indic digits, the era هـ)
    expect(text).toMatch(/١رمض.*١٤٤٧هـ.*١محرم١٤٤٨هـ/);
    expect(text).toContain('١٬٢٥٠٫٥٠');
    expect(text).not.toMatch(/1,?250\.50|2026/);
  }, 60_000);

  it('prints the invoice (PDF and HTML) the same way', async () => {
    const r = await ar.get(`/api/accounting/invoices/${invoiceId}/pdf?lang=ar`);
    expect(r.statusCode).toBe(200);
    const text = pdfText(r.rawPayload, 'invoice-hijri');
    expect(text).toMatch(/١رمض.*١٤٤٧هـ/);
    expect(text).toContain('١محرم١٤٤٨هـ');
    expect(text).toContain('١٬٢٥٠٫٥٠');
    expect(text).not.toMatch(/1,?250\.50/);
    const html = (await ar.get(`/api/accounting/invoices/${invoiceId}/print?lang=en`)).body;
    // the English layout: English month names, the reader's digits
    expect(html).toContain('<td class="v">١ Ramadan ١٤٤٧ AH</td>');
    expect(html).toContain('<td class="v">١ Muharram ١٤٤٨ AH</td>');
    expect(html).toContain('١٬٢٥٠٫٥٠');
  }, 60_000);
});
