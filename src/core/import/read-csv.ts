import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Cell } from './cells';

/**
 * Reads a CSV file row by row, streaming (never the whole file in memory): its encoding decided by a first
 * streaming pass (valid UTF-8, else windows-1256, Arabic Excel's "CSV" default, decoded by the platform's
 * TextDecoder), its separator from the first line (comma, semicolon or tab, whichever it has most of), then
 * parsed by csv-parse (quotes, line breaks inside quotes, a byte order mark). Row numbers count every record,
 * blank ones included, as a spreadsheet numbers them.
 */
export type CsvEncoding = 'utf-8' | 'windows-1256';

async function* chunks(path: string): AsyncGenerator<Buffer> {
  for await (const c of createReadStream(path, { highWaterMark: 64 * 1024 })) yield c as Buffer;
}

/** utf-8 when every byte decodes, else windows-1256; and the separator the first line uses most. */
export async function sniffCsv(path: string): Promise<{ encoding: CsvEncoding; delimiter: string }> {
  const dec = new TextDecoder('utf-8', { fatal: true });
  let first: Buffer | null = null;
  let encoding: CsvEncoding = 'utf-8';
  try {
    for await (const c of chunks(path)) {
      first ??= c;
      dec.decode(c, { stream: true });
    }
    dec.decode();
  } catch {
    encoding = 'windows-1256';
  }
  const line = new TextDecoder(encoding).decode(first ?? Buffer.alloc(0)).split(/\r?\n/)[0] ?? '';
  const count = (ch: string) => line.split(ch).length - 1;
  const delimiter = [',', ';', '\t'].sort((a, b) => count(b) - count(a))[0]!;
  return { encoding, delimiter };
}

async function* decoded(path: string, encoding: CsvEncoding): AsyncGenerator<string> {
  const dec = new TextDecoder(encoding);
  for await (const c of chunks(path)) yield dec.decode(c, { stream: true });
  const rest = dec.decode();
  if (rest) yield rest;
}

export async function* readCsv(path: string): AsyncGenerator<{ n: number; cells: Cell[] }> {
  const { encoding, delimiter } = await sniffCsv(path);
  const parser = Readable.from(decoded(path, encoding)).pipe(parse({ bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false }));
  let n = 0;
  for await (const rec of parser as AsyncIterable<string[]>) {
    n++;
    yield { n, cells: rec };
  }
}
