import type { LightMyRequestResponse } from 'fastify';
import type { Client, TestApp } from '../../../tests/support/test-app';

/** Test helpers: a file posted as multipart to an entity's import routes. */
export function multipart(filename: string, content: Buffer | string) {
  const boundary = '----daftar' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function postImport(t: TestApp, as: Client, base: string, filename: string, content: Buffer | string, query: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const m = multipart(filename, content);
  const qs = new URLSearchParams(query).toString();
  return t.app.inject({ method: 'POST', url: `${base}/import${qs ? `?${qs}` : ''}`, payload: m.payload, headers: { ...m.headers, cookie: as.cookie } });
}

/** An .xlsx from rows of cells (the first row the header); a cell `{ formula }` is written as a formula. */
export async function xlsxOf(rows: unknown[][], opts: { titleRow?: string } = {}): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  if (opts.titleRow) {
    ws.addRow([opts.titleRow]);
    ws.mergeCells(1, 1, 1, Math.max(2, rows[0]?.length ?? 2));
  }
  for (const r of rows) ws.addRow(r as never[]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
