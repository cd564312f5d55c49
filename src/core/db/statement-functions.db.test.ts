import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../tests/support/pg-fault-proxy';
import { testDbKind } from '../../../tests/support/template';
import { freshDatabase } from '../../../tests/support/test-db';
import type { Database } from './connect';
import { forgetStatementFunction, functionCall, learnStatement, makeStatementFunction, statementFunctionsSettled } from './statement-functions';

/**
 * Hot statements as PL/pgSQL functions (statement-functions.ts): the call answers what the statement answers (rows,
 * column names, errors and their SQLSTATEs), two servers making the same function both end with it, and a connection
 * that dies while the function is made leaves the statement running as itself, made again a minute later.
 * PostgreSQL only (through PgBouncer too when TEST_POOLER_URL is set: the pool is the application's).
 */
const skip = testDbKind() !== 'postgres';
let db: Database & { url?: string };
let pool: pg.Pool;
beforeAll(async () => {
  if (skip) return;
  db = await freshDatabase();
  pool = db.pool!;
  await pool.query(`CREATE TABLE sf_items (id serial PRIMARY KEY, code text UNIQUE NOT NULL, qty numeric(14,4) NOT NULL, day date NOT NULL)`);
});
afterAll(async () => { await statementFunctionsSettled(); await db?.close(); });

// a data-modifying CTE whose output names a column "id" as the table does (the function's own column names must
// not capture the statement's), with typed and untyped parameters
// (and a line comment at its end: the function's body must not lose its closing semicolon to it)
const INSERT = `WITH ins AS (INSERT INTO sf_items (code, qty, day) SELECT c, q, $3 FROM unnest($1::text[], $2::numeric[]) AS u(c, q) RETURNING id, code, qty, day)
  SELECT id, code, qty, day, (SELECT count(*) FROM sf_items) AS before FROM ins ORDER BY id -- the rows written`;
