import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportData } from './report.types';

/**
 * The shared Chromium: parallel PDFs, a PDF after the browser crashed or was closed, the idle close; a long report
 * printed in parts and joined keeps every row in order, also when its rows arrive in batches and when the browser
 * crashed in the middle (checked with poppler's pdftotext when installed).
 */
const hasChromium = existsSync(process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium');
const hasPoppler = existsSync('/usr/bin/pdftotext');
let pdf: typeof import('./pdf');
let reportPdf: typeof import('./report-pdf').reportPdf;
beforeAll(async () => {
  process.env.PDF_BROWSER_IDLE_MS = '1500';
  pdf = await import('./pdf');
  reportPdf = (await import('./report-pdf')).reportPdf;
});
afterAll(async () => { await pdf?.closeBrowser(); });

const html = (text: string) => pdf.page('T', `<p>${pdf.esc(text)}</p>`, 'en');
const isPdf = (b: Buffer) => b.subarray(0, 5).toString() === '%PDF-';
/** Chromium processes started by this test process. */
function chromiumPids(): number[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === process.pid && readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('chromium') ? [Number(d)] : [];
    } catch { return []; }
  });
}
function text(buf: Buffer): { text: string; pages: number; fonts: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-test-'));
  writeFileSync(join(dir, 'a.pdf'), buf);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [join(dir, 'a.pdf')]).toString())![1]);
  // pdffonts: two header lines, then one line per font, its name first (subset prefix `ABCDEF+` dropped).
  const fonts = execFileSync('pdffonts', [join(dir, 'a.pdf')]).toString().trim().split('\n').slice(2).map((l) => l.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
  return { text: execFileSync('pdftotext', [join(dir, 'a.pdf'), '-']).toString(), pages, fonts };
}

describe('a4Fit', () => {
  it('keeps a page upright when it fits, turns it across when not, and scales down what is wider still', () => {
    expect(pdf.a4Fit(700)).toEqual({ landscape: false, scale: 1 });
    expect(pdf.a4Fit(900)).toEqual({ landscape: true, scale: 1 });
    expect(pdf.a4Fit(2092)).toEqual({ landscape: true, scale: 0.5 });
    expect(pdf.a4Fit(1_000_000).scale).toBe(0.1);
  });
});

