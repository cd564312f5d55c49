import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { xlsxOf } from './import.test-kit';
import { readXlsx } from './read-xlsx';

// exceljs's streaming reader cut Arabic characters at its 16 KB chunk boundaries (core/documents/exceljs.ts): a file
// of 3,000 distinct Arabic strings crosses dozens of them; every cell must read back exactly.
describe('reading an .xlsx as a stream', () => {
  const dir = mkdtempSync(join(tmpdir(), 'daftar-xlsx-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads Arabic text across chunk boundaries without a replacement character', async () => {
    const rows: string[][] = [['الاسم', 'التكلفة']];
    for (let i = 1; i <= 3000; i++) rows.push([`منتج مستورد رقم ${i} — صنف عربي`, `${i}٫٥`]);
    const file = join(dir, 'arabic.xlsx');
    writeFileSync(file, await xlsxOf(rows));
    const read: unknown[][] = [];
    for await (const r of readXlsx(file)) read.push(r.cells);
    expect(read.length).toBe(rows.length);
    const bad = read.filter((cells, i) => cells[0] !== rows[i]![0] || cells[1] !== rows[i]![1]);
    expect(bad.map((c) => c.join(" | "))).toEqual([]);
  });

  // unzipper ended the zip's entries before the last one now and then (core/documents/exceljs.iterate-stream.ts): an
  // exceljs-written file ends with xl/workbook.xml, and 0.5-4% of reads failed before the mend; 400 reads all succeed
  it('reads every entry of the zip, the last one too, every time', async () => {
    const file = join(dir, 'small.xlsx');
    writeFileSync(file, await xlsxOf([['Name', 'Code'], ['Kilogram', 'kg'], ['Litre', 'l']]));
    const failures: string[] = [];
    for (let i = 0; i < 400; i++) {
      try {
        const read: unknown[][] = [];
        for await (const r of readXlsx(file)) read.push(r.cells);
        if (read.length !== 3) failures.push(`read ${i}: ${read.length} rows`);
      } catch (e) {
        failures.push(`read ${i}: ${(e as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
