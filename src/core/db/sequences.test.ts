import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from './connect';
import { freshDatabase } from '../../../tests/support/test-db';
import { fiscalYearOf, nextNumber } from './sequences';
import { withTx } from './tx';

/** Gapless numbers: 50 concurrent posters get 1..50 once each; a rolled-back poster gives its number back. */
let db: Database;
beforeAll(async () => { db = await freshDatabase(); });
afterAll(async () => { await db?.close(); });

describe('document sequences', () => {
  it('formats per (company, type, fiscal year) with a prefix', async () => {
    const a = await withTx(db, (tx) => nextNumber(tx, 1, 'invoice', 2026, 'INV'));
    const b = await withTx(db, (tx) => nextNumber(tx, 1, 'invoice', 2026, 'INV'));
    const c = await withTx(db, (tx) => nextNumber(tx, 1, 'invoice', 2027, 'INV'));
    expect([a.formatted, b.formatted, c.formatted]).toEqual(['INV/2026/00001', 'INV/2026/00002', 'INV/2027/00001']);
  });

  it('gives 50 parallel posters numbers 1..50 with no gap and no duplicate, rollbacks included', async () => {
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => withTx(db, async (tx) => {
      const n = await nextNumber(tx, 1, 'entry', 2026, 'JE');
      await tx.execute(sql`SELECT pg_sleep(0.001)`);
      if (i % 6 === 5) throw new Error('rolled back');
      return n.value;
    })));
    const values = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])).sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('places dates in the fiscal year that contains them', () => {
    expect(fiscalYearOf('2026-03-31', 4, 1)).toBe(2025);
    expect(fiscalYearOf('2026-04-01', 4, 1)).toBe(2026);
    expect(fiscalYearOf('2026-12-31')).toBe(2026);
  });
});
