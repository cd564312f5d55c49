import { loadExceljs } from '../documents/exceljs';
import type { Cell } from './cells';
import { badRequest } from '../http/errors';
import { im } from './import.messages';

/**
 * Reads the first worksheet of an .xlsx file row by row with exceljs's streaming reader (shared strings and
 * styles are cached, as the format needs; the rows are not). Formulas are never evaluated nor their cached result
 * taken: a formula cell is a problem the row reports, naming the cell. Rich text and hyperlinks give their text;
 * dates come as Date (from the cell's number format).
 */
function cellOf(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  const o = v as Record<string, unknown>;
  if ('formula' in o || 'sharedFormula' in o) return { problem: 'formula' };
  if ('error' in o) return { problem: 'error' };
  if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((r) => r.text).join('');
  if ('text' in o) return cellOf(o.text);
  return null;
}

export async function* readXlsx(path: string): AsyncGenerator<{ n: number; cells: Cell[] }> {
  const Excel = await loadExceljs();
  const reader = new Excel.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  try {
    for await (const ws of reader) {
      for await (const row of ws) {
        const values = (row.values as unknown[]) ?? [];
        const cells: Cell[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellOf(values[i]));
        yield { n: row.number, cells };
      }
      return; // the first worksheet only
    }
  } catch (e) {
    if ((e as { status?: number }).status) throw e;
    throw badRequest(im.badXlsx);
  }
}

/** Excel's name of a cell: column 0, row 1 -> "A1". */
export function cellName(col: number, row: number): string {
  let s = '';
  for (let c = col + 1; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return `${s}${row}`;
}