const fieldsOf = (r: pg.QueryResult) => r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
const functions = async () => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'daftar_q_%'`)).rows[0]!.n;

describe.skipIf(skip)('hot statements as functions behind a transaction pooler', () => {
  it('answers the same rows, column names and types as the statement, in the caller\'s transaction', async () => {
    const plain = await pool.query(INSERT, ['{a1,a2}', '{1.5,2}', '2026-03-01']);
    learnStatement(pool, INSERT, fieldsOf(plain));
    await statementFunctionsSettled();
    const call = functionCall(pool, INSERT);
    expect(call).toMatch(/^SELECT \* FROM daftar_q_[0-9a-f]{24}\(\$1, \$2, \$3\)$/);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const viaFn = await client.query(call!, ['{b1,b2}', '{3.25,4}', '2026-03-02']);
      expect(fieldsOf(viaFn)).toEqual(fieldsOf(plain));
      expect(viaFn.rows.map(({ id: _, ...r }) => r)).toEqual([
        { code: 'b1', qty: '3.2500', day: expect.anything(), before: '2' },
        { code: 'b2', qty: '4.0000', day: expect.anything(), before: '2' },
      ]);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    // rolled back with the caller's transaction
    expect((await pool.query(`SELECT count(*)::int AS n FROM sf_items`)).rows[0].n).toBe(2);
  });

  it('fails as the statement fails: the same SQLSTATE and constraint', async () => {
    const call = functionCall(pool, INSERT)!;
    const err = await pool.query(call, ['{a1}', '{1}', '2026-03-03']).catch((e: unknown) => e as { code?: string; constraint?: string });
    expect(err).toMatchObject({ code: '23505', constraint: 'sf_items_code_key' });
    // a guard dividing by zero (a committing statement's "wrote nothing", prepared.ts) keeps its 22012
    const GUARD = `WITH u AS (UPDATE sf_items SET qty = qty + 1 WHERE code = $1 RETURNING id) SELECT 1 / (SELECT count(*) FROM u) AS ok`;
    const r = await pool.query(GUARD, ['a1']);
    learnStatement(pool, GUARD, fieldsOf(r));
    await statementFunctionsSettled();
    const guard = await pool.query(functionCall(pool, GUARD)!, ['nobody']).catch((e: unknown) => e as { code?: string });
    expect(guard).toMatchObject({ code: '22012' });
  });

  it('makes no function of a statement without columns, or with two columns of one name', async () => {
    const before = await functions();
    const UPDATE = `UPDATE sf_items SET qty = qty WHERE code = $1`;
    learnStatement(pool, UPDATE, fieldsOf(await pool.query(UPDATE, ['a1'])));
    const TWICE = `SELECT id, id FROM sf_items WHERE code = $1`;
    learnStatement(pool, TWICE, fieldsOf(await pool.query(TWICE, ['a1'])));
    await statementFunctionsSettled();
    expect([functionCall(pool, UPDATE), functionCall(pool, TWICE), await functions()]).toEqual([undefined, undefined, before]);
  });

  it('a function dropped by hand: its statement runs as itself again and is learned again', async () => {
    const text = `SELECT code FROM sf_items WHERE qty > $1::numeric ORDER BY code`;
    const fields = fieldsOf(await pool.query(text, ['0']));
    learnStatement(pool, text, fields);
    await statementFunctionsSettled();
    const call = functionCall(pool, text)!;
    await pool.query(`DROP FUNCTION ${/daftar_q_[0-9a-f]+/.exec(call)![0]}`);
    const err = await pool.query(call, ['0']).catch((e: unknown) => e as { code?: string });
    forgetStatementFunction(pool, text, (err as { code?: string }).code);
    expect(functionCall(pool, text)).toBeUndefined();
    learnStatement(pool, text, fields);
    await statementFunctionsSettled();
    expect((await pool.query(functionCall(pool, text)!, ['2'])).rows).toEqual([{ code: 'a1' }]);
  });

  it('two servers making the same function at once both end with it', async () => {
    const SELECT = `SELECT code, qty FROM sf_items WHERE code = ANY($1::text[]) ORDER BY code`;
    const fields = fieldsOf(await pool.query(SELECT, ['{a1}']));
    const other = new pg.Pool({ connectionString: (pool as unknown as { options: { connectionString: string } }).options.connectionString, max: 2 });
    try {
      const calls = await Promise.all([makeStatementFunction(pool, SELECT, fields), makeStatementFunction(other, SELECT, fields), makeStatementFunction(pool, SELECT, fields)]);
      expect(new Set(calls).size).toBe(1);
      expect((await other.query(calls[0]!, ['{a1,a2}'])).rows).toEqual([{ code: 'a1', qty: '2.5000' }, { code: 'a2', qty: '2.0000' }]);
    } finally {
      await other.end();
    }
  });
});

describe.skipIf(skip)('a connection dying while a function is made', () => {
  let proxy: FaultProxy;
  let broken: pg.Pool;
  beforeAll(async () => {
    const u = new URL(db.url!);
    proxy = await startFaultProxy({ host: u.hostname, port: Number(u.port || 5432) });
    broken = new pg.Pool({ connectionString: proxy.urlFor(db.url!), max: 2 });
    broken.on('error', () => {});
  });
  afterAll(async () => { await broken?.end(); await proxy?.stop(); });

  for (const point of ['beforeBegin', 'midTransaction', 'afterCommit'] as const) {
    it(`${point}: the statement runs as itself, and its function is made a minute later`, async () => {
      const text = `SELECT code, qty, '${point}' AS at FROM sf_items WHERE code = $1`;
      const fields = fieldsOf(await pool.query(text, ['a1']));
      proxy.setPlan({ [point]: 1, maxPerPoint: 1 });
      proxy.enabled = true;
      const broke = proxy.counts[point];
      learnStatement(broken, text, fields);
      await statementFunctionsSettled();
      expect(proxy.counts[point]).toBe(broke + 1);
      expect(functionCall(broken, text)).toBeUndefined();
      // at once: not tried again
      learnStatement(broken, text, fields);
      await statementFunctionsSettled();
      expect(functionCall(broken, text)).toBeUndefined();
      // a minute later it is (after a lost COMMIT's answer: found made)
      const now = Date.now();
      const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
      try {
        learnStatement(broken, text, fields);
        await statementFunctionsSettled();
      } finally {
        clock.mockRestore();
      }
      expect((await pool.query(functionCall(broken, text)!, ['a1'])).rows).toEqual([{ code: 'a1', qty: '2.5000', at: point }]);
      // nothing left prepared on a backend of the pool that made it (the probe was deallocated or died with it)
      expect((await broken.query(`SELECT count(*)::int AS n FROM pg_prepared_statements`)).rows[0].n).toBe(0);
    });
  }
});
