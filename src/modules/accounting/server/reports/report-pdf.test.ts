import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../../tests/support/test-app';
import { cr, dr, type Kit, kit } from '../test-kit';
import { reportHtml } from '../../../../core/documents/report-pdf';

/** PDFs through Chromium, in Arabic (right-to-left, embedded font) and English; markup in names stays inert. */
const hasChromium = existsSync(process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium');
const hasPoppler = existsSync('/usr/bin/pdftotext');
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

  it.skipIf(!hasChromium || !hasPoppler)('prints every line of a general ledger longer than one part (1,000 rows), in order', async () => {
    const lines = 1_050;
    for (let e = 0; e < lines / 50; e++) {
      const ls: Record<string, unknown>[] = Array.from({ length: 49 }, (_, i) => dr(k.acc('1101'), '1.00', { label: `GLP-${String(e * 50 + i + 1).padStart(4, '0')}` }));
      ls.push(cr(k.acc('3101'), '49.00', { label: `GLP-${String(e * 50 + 50).padStart(4, '0')}` }));
      await k.post(ls, { date: '2026-05-05' });
    }
    const r = await t.admin.get('/api/accounting/reports/general-ledger?from=2026-05-01&to=2026-05-31&format=pdf');
    expect(r.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'gl-pdf-'));
    writeFileSync(join(dir, 'gl.pdf'), r.rawPayload);
    const text = execFileSync('pdftotext', [join(dir, 'gl.pdf'), '-']).toString();
    const found = new Set(text.match(/GLP-\d{4}/g));
    expect(found.size).toBe(lines);
    const json = (await t.admin.get('/api/accounting/reports/general-ledger?from=2026-05-01&to=2026-05-31&pageSize=1000&page=2')).json();
    expect(json.page.total).toBe(lines);
    // the PDF's order is the report's: the first line of the JSON's second page comes after the 1,000th
    expect(text.indexOf(json.rows[0].label)).toBeGreaterThan(text.indexOf('GLP-'));
  }, 180_000);
});
