import Decimal from 'decimal.js';
import type { DisplayPrefs } from '../../../../core/i18n/format';
import type { Locale } from '../../../../core/i18n/locale';
import { esc, page } from '../pdf';
import type { TaxInvoiceDoc } from './document';
import { bidi, fmtOf, kv, ltr, noteRows, noteSubtitle, rateText, stacked, taxLabel, titleOf } from './html.parts';
import { L, type LabelKey } from './labels';
import type { Party } from './parties';
import { qrSvg } from './qr';

/**
 * The 80 mm receipt layout of the same document (a till's simplified tax invoice, or any invoice asked with
 * `?layout=receipt`): one narrow column, labels in both languages, every line with its VAT rate and amount, the
 * totals without VAT, VAT and with VAT, the QR at the foot. The PDF is one page as long as its content
 * (core/documents/pdf.ts, `widthMm`).
 */
export const RECEIPT_WIDTH_MM = 80;

const CSS = `
body{margin:0}
.rc{box-sizing:border-box;width:${RECEIPT_WIDTH_MM}mm;padding:3mm 3.5mm;font-size:9px;line-height:1.35}
.rc .c{text-align:center}.rc .name{font-size:12px;font-weight:700}.rc .name2{font-size:10.5px;font-weight:700}
.rc .t{display:block;font-size:12px;font-weight:700;text-align:center}.rc .sub{display:block;text-align:center;font-weight:700;margin-top:1px}
.rc hr{border:0;border-top:1px dashed #555;margin:4px 0}
.rc table{width:100%;border-collapse:collapse;margin:0}.rc th,.rc td{border:0;padding:1px 0;background:none;vertical-align:top}
.rc table.kv th{font-weight:600;white-space:nowrap;width:1%;font-size:8.5px}.rc table.kv th.k1{text-align:start}
html[dir=ltr] .rc table.kv th.k2{text-align:right}html[dir=rtl] .rc table.kv th.k2{text-align:left}

.rc table.kv td.v{text-align:center;padding:1px 3px}
.rc .id{unicode-bidi:isolate;white-space:nowrap}
.rc table.items th{font-size:7.5px;text-align:end;padding:0 1px 2px;border-bottom:1px solid #555}.rc table.items th:first-child{text-align:start}
.rc .l1,.rc .l2{display:block}.rc .l2{font-weight:400;color:#333}
.rc table.items td{text-align:end;direction:ltr;unicode-bidi:isolate;white-space:nowrap;padding:0 1px}
.rc table.items td.d{text-align:start;white-space:normal;direction:inherit;font-weight:600;padding-top:3px}
.rc table.totals th{font-weight:600;padding:1px 0;width:75%}
html[dir=ltr] .rc table.totals th span{text-align:left}html[dir=rtl] .rc table.totals th span{text-align:right}
html[dir=ltr] .rc table.items th span{text-align:right}html[dir=rtl] .rc table.items th span{text-align:left}
html[dir=ltr] .rc table.items th:first-child span{text-align:left}html[dir=rtl] .rc table.items th:first-child span{text-align:right}.rc table.totals td.v{text-align:end;direction:ltr;unicode-bidi:isolate;white-space:nowrap;vertical-align:middle}
.rc table.totals tr.grand th,.rc table.totals tr.grand td{font-weight:700;font-size:10.5px;border-top:1px solid #000}
.rc .qr{text-align:center;margin-top:5px;font-size:7.5px}.rc .qr svg{display:block;margin:0 auto 2px}
.rc .note{white-space:pre-line;text-align:center;margin-top:4px}
`;

