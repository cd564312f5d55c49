import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from './connect';
import { withTx } from './tx';
import { forgetInTx, memoInTx } from './tx-memo';
import { freshDatabase } from '../../../tests/support/test-db';

/** tx-memo.ts: a read once per transaction of withTx, read again once the transaction wrote what it depends on; never across transactions. */
let db: Database;
beforeAll(async () => { db = await freshDatabase(); });
afterAll(async () => { await db?.close(); });

describe('reads memoised in a transaction', () => {
  it('reads once per transaction, again after a write of its entity, afresh in the next transaction and never outside one', async () => {
    let loads = 0;
    const read = (q: object) => memoInTx(q, ['company'], 'probe', async () => ++loads);
    await withTx(db, async (tx) => {
      expect(await read(tx)).toBe(1);
      expect(await read(tx)).toBe(1);
      forgetInTx(tx, 'tax');
      expect(await read(tx)).toBe(1);
      forgetInTx(tx, 'company');
      expect(await read(tx)).toBe(2);
    });
    await withTx(db, async (tx) => { expect(await read(tx)).toBe(3); });
    expect(await read(db.orm)).toBe(4);
    expect(await read(db.orm)).toBe(5);
  });

  it('runs a lazy query (a thenable, as a query builder is) once, however often it is awaited', async () => {
    let runs = 0;
    const lazy = { then: (ok: (v: number) => void) => ok(++runs) };
    await withTx(db, async (tx) => {
      for (let i = 0; i < 3; i++) expect(await memoInTx(tx, ['tax'], 'lazy', () => lazy as unknown as Promise<number>)).toBe(1);
    });
    expect(runs).toBe(1);
  });

  it('does not keep a failed read', async () => {
    let n = 0;
    await withTx(db, async (tx) => {
      const read = () => memoInTx(tx, ['company'], 'fails-once', async () => { if (++n === 1) throw new Error('read failed'); return n; });
      await expect(read()).rejects.toThrow('read failed');
      expect(await read()).toBe(2);
      await tx.execute(sql`SELECT 1`);
    });
  });
});
