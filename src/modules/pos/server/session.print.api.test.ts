import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { closeBrowser } from '../../../core/documents/pdf';
import { pagePng, pdfPages, pdfText } from '../../../core/documents/pdf-read.test-kit';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * A session printed (GET /api/pos/sessions/:id/pdf): read back with pdftotext, in English and Arabic (the Arabic
 * labels and names come back in reading order, letters joined by the embedded font: compared without the spaces
 * pdftotext puts between glyph runs), A4 and the 80 mm roll; a closed session with its sales per method and its
 * counted shortage, an active one with what is expected so far; refusals (layout, language, 404, 403). With
 * POS_PDF_PNG=<dir>, each print is kept there, with its first page as PNG to look at.
 */
const ok = existsSync('/usr/bin/pdftotext') && existsSync(process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium');
let t: TestApp;
let k: PosKit;
let ar: Client;
let closed: Record<string, any>;
let active: Record<string, any>;
const pdfs = new Map<string, Buffer>();
const norm = (s: string) => s.replace(/\s+/g, ' ');
// pdftotext puts spaces between glyph runs and a mark (tanween, damma) before or after its letter: compared without them
const bare = (s: string) => s.replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069\u064b-\u0652]/g, '');

beforeAll(async () => {
  ({ t, k, ar } = await posApp());
  const p = await k.product('Saffron tin', '25', '20');
  closed = await k.session(t.admin, '200');
  const sale = (payments: Record<string, unknown>[], quantity = '1', customerId?: number) =>
    t.admin.post('/api/pos/sales', { sessionId: closed.id, customerId, lines: [{ productId: p, quantity }], payments });
  const first = await sale([{ method: 'cash', amount: '50' }], '2');
  expect(first.statusCode).toBe(201);
  expect((await sale([{ method: 'bank_transfer', amount: '25', reference: 'TRX-1' }])).statusCode).toBe(201);
  expect((await sale([{ method: 'cash', amount: '10' }, { method: 'credit', amount: '40' }], '2', k.customer)).statusCode).toBe(201);
  // one of the first sale's two tins returned, refunded in cash
  const reason = (await t.admin.post('/api/sales/reasons', { name: 'Dented' })).json().id;
  const ret = await t.admin.post('/api/pos/returns', { sessionId: closed.id, orderId: first.json().order.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }] });
  expect(ret.statusCode, ret.body).toBe(201);
  // expected cash 200 + 50 + 10 - 25 = 235; counted 232.50: 2.50 short
  const c = await t.admin.post(`/api/pos/sessions/${closed.id}/close`, { countedCash: '232.50' });
  expect(c.statusCode, c.body).toBe(200);
  closed = c.json();
  active = await k.session(t.admin, '100');
  expect((await t.admin.post('/api/pos/sales', { sessionId: active.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '25' }] })).statusCode).toBe(201);
  if (!ok) return;
  for (const [name, s] of [['closed', closed], ['active', active]] as const)
    for (const layout of ['a4', 'receipt'])
      for (const lang of ['en', 'ar']) {
        const r = await t.admin.get(`/api/pos/sessions/${s.id}/pdf?lang=${lang}&layout=${layout}`);
        expect(r.statusCode, r.body).toBe(200);
        expect(r.headers['content-type']).toBe('application/pdf');
        pdfs.set(`${name}-${layout}-${lang}`, r.rawPayload);
      }
  const dir = process.env.POS_PDF_PNG;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    for (const [key, pdf] of pdfs) {
      writeFileSync(join(dir, `session-${key}.png`), pagePng(pdf, 110));
      writeFileSync(join(dir, `session-${key}.pdf`), pdf);
    }
  }
}, 240_000);
afterAll(async () => { await closeBrowser(); await t?.close(); });