function addressLine(p: Party, locale: Locale): string {
  const en = [[p.buildingNumber, p.street].filter(Boolean).join(' '), p.district, [p.city, p.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const ar = [[p.buildingNumber, p.streetAr].filter(Boolean).join(' '), p.districtAr, [p.cityAr, p.postalCode].filter(Boolean).join(' ')].filter(Boolean).join('، ');
  const hasAr = Boolean(p.streetAr || p.districtAr || p.cityAr);
  const hasEn = Boolean(p.street || p.district || p.city);
  const parts = [hasAr ? `<div dir="rtl" lang="ar">${esc(ar)}</div>` : '', hasEn ? `<div dir="ltr" lang="en">${esc(en)}</div>` : ''];
  if (!hasAr && !hasEn) return p.address ? `<div style="white-space:pre-line">${esc(p.address)}</div>` : '';
  return (locale === 'ar' ? parts : parts.reverse()).join('');
}

export function taxInvoiceReceiptHtml(doc: TaxInvoiceDoc, locale: Locale, display: DisplayPrefs): string {
  const f = fmtOf(locale, display, doc.decimals);
  const m = (v: string) => esc(f.money(v));
  const s = doc.seller;
  const names = locale === 'ar' ? [s.nameAr || s.nameEn, s.nameAr ? s.nameEn : ''] : [s.nameEn, s.nameAr ?? ''];
  const title = titleOf(doc);
  const tl = taxLabel(doc);
  const head = `<div class="c"><div class="name">${bidi(names[0]!)}</div>${names[1] ? `<div class="name2">${bidi(names[1])}</div>` : ''}${addressLine(s, locale)}</div>
<table class="kv">${s.taxNumber ? kv(tl, ltr(s.taxNumber), locale) : ''}${s.crNumber ? kv('cr', ltr(s.crNumber), locale) : ''}</table>`;
  const b = doc.buyer;
  const buyer = b && (doc.kind === 'standard' || b.taxNumber) ? `<hr><table class="kv">${kv('buyer', bidi(locale === 'ar' ? b.nameAr || b.nameEn : b.nameEn), locale)}
${kv(tl, ltr(b.taxNumber ?? ''), locale)}${b.crNumber ? kv('cr', ltr(b.crNumber), locale) : ''}</table>${addressLine(b, locale) ? `<div class="c">${addressLine(b, locale)}</div>` : ''}` : '';
  const meta = [
    noteRows(doc, locale),
    kv('issueDate', esc(f.day(doc.date)), locale),
    doc.issueTime ? kv('issueTime', ltr(f.digits(doc.issueTime)), locale) : '',
  ].join('');
  // a plain invoice without any tax (a pack with no VAT) shows no VAT columns
  const vat = doc.kind !== null || new Decimal(doc.tax).gt(0);
  const cols = vat ? (['qty', 'unitPrice', 'rate', 'vatAmount', 'lineTotal'] as const) : (['qty', 'unitPrice', 'total'] as const);
  const items = doc.lines.map((l) => `<tr><td class="d" colspan="${cols.length}">${bidi(l.description)}</td></tr>
<tr><td>${esc(f.qty(l.quantity))}</td><td>${m(l.unitPrice)}</td>${vat ? `<td>${esc(rateText(l.rate, f))}</td><td>${m(l.vat)}</td>` : ''}<td>${m(l.gross)}</td></tr>`).join('');
  const hasDiscount = new Decimal(doc.discount).gt(0);
  // totals: the two labels stacked beside the amount (side by side they do not fit 80 mm)
  const row = (k: LabelKey, v: string, cls = '') => `<tr${cls ? ` class="${cls}"` : ''}><th>${stacked(k, locale)}</th><td class="v">${v}</td></tr>`;
  const totals = [
    hasDiscount ? row('subtotal', m(doc.subtotal)) + row('discount', m(doc.discount)) : '',
    vat ? row('totalExcl', m(doc.totalExcl)) + row('totalVat', m(doc.tax)) : '',
    row(vat ? 'totalIncl' : 'total', `${m(doc.total)} <span class="id">${esc(s.currency)}</span>`, 'grand'),
  ].join('');
  const body = `<div class="rc">${head}<hr>
<span class="t">${esc(locale === 'ar' ? title[1] : title[0])}</span><span class="t">${esc(locale === 'ar' ? title[0] : title[1])}</span>
${noteSubtitle(doc, locale)}
<table class="kv">${meta}</table>${buyer}<hr>
<table class="items"><thead><tr>${cols.map((k) => `<th>${stacked(k, locale)}</th>`).join('')}</tr></thead><tbody>${items}</tbody></table>
<hr><table class="totals">${totals}</table>
${doc.qr ? `<div class="qr">${qrSvg(doc.qr, 38, L.qr[0])}</div>` : ''}
${s.invoiceNote ? `<div class="note">${esc(s.invoiceNote)}</div>` : ''}
</div>`;
  return page(`${title[0]} ${doc.number}`, `<style>${CSS}</style>${body}`, locale);
}
