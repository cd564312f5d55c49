import { open } from 'node:fs/promises';
import { badRequest } from '../http/errors';
import { im } from './import.messages';

/**
 * What an uploaded file is, from its first bytes (never its name): an .xlsx workbook (a zip), an old .xls
 * (refused with a message saying what to do), or text taken for CSV (no NUL byte in its first 64 KB, which every
 * binary format has). An empty file and anything else are refused with a message in the caller's language.
 */
export type FileKind = 'xlsx' | 'csv';

export async function fileKind(path: string, size: number): Promise<FileKind> {
  if (size === 0) throw badRequest(im.emptyFile);
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    await fh.read(head, 0, head.length, 0);
    if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
    if (head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) throw badRequest(im.oldExcel);
    if (head.includes(0) || looksBinary(head)) throw badRequest(im.notSpreadsheet);
    return 'csv';
  } finally {
    await fh.close();
  }
}

/** Control bytes other than tab, CR, LF and form feed in more than 1% of the bytes: a binary file (PDF, image). */
function looksBinary(b: Buffer): boolean {
  let n = 0;
  for (const x of b) if (x < 0x20 && x !== 9 && x !== 10 && x !== 13 && x !== 12) n++;
  return n > b.length / 100;
}