describe.skipIf(!ok)('a session printed', () => {
  it('in English: number, branch, salesperson, times, sales by method, the return, the till count with its shortage', () => {
    for (const layout of ['a4', 'receipt']) {
      const text = norm(pdfText(pdfs.get(`closed-${layout}-en`)!));
      for (const s of ['POS session report', closed.number, 'Olaya store', 'Administrator', 'Closed', 'Opened at', 'Closed at',
        'Total orders', 'Items sold', 'Sales by payment method', 'Cash', 'Bank transfer', 'Credit (on account)',
        'Returns and refunds', 'Value of returns', 'Refunds', 'Returns by refund method',
        'Till count', 'Opening cash', 'Expected', 'Counted', 'Difference', 'Closing cash', 'Printed at'])
        expect(text, `${layout}: ${s}`).toContain(s);
      // sales 125 (50 + 25 + 50), cash 60, bank 25, credit 40; a return of 25 refunded in cash; expected cash 235,
      // counted 232.50, difference -2.50
      for (const n of ['125.00', '60.00', '25.00', '40.00', '200.00', '235.00', '232.50', '-2.50']) expect(text, `${layout}: ${n}`).toContain(n);
    }
  });

  it('in Arabic: the labels and the branch\'s Arabic name, letters joined and in reading order', () => {
    for (const layout of ['a4', 'receipt']) {
      const text = bare(pdfText(pdfs.get(`closed-${layout}-ar`)!));
      for (const s of ['تقرير جلسة نقطة البيع', 'فرع العليا', 'مغلقة', 'وقت الفتح', 'المبيعات حسب طريقة الدفع', 'نقدًا', 'تحويل بنكي', 'آجل (على الحساب)',
        'جرد الصندوق', 'النقدية الافتتاحية', 'المتوقع', 'المعدود', 'الفرق', 'النقدية الختامية'])
        expect(text, `${layout}: ${s}`).toContain(bare(s));
      expect(text).toContain(closed.number);
      expect(text).toContain('232.50');
      expect(text).toContain(bare('المرتجعات حسب طريقة الاسترداد'));
      // no unshaped presentation forms came back: the text layer is the letters themselves
      expect(text).not.toMatch(/[\uFB50-\uFDFF\uFE70-\uFEFF]/);
    }
  });

  it('an active session prints what is expected so far, nothing counted', () => {
    const en = norm(pdfText(pdfs.get('active-a4-en')!));
    expect(en).toContain('Active');
    expect(en).toContain('Not closed yet');
    expect(en).toContain('the expected amounts are those so far');
    expect(en).toContain('125.00'); // opening 100 + 25 cash
    expect(en).not.toContain('Returns and refunds');
    expect(bare(pdfText(pdfs.get('active-receipt-ar')!))).toContain(bare('لم تُغلق بعد'));
  });

  it('A4 is A4, the receipt one page 80 mm wide', () => {
    for (const [key, pdf] of pdfs) {
      const p = pdfPages(pdf);
      expect(p.pages, key).toBe(1);
      if (key.includes('receipt')) expect(p.widthPt, key).toBeCloseTo((80 / 25.4) * 72, 0);
      else {
        expect(p.widthPt, key).toBeCloseTo(595.3, -1);
        expect(p.heightPt, key).toBeCloseTo(841.9, -1);
      }
    }
  });
});

describe('refusals', () => {
  it('an unknown layout or language is 400 naming it in the caller\'s language; another id 404; no view right 403', async () => {
    const bad = await t.admin.get(`/api/pos/sessions/${closed.id}/pdf?layout=letter`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.layout).toBe('Layout must be a4 or receipt');
    const badAr = await ar.get(`/api/pos/sessions/${closed.id}/pdf?lang=fr`);
    expect(badAr.statusCode).toBe(400);
    expect(badAr.json().error.fields.lang).toBe('يجب أن تكون اللغة إما en أو ar');
    expect((await t.admin.get('/api/pos/sessions/999999/pdf')).statusCode).toBe(404);
    expect((await t.admin.get('/api/pos/sessions/abc/pdf')).statusCode).toBe(404);
    await t.admin.post('/api/admin/users', { username: 'no-pos', fullName: 'No POS', password: 'secret-pass-1' });
    const none = await t.login('no-pos', 'secret-pass-1');
    expect((await none.get(`/api/pos/sessions/${closed.id}/pdf`)).statusCode).toBe(403);
  });
});
