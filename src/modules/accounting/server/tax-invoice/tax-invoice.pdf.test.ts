import { existsSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApp, testApp } from '../../../../../tests/support/test-app';
import { closeBrowser } from '../../../../core/documents/pdf';
import { decodeQr, pdfPages, pdfText, saveScreen } from './pdf.test-kit';
import { issueTimestamp } from './issue-time';
import { tlvDecode } from './qr.tlv';

/**
 * The printed tax invoice read back: the PDF page rendered to PNG (pdftoppm), its QR decoded (jsqr) to the five
 * ZATCA fields, which must equal the invoice's own; the titles and VAT numbers in the text (pdftotext), in A4 and in
 * the 80 mm receipt, Arabic first and English first; the UAE's TRN, a plain invoice where the pack has no VAT regime.
 */
const ok = existsSync('/usr/bin/pdftoppm') && existsSync(process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium');
let t: TestApp;
const SELLER_AR = 'شركة سلة للتجارة';
const SELLER_VAT = '310122393500003';
const BUYER_VAT = '300000000000003';
let standard: Record<string, any>;
let simplified: Record<string, any>;
let creditNote: Record<string, any>;
let debitNote: Record<string, any>;
const pdfs = new Map<string, Buffer>();

const pdf = async (c: Client, id: number, q: string) => {
  const r = await c.get(`/api/accounting/invoices/${id}/pdf?${q}`);
  expect(r.statusCode).toBe(200);
  return r.rawPayload;
};
const confirmed = async (c: Client, body: Record<string, unknown>) => {
  const d = await c.post('/api/accounting/invoices', { type: 'SALE', date: '2026-04-01', ...body });
  expect(d.statusCode).toBe(201);
  const r = await c.post(`/api/accounting/invoices/${d.json().id}/confirm`, {});
  expect(r.statusCode).toBe(200);
  return r.json();
};
const vatOf = async (c: Client, name: string) => (await c.get('/api/accounting/taxes')).json().items.find((x: { name: string }) => x.name === name).id;

beforeAll(async () => {
  if (!ok) return;
  t = await testApp();
  const co = (await t.admin.get('/api/admin/companies/current')).json();
  expect((await t.admin.patch(`/api/admin/companies/${co.id}`, {
    nameEn: 'Salla Trading', nameAr: SELLER_AR, taxNumber: SELLER_VAT, crNumber: '1010010101', buildingNumber: '1234', street: 'King Fahd Road',
    streetAr: 'طريق الملك فهد', district: 'Al Olaya', districtAr: 'العليا', city: 'Riyadh', cityAr: 'الرياض', postalCode: '12211', additionalNumber: '5678',
    timeZone: 'Asia/Riyadh', version: co.version,
  })).statusCode).toBe(200);
  const vat = await vatOf(t.admin, 'VAT 15%');
  const business = (await t.admin.post('/api/contacts/contacts', {
    kind: 'company', name: 'Red Sea Hotels', nameAr: 'فنادق البحر الأحمر', isCustomer: true, taxNumber: BUYER_VAT, crNumber: '4030000000',
    buildingNumber: '7788', street: 'Tahlia Street', streetAr: 'شارع التحلية', district: 'Al Andalus', districtAr: 'الأندلس', city: 'Jeddah', cityAr: 'جدة', postalCode: '23326',
  })).json();
  const walkIn = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Walk-in customer', nameAr: 'عميل نقدي', isCustomer: true })).json();
  standard = await confirmed(t.admin, {
    partnerId: business.id, discount: '10', lines: [
      { description: 'Meeting room, full day / قاعة اجتماعات ليوم كامل', quantity: '2', unitPrice: '1250.50', taxId: vat },
      { description: 'Coffee service', quantity: '3', unitPrice: '33.33', discount: '5', taxId: vat },
      { description: 'Parking (out of scope)', quantity: '1', unitPrice: '20' },
    ],
  });
  simplified = await confirmed(t.admin, { partnerId: walkIn.id, lines: [{ description: 'قهوة عربية', quantity: '1', unitPrice: '11.50', taxId: vat }] });
  const cn = await t.admin.post(`/api/accounting/invoices/${standard.id}/creditNote`, { lines: [{ description: 'Coffee service returned', quantity: '1', unitPrice: '33.33', taxId: vat }] });
  expect(cn.statusCode).toBe(200);
  creditNote = (await t.admin.get(`/api/accounting/invoices/${cn.json().creditNoteId}`)).json();
  const dn = await t.admin.post(`/api/accounting/invoices/${simplified.id}/debitNote`, { lines: [{ description: 'Extra cup', quantity: '1', unitPrice: '11.50', taxId: vat }], reason: 'Second cup served' });
  expect(dn.statusCode, dn.body).toBe(200);
  debitNote = (await t.admin.get(`/api/accounting/invoices/${dn.json().debitNoteId}`)).json();
  for (const [name, inv] of [['standard', standard], ['simplified', simplified], ['credit', creditNote], ['debit', debitNote]] as const)
    for (const layout of ['a4', 'receipt'])
      for (const lang of ['ar', 'en']) pdfs.set(`${name}-${layout}-${lang}`, await pdf(t.admin, inv.id, `layout=${layout}&lang=${lang}`));
}, 240_000);
afterAll(async () => { await closeBrowser(); await t?.close(); });

const fields = (qr: string | null) => tlvDecode(qr ?? '').map((f) => [f.tag, f.value.toString('utf8')]);
const expected = (inv: Record<string, any>) => [
  [1, SELLER_AR], [2, SELLER_VAT], [3, issueTimestamp(inv.issuedAt, 'Asia/Riyadh')], [4, Number(inv.totalAmount).toFixed(2)], [5, Number(inv.taxAmount).toFixed(2)],
];
const norm = (s: string) => s.replace(/\s+/g, ' ');

describe.skipIf(!ok)('tax invoice PDFs', () => {
  it('prints a QR that decodes to the invoice\'s own five fields, in both layouts and languages', () => {
    expect(standard.totalAmount).toBe('2995.3900'); // 2501.00 + 94.99 + 20.00 - 10 discount + VAT 375.15 + 14.25
    expect(fields(decodeQr(pdfs.get('standard-a4-ar')!))).toEqual(expected(standard));
    // tag 3 is the printed issue date and time
    const ts = issueTimestamp(standard.issuedAt, 'Asia/Riyadh');
    expect(ts.slice(0, 10)).toBe(standard.date);
    expect(norm(pdfText(pdfs.get('standard-a4-en')!))).toContain(ts.slice(11));
    // each document in each layout, Arabic first or English first (decoding is the slow part: one language each)
    for (const key of ['standard-receipt-en', 'simplified-a4-en', 'simplified-receipt-ar', 'credit-a4-en', 'credit-receipt-ar', 'debit-a4-ar']) {
      const inv = key.startsWith('standard') ? standard : key.startsWith('simplified') ? simplified : key.startsWith('credit') ? creditNote : debitNote;
      expect(fields(decodeQr(pdfs.get(key)!)), key).toEqual(expected(inv));
    }
    // the Arabic seller name: 16 characters, 30 bytes in its length byte
    const raw = Buffer.from(decodeQr(pdfs.get('simplified-receipt-en')!)!, 'base64');
    expect([raw[0], raw[1]]).toEqual([1, Buffer.byteLength(SELLER_AR)]);
    expect(SELLER_AR.length).toBe(16);
  });

  it('titles a business buyer\'s invoice "Tax Invoice" and a walk-in\'s "Simplified Tax Invoice", in both languages, with both VAT numbers', () => {
    for (const lang of ['ar', 'en']) {
      const a4 = norm(pdfText(pdfs.get(`standard-a4-${lang}`)!));
      expect(a4).toContain('Tax Invoice');
      expect(a4).not.toContain('Simplified');
      expect(a4).toContain(SELLER_VAT);
      expect(a4).toContain(BUYER_VAT);
      expect(a4).toContain(standard.number);
      for (const label of ['Total excluding VAT', 'Total VAT', 'Total including VAT', 'Issue time', 'VAT rate', 'Building number']) expect(a4).toContain(label);
      const simple = norm(pdfText(pdfs.get(`simplified-a4-${lang}`)!));
      expect(simple).toContain('Simplified Tax Invoice');
      expect(simple).toContain(SELLER_VAT);
      const receipt = norm(pdfText(pdfs.get(`simplified-receipt-${lang}`)!));
      expect(receipt).toContain('Simplified Tax Invoice');
      expect(receipt).toContain(SELLER_VAT);
      expect(norm(pdfText(pdfs.get(`credit-a4-${lang}`)!))).toMatch(/Credit Note[\s\S]*Credit note for invoice/);
      // a debit note of the walk-in's invoice: a simplified tax invoice, "Tax debit note", the invoice it corrects, why
      for (const layout of ['a4', 'receipt']) {
        const d = norm(pdfText(pdfs.get(`debit-${layout}-${lang}`)!));
        expect(d, layout).toMatch(/Simplified Tax Invoice[\s\S]*Tax debit note[\s\S]*Debit note number[\s\S]*Debit note for invoice/);
        expect(d, layout).toContain(debitNote.number);
        expect(d, layout).toContain(simplified.number);
        expect(d, layout).toContain('Second cup served');
      }
    }
    expect(debitNote.number).toBe('DINV/2026/00001');
  });

  it('prints the Arabic labels as text (shaped by the embedded font, extracted back)', () => {
    // pdftotext gives Arabic back letter group by letter group (spaces between the shaped glyph runs, bidi marks):
    // compared without spaces and marks
    const bare = (s: string) => s.replace(/[\s\u200e\u200f\u202a-\u202e]/g, '');
    for (const lang of ['ar', 'en']) {
      const text = bare(pdfText(pdfs.get(`standard-a4-${lang}`)!));
      for (const label of ['فاتورة ضريبية', 'الرقم الضريبي', 'الإجمالي شامل ضريبة القيمة المضافة', 'وقت الإصدار', 'شركة سلة للتجارة', 'طريق الملك فهد']) expect(text).toContain(bare(label));
      expect(bare(pdfText(pdfs.get(`simplified-receipt-${lang}`)!))).toContain(bare('فاتورة ضريبية مبسطة'));
      for (const label of ['إشعار مدين ضريبي', 'إشعار مدين للفاتورة']) expect(bare(pdfText(pdfs.get(`debit-a4-${lang}`)!))).toContain(bare(label));
    }
  });

  it('names the country of a buyer abroad, in both languages, with its own tax number', async () => {
    const vat = await vatOf(t.admin, 'VAT 0% (zero rated)');
    const berlin = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Berlin Trading GmbH', isCustomer: true, country: 'DE', taxNumber: 'DE123456789', city: 'Berlin' })).json();
    const exp = await confirmed(t.admin, { partnerId: berlin.id, lines: [{ description: 'Dates, export', quantity: '10', unitPrice: '40', taxId: vat }] });
    for (const lang of ['ar', 'en']) {
      const text = norm(pdfText(await pdf(t.admin, exp.id, `layout=a4&lang=${lang}`)));
      expect(text).toContain('Tax Invoice');
      expect(text).toContain('DE123456789');
      expect(text).toContain('Germany');
      expect(text).toContain('Country');
    }
  });

  it('prints the receipt on one page 80 mm wide, and A4 otherwise', () => {
    for (const [key, buf] of pdfs) {
      const p = pdfPages(buf);
      expect(p.pages, key).toBe(1);
      if (key.includes('receipt')) {
        expect(p.widthPt, key).toBeCloseTo((80 / 25.4) * 72, 0);
        expect(p.heightPt, key).toBeGreaterThan(300);
      } else {
        expect(p.widthPt, key).toBeCloseTo(595.3, -1);
        expect(p.heightPt, key).toBeCloseTo(841.9, -1);
      }
    }
    for (const [key, buf] of pdfs) saveScreen(buf, `tax-invoice-${key}`);
  });

  it('prints the TRN in the UAE and the plain invoice where the pack has no VAT regime (no QR)', async () => {
    let n = 0;
    const signup = async (country: string, currency: string, taxNumber?: string) => {
      n++;
      const res: LightMyRequestResponse = await t.app.inject({
        method: 'POST', url: '/api/auth/signup', remoteAddress: `198.51.100.${50 + n}`,
        payload: { companyNameEn: `Co ${country}`, companyNameAr: `شركة ${country}`, currency, timeZone: 'Asia/Dubai', country, taxNumber, username: `owner${country.toLowerCase()}`, fullName: 'Owner', password: 'owner-pass-1' },
      });
      expect(res.statusCode).toBe(201);
      const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}; locale=en`;
      const req = (method: string, url: string, body?: unknown) => t.app.inject({ method: method as 'GET', url, headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, payload: body === undefined ? undefined : JSON.stringify(body) });
      return { cookie, req, get: (u: string) => req('GET', u), post: (u: string, b: unknown = {}) => req('POST', u, b), patch: (u: string, b: unknown = {}) => req('PATCH', u, b), del: (u: string) => req('DELETE', u) } as Client;
    };
    const ae = await signup('AE', 'AED', '100123456700003');
    const aeBuyer = (await ae.post('/api/contacts/contacts', { kind: 'company', name: 'Dubai Buyer LLC', isCustomer: true, taxNumber: '100999888700003' })).json();
    const aeInv = await confirmed(ae, { partnerId: aeBuyer.id, lines: [{ description: 'Service', quantity: '1', unitPrice: '100', taxId: await vatOf(ae, 'VAT 5%') }] });
    const aePdf = await pdf(ae, aeInv.id, 'lang=en');
    const aeText = norm(pdfText(aePdf));
    expect(aeText).toContain('Tax Invoice');
    expect(aeText).toContain('TRN');
    expect(aeText).toContain('100123456700003');
    expect(aeText).toContain('100999888700003');
    expect(decodeQr(aePdf)).toBeNull();
    saveScreen(aePdf, 'tax-invoice-ae-a4-en');

    const xx = await signup('XX', 'USD');
    const xxBuyer = (await xx.post('/api/contacts/contacts', { kind: 'company', name: 'Plain Buyer', isCustomer: true })).json();
    const xxInv = await confirmed(xx, { partnerId: xxBuyer.id, lines: [{ description: 'Service', quantity: '1', unitPrice: '100' }] });
    const xxText = norm(pdfText(await pdf(xx, xxInv.id, 'lang=en')));
    expect(xxText).toContain('Invoice');
    expect(xxText).not.toContain('Tax Invoice');
    expect(xxText).not.toContain('VAT');
    // its debit note: the pack's plain wording, "Debit note / إشعار مدين", naming the invoice it corrects
    const xxDn = await xx.post(`/api/accounting/invoices/${xxInv.id}/debitNote`, { lines: [{ description: 'Extra hour', unitPrice: '50' }], reason: 'One more hour' });
    expect(xxDn.statusCode, xxDn.body).toBe(200);
    const xxDnPdf = await pdf(xx, xxDn.json().debitNoteId, 'lang=both');
    const xxDnText = norm(pdfText(xxDnPdf));
    expect(xxDnText).toMatch(/Debit note[\s\S]*DINV\/2026\/00001[\s\S]*Debit note for invoice[\s\S]*INV\/2026\/00001/);
    expect(xxDnText).not.toContain('Tax debit note');
    expect(pdfText(xxDnPdf).replace(/[\s\u200e\u200f\u202a-\u202e]/g, '')).toContain('إشعارمدين');
    saveScreen(xxDnPdf, 'tax-invoice-xx-debit-note-both');
    const xxReceipt = await pdf(xx, xxInv.id, 'lang=en&layout=receipt');
    expect(pdfPages(xxReceipt).pages).toBe(1);
    expect(norm(pdfText(xxReceipt))).not.toContain('VAT');
    expect(decodeQr(xxReceipt)).toBeNull();
    saveScreen(xxReceipt, 'tax-invoice-xx-receipt-en');
  });
});
