import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../../tests/support/test-app';
import { cr, dr, type Kit, kit } from '../test-kit';
import { reportHtml } from '../../../../core/documents/report-pdf';

/** PDFs through Chromium, in Arabic (right-to-left, embedded font) and English; markup in names stays inert. */
const hasChromium = existsSync(process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium');
let t: TestApp;
let k: Kit;
beforeAll(async () => { t = await testApp(); k = await kit(t); });
afterAll(async () => { await t?.close(); });

describe('report and invoice PDFs', () => {
  it('escapes names and sets the direction', () => {
    const html = reportHtml({ name: 'x', title: { en: 'T', ar: 'ت' }, params: { to: '2026-01-01' }, rows: [{ name: '<img src=x onerror=alert(1)>', v: '1.00' }],
      columns: [{ key: 'name', label: { en: 'Name', ar: 'الاسم' }, kind: 'text' }, { key: 'v', label: { en: 'V', ar: 'ق' }, kind: 'money' }] }, 'ar');
    expect(html).toContain('dir="rtl"');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x');
  });

  it.skipIf(!hasChromium)('downloads the Arabic trial balance and a bilingual invoice as PDF', async () => {
    await k.post([dr(k.acc('1101'), '1234.56'), cr(k.acc('3101'), '1234.56')], { date: '2026-02-02' });
    const ar = t.admin.cookie.replace('locale=en', 'locale=ar');
    const pdf = await t.admin.req('GET', '/api/accounting/reports/trial-balance?format=pdf&to=2026-12-31', undefined, { cookie: ar });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const c = await k.contact();
    const inv = (await t.admin.post('/api/accounting/invoices', { type: 'SALE', partnerId: c, date: '2026-02-03', lines: [{ description: 'استشارات <b>', unitPrice: '100' }] })).json();
    const ip = await t.admin.get(`/api/accounting/invoices/${inv.id}/pdf?lang=both`);
    expect(ip.statusCode).toBe(200);
    expect(ip.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const html = await t.admin.get(`/api/accounting/invoices/${inv.id}/print?lang=ar`);
    expect(html.body).toContain('استشارات &lt;b&gt;');
  }, 60_000);
});
