import { describe, expect, it } from 'vitest';
import { reportSheet } from './report-output';
import type { ReportData } from './report.types';

/** A report becomes a sheet in the caller's language: money and quantities as numbers with their formats, text untouched. */
const data: ReportData = {
  name: 'x', title: { en: 'Stock', ar: 'المخزون' }, params: { to: '2026-01-31' },
  columns: [
    { key: 'name', label: { en: 'Name', ar: 'الاسم' }, kind: 'text' },
    { key: 'qty', label: { en: 'Qty', ar: 'الكمية' }, kind: 'qty' },
    { key: 'value', label: { en: 'Value', ar: 'القيمة' }, kind: 'money' },
    { key: 'n', label: { en: 'Count', ar: 'العدد' }, kind: 'int' },
  ],
  rows: [{ name: '-5.00', qty: '2.5', value: '-1234.50', n: 3 }, { name: '=1+1', qty: '', value: null, n: 0 }],
  totals: { name: 'Total', value: '-1234.50' },
};

describe('reportSheet', () => {
  it('converts decimal strings of numeric columns and keeps the rest', () => {
    const s = reportSheet(data, 'ar');
    expect(s.name).toBe('المخزون');
    expect(s.columns.map((c) => [c.header, c.numFmt])).toEqual([['الاسم', undefined], ['الكمية', '#,##0.######'], ['القيمة', '#,##0.00'], ['العدد', '#,##0']]);
    expect(s.rows).toEqual([
      { name: '-5.00', qty: 2.5, value: -1234.5, n: 3 },
      { name: '=1+1', qty: '', value: null, n: 0 },
      { name: 'Total', value: -1234.5 },
    ]);
  });
});
