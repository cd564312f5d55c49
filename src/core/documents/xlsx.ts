import { loadExceljs } from './exceljs';
import type ExcelJS from 'exceljs';
import type { Locale } from '../i18n/locale';

/**
 * Excel workbooks (exceljs). Right-to-left sheets for Arabic. Text that a spreadsheet could take for a formula
 * (starting with = + - @, tab or CR) is always written as a text cell with a quote prefix; numbers stay numbers.
 */
export interface SheetSpec {
  name: string;
  columns: { header: string; key: string; width?: number; numFmt?: string }[];
  rows: Record<string, unknown>[];
}

const FORMULA_START = /^[=+\-@\t\r]/;

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
        if (typeof cell.value === 'string' && FORMULA_START.test(cell.value)) {
          cell.value = { richText: [{ text: cell.value }] };
          cell.style = { ...cell.style, quotePrefix: true } as ExcelJS.Style;
        }
        if (c.numFmt && typeof cell.value === 'number') cell.numFmt = c.numFmt;
      });
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
