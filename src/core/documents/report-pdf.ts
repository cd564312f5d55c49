import { type Locale, tr } from '../i18n/locale';
import { esc, htmlToPdf, page } from './pdf';
import type { ReportData } from './report.types';

/** A report as a PDF: the same columns as the JSON and Excel, in the caller's language and direction. */
const NUMERIC = new Set(['money', 'qty', 'int', 'date']);

export function reportHtml(d: ReportData, locale: Locale): string {
  const head = d.columns.map((c) => `<th class="${NUMERIC.has(c.kind) && c.kind !== 'date' ? 'n' : ''}">${esc(tr(c.label, locale))}</th>`).join('');
  const row = (r: Record<string, unknown>, cls = '') =>
    `<tr class="${esc(cls || r.kind || '')}">${d.columns.map((c) => `<td class="${NUMERIC.has(c.kind) ? 'n' : ''}">${esc(r[c.key])}</td>`).join('')}</tr>`;
  const range = d.params.from ? `${d.params.from} – ${d.params.to ?? ''}` : (d.params.to ?? '');
  const body = `<h1>${esc(tr(d.title, locale))}</h1><div class="muted"><bdi dir="ltr">${esc(range)}</bdi></div>
<table><thead><tr>${head}</tr></thead><tbody>${d.rows.map((r) => row(r)).join('')}${d.totals ? row(d.totals, 'total') : ''}</tbody></table>`;
  return page(tr(d.title, locale), body, locale);
}

export async function reportPdf(d: ReportData, locale: Locale): Promise<Buffer> {
  return htmlToPdf(reportHtml(d, locale));
}
