import { type DisplayFormat, displayFormat, formatDate } from '../i18n/format';
import { type Locale, tr } from '../i18n/locale';
import { reportCell } from './report-cell';
import { esc, htmlPartsToPdf, page } from './pdf';
import type { ReportData } from './report.types';

/**
 * A report as a PDF: the same columns as the JSON and Excel, in the caller's language and direction. Every row
 * is printed: a long report goes to Chromium in parts of PART_ROWS rows (see htmlPartsToPdf), each part a
 * document of its own built when its turn comes from the rows read so far, so the server holds one part's HTML
 * and one batch of rows at a time. 500 rows: Chromium's renderer peaks ~70 MB lower than with 1,000 and takes
 * about the same CPU (250 rows: ~25 MB lower again, ~20% more CPU); see the accounting README's PDF benchmark.
 * Cells and the period follow the reader's calendar and digits (report-cell.ts, as on the screen); a bare locale
 * prints Gregorian dates and Latin digits. The first part is headed by the company's name, the title, the period and
 * the filters (`heading`: core/http/report-heading.ts).
 */
const NUMERIC = new Set(['money', 'qty', 'int']);
export const PART_ROWS = 500;
type Rows = Record<string, unknown>[];
/** Above the title: the company's name; under the period: the filters the report ran with, each a line (core/http/report-heading.ts). */
export interface ReportHeading { company: string; filters: string[] }

// Numbers are isolated left-to-right; dates end-aligned in the page's direction (a Hijri date has Arabic words).
const cellClass = (kind: string) => (NUMERIC.has(kind) ? 'n' : kind === 'date' ? 'd' : '');

function builder(d: ReportData, fmt: DisplayFormat, heading?: ReportHeading) {
  const { locale } = fmt;
  const head = `<thead><tr>${d.columns.map((c) => `<th class="${cellClass(c.kind)}">${esc(tr(c.label, locale))}</th>`).join('')}</tr></thead>`;
  const cells = d.columns.map((c) => [c.key, c.kind, cellClass(c.kind) ? `<td class="${cellClass(c.kind)}">` : '<td>'] as const);
  const day = (v: string | null | undefined) => (v ? formatDate(v, fmt) : '');
  const range = d.params.from ? `${day(d.params.from)} – ${day(d.params.to)}` : day(d.params.to);
  const title = tr(d.title, locale);
  return {
    row(r: Record<string, unknown>, cls = '') {
      let s = `<tr class="${esc(cls || r.kind || '')}">`;
      for (const [key, kind, td] of cells) s += `${td}${esc(reportCell(kind, r[key], fmt) ?? r[key])}</td>`;
      return s + '</tr>';
    },
    /** One part: the heading on the first, the totals row on the last. */
    part(rows: string[], first: boolean, last: boolean) {
      const company = heading?.company ? `<div class="company">${esc(heading.company)}</div>` : '';
      const filters = (heading?.filters ?? []).map((f) => `<div class="muted"><bdi>${esc(f)}</bdi></div>`).join('');
      const top = first ? `${company}<h1>${esc(title)}</h1><div class="muted"><bdi>${esc(range)}</bdi></div>${filters}` : '';
      const totals = last && d.totals ? this.row(d.totals, 'total') : '';
      return page(title, `${top}<table class="report">${head}<tbody>${rows.join('')}${totals}</tbody></table>`, locale);
    },
  };
}

/**
 * The parts' HTML from rows arriving in batches of any size. A full part is yielded only once the next row has
 * arrived, so the last part is known when it is built (it carries the totals, never alone on a page of its own).
 */
async function* parts(d: ReportData, fmt: DisplayFormat, batches: AsyncIterable<Rows> | Iterable<Rows>, partRows: number, heading?: ReportHeading): AsyncGenerator<string> {
  const b = builder(d, fmt, heading);
  let rows: string[] = [];
  let first = true;
  for await (const batch of batches) {
    for (const r of batch) {
      if (rows.length === partRows) {
        yield b.part(rows, first, false);
        rows = [];
        first = false;
      }
      rows.push(b.row(r));
    }
  }
  yield b.part(rows, first, true);
}

/** The whole report as one HTML page (for tests and small reports). */
export function reportHtml(d: ReportData, fmt: Locale | DisplayFormat, heading?: ReportHeading): string {
  const b = builder(d, displayFormat(fmt), heading);
  return b.part(d.rows.map((r) => b.row(r)), true, true);
}

/**
 * `d`'s rows, or when `rows` is given (a report's `rowBatches`), the batches it reads one after the other while
 * the parts print; `d` then gives only the title, columns, period and totals. `rows` is called again when the
 * browser crashed and the report is printed anew, so no row is lost with the first attempt's batches.
 */
export async function reportPdf(d: ReportData, fmt: Locale | DisplayFormat, opts: { rows?: () => AsyncIterable<Rows>; partRows?: number; heading?: ReportHeading } = {}): Promise<Buffer> {
  return htmlPartsToPdf(() => parts(d, displayFormat(fmt), opts.rows ? opts.rows() : [d.rows], opts.partRows ?? PART_ROWS, opts.heading));
}
