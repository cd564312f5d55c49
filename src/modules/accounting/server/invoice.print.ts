import type { Locale } from '../../../core/i18n/locale';
import Decimal from 'decimal.js';
import { esc, page } from './pdf';

/** The printable invoice: in English, in Arabic, or bilingual (both labels, the layout of `locale`). */
type Lang = Locale | 'both';
const T = {
  invoice: ['Invoice', 'فاتورة'], creditNote: ['Credit note', 'إشعار دائن'], number: ['Number', 'الرقم'], date: ['Date', 'التاريخ'],
  due: ['Due date', 'تاريخ الاستحقاق'], partner: ['Partner', 'الشريك'], description: ['Description', 'الوصف'], qty: ['Quantity', 'الكمية'],
  price: ['Unit price', 'سعر الوحدة'], discount: ['Discount', 'الخصم'], tax: ['Tax', 'الضريبة'], amount: ['Amount', 'المبلغ'],
  subtotal: ['Subtotal', 'المجموع الفرعي'], total: ['Total', 'الإجمالي'], paid: ['Paid', 'المدفوع'], dueAmount: ['Amount due', 'المبلغ المستحق'],
} as const;

export function invoiceHtml(inv: Record<string, any>, company: { nameEn: string; nameAr: string }, partner: string, lang: Lang, dp = 2): string {
  const m = (v: unknown) => (v === null || v === undefined || v === '' ? '' : new Decimal(String(v)).toFixed(dp));
  const locale: Locale = lang === 'ar' ? 'ar' : 'en';
  const t = (k: keyof typeof T) => lang === 'both' ? `${esc(T[k][0])}<span class="bi" dir="rtl">${esc(T[k][1])}</span>` : esc(T[k][locale === 'ar' ? 1 : 0]);
  const lines = (inv.lines as Record<string, unknown>[]).map((l) => `<tr><td>${esc(l.description)}</td><td class="n">${esc(l.quantity)}</td><td class="n">${esc(m(l.unitPrice))}</td>
    <td class="n">${esc(m(l.discount))}</td><td class="n">${esc(m(l.taxAmount))}</td><td class="n">${esc(m(l.amount))}</td></tr>`).join('');
  const sum = (k: keyof typeof T, v: unknown) => `<tr class="total"><td colspan="5">${t(k)}</td><td class="n">${esc(m(v))}</td></tr>`;
  const name = lang === 'ar' ? company.nameAr : lang === 'both' ? `${company.nameEn} — ${company.nameAr}` : company.nameEn;
  const body = `<h1>${esc(name)}</h1><h2>${t(inv.isCreditNote ? 'creditNote' : 'invoice')} <span dir="ltr">${esc(inv.number ?? '')}</span></h2>
<table><tr><th>${t('partner')}</th><td>${esc(partner)}</td><th>${t('date')}</th><td class="n">${esc(inv.date)}</td><th>${t('due')}</th><td class="n">${esc(inv.dueDate)}</td></tr></table>
<table><thead><tr><th>${t('description')}</th><th class="n">${t('qty')}</th><th class="n">${t('price')}</th><th class="n">${t('discount')}</th><th class="n">${t('tax')}</th><th class="n">${t('amount')}</th></tr></thead>
<tbody>${lines}${sum('subtotal', inv.subtotal)}${sum('discount', inv.discount)}${sum('tax', inv.taxAmount)}${sum('total', inv.totalAmount)}${sum('paid', inv.paidAmount)}${sum('dueAmount', inv.dueAmount)}</tbody></table>`;
  return page(String(inv.number ?? 'invoice'), body, locale);
}
