import type { Locale } from '../../../core/i18n/locale';
import { DEFAULT_DISPLAY, type DisplayPrefs, formatDate, formatNumber } from '../../../core/i18n/format';
import Decimal from 'decimal.js';
import type { CountryPack } from '../model/country-packs/types';
import { noteKindOf } from '../model/invoice-notes';
import { esc, page } from './pdf';

/**
 * The printable invoice: in English, in Arabic, or bilingual (both labels, the layout of `locale`). Dates, amounts
 * and quantities follow the reader's calendar and digits (core/i18n/format.ts).
 */
type Lang = Locale | 'both';
const T = {
  invoice: ['Invoice', 'فاتورة'], creditNote: ['Credit note', 'إشعار دائن'], debitNote: ['Debit note', 'إشعار مدين'],
  creditNoteOf: ['Credit note for invoice', 'إشعار دائن للفاتورة'], debitNoteOf: ['Debit note for invoice', 'إشعار مدين للفاتورة'], reason: ['Reason', 'السبب'], number: ['Number', 'الرقم'], date: ['Date', 'التاريخ'],
  due: ['Due date', 'تاريخ الاستحقاق'], partner: ['Partner', 'الشريك'], description: ['Description', 'الوصف'], qty: ['Quantity', 'الكمية'],
  price: ['Unit price', 'سعر الوحدة'], discount: ['Discount', 'الخصم'], tax: ['Tax', 'الضريبة'], amount: ['Amount', 'المبلغ'],
  subtotal: ['Subtotal', 'المجموع الفرعي'], total: ['Total', 'الإجمالي'], paid: ['Paid', 'المدفوع'], dueAmount: ['Amount due', 'المبلغ المستحق'],
} as const;

/** The company's invoice layout: its country pack's titles ("Tax invoice" where VAT applies) and its footer. */
export interface InvoiceLayout { wording?: CountryPack['wording']; note?: string | null }

export function invoiceHtml(inv: Record<string, any>, company: { nameEn: string; nameAr: string }, partner: string, lang: Lang, dp = 2, display: DisplayPrefs = DEFAULT_DISPLAY, layout: InvoiceLayout = {}): string {
  const locale: Locale = lang === 'ar' ? 'ar' : 'en';
  const fmt = { ...display, locale };
  const m = (v: unknown) => (v === null || v === undefined || v === '' ? '' : formatNumber(new Decimal(String(v)).toFixed(dp), { digits: fmt.digits, minDecimals: dp }));
  const q = (v: unknown) => formatNumber(v, { digits: fmt.digits, minDecimals: 0 });
  const day = (v: unknown) => (v ? formatDate(String(v), fmt) : '');
  const w = layout.wording;
  const words: Record<string, readonly [string, string]> = { ...T, ...(w && { invoice: [w.invoice.en, w.invoice.ar], creditNote: [w.creditNote.en, w.creditNote.ar], debitNote: [w.debitNote.en, w.debitNote.ar] }) };
  const t = (k: keyof typeof T) => lang === 'both' ? `${esc(words[k]![0])}<span class="bi" dir="rtl">${esc(words[k]![1])}</span>` : esc(words[k]![locale === 'ar' ? 1 : 0]);
  const lines = (inv.lines as Record<string, unknown>[]).map((l) => `<tr><td>${esc(l.description)}</td><td class="n">${esc(q(l.quantity))}</td><td class="n">${esc(m(l.unitPrice))}</td>
    <td class="n">${esc(m(l.discount))}</td><td class="n">${esc(m(l.taxAmount))}</td><td class="n">${esc(m(l.amount))}</td></tr>`).join('');
  const sum = (k: keyof typeof T, v: unknown) => `<tr class="total"><td colspan="5">${t(k)}</td><td class="n">${esc(m(v))}</td></tr>`;
  const name = lang === 'ar' ? company.nameAr : lang === 'both' ? `${company.nameEn} — ${company.nameAr}` : company.nameEn;
  // a note names the invoice it corrects (its number, kept as the note's reference) and why
  const note = noteKindOf(inv);
  const original = note ? String(inv._refs?.[note === 'creditNote' ? 'creditNoteOfId' : 'debitNoteOfId'] ?? inv.reference ?? '') : '';
  const noteRow = note ? `<tr><th>${t(note === 'creditNote' ? 'creditNoteOf' : 'debitNoteOf')}</th><td dir="ltr">${esc(original)}</td>${inv.reason ? `<th>${t('reason')}</th><td colspan="3">${esc(inv.reason)}</td>` : ''}</tr>` : '';
  const body = `<h1>${esc(name)}</h1><h2>${t(note ?? 'invoice')} <span dir="ltr">${esc(inv.number ?? '')}</span></h2>
<table><tr><th>${t('partner')}</th><td>${esc(partner)}</td><th>${t('date')}</th><td>${esc(day(inv.date))}</td><th>${t('due')}</th><td>${esc(day(inv.dueDate))}</td></tr>${noteRow}</table>
<table><thead><tr><th>${t('description')}</th><th class="n">${t('qty')}</th><th class="n">${t('price')}</th><th class="n">${t('discount')}</th><th class="n">${t('tax')}</th><th class="n">${t('amount')}</th></tr></thead>
<tbody>${lines}${sum('subtotal', inv.subtotal)}${sum('discount', inv.discount)}${sum('tax', inv.taxAmount)}${sum('total', inv.totalAmount)}${sum('paid', inv.paidAmount)}${sum('dueAmount', inv.dueAmount)}</tbody></table>${layout.note ? `<p class="note" style="white-space:pre-line">${esc(layout.note)}</p>` : ''}`;
  return page(String(inv.number ?? 'invoice'), body, locale);
}
