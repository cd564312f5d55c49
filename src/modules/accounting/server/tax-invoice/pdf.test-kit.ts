import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { pagePng } from '../../../../core/documents/pdf-read.test-kit';

/** Reading a printed PDF back (tests): text, page size and PNG from core's kit; its QR decoded from the rendered page. */
export { pagePng, pdfPages, pdfText } from '../../../../core/documents/pdf-read.test-kit';

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
