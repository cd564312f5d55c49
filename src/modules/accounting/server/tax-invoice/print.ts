import { getRecord } from '../../../../core/entity/crud.read';
import type { Row } from '../../../../core/entity/hooks';
import type { Ctx } from '../../../../core/http/context';
import { displayOf } from '../../../../core/http/display';
import type { Locale } from '../../../../core/i18n/locale';
import { packOf } from '../../model/country-packs/packs';
import { invoice } from '../../model/invoice.entity';
import { invoiceHtml } from '../invoice.print';
import { htmlToPdf } from '../pdf';
import { taxInvoiceA4Html } from './a4.html';
import { taxInvoiceDoc } from './document';
import { RECEIPT_WIDTH_MM, taxInvoiceReceiptHtml } from './receipt.html';

/**
 * One invoice's printable document, HTML or PDF, in a layout: 'a4' (default) or 'receipt' (80 mm). A sale-side
 * invoice or credit note of a company whose country pack has a tax invoice regime prints as a tax invoice or a
 * simplified tax invoice (labels in both languages); any other keeps the plain invoice (invoice.print.ts) on A4.
 * `lang`: en, ar or both (the reading order: ar is Arabic first; both and en English first), else the company's
 * invoice language, else the reader's.
 */
export type Layout = 'a4' | 'receipt';
export interface PrintAsk { lang?: string | null; layout?: string | null }
export interface Printed { html: string; number: string; layout: Layout }

export const layoutOf = (v: unknown): Layout | null => (v === undefined || v === null || v === '' || v === 'a4' ? 'a4' : v === 'receipt' ? 'receipt' : null);

export async function invoiceDocumentHtml(ctx: Ctx, inv: Row, ask: PrintAsk): Promise<Printed> {
  const layout = layoutOf(ask.layout) ?? 'a4';
  const doc = await taxInvoiceDoc(ctx, inv);
  const q = ask.lang ?? doc.seller.invoiceLanguage;
  const lang = q === 'ar' || q === 'en' || q === 'both' ? q : ctx.locale;
  const locale: Locale = lang === 'ar' ? 'ar' : 'en';
  const display = await displayOf(ctx);
  const number = String(inv.number ?? inv.id);
  if (layout === 'receipt') return { html: taxInvoiceReceiptHtml(doc, locale, display), number, layout };
  if (doc.kind) return { html: taxInvoiceA4Html(doc, locale, display), number, layout };
  // the partner in the print's language (its Arabic name for an Arabic print, both for a bilingual one), not in the reader's
  const b = doc.buyer;
  const partner = !b ? String((inv._refs as Record<string, unknown> | undefined)?.partnerId ?? '')
    : lang === 'ar' ? b.nameAr || b.nameEn : lang === 'both' && b.nameAr && b.nameAr !== b.nameEn ? `${b.nameEn} / ${b.nameAr}` : b.nameEn;
  const plain = invoiceHtml(inv, { nameEn: doc.seller.nameEn, nameAr: doc.seller.nameAr ?? doc.seller.nameEn }, partner, lang, doc.decimals, display,
    { wording: packOf(doc.seller.country).wording, note: doc.seller.invoiceNote });
  return { html: plain, number, layout };
}

export async function invoiceDocumentPdf(ctx: Ctx, inv: Row, ask: PrintAsk): Promise<Printed & { pdf: Buffer }> {
  const p = await invoiceDocumentHtml(ctx, inv, ask);
  return { ...p, pdf: await htmlToPdf(p.html, p.layout === 'receipt' ? { widthMm: RECEIPT_WIDTH_MM } : undefined) };
}

/**
 * For other modules (the till's receipt): an invoice of the caller's company printed as PDF, `layout` 'receipt' for
 * the 80 mm roll. The caller's route checks its own permission; 404 when the invoice is not the company's.
 */
export async function printInvoicePdf(ctx: Ctx, invoiceId: number, ask: PrintAsk = {}): Promise<{ pdf: Buffer; number: string }> {
  const inv = await getRecord(ctx, invoice, invoiceId);
  const { pdf, number } = await invoiceDocumentPdf(ctx, inv, ask);
  return { pdf, number };
}
