import { describe, expect, it } from 'vitest';
import { foldHeader, latinDigits, parseBoolean, parseDate, parseNumber } from './cells';
import { suggestMapping } from './columns';
import { product } from '../../modules/inventory/model/product.entity';

describe('cells as people type them', () => {
  it('reads Arabic-Indic digits, separators and thousands', () => {
    expect(latinDigits('١٢٣٫٥٠')).toBe('123.50');
    expect(parseNumber('١٬٢٥٠٫٥')).toBe('1250.5');
    expect(parseNumber('1,250.50')).toBe('1250.50');
    expect(parseNumber(' 12 ')).toBe('12');
    expect(parseNumber('(12.5)')).toBe('-12.5');
    expect(parseNumber(12.25)).toBe('12.25');
    expect(parseNumber(1e-7)).toBe('0.0000001');
    expect(parseNumber('12,5')).toBeUndefined();
    expect(parseNumber('abc')).toBeUndefined();
    expect(parseNumber('')).toBe('');
  });

  it('reads dates as ISO, day first, Excel serial numbers and Date cells; leaves impossible days to the schema', () => {
    expect(parseDate('2026-03-31')).toBe('2026-03-31');
    expect(parseDate('31/03/2026')).toBe('2026-03-31');
    expect(parseDate('٣١/٠٣/٢٠٢٦')).toBe('2026-03-31');
    expect(parseDate('1-3-2026')).toBe('2026-03-01');
    expect(parseDate(46112)).toBe('2026-03-31');
    expect(parseDate('46112')).toBe('2026-03-31');
    expect(parseDate(new Date(Date.UTC(2026, 2, 31)))).toBe('2026-03-31');
    expect(parseDate('31/02/2026')).toBe('2026-02-31');
    expect(parseDate('next week')).toBeUndefined();
  });

  it('reads Yes/No in both languages', () => {
    expect([parseBoolean('Yes'), parseBoolean('نعم'), parseBoolean('TRUE'), parseBoolean(1)]).toEqual([true, true, true, true]);
    expect([parseBoolean('no'), parseBoolean('لا'), parseBoolean(0), parseBoolean('')]).toEqual([false, false, false, null]);
    expect(parseBoolean('maybe')).toBeUndefined();
  });

  it('maps English and Arabic headers, ignoring case, marks and spacing', () => {
    expect(foldHeader(' Sale  Price * ')).toBe(foldHeader('sale price'));
    expect(suggestMapping(product, ['NAME', 'رمز المنتج (SKU)', 'الفئة *', 'Unknown', 'name'])).toEqual(['name', 'sku', 'categoryId', null, null]);
  });
});
