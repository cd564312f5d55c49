import { type Locale, tr } from '../i18n/locale';
import { esc, htmlPartsToPdf, page } from './pdf';
import type { ReportData } from './report.types';

/**
 * A report as a PDF: the same columns as the JSON and Excel, in the caller's language and direction. Every row
 * is printed: a long report goes to Chromium in parts of PART_ROWS rows (see htmlPartsToPdf), each part a
 * document of its own built when its turn comes, so only one part's HTML exists at a time.
 */
const NUMERIC = new Set(['money', 'qty', 'int', 'date']);
export const PART_ROWS = 1000;

function parts(d: ReportData, locale: Locale, partRows: number): () => Generator<string> {
  const head = `<thead><tr>${d.columns.map((c) => `<th class="${NUMERIC.has(c.kind) ? 'n' : ''}">${esc(tr(c.label, locale))}</th>`).join('')}</tr></thead>`;
  const cells = d.columns.map((c) => [c.key, NUMERIC.has(c.kind) ? '<td class="n">' : '<td>'] as const);
  const row = (r: Record<string, unknown>, cls = '') => {
    let s = `<tr class="${esc(cls || r.kind || '')}">`;
    for (const [key, td] of cells) s += `${td}${esc(r[key])}</td>`;
    return s + '</tr>';
  };
  const range = d.params.from ? `${d.params.from} – ${d.params.to ?? ''}` : (d.params.to ?? '');
  const title = tr(d.title, locale);
  return function* () {
    const n = Math.max(1, Math.ceil(d.rows.length / partRows));
    for (let i = 0; i < n; i++) {
      const body: string[] = [i === 0 ? `<h1>${esc(title)}</h1><div class="muted"><bdi dir="ltr">${esc(range)}</bdi></div>` : '', `<table class="report">${head}<tbody>`];
      for (let j = i * partRows, end = Math.min(d.rows.length, j + partRows); j < end; j++) body.push(row(d.rows[j]!));
      if (i === n - 1 && d.totals) body.push(row(d.totals, 'total'));
      body.push('</tbody></table>');
      yield page(title, body.join(''), locale);
    }
  };
}

/** The whole report as one HTML page (for tests and small reports). */
export function reportHtml(d: ReportData, locale: Locale): string {
  return parts(d, locale, Math.max(1, d.rows.length))().next().value!;
}

export async function reportPdf(d: ReportData, locale: Locale, partRows = PART_ROWS): Promise<Buffer> {
  return htmlPartsToPdf(parts(d, locale, partRows));
}
