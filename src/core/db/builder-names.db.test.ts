import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { Database } from './connect';
import { freshDatabase } from '../../../tests/support/test-db';
import { builderName } from './builder-names';
import { POOLED } from './statement-names';
import { withTx } from './tx';

/**
 * On direct PostgreSQL connections the query builder's statements are named prepared statements (planned once per
 * connection), hand-written SQL is not; a failing builder statement leaves its connection usable and the next one
 * prepares it again. Behind a transaction pooler nothing is named.
 */
let db: Database;
const names = pgTable('names_t', { id: integer('id').primaryKey(), v: text('v') });
/** The named statements of the connection the transaction runs on. */
const prepared = async (q: { execute: Database['orm']['execute'] }) =>
  ((await q.execute(sql`SELECT name, statement FROM pg_prepared_statements`)).rows as { name: string; statement: string }[]);

beforeAll(async () => {
  db = await freshDatabase();
  await db.orm.execute(sql`CREATE TABLE names_t (id int PRIMARY KEY, v text NOT NULL)`);
});
afterAll(async () => { await db?.close(); });

describe('builder statements named', () => {
  it('names only what the builder writes, by a hash of its text', () => {
    const a = builderName('select "id" from "names_t" where "names_t"."id" = $1');
    expect(a).toMatch(/^daftar_b_[0-9a-f]{24}$/);
    expect(builderName('select "id" from "names_t" where "names_t"."id" = $1')).toBe(a);
    expect(builderName('select "v" from "names_t" where "names_t"."id" = $1')).not.toBe(a);
    for (const text of ['SELECT id FROM names_t WHERE id = $1', 'begin', 'savepoint sp1', 'select 1']) expect(builderName(text)).toBeUndefined();
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')('on PostgreSQL, a builder select and insert run as named statements; hand-written SQL does not', async () => {
    await withTx(db, async (tx) => {
      await tx.insert(names).values({ id: 1, v: 'one' });
      expect(await tx.select().from(names).where(eq(names.id, 1))).toEqual([{ id: 1, v: 'one' }]);
      await tx.execute(sql`SELECT v FROM names_t WHERE id = ${1}`);
      const mine = (await prepared(tx)).filter((p) => p.statement.includes('names_t'));
      if (POOLED) {
        expect(mine).toEqual([]);
        return;
      }
      expect(mine.map((p) => p.statement.split(' ')[0]).sort()).toEqual(['insert', 'select']);
      expect(mine.every((p) => p.name.startsWith('daftar_b_'))).toBe(true);
    });
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')('a builder statement that fails (a duplicate key) leaves the connection usable, and runs again', async () => {
    await expect(withTx(db, (tx) => tx.insert(names).values({ id: 1, v: 'again' }))).rejects.toMatchObject({ cause: { code: '23505' } });
    await withTx(db, (tx) => tx.insert(names).values({ id: 2, v: 'two' }));
    // the same statement text once more, on whichever connection: it answers, named or parsed again
    await expect(withTx(db, (tx) => tx.insert(names).values({ id: 2, v: 'dup' }))).rejects.toMatchObject({ cause: { code: '23505' } });
    expect((await db.orm.select().from(names)).map((r) => r.id).sort()).toEqual([1, 2]);
  });
});
