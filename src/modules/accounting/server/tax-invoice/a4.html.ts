import Decimal from 'decimal.js';
import type { DisplayPrefs } from '../../../../core/i18n/format';
import type { Locale } from '../../../../core/i18n/locale';
import { esc, page } from '../pdf';
import type { TaxInvoiceDoc } from './document';
import { bidi, fmtOf, inline, kv, ltr, noteRows, noteSubtitle, partyRows, rateText, stacked, titleOf } from './html.parts';
import { L, type LabelKey } from './labels';
import { qrSvg } from './qr';

/**
 * The A4 tax invoice (and simplified tax invoice, and their credit and debit notes): title in both languages, seller and buyer
 * with their VAT numbers and national addresses, issue date and time, per line the VAT rate and amount, the totals
 * without VAT, VAT and with VAT, and in Saudi Arabia the ZATCA QR. `locale` is the reading order ('ar': Arabic first,
 * right to left); every label is printed in both languages.
 */
export const TAX_INVOICE_CSS = `
.ti{font-size:10px;margin:0}
.ti .l1,.ti .l2{display:block}.ti .l2{font-size:8.5px;color:#444;font-weight:400}
.ti table{margin-top:0}.ti th{background:none}
.ti .head{display:flex;align-items:flex-start;gap:12px;border-bottom:2px solid #222;padding-bottom:6px}
.ti .head .co{flex:1;font-size:14px;font-weight:700}.ti .head .co.c2{text-align:end}
.ti .title{flex:1.3;text-align:center}.ti .title .t{display:block;font-size:17px;font-weight:700;line-height:1.3}
.ti .title .sub{display:block;font-size:12px;font-weight:700;margin-top:2px;color:#333}
.ti .meta{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;margin-top:8px}
.ti table.kv{border-collapse:collapse;width:100%}.ti table.kv th,.ti table.kv td{border-bottom:1px solid #e2e2e2;padding:2px 6px;line-height:1.35;vertical-align:top}
.ti table.kv th{font-weight:600;white-space:nowrap;width:1%}.ti table.kv th.k1{text-align:start}
html[dir=ltr] .ti table.kv th.k2{text-align:right}html[dir=rtl] .ti table.kv th.k2{text-align:left}

.ti table.kv td.v{text-align:center}.ti .meta table.kv{width:62%}
.ti .id{unicode-bidi:isolate;white-space:nowrap}
.ti .parties{display:flex;gap:10px;margin-top:10px}.ti .box{flex:1;border:1px solid #bbb;border-radius:3px}
.ti .box h3{margin:0;padding:3px 6px;font-size:11px;background:#eee;text-align:center}
.ti table.lines{width:100%;border-collapse:collapse;margin-top:10px}
.ti table.lines th{background:#eee;border:1px solid #ccc;padding:3px 4px;text-align:center;vertical-align:bottom;font-size:9px}
.ti table.lines td{border:1px solid #ddd;padding:3px 4px;vertical-align:top}
.ti table.lines td.n{text-align:end;direction:ltr;unicode-bidi:isolate;white-space:nowrap}
.ti .bottom{display:flex;justify-content:flex-end;margin-top:10px}.ti .totals{width:62%}
.ti .totals tr.grand th,.ti .totals tr.grand td{font-weight:700;font-size:11.5px;border-top:2px solid #222}
.ti .totals td.v{text-align:end;direction:ltr;unicode-bidi:isolate;white-space:nowrap}
.ti .qr{text-align:center;font-size:8px;color:#444}.ti .qr svg{display:block;margin:0 auto 2px}
.ti .note{margin-top:12px;white-space:pre-line;border-top:1px solid #ddd;padding-top:6px}
`;

export function taxInvoiceA4Html(doc: TaxInvoiceDoc, locale: Locale, display: DisplayPrefs): string {
  const f = fmtOf(locale, display, doc.decimals);
  const m = (v: string) => esc(f.money(v));
  const [n1, n2] = locale === 'ar' ? [doc.seller.nameAr || doc.seller.nameEn, doc.seller.nameEn] : [doc.seller.nameEn, doc.seller.nameAr || ''];
  const title = titleOf(doc);
  const sub = noteSubtitle(doc, locale);
  const meta = [
    noteRows(doc, locale),
    kv('issueDate', esc(f.day(doc.date)), locale),
    doc.issueTime ? kv('issueTime', ltr(f.digits(doc.issueTime)), locale) : '',
    doc.note !== 'creditNote' && doc.dueDate && doc.dueDate !== doc.date ? kv('dueDate', esc(f.day(doc.dueDate)), locale) : '',
    kv('currency', ltr(doc.seller.currency), locale),
  ].join('');
  const qr = doc.qr ? `<div class="qr">${qrSvg(doc.qr, 32, L.qr[0])}${inline(L.qr, locale, ' / ')}</div>` : '';
  const disc = doc.anyLineDiscount;
  const head: LabelKey[] = ['line', 'description', 'qty', 'unitPrice', ...(disc ? ['discount' as const] : []), 'taxable', 'rate', 'vatAmount', 'lineTotal'];
  const rows = doc.lines.map((l, i) => `<tr><td class="n">${esc(f.qty(String(i + 1)))}</td><td>${bidi(l.description)}</td><td class="n">${esc(f.qty(l.quantity))}</td>
    <td class="n">${m(l.unitPrice)}</td>${disc ? `<td class="n">${m(l.discount)}</td>` : ''}<td class="n">${m(l.net)}</td><td class="n">${esc(rateText(l.rate, f))}</td>
    <td class="n">${m(l.vat)}</td><td class="n">${m(l.gross)}</td></tr>`).join('');
  const hasDiscount = new Decimal(doc.discount).gt(0);
  const totals = [
    hasDiscount ? kv('subtotal', m(doc.subtotal), locale) + kv('discount', m(doc.discount), locale) : '',
    kv('totalExcl', m(doc.totalExcl), locale),
    kv('totalVat', m(doc.tax), locale),
    kv('totalIncl', `${m(doc.total)} <span class="id">${esc(doc.seller.currency)}</span>`, locale, 'grand'),
  ].join('');
  const body = `<div class="ti">
<div class="head"><div class="co" lang="${locale}">${bidi(n1)}</div>
<div class="title"><span class="t">${esc(locale === 'ar' ? title[1] : title[0])}</span><span class="t">${esc(locale === 'ar' ? title[0] : title[1])}</span>${sub}</div>
<div class="co c2">${bidi(n2)}</div></div>
<div class="meta"><table class="kv">${meta}</table>${qr}</div>
<div class="parties"><div class="box"><h3>${inline('seller', locale)}</h3><table class="kv">${partyRows(doc, doc.seller, f, true)}</table></div>
<div class="box"><h3>${inline('buyer', locale)}</h3><table class="kv">${partyRows(doc, doc.buyer, f, doc.kind === 'standard')}</table></div></div>
<table class="lines"><thead><tr>${head.map((k) => `<th>${stacked(k, locale)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>
<div class="bottom"><table class="kv totals">${totals}</table></div>
${doc.seller.invoiceNote ? `<p class="note">${esc(doc.seller.invoiceNote)}</p>` : ''}
</div>`;
  return page(`${title[0]} ${doc.number}`, `<style>${TAX_INVOICE_CSS}</style>${body}`, locale);
}

