import { loadExceljs } from './exceljs';
import type ExcelJS from 'exceljs';
import type { Locale } from '../i18n/locale';

/**
 * Excel workbooks (exceljs). Right-to-left sheets for Arabic.
 *
 * Formula injection. Every string is written as a text cell (a shared string, t="s"), never as a formula (no <f>),
 * so opening the file computes and fetches nothing; numbers stay numeric cells. That alone would not survive an
 * edit: text such as `=HYPERLINK(...)` in a General cell becomes a formula once the user opens the cell and presses
 * Enter. So text that a spreadsheet takes for a formula when typed (starting with = + - @, a tab or CR; also the
 * full-width ＝ ＋ － ＠, to be safe) also gets the Text number format "@" (built-in format 49): a Text cell keeps
 * whatever is entered in it as text, so re-entering it leaves it text. Not a quote prefix: exceljs 4.4 does not
 * write the style's quotePrefix attribute (its xf writer knows only numFmt, font, fill, border, alignment and
 * protection) and would drop it silently. Not covered: a user who first sets such a cell back to General and then
 * re-enters it.
 */
export interface SheetSpec {
  name: string;
  columns: { header: string; key: string; width?: number; numFmt?: string }[];
  rows: Record<string, unknown>[];
}

const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
/** Excel's Text number format (built-in 49). */
const TEXT_FORMAT = '@';

export function cellValue(v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  return String(v);
}

export async function workbook(sheets: SheetSpec[], locale: Locale): Promise<Buffer> {
  // Loaded on first use (~35 MB that an idle server should not carry).
  const Excel = await loadExceljs();
  const wb = new Excel.Workbook();
  wb.creator = 'Daftar ERP';
  for (const spec of sheets) {
    const ws = wb.addWorksheet(spec.name.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31), {
      views: [{ rightToLeft: locale === 'ar', state: 'frozen', ySplit: 1 }],
    });
    ws.columns = spec.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 20 }));
    ws.getRow(1).font = { bold: true };
    for (const r of spec.rows) {
      const row = ws.addRow(Object.fromEntries(spec.columns.map((c) => [c.key, cellValue(r[c.key])])));
      spec.columns.forEach((c, i) => {
        const cell = row.getCell(i + 1);
        if (typeof cell.value === 'string' && FORMULA_START.test(cell.value)) cell.numFmt = TEXT_FORMAT;
        else if (c.numFmt && typeof cell.value === 'number') cell.numFmt = c.numFmt;
      });
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
