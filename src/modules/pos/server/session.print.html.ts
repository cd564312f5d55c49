import Decimal from 'decimal.js';
import { esc, page } from '../../../core/documents/pdf';
import { type DisplayPrefs, formatDate, formatDuration, formatNumber, withDigits } from '../../../core/i18n/format';
import { type Label, type Locale, tr } from '../../../core/i18n/locale';
import { wallClock } from '../../../core/time/company-time';
import { SESSION_STATES } from '../model/pos-session.entity';
import { sessionLabels as L } from '../session.labels';
import type { SessionSummary } from './session.summary';

/**
 * A POS session printed (pure: data in, HTML out; core/documents/pdf.ts makes the PDF): the session's number, branch,
 * salesperson, status, opened and closed times (the company's wall clock) and duration; its sales (orders, items,
 * total, paid, dues, orders by status) and the sales by payment method; the returns taken in it when it has any
 * (count, value, money refunded, by refund method); the till
 * count: opening cash, then per method with money in the till the expected, counted and difference, and the closing
 * cash. An active session prints what is expected so far, with nothing counted. One language per print (labels, digits
 * and calendar as the reader reads them); names and numbers as stored. 'a4' or 'receipt' (an 80 mm roll).
 */
export type SessionLayout = 'a4' | 'receipt';
export const RECEIPT_WIDTH_MM = 80;

export interface MoneyCount { expected: string; counted: string | null; difference: string | null }
export interface SessionPrintData {
  company: { nameEn: string; nameAr: string | null; currency: string; decimals: number; timeZone: string };
  number: string; branch: string; user: string; status: string;
  openedAt: Date; closedAt: Date | null;
  openingCash: string; closingCash: string | null;
  cash: MoneyCount; bank: MoneyCount;
  summary: SessionSummary;
  printedAt: Date; printedBy: string;
}

const METHODS = ['cash', 'bank_transfer', 'credit'] as const;
const ORDER_STATES = ['draft', 'pending', 'confirmed', 'completed', 'cancelled', 'rejected'] as const;

const CSS = `
.doc h1{font-size:17px;margin:0}.doc h2{font-size:12.5px;margin:14px 0 2px}.doc .co{font-size:13px;font-weight:700}
.doc .num{font-weight:700;unicode-bidi:isolate}.doc .id{unicode-bidi:isolate;direction:ltr}
.doc table{margin-top:4px}.doc table.kv th{width:45%;background:none;font-weight:600}.doc table.kv.two th{width:22%}.doc table.kv.two td{width:28%}
.doc tr.total td,.doc tr.total th{font-weight:700;border-top:1.5px solid #333}
.doc .note{margin-top:10px;font-style:italic}.doc .foot{margin-top:16px;color:#555;font-size:9.5px}
.rc{box-sizing:border-box;width:${RECEIPT_WIDTH_MM}mm;padding:3mm 3.5mm;font-size:9px;line-height:1.35}
.rc h1{font-size:12px;text-align:center}.rc .co,.rc .num{text-align:center;display:block}.rc .co{font-size:11px}
.rc h2{font-size:10px;margin:7px 0 1px;border-bottom:1px dashed #555}.rc th,.rc td{padding:1px 2px;border:0}
.rc table.kv th{width:50%}.rc table.grid th{font-size:8px}.rc .foot{font-size:7.5px;margin-top:8px;text-align:center}
`;

