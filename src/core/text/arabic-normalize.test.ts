import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { freshDatabase } from '../../../tests/support/test-db';
import { normalizeSearch } from './arabic-normalize';

/** The SQL ar_norm and the TypeScript normalizeSearch must fold every input the same way. */
let db: Database;
beforeAll(async () => { db = await freshDatabase(); });
afterAll(async () => { await db?.close(); });

const samples = [
  'أحمد', 'إبراهيم', 'آمنة', 'ٱلقرآن', 'مصطفى', 'مدرسة', 'مُحَمَّد', 'جـــمـيل', '٠١٢٣٤٥٦٧٨٩', '۰۱۲۳۴۵۶۷۸۹',
  'Ahmed IBRAHIM', 'عائشة', 'مسؤول', 'رئيس', 'لؤلؤ', 'شركة النيل (فرع ٢)', 'قُرْآنٌ كَرِيمٌ', 'x'.repeat(5),
];

describe('Arabic search folding', () => {
  it('folds hamza forms, ta marbuta, alef maqsura, tashkeel, tatweel and digits', () => {
    expect(normalizeSearch('أإآٱ')).toBe('اااا');
    expect(normalizeSearch('مدرسة مصطفى')).toBe('مدرسه مصطفي');
    expect(normalizeSearch('مُحَمَّد جـــمـيل')).toBe('محمد جميل');
    expect(normalizeSearch('٠١٢٣ ۴۵۶ ABC')).toBe('0123 456 abc');
    expect(normalizeSearch('عائشة')).toBe(normalizeSearch('عايشه'));
    expect(normalizeSearch('مسؤول')).toBe(normalizeSearch('مسوول'));
  });

  it('gives the same result in SQL as in TypeScript', async () => {
    for (const s of samples) {
      const r = await db.orm.execute(sql`SELECT ar_norm(${s}) AS n`);
      expect((r.rows[0] as { n: string }).n, s).toBe(normalizeSearch(s));
    }
  });
});
