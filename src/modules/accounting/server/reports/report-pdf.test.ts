import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../../tests/support/test-app';
import { cr, dr, type Kit, kit } from '../test-kit';
import { reportHtml } from '../../../../core/documents/report-pdf';
import { pdfText } from '../../../../core/documents/pdf-read.test-kit';
import { generalLedgerReport } from './general-ledger.report';
import { parseParams } from './report-params';

/**
 * PDFs through Chromium, in Arabic (right-to-left, embedded font) and English; markup in names stays inert. The
 * general ledger's PDF reads its lines in batches: the same lines and running balances as the report.
 */
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

  it('reads the general ledger for the PDF in batches with the same lines and running balances as the report', async () => {
    const [a, b, c] = [k.acc('1101'), k.acc('1102'), k.acc('4101')];
    await k.post([dr(a, '100.10'), cr(c, '100.10')], { date: '2026-01-05' }); // before `from`: openings
    await k.post([dr(b, '7.25'), cr(a, '7.25')], { date: '2026-01-20' });
    for (let e = 0; e < 6; e++) {
      await k.post([dr(a, `${e + 1}.01`, { label: `A${e}` }), dr(b, '2.50', { label: `B${e}` }), cr(c, `${e + 3}.51`, { label: `C${e}` })], { date: `2026-02-0${1 + (e % 3)}` });
    }
    const company = (await k.q<{ company: number }>(sql`SELECT company_id AS company FROM journal_lines LIMIT 1`))[0]!.company;
    for (const locale of ['en', 'ar'] as const) {
      const ctx = { companyId: company, locale } as Parameters<typeof generalLedgerReport.run>[1];
      for (const q of [{ from: '2026-02-01', to: '2026-02-28' }, { from: '2026-01-01', to: '2026-02-28', accountId: String(a) }]) {
        const p = parseParams(q, '2026-02-28');
        const whole = await generalLedgerReport.run(t.db.orm, ctx, { ...p, page: 1, pageSize: 1000 });
        expect(whole.rows.length).toBeGreaterThan(4);
        const head = await generalLedgerReport.run(t.db.orm, ctx, { ...p, page: 1, pageSize: 0 });
        expect(head.rows).toEqual([]);
        expect(head.page!.total).toBe(whole.rows.length);
        const batches: Record<string, unknown>[][] = [];
        for await (const batch of generalLedgerReport.rowBatches!(t.db.orm, ctx, p, 4)) batches.push(batch);
        expect(batches.every((x) => x.length > 0 && x.length <= 4)).toBe(true);
        expect(batches.flat()).toEqual(whole.rows);
      }
    }
  });

  it.skipIf(!hasChromium || !hasPoppler)('prints every line of a general ledger longer than one batch and one part (500 rows), in order', async () => {
    const lines = 1_050;
    for (let e = 0; e < lines / 50; e++) {
      const ls: Record<string, unknown>[] = Array.from({ length: 49 }, (_, i) => dr(k.acc('1101'), '1.00', { label: `GLP-${String(e * 50 + i + 1).padStart(4, '0')}` }));
      ls.push(cr(k.acc('3101'), '49.00', { label: `GLP-${String(e * 50 + 50).padStart(4, '0')}` }));
      await k.post(ls, { date: '2026-05-05' });
    }
    const r = await t.admin.get('/api/accounting/reports/general-ledger?from=2026-05-01&to=2026-05-31&format=pdf');
    expect(r.statusCode).toBe(200);
    // one account's ledger says whose it is under its title
    const [cash] = await k.q<{ name: string }>(sql`SELECT name_en AS name FROM accounts WHERE id = ${k.acc('1101')}`);
    const one = await t.admin.get(`/api/accounting/reports/general-ledger?from=2026-05-01&to=2026-05-02&accountId=${k.acc('1101')}&format=pdf`);
    expect(pdfText(one.rawPayload).replace(/\s+/g, ' ')).toContain(`Account: ${cash!.name}`);
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
