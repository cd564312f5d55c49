import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Database, openPostgres } from './connect';
import { freshDatabase } from '../../../tests/support/test-db';
import { CommitRefused, execPipeline, execPrepared } from './prepared';
import { errorCode, withTx } from './tx';

/**
 * execPrepared on both engines; on PostgreSQL its committing statement (a node-postgres Submittable sending the
 * statement, COMMIT and BEGIN before one Sync) commits with itself, and only in an outermost transaction whose
 * connection withTx holds.
 */
let db: Database & { url?: string };
const pg = () => db.kind === 'postgres';
const count = async () => Number(((await db.orm.execute(sql`SELECT count(*)::int AS n FROM prep_t`)).rows[0] as { n: number }).n);
const insert = (id: number) => sql`INSERT INTO prep_t (id, v) VALUES (${id}, ${id}) RETURNING id`;

beforeAll(async () => {
  db = await freshDatabase();
  await db.orm.execute(sql`CREATE TABLE prep_t (id int PRIMARY KEY, v int)`);
});
afterAll(async () => { await db?.close(); });

describe('execPrepared', () => {
  it('commits a committing statement with itself on PostgreSQL: a later failure of its transaction leaves its rows', async () => {
    await db.orm.execute(sql`TRUNCATE prep_t`);
    let rows: unknown;
    await expect(withTx(db, async (tx) => {
      rows = (await execPrepared(tx, insert(1), { commit: true })).rows;
      throw new Error('after the last write');
    })).rejects.toThrow('after the last write');
    expect(rows).toEqual([{ id: 1 }]);
    // on PGlite the transaction wrapper commits, so its failure rolls the row back
    expect(await count()).toBe(pg() ? 1 : 0);
  });

  it('never commits from a savepoint or from a transaction Drizzle opened alone (its connection is not held)', async () => {
    await db.orm.execute(sql`TRUNCATE prep_t`);
    await expect(db.orm.transaction(async (tx) => {
      await execPrepared(tx, insert(2), { commit: true });
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    await expect(withTx(db, async (tx) => {
      await tx.transaction((inner) => execPrepared(inner, insert(3), { commit: true }));
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await count()).toBe(0);
  });

  it('answers CommitRefused to a failed guard, and the same connection runs the statement again', async () => {
    await db.orm.execute(sql`TRUNCATE prep_t`);
    // one connection, so the second run meets the statement the failed one may have parsed there
    const one = pg() ? await openPostgres(db.url!, 1) : db;
    try {
      const guarded = (id: number, ok: number) => sql`INSERT INTO prep_t (id, v) SELECT ${id}, 1 / ${ok}::int RETURNING v`;
      for (let i = 0; i < 2; i++) {
        await expect(withTx(one, (tx) => execPrepared(tx, guarded(10 + i, 0), { commit: true }))).rejects.toBeInstanceOf(CommitRefused);
      }
      const r = await withTx(one, (tx) => execPrepared(tx, guarded(20, 1), { commit: true }));
      expect(r.rows).toEqual([{ v: 1 }]);
      const again = await withTx(one, (tx) => execPrepared(tx, guarded(21, 1), { commit: true }));
      expect(again.rows).toEqual([{ v: 1 }]);
    } finally {
      if (one !== db) await one.close();
    }
    expect(await count()).toBe(2);
  });

  it('reads rows as Drizzle does (dates, timestamps and intervals as text, numeric as string) on every path', async () => {
    const q = sql`SELECT ${'2027-01-05'}::date AS d, '2027-01-05 10:00:00+00'::timestamptz AS ts, '1 day'::interval AS i,
      ${'12.50'}::numeric AS n, ${7}::int AS k, ${true}::boolean AS b, ARRAY['2027-01-05'::date] AS ds, '{"a":1}'::jsonb AS j`;
    const drizzle = (await db.orm.execute(q)).rows;
    const plain = (await execPrepared(db.orm, q)).rows;
    const inTx = (await withTx(db, (tx) => execPrepared(tx, q))).rows;
    const committing = (await withTx(db, (tx) => execPrepared(tx, q, { commit: true }))).rows;
    expect(plain).toEqual(drizzle);
    expect(inTx).toEqual(drizzle);
    expect(committing).toEqual(drizzle);
    expect(plain[0]).toMatchObject({ d: '2027-01-05', n: '12.50', k: 7, b: true, j: { a: 1 } });
  });

  it('refuses parameters other than strings, numbers, booleans, null and Buffers, on every engine', async () => {
    await expect(execPrepared(db.orm, sql`SELECT ${new Date(0)}::timestamptz`)).rejects.toThrow(/parameter \$1 is object/);
    await expect(execPrepared(db.orm, sql`SELECT ${sql.param([1, 2])}::int[]`)).rejects.toThrow(/parameter \$1 is an array/);
  });

  it('inlines what a statement asks to inline (Drizzle renders it)', async () => {
    expect((await execPrepared(db.orm, sql`SELECT ${sql`${'x'}`.inlineParams()}::text || ${'y'}::text AS v`)).rows).toEqual([{ v: 'xy' }]);
  });
});

describe('execPipeline', () => {
  it('answers each statement\'s rows in order, the same on every engine, and a statement may read what the one before it wrote', async () => {
    await db.orm.execute(sql`TRUNCATE prep_t`);
    for (let round = 0; round < 2; round++) {
      const base = 100 + round * 10;
      const r = await withTx(db, (tx) => execPipeline(tx, [insert(base), sql`UPDATE prep_t SET v = v + 1 WHERE id = ${base}`, sql`SELECT id, v FROM prep_t WHERE id = ${base}`]));
      expect(r.map((x) => x.rows)).toEqual([[{ id: base }], [], [{ id: base, v: base + 1 }]]);
    }
    expect(await count()).toBe(2);
  });

  it('an error skips the statements after it and the COMMIT: nothing of the transaction stays, and the connection goes on', async () => {
    await db.orm.execute(sql`TRUNCATE prep_t`);
    const one = pg() ? await openPostgres(db.url!, 1) : db;
    try {
      for (const commit of [false, true]) {
        await expect(withTx(one, (tx) => execPipeline(tx, [insert(200), insert(200), insert(201)], { commit }))).rejects.toSatisfy((e) => errorCode(e) === '23505');
        expect(await count()).toBe(0);
      }
      // a failed guard in the committing pipeline is CommitRefused, as for one statement
      await expect(withTx(one, (tx) => execPipeline(tx, [insert(202), sql`SELECT 1 / ${0}::int`], { commit: true }))).rejects.toBeInstanceOf(CommitRefused);
      expect(await count()).toBe(0);
      // the statements a failed pipeline parsed (or not) run again on the same connection
      const r = await withTx(one, (tx) => execPipeline(tx, [insert(203), insert(204)], { commit: true }));
      expect(r.map((x) => x.rows)).toEqual([[{ id: 203 }], [{ id: 204 }]]);
    } finally {
      if (one !== db) await one.close();
    }
    expect(await count()).toBe(2);
  });

  it('with `commit`, commits with its last statement on PostgreSQL: a later failure of the transaction leaves its rows', async () => {
    await db.orm.execute(sql`TRUNCATE prep_t`);
    await expect(withTx(db, async (tx) => {
      await execPipeline(tx, [insert(300), insert(301)], { commit: true });
      throw new Error('after the last write');
    })).rejects.toThrow('after the last write');
    expect(await count()).toBe(pg() ? 2 : 0);
  });
});
