import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../src/modules/accounting/server/tax-invoice/pdf.test-kit';
import { axeBothSchemes, axeCheck } from './a11y';
import { type E2E, startE2E, waitPath } from './harness';

/**
 * Debit notes in the browser, both languages: on a paid demo sale invoice, "Debit note" opens the dialog (its lines,
 * reason and date); issued without a reason, the server's message shows on the field in the page's language; with
 * one, the new note's page opens (its number, the invoice it corrects), its PDF is titled "Tax debit note / إشعار
 * مدين ضريبي" (the demo company is a Saudi VAT registrant) and names the invoice and the reason, and the invoice's page
 * lists the note. axe on the dialog and on both pages in light and dark. Screenshots: test-results/screens/<lang>-debit-note-*.png.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: {
    prefix: '', debit: 'Debit note', issue: 'Issue debit note', description: 'Description', price: 'Unit price', reason: 'Reason', required: 'Reason is required',
    noteOf: 'Debit note for invoice', notes: 'Credit and debit notes', why: 'Crane hire for the delivery',
  },
  ar: {
    prefix: '/ar', debit: 'إشعار مدين', issue: 'إصدار الإشعار المدين', description: 'الوصف', price: 'سعر الوحدة', reason: 'السبب', required: 'السبب مطلوب',
    noteOf: 'إشعار مدين للفاتورة', notes: 'الإشعارات الدائنة والمدينة', why: 'استئجار رافعة للتوصيل',
  },
} as const;
const bare = (s: string) => s.replace(/[\s\u200e\u200f\u202a-\u202e]/g, '');

describe('the demo holds a debit note', () => {
  it('one believable debit note among the demo invoices, correcting a consulting invoice', async () => {
    const { page, context } = await e.newPage();
    await e.login(page);
    const list = await (await context.request.get(`${e.base}/api/accounting/invoices?filter%5BisDebitNote%5D=true`)).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ type: 'SALE', number: expect.stringMatching(/^DINV\/\d{4}\/00001$/), reason: expect.stringContaining('consulting hours') });
    await context.close();
  });
});

for (const lang of ['en', 'ar'] as const) {
  describe(`debit notes in ${lang}`, () => {
    it('issues a debit note from the invoice page, shows it, prints it', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage({ height: 1100 });
      await e.login(page, t.prefix);
      const list = await (await context.request.get(`${e.base}/api/accounting/invoices?filter%5Btype%5D=SALE&filter%5Bstatus%5D=PAID&filter%5BisCreditNote%5D=false&filter%5BisDebitNote%5D=false&sort=-date&pageSize=20`)).json();
      const inv = list.items[lang === 'en' ? 0 : 1] as { id: number; number: string };
      await page.goto(`${e.base}${t.prefix}/accounting/accounts/invoicedetails/${inv.id}`);
      const open = page.getByRole('button', { name: t.debit, exact: true });
      await open.waitFor({ timeout: 15000 });
      await open.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t.description, { exact: true }).fill(t.why);
      await dialog.getByLabel(t.price, { exact: true }).fill('350');
      // without a reason: the server's message on the field, in the page's language
      await dialog.getByRole('button', { name: t.issue }).click();
      await dialog.locator('.mantine-InputWrapper-error').filter({ hasText: t.required }).waitFor();
      expect(await axeCheck(page, { locale: lang, scheme: 'light', include: '[role="dialog"]' })).toEqual([]);
      await e.shot(page, `${lang}-debit-note-dialog`);
      await dialog.getByLabel(t.reason).fill(t.why);
      await dialog.getByRole('button', { name: t.issue }).click();
      await waitPath(page, new RegExp(`/accounting/accounts/invoicedetails/(?!${inv.id}$)\\d+$`));
      const noteId = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
      const note = await (await context.request.get(`${e.base}/api/accounting/invoices/${noteId}`)).json();
      expect(note).toMatchObject({ isDebitNote: true, debitNoteOfId: inv.id, reference: inv.number, reason: t.why, totalAmount: '350.0000', status: 'CONFIRMED' });
      expect(note.number).toMatch(/^DINV\//);
      await page.getByRole('heading', { name: note.number, level: 1 }).waitFor();
      const corrects = page.getByText(t.noteOf, { exact: false });
      await corrects.first().waitFor();
      expect(await page.getByRole('link', { name: inv.number }).count()).toBeGreaterThan(0);
      await e.shot(page, `${lang}-debit-note-page`);
      expect(await axeBothSchemes(page, lang, 'the debit note', { include: 'main' })).toEqual([]);

      // its PDF: the tax invoice's title, "Tax debit note / إشعار مدين ضريبي", the invoice it corrects, the reason
      const pdf = await context.request.get(`${e.base}/api/accounting/invoices/${noteId}/pdf?lang=${lang}`);
      expect(pdf.status()).toBe(200);
      const text = pdfText(await pdf.body());
      expect(text).toContain('Tax debit note');
      expect(bare(text)).toContain(bare('إشعار مدين ضريبي'));
      expect(text).toContain(note.number);
      expect(text).toContain(inv.number);
      if (lang === 'en') expect(text).toContain(t.why);
      else expect(bare(text)).toContain(bare(t.why));

      // the invoice's page lists it
      await page.goto(`${e.base}${t.prefix}/accounting/accounts/invoicedetails/${inv.id}`);
      await page.getByRole('heading', { name: t.notes }).waitFor();
      await page.getByRole('link', { name: note.number }).waitFor();
      await page.getByRole('heading', { name: t.notes }).scrollIntoViewIfNeeded();
      await e.shot(page, `${lang}-debit-note-invoice`);
      expect(await axeBothSchemes(page, lang, 'the invoice and its notes', { include: 'main' })).toEqual([]);
      // the one console error: the 422 of the note without a reason, asked on purpose
      expect(errors.filter((x) => !/status of 422/.test(x))).toEqual([]);
      await context.close();
    });
  });
}
