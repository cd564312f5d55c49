import { type Locale, tr } from '../../../../core/i18n/locale';
import { esc, htmlToPdf, page } from '../pdf';
import type { ReportData } from './report.types';

/** A report as a PDF: the same columns as the JSON and Excel, in the caller's language and direction. */
export function reportHtml(d: ReportData, locale: Locale): string {
  const head = d.columns.map((c) => `<th class="${c.kind === 'money' ? 'n' : ''}">${esc(tr(c.label, locale))}</th>`).join('');
  const row = (r: Record<string, unknown>, cls = '') =>
    `<tr class="${esc(cls || r.kind || '')}">${d.columns.map((c) => `<td class="${c.kind === 'money' || c.kind === 'date' ? 'n' : ''}">${esc(r[c.key])}</td>`).join('')}</tr>`;
  const range = `${d.params.from ?? ''} – ${d.params.to ?? ''}`;
  const body = `<h1>${esc(tr(d.title, locale))}</h1><div class="muted" dir="ltr">${esc(range)}</div>
<table><thead><tr>${head}</tr></thead><tbody>${d.rows.map((r) => row(r)).join('')}${d.totals ? row(d.totals, 'total') : ''}</tbody></table>`;
  return page(tr(d.title, locale), body, locale);
}

export async function reportPdf(d: ReportData, locale: Locale): Promise<Buffer> {
  return htmlToPdf(reportHtml(d, locale));
}