export function sessionHtml(d: SessionPrintData, locale: Locale, display: DisplayPrefs, layout: SessionLayout): string {
  const t = (l: Label) => esc(tr(l, locale));
  const money = (v: string | null) => (v === null ? '—' : esc(formatNumber(v, { digits: display.digits, minDecimals: d.company.decimals })));
  const count = (v: string | number) => esc(formatNumber(String(v), { digits: display.digits, minDecimals: 0 }));
  const at = (v: Date | null) => {
    if (!v) return t(L.notClosed);
    const w = wallClock(d.company.timeZone, v);
    return `${esc(formatDate(w.date, { ...display, locale }))} <span class="id">${esc(withDigits(w.time.slice(0, 5), display.digits))}</span>`;
  };
  // label | value rows; on A4 two pairs a row, so the whole session fits one page
  const kv = (rows: [Label, string][]) => {
    const per = layout === 'a4' && rows.length > 1 ? 2 : 1;
    const out: string[] = [];
    for (let i = 0; i < rows.length; i += per)
      out.push(`<tr>${rows.slice(i, i + per).map(([k, v]) => `<th>${t(k)}</th><td>${v}</td>`).join('')}${per === 2 && i + 1 >= rows.length ? '<th></th><td></td>' : ''}</tr>`);
    return `<table class="kv${per === 2 ? ' two' : ''}">${out.join('')}</table>`;
  };
  const num = (v: string) => `<td class="n">${v}</td>`;
  const s = d.summary;
  const duration = esc(formatDuration(s.durationMinutes, { locale, ...display }));
  const state = SESSION_STATES.find((x) => x.value === d.status);
  const company = locale === 'ar' ? d.company.nameAr || d.company.nameEn : d.company.nameEn;

  const head = `<div class="head"><span class="co">${esc(company)}</span><h1>${t(L.report)}</h1><span class="num" dir="ltr">${esc(d.number)}</span></div>
${kv([[L.branch, esc(d.branch)], [L.user, esc(d.user)], [L.status, state ? t(state.label) : esc(d.status)], [L.openedAt, at(d.openedAt)],
    [L.closedAt, at(d.closedAt)], [L.duration, duration]])}`;

  const byStatus = ORDER_STATES.filter((k) => s.ordersByStatus[k]).map((k) => `${t(L[k])}: ${count(s.ordersByStatus[k]!)}`).join(locale === 'ar' ? '، ' : ', ');
  const sales = `<h2>${t(L.sales)}</h2>
${kv([[L.orders, count(s.orders)], [L.itemsSold, count(s.itemsSold)], [L.sales, money(s.sales)], [L.paid, money(s.paid)], [L.dues, money(s.dues)],
    ...(byStatus ? [[L.ordersByStatus, byStatus] as [Label, string]] : [])])}`;

  const methods = METHODS.filter((m) => s.paymentMethods[m] !== undefined);
  const sum = methods.reduce((a, m) => a.plus(s.paymentMethods[m]!), new Decimal(0));
  const byMethod = `<h2>${t(L.salesByMethod)}</h2>
<table class="grid"><thead><tr><th>${t(L.method)}</th><th class="n">${t(L.amount)}</th></tr></thead><tbody>
${methods.length === 0 ? `<tr><td colspan="2">${t(L.none)}</td></tr>` : methods.map((m) => `<tr><td>${t(L[m])}</td>${num(money(s.paymentMethods[m]!))}</tr>`).join('')}
${methods.length ? `<tr class="total"><td>${t(L.total)}</td>${num(money(sum.toFixed(4)))}</tr>` : ''}</tbody></table>`;

  const refundMethods = METHODS.filter((m) => s.refundMethods[m] !== undefined && !new Decimal(s.refundMethods[m]!).isZero());
  const returns = s.returns > 0 || !new Decimal(s.refunds).isZero()
    ? `<h2>${t(L.returnsRefunds)}</h2>${kv([[L.returns, count(s.returns)], [L.returnsTotal, money(s.returnsTotal)], [L.refunds, money(s.refunds)]])}
${refundMethods.length ? `<table class="grid"><thead><tr><th>${t(L.refundMethods)}</th><th class="n">${t(L.amount)}</th></tr></thead><tbody>
${refundMethods.map((m) => `<tr><td>${t(L[m])}</td>${num(money(s.refundMethods[m]!))}</tr>`).join('')}</tbody></table>` : ''}` : '';

  const row = (l: Label, c: MoneyCount) => `<tr><td>${t(l)}</td>${num(money(c.expected))}${num(money(c.counted))}${num(money(c.difference))}</tr>`;
  const till = `<h2>${t(L.count)}</h2>
${kv([[L.openingCash, `<span class="id">${money(d.openingCash)}</span>`]])}
<table class="grid"><thead><tr><th>${t(L.method)}</th><th class="n">${t(L.expected)}</th><th class="n">${t(L.counted)}</th><th class="n">${t(L.difference)}</th></tr></thead>
<tbody>${row(L.cash, d.cash)}${row(L.bank_transfer, d.bank)}</tbody></table>
${d.closingCash !== null ? kv([[L.closingCash, `<span class="id">${money(d.closingCash)}</span> <span class="id">${esc(d.company.currency)}</span>`]]) : `<div class="note">${t(L.expectedSoFar)}</div>`}`;

  const printed = wallClock(d.company.timeZone, d.printedAt);
  const foot = `<div class="foot">${esc(tr(L.printedAt, locale).replace('{at}', `${formatDate(printed.date, { ...display, locale })} ${withDigits(printed.time.slice(0, 5), display.digits)}`).replace('{user}', d.printedBy))}</div>`;

  const body = `<div class="doc ${layout === 'receipt' ? 'rc' : 'a4'}">${head}${sales}${byMethod}${returns}${till}${foot}</div>`;
  return page(`${tr(L.report, locale)} ${d.number}`, `<style>${CSS}${layout === 'receipt' ? 'body{margin:0}' : ''}</style>${body}`, locale);
}
