import type { AnyEntity } from '../entity/define';
import { badRequest } from '../http/errors';
import { type Cell, cellText } from './cells';
import { importColumns, suggestMapping } from './columns';
import type { FileKind } from './file-kind';
import { im } from './import.messages';
import { importMaxRows } from './limits';
import { readCsv } from './read-csv';
import { readXlsx } from './read-xlsx';

/**
 * A file's data rows after its header row, streamed. The header row is the first of the first 20 non-empty rows
 * with a header the entity knows (so a title merged across the top of the sheet is passed over), else the first
 * non-empty row; a header left empty by a merged cell maps to nothing. Blank rows (the empty rows Excel leaves at
 * the end) are skipped; past the row limit the file is refused.
 */
export interface Source {
  headers: string[];
  rows: AsyncGenerator<{ n: number; cells: Cell[] }>;
}

const blank = (cells: Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

export async function openSource(def: AnyEntity, path: string, kind: FileKind): Promise<Source> {
  const it = (kind === 'xlsx' ? readXlsx(path) : readCsv(path))[Symbol.asyncIterator]();
  let header: { n: number; cells: Cell[] } | null = null;
  let seen = 0;
  for (;;) {
    const r = await it.next();
    if (r.done) break;
    if (blank(r.value.cells)) continue;
    header ??= r.value;
    const names = r.value.cells.map((c) => cellText(c));
    if (suggestMapping(def, names).some((k) => k !== null)) { header = r.value; break; }
    if (++seen >= 20) break;
  }
  if (!header) throw badRequest(im.emptyFile);
  const headers = header.cells.map((c) => cellText(c));
  const start = header.n;
  async function* rows() {
    let count = 0;
    const max = importMaxRows();
    // the rows read past the header while looking for it are read again: a generator cannot be rewound, so a file
    // whose header is not its first non-empty row is opened a second time
    const again = kind === 'xlsx' ? readXlsx(path) : readCsv(path);
    for await (const r of again) {
      if (r.n <= start || blank(r.cells)) continue;
      if (++count > max) throw badRequest(im.tooManyRows, { max: max.toLocaleString('en') });
      yield r;
    }
  }
  await it.return?.(undefined);
  return { headers, rows: rows() };
}

/** A mapping sent by a client, checked against the columns: one key per header at most, each a known column. */
export function checkMapping(def: AnyEntity, headers: string[], mapping: unknown): (string | null)[] {
  const keys = new Set(importColumns(def).map((c) => c.key));
  if (!Array.isArray(mapping) || mapping.length > headers.length + 50) throw badRequest(im.badMapping);
  const seen = new Set<string>();
  const out = headers.map((_, i) => {
    const k = mapping[i] ?? null;
    if (k === null || k === '') return null;
    if (typeof k !== 'string' || !keys.has(k) || seen.has(k)) throw badRequest(im.badMapping);
    seen.add(k);
    return k;
  });
  return out;
}
