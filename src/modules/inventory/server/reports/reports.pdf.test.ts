import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportHtml } from '../../../../core/documents/report-pdf';
import { pdfText } from '../../../../core/documents/pdf-read.test-kit';
import { type TestApp, testApp } from '../../../../../tests/support/test-app';
import { type StockKit, stockKit } from '../test-kit';

/**
 * Inventory reports as PDF through Chromium, in Arabic (right-to-left, shaped Arabic names, numbers left-to-right)
 * and English; markup in a product name stays inert. With pdftoppm installed the Arabic page is also rendered to
 * PNG (INVENTORY_PDF_PNG=<dir> keeps it for a look).
 */
const hasChromium = existsSync(process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium');
const hasPdftoppm = existsSync('/usr/bin/pdftoppm');
let t: TestApp;
let k: StockKit;
let apple = 0;
beforeAll(async () => {
  t = await testApp();
  k = await stockKit(t);
  apple = await k.product({ name: 'Apple <img src=x onerror=alert(1)>', nameAr: 'تفاح أحمر', cost: '7', sku: 'A-1' });
  await k.receive(apple, '12.5', '4.2', { date: '2026-02-01' });
  await k.deliver(apple, '2.5', { date: '2026-02-10' });
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('inventory report PDFs', () => {
  it.skipIf(!hasChromium)('downloads the stock balance in Arabic and the stock movement in English', async () => {
    const ar = await t.admin.req('GET', '/api/inventory/reports/stock-balance?to=2026-03-31&format=pdf', undefined, { cookie: t.admin.cookie.replace('locale=en', 'locale=ar') });
    expect(ar.statusCode).toBe(200);
    expect(ar.headers['content-type']).toBe('application/pdf');
    expect(ar.headers['content-disposition']).toContain('stock-balance.pdf');
    expect(ar.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const en = await t.admin.get(`/api/inventory/reports/stock-movement?from=2026-01-01&to=2026-03-31&period=monthly&productId=${apple}&moveType=incoming&days=30&format=pdf`);
    expect(en.statusCode).toBe(200);
    expect(en.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // headed by the filters it applies, each named (the days of the slow-moving report are not this report's)
    const heading = pdfText(en.rawPayload).replace(/\s+/g, ' ');
    expect(heading).toContain('Product: Apple <img src=x onerror=alert(1)>');
    expect(heading).toContain('Move type: Incoming');
    expect(heading).not.toContain('Days without');
    if (hasPdftoppm) {
      const dir = process.env.INVENTORY_PDF_PNG ?? mkdtempSync(join(tmpdir(), 'inv-pdf-'));
      writeFileSync(join(dir, 'stock-balance-ar.pdf'), ar.rawPayload);
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', join(dir, 'stock-balance-ar.pdf'), join(dir, 'stock-balance-ar')]);
      expect(readFileSync(join(dir, 'stock-balance-ar-1.png')).subarray(1, 4).toString()).toBe('PNG');
    }
  }, 60_000);

  it('the Arabic report page is right-to-left, escapes names and keeps numbers left-to-right', async () => {
    const data = (await t.admin.req('GET', '/api/inventory/reports/stock-balance?to=2026-03-31', undefined, { cookie: t.admin.cookie.replace('locale=en', 'locale=ar') })).json();
    expect(data.rows[0]).toMatchObject({ product: 'تفاح أحمر', quantity: '10', value: '42.00' });
    const html = reportHtml(data, 'ar');
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('تفاح أحمر');
    expect(html).toContain('<td class="n">42.00</td>');
    const en = reportHtml((await t.admin.get('/api/inventory/reports/stock-balance?to=2026-03-31')).json(), 'en');
    expect(en).not.toContain('<img');
    expect(en).toContain('Apple &lt;img src=x');
  });
});