describe.skipIf(!hasChromium)('the shared Chromium', () => {
  it('prints a table wider than the page whole, in Arabic too: across the page, scaled down when needed, no column lost', async () => {
    for (const [cols, locale] of [[14, 'ar'], [40, 'ar'], [14, 'en']] as const) {
      const head = Array.from({ length: cols }, (_, i) => `<th>COL${i + 1} عمود</th>`).join('');
      const row = Array.from({ length: cols }, (_, i) => `<td>${(i + 1) * 1000}.00</td>`).join('');
      const buf = await pdf.htmlToPdf(pdf.page('Wide', `<table><thead><tr>${head}</tr></thead><tbody><tr>${row}</tr></tbody></table>`, locale));
      if (!hasPoppler) continue;
      const dir = mkdtempSync(join(tmpdir(), 'pdf-wide-'));
      writeFileSync(join(dir, 'a.pdf'), buf);
      expect(execFileSync('pdfinfo', [join(dir, 'a.pdf')]).toString()).toMatch(/Page size:\s+842\.\d+ x 595\.\d+/); // A4 across
      // every column's words are inside the page: pdftotext reads only what the page shows (its crop box)
      const shown = execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-']).toString();
      expect(shown, `${cols} columns, ${locale}`).toContain(`COL${cols}`);
      expect(shown).toContain(`${cols * 1000}.00`);
    }
  }, 60_000);

  it('prints two PDFs in parallel with one browser', async () => {
    const [a, b] = await Promise.all([pdf.htmlToPdf(html('first')), pdf.htmlToPdf(html('second'))]);
    expect(isPdf(a) && isPdf(b)).toBe(true);
    expect(chromiumPids()).toHaveLength(1);
    if (hasPoppler) expect(text(b).text).toContain('second');
  }, 60_000);

  it('prints again after the browser crashed, and after it was closed', async () => {
    const [pid] = chromiumPids();
    process.kill(pid!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    expect(isPdf(await pdf.htmlToPdf(html('after a crash')))).toBe(true);
    expect(chromiumPids()).not.toContain(pid);
    await pdf.closeBrowser();
    expect(pdf.browserRunning()).toBe(false);
    const again = await Promise.all([pdf.htmlToPdf(html('after close')), pdf.htmlToPdf(html('and another'))]);
    expect(again.every(isPdf)).toBe(true);
  }, 60_000);

  it('closes the browser when idle', async () => {
    await pdf.htmlToPdf(html('x'));
    expect(pdf.browserRunning()).toBe(true);
    await new Promise((r) => setTimeout(r, 2500));
    expect(pdf.browserRunning()).toBe(false);
    expect(chromiumPids()).toEqual([]);
  }, 60_000);

  it('prints a long report in parts, joined with every row in order', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ label: `ROW-${i + 1} سطر`, amount: `${i + 1}.00` }));
    const d: ReportData = { name: 'r', title: { en: 'Report', ar: 'تقرير' }, params: { from: '2026-01-01', to: '2026-12-31' }, rows, totals: { label: 'TOTAL', amount: '28.00' },
      columns: [{ key: 'label', label: { en: 'Label', ar: 'البيان' }, kind: 'text' }, { key: 'amount', label: { en: 'Amount', ar: 'المبلغ' }, kind: 'money' }] };
    const buf = await reportPdf(d, 'ar', { partRows: 3 });
    expect(isPdf(buf)).toBe(true);
    if (!hasPoppler) return;
    const t = text(buf);
    expect(t.pages).toBe(3);
    // Fonts load only when printing (the page shows nothing on screen): every part must still use the embedded font.
    expect(new Set(t.fonts)).toEqual(new Set(['NotoNaskhArabic-Bold', 'NotoNaskhArabic-Regular']));
    const at = ['ROW-1', 'ROW-2', 'ROW-3', 'ROW-4', 'ROW-5', 'ROW-6', 'ROW-7', 'TOTAL'].map((s) => t.text.indexOf(s));
    expect(at.every((p) => p >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  }, 60_000);

  it('prints rows read in batches of any size, regrouped into parts; the totals never alone on a part', async () => {
    const row = (i: number) => ({ label: `ROW-${i}`, amount: `${i}.00` });
    const d: ReportData = { name: 'r', title: { en: 'Report', ar: 'تقرير' }, params: { to: '2026-12-31' }, rows: [], totals: { label: 'TOTAL', amount: '21.00' },
      columns: [{ key: 'label', label: { en: 'Label', ar: 'البيان' }, kind: 'text' }, { key: 'amount', label: { en: 'Amount', ar: 'المبلغ' }, kind: 'money' }] };
    async function* batches() { yield [row(1), row(2)]; yield []; yield [row(3), row(4), row(5)]; yield [row(6)]; }
    const buf = await reportPdf(d, 'en', { rows: batches, partRows: 3 });
    if (!hasPoppler) return;
    const t = text(buf);
    expect(t.pages).toBe(2); // 6 rows in parts of 3: the totals row ends the second part
    const at = ['ROW-1', 'ROW-2', 'ROW-3', 'ROW-4', 'ROW-5', 'ROW-6', 'TOTAL'].map((s) => t.text.indexOf(s));
    expect(at.every((p) => p >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  }, 60_000);

  it('reads the rows again when the browser crashed in the middle of a report', async () => {
    const d: ReportData = { name: 'r', title: { en: 'Report', ar: 'تقرير' }, params: { to: '2026-12-31' }, rows: [],
      columns: [{ key: 'label', label: { en: 'Label', ar: 'البيان' }, kind: 'text' }] };
    let reads = 0;
    async function* batches() {
      reads++;
      yield [{ label: 'ROW-1' }, { label: 'ROW-2' }];
      if (reads === 1) for (const pid of chromiumPids()) process.kill(pid, 'SIGKILL'); // before part 1 is printed
      yield [{ label: 'ROW-3' }, { label: 'ROW-4' }];
    }
    const buf = await reportPdf(d, 'en', { rows: batches, partRows: 2 });
    expect(reads).toBe(2);
    if (!hasPoppler) return;
    const t = text(buf);
    expect(t.pages).toBe(2);
    expect(['ROW-1', 'ROW-2', 'ROW-3', 'ROW-4'].every((s) => t.text.split(s).length === 2)).toBe(true); // each once
  }, 60_000);
});
