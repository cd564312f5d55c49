import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Reading a printed PDF back (tests of any module): its text (poppler's pdftotext), its page size, a page as PNG. */
function inTmp<T>(pdf: Buffer, fn: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-read-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return fn(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const pdfText = (pdf: Buffer): string => inTmp(pdf, (f) => execFileSync('pdftotext', ['-layout', f, '-']).toString());

export function pdfPages(pdf: Buffer): { pages: number; widthPt: number; heightPt: number } {
  const info = inTmp(pdf, (f) => execFileSync('pdfinfo', [f]).toString());
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), widthPt: Number(size[1]), heightPt: Number(size[2]) };
}

/** The first page as PNG at `dpi` (pdftoppm). */
export const pagePng = (pdf: Buffer, dpi: number): Buffer =>
  inTmp(pdf, (f, dir) => { execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', f, join(dir, 'p')]); return execFileSync('cat', [join(dir, 'p.png')]); });
