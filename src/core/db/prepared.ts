import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Orm } from './connect';
import { renderSql } from './sql-render';
import { type Tx, errorCode } from './tx';

/**
 * Hot statements as named prepared statements: PostgreSQL parses and plans a big statement (a posting's CTEs) once
 * per connection instead of at every call, which was about half of its CPU per delivery. The name is a hash of the
 * text, so a statement whose text changes is another statement. Only for statements whose text does not grow with
 * the data (lists go in as array or jsonb parameters): every connection keeps each one it ran. At most MAX_TEXTS
 * texts are named; past that a statement runs unnamed, as any other.
 *
 * `commit`: the statement is its transaction's last write, and on PostgreSQL its COMMIT (then a BEGIN, so the
 * transaction wrapper's own COMMIT closes an empty transaction) goes in the same protocol message as the statement:
 * the commit follows the statement without waiting for this process to read its result and answer, so the locks the
 * statement took (a journal's chain, a document counter) are held by the statement and the commit only, however busy
 * the process is. If the statement fails, PostgreSQL skips the COMMIT and the transaction rolls back as usual. A
 * statement that may write nothing must then fail instead (a guard column dividing by zero, SQLSTATE 22012): that
 * failure is reported as CommitRefused, and the caller runs its transaction again without `commit`, where it can
 * tell why. On PGlite (one connection, nothing to wait for) the statement runs as usual and the wrapper commits;
 * its guard answers CommitRefused all the same.
 */
const MAX_TEXTS = 100;
const dialect = new PgDialect();
const names = new Map<string, string>();
/** Under vitest every fast render is checked against Drizzle's, so the whole suite vouches for renderSql. */
const CHECK_RENDER = process.env.VITEST !== undefined;

/** `query` as text and parameters: renderSql, else Drizzle's renderer. */
function render(query: SQL): { sql: string; params: unknown[] } {
  const fast = renderSql(query);
  if (!fast) return dialect.sqlToQuery(query);
  if (CHECK_RENDER) {
    const slow = dialect.sqlToQuery(query);
    if (slow.sql !== fast.sql || slow.params.length !== fast.params.length || slow.params.some((p, i) => p !== fast.params[i])) {
      throw new Error(`renderSql differs from Drizzle's render:\n${fast.sql}\n---\n${slow.sql}`);
    }
  }
  return fast;
}

/** A committing statement wrote nothing (its guard failed): run the transaction again without `commit`. */
export class CommitRefused extends Error {
  constructor(cause: unknown) {
    super('the statement that was to commit wrote nothing', { cause });
  }
}

type Config = { name?: string; text: string; types?: unknown };
/** node-postgres's query, whose extended-protocol messages end with COMMIT and BEGIN before the one Sync. */
class CommittingQuery extends (pg as unknown as { Query: new (config: Config, values: unknown[]) => object }).Query {
  _getRows(connection: { execute(m: object): void; parse(m: object): void; bind(m: object): void; sync(): void }): void {
    connection.execute({ portal: '' });
    for (const text of ['COMMIT', 'BEGIN']) {
      connection.parse({ text, name: '' });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.execute({ portal: '' });
    }
    connection.sync();
  }
}

export async function execPrepared(q: Tx | Orm, query: SQL, opts: { commit?: boolean } = {}): Promise<{ rows: Record<string, unknown>[] }> {
  const { sql: text, params } = render(query);
  let name = names.get(text);
  if (!name && names.size < MAX_TEXTS) names.set(text, (name = `daftar_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
  const session = (q as unknown as { session: PgSession }).session;
  const prepared = session.prepareQuery({ sql: text, params }, undefined, name, false) as unknown as {
    execute(): Promise<{ rows: Record<string, unknown>[] }>; client?: unknown; rawQueryConfig?: Config;
  };
  const client = prepared.client;
  try {
    if (!opts.commit || !(client instanceof pg.Client) || !prepared.rawQueryConfig) return await prepared.execute();
    const run = new CommittingQuery({ ...prepared.rawQueryConfig }, params) as { callback?: (e: unknown, r: unknown) => void };
    return await new Promise((resolve, reject) => {
      // the results of the statement, COMMIT and BEGIN: the statement's come first
      run.callback = (e, r) => (e ? reject(e) : resolve((Array.isArray(r) ? r[0] : r) as { rows: Record<string, unknown>[] }));
      void client.query(run as never);
    });
  } catch (e) {
    // the guard of a committing statement (on PGlite too, where the wrapper commits): the same answer everywhere
    if (opts.commit && errorCode(e) === '22012') throw new CommitRefused(e);
    throw e;
  }
}

/** A PostgreSQL array literal of ints (NULL for null), one parameter: `${intsLiteral(ids)}::int[]`. */
export const intsLiteral = (xs: (number | null)[]) => `{${xs.map((x) => (x === null ? 'NULL' : String(Math.trunc(x)))).join(',')}}`;
/** A PostgreSQL array literal of decimal strings, one parameter: `${decimalsLiteral(xs)}::numeric[]`. */
export const decimalsLiteral = (xs: string[]) => `{${xs.map((x) => {
  if (!/^-?\d+(\.\d+)?$/.test(x)) throw new Error(`not a decimal: ${x}`);
  return x;
}).join(',')}}`;
