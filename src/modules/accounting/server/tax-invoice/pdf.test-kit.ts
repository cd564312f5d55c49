import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Reading a printed PDF back (tests): its text (poppler's pdftotext), its page size, its QR decoded from the rendered page. */
function inTmp<T>(pdf: Buffer, fn: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'tax-invoice-'));
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

/** The text of the QR code on the first page, or null when none is found. */
export function decodeQr(pdf: Buffer, dpi = 120): string | null {
  const png = PNG.sync.read(pagePng(pdf, dpi));
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)?.data ?? null;
}

/** Saves the first page at 80 dpi under test-results/screens/ (to look at). */
export function saveScreen(pdf: Buffer, name: string): void {
  const dir = join(process.cwd(), 'test-results', 'screens');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.png`), pagePng(pdf, 80));
}
