import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * Hot statements planned once per PostgreSQL backend behind a transaction pooler, where named prepared statements
 * cannot live (statement-names.ts): each becomes a PL/pgSQL function holding the statement's own text, and is
 * called as `SELECT * FROM daftar_q_<hash>($1, ...)`. A PL/pgSQL function keeps the plan of each statement it runs
 * for the life of the backend, whichever client the pooler hands that backend to next, so a posting is parsed and
 * planned once per backend, as a named statement is on a direct connection (forced generic, as connect.ts sets
 * for direct connections). The function is a database object, not session state: any backend can run it.
 *
 * What it guarantees:
 * - The call answers exactly what the statement answers: the same rows and column names (the function returns a
 *   table of the statement's own columns and types, from the first run's row description), the same errors and
 *   SQLSTATEs (a failure inside the function is the statement's failure; PL/pgSQL only adds context), the same
 *   locks, in the caller's transaction. Only statements returning columns with distinct names are turned into
 *   functions (a row count of a statement returning nothing would differ).
 * - A statement runs as itself until its function exists: the first run in a process learns its columns, then
 *   the function is made off the request path, in a transaction of its own on another pooled connection (PREPARE
 *   for the parameters' types, DEALLOCATE, CREATE FUNCTION, COMMIT). A connection or process that dies there rolls
 *   back the creation and leaves at most a probe prepared on a backend under a random name: the statement keeps
 *   running as itself, and the creation is tried again a minute later.
 * - The name hashes the text with the parameters' and columns' types, so another text or a migration that changes
 *   a type makes another function; two servers making the same one at once both end with it (the loser's
 *   "already exists" is the same answer). Functions of old versions stay until dropped (harmless, one per hot
 *   statement).
 *
 * Measured (bench/pooler.bench.ts; docs/DEPLOY.md, "Figures"): behind PgBouncer, PostgreSQL's CPU per posting
 * 2.25 -> 1.10 ms and per delivery 18.3 -> 9.1 ms; the session statement of every request 680-740 us unnamed,
 * 57-60 us as a function, 40-43 us named.
 */
const MAX_FUNCTIONS = 100;
/** DATABASE_STATEMENT_FUNCTIONS=off: none made (a database user that may not create functions); docs/DEPLOY.md. */
const ENABLED = process.env.DATABASE_STATEMENT_FUNCTIONS !== 'off';
const RETRY_MS = 60_000;

type State = { call: string } | { pending: true } | { failedAt: number };
/** Per pool: a function is made in one database (a test process opens many). */
const byPool = new WeakMap<pg.Pool, Map<string, State>>();
const creating = new Set<Promise<void>>();
const statesOf = (pool: pg.Pool) => {
  let m = byPool.get(pool);
  if (!m) byPool.set(pool, (m = new Map()));
  return m;
};

/** The call that runs `text` through its function in `pool`'s database, once it exists; else undefined (run the text). */
export function functionCall(pool: pg.Pool, text: string): string | undefined {
  const s = byPool.get(pool)?.get(text);
  return s && 'call' in s ? s.call : undefined;
}

/**
 * The function of `text` failed as gone (42883: dropped by hand, a restored dump without it) or as no longer matching
 * its statement (42804: a migration changed a column's type under a running server): `text` runs as itself again,
 * and is learned again.
 */
export function forgetStatementFunction(pool: pg.Pool, text: string, code: string | undefined): void {
  if (code === '42883' || code === '42804') byPool.get(pool)?.delete(text);
}

/**
 * After `text` ran as itself and answered columns `fields`, makes its function in the background (once per
 * process; again a minute after a failure). Never throws, never waits: the caller's request goes on.
 */
export function learnStatement(pool: pg.Pool, text: string, fields: readonly { name: string; dataTypeID: number }[]): void {
  if (!ENABLED) return;
  const states = statesOf(pool);
  const s = states.get(text);
  if (s && !('failedAt' in s && Date.now() - s.failedAt > RETRY_MS)) return;
  if (!s && states.size >= MAX_FUNCTIONS) return;
  if (fields.length === 0 || new Set(fields.map((f) => f.name)).size !== fields.length) return;
  states.set(text, { pending: true });
  const job = makeStatementFunction(pool, text, fields)
    .then((call) => { states.set(text, { call }); })
    .catch(() => { states.set(text, { failedAt: Date.now() }); })
    .finally(() => { creating.delete(job); });
  creating.add(job);
}

/** Waits for the functions being made (tests; a pool closed meanwhile only makes one fail, to be tried again). */
export async function statementFunctionsSettled(): Promise<void> {
  await Promise.all([...creating]);
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Makes (or finds made) the function of `text`, whose columns are `fields`; answers the call that runs it. */
export async function makeStatementFunction(pool: pg.Pool, text: string, fields: readonly { name: string; dataTypeID: number }[]): Promise<string> {
  const client = await pool.connect();
  let broken = false;
  // a connection dying here is this function's failure (its query rejects), not the process's
  const ignore = () => {};
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    const probe = `daftar_probe_${randomBytes(6).toString('hex')}`;
    await client.query(`PREPARE ${probe} AS ${text}`);
    const { rows: [types] } = await client.query<{ params: string[]; cols: string[] }>(
      `SELECT (SELECT parameter_types::text[] FROM pg_prepared_statements WHERE name = $1) AS params,
              (SELECT array_agg(format_type(o, NULL) ORDER BY i) FROM unnest($2::oid[]) WITH ORDINALITY u(o, i)) AS cols`,
      [probe, `{${fields.map((f) => f.dataTypeID).join(',')}}`]);
    await client.query(`DEALLOCATE ${probe}`);
    const params = types!.params;
    const name = `daftar_q_${createHash('sha1').update(`${text}\0${params.join(',')}\0${types!.cols.join(',')}`).digest('hex').slice(0, 24)}`;
    const columns = fields.map((f, i) => `${ident(f.name)} ${types!.cols[i]}`).join(', ');
    try {
      await client.query('SAVEPOINT make');
      await client.query(`CREATE FUNCTION ${name}(${params.join(', ')}) RETURNS TABLE (${columns}) LANGUAGE plpgsql
        SET plan_cache_mode = force_generic_plan AS $daftar$
#variable_conflict use_column
BEGIN
RETURN QUERY ${text}
;
END $daftar$`);
    } catch (e) {
      // made at the same moment by another server (or by this one before a restart): the same function
      const code = (e as { code?: string }).code;
      if (code !== '42723' && code !== '23505') throw e;
      await client.query('ROLLBACK TO SAVEPOINT make');
    }
    await client.query('COMMIT');
    return `SELECT * FROM ${name}(${params.map((_, i) => `$${i + 1}`).join(', ')})`;
  } catch (e) {
    broken = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}
