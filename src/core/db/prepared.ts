import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Orm } from './connect';
import { renderQuery } from './sql-render';
import { POOLED } from './statement-names';
import { type Tx, errorCode } from './tx';
import { forgetStatementFunction, functionCall, learnStatement } from './statement-functions';
import { poolBehind, poolOf, txClient } from './tx-client';
import { flushAudits } from '../audit/audit.buffer';

/**
 * Hot statements as named prepared statements: PostgreSQL parses and plans a big statement (a posting's CTEs) once
 * per connection instead of at every call, which was about half of its CPU per delivery. The name is a hash of the
 * text, so a statement whose text changes is another statement. Only for statements whose text does not grow with
 * the data (lists go in as array or jsonb parameters): every connection keeps each one it ran. At most MAX_TEXTS
 * texts are named; past that a statement runs unnamed, as any other. Parameters are strings, numbers, booleans,
 * null or Buffers (lists as intsLiteral / decimalsLiteral / JSON text): anything else is refused on every engine.
 *
 * `commit`: the statement is its transaction's last write, and on PostgreSQL its COMMIT (then a BEGIN, so the
 * transaction wrapper's own COMMIT closes an empty transaction) goes in the same protocol message as the statement:
 * the commit follows the statement without waiting for this process to read its result and answer, so the locks the
 * statement took (a journal's chain, a document counter) are held by the statement and the commit only, however busy
 * the process is. If the statement fails, PostgreSQL skips the COMMIT and the transaction rolls back as usual. A
 * statement that may write nothing must then fail instead (a guard column dividing by zero, SQLSTATE 22012): that
 * failure is reported as CommitRefused, and the caller runs its transaction again without `commit`, where it can
 * tell why. It commits only in an outermost transaction whose connection this code holds (tx-client.ts,
 * withTx); elsewhere (PGlite, a savepoint, a transaction opened by Drizzle alone) the statement
 * runs as usual and the wrapper commits; its guard answers CommitRefused all the same.
 *
 * execPipeline sends several statements of a transaction the same way, in one message (the last one committing with
 * `commit`): what one statement's lock guards is not held across a round trip to the next. If the connection dies
 * while the message is out, PostgreSQL ends the transaction as for any statement: rolled back, unless the COMMIT
 * itself ran, which the caller learns as after any lost commit (the request's key, core/db/request-key.ts). The
 * write path's fault tests (write-path.faults.db.test.ts) break connections under deliveries, whose stock posting
 * sends its day totals and its posting statement together.
 *
 * Everything here is public API: node-postgres's query config (name, text, values, types) and its Submittable
 * interface (`client.query(submittable)`, which pg-cursor uses too) for the committing statement, Drizzle's
 * `$client`, `_.session.prepareQuery` and `transaction`.
 */
const MAX_TEXTS = 100;
const names = new Map<string, string>();

/** A committing statement wrote nothing (its guard failed): run the transaction again without `commit`. */
export class CommitRefused extends Error {
  constructor(cause: unknown) {
    super('the statement that was to commit wrote nothing', { cause });
  }
}

/** A parameter as the wire's text (or binary Buffer), the same on every path; see the note above for what is accepted. */
function wireValue(v: unknown, i: number): string | Buffer | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || Buffer.isBuffer(v)) return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  throw new TypeError(`execPrepared: parameter $${i + 1} is ${Array.isArray(v) ? 'an array' : typeof v}; pass lists as intsLiteral/decimalsLiteral or JSON text`);
}

/**
 * Drizzle's node-postgres results leave dates, times and intervals (and arrays of them) as PostgreSQL's text;
 * so do these, so that a row reads the same whichever path ran it.
 */
const AS_TEXT = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (AS_TEXT.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

type Rows = { rows: Record<string, unknown>[]; fields?: Field[] };
type Field = { name: string; dataTypeID: number };
/** Named statements the committing path parsed on each connection; 'unsure' after a failure (it may exist or not). */
const parsed = new WeakMap<object, Map<string, 'yes' | 'unsure'>>();

/** One statement of a pipeline: its name on this path ('' unnamed: parsed at every run), its text and parameters. */
interface Piped { statement: string; sql: string; values: (string | Buffer | null)[] }

/**
 * Statements sent as one pipeline ending with ONE Sync (a node-postgres Submittable): for each, Parse (once per
 * connection) / Bind / Describe / Execute; with `commit`, then Parse / Bind / Execute of each of COMMIT and BEGIN.
 * The rows are each statement's own, in order (COMMIT's and BEGIN's are not answered). An error ends it: PostgreSQL
 * skips everything after it up to the Sync, so no later statement and no COMMIT runs, and the transaction is
 * aborted as after any failed statement.
 */
class Pipeline {
  private fields: { name: string; parse: (v: string) => unknown }[] = [];
  private readonly described: Field[][];
  private readonly rows: Record<string, unknown>[][];
  private commands = 0;
  private connection: object | undefined;
  // not `name` / `text`: node-postgres would file them in its own list of the connection's parsed statements
  constructor(private readonly items: Piped[], private readonly commit: boolean, private readonly done: (e: unknown, r?: Rows[]) => void) {
    this.described = items.map(() => []);
    this.rows = items.map(() => []);
  }

  submit(con: pg.Connection): void {
    this.connection = con;
    let known = parsed.get(con);
    if (!known) parsed.set(con, (known = new Map()));
    const now = new Set<string>();
    con.stream.cork?.();
    try {
      for (const { statement, sql, values } of this.items) {
        const state = statement ? (now.has(statement) ? 'yes' : known.get(statement)) : undefined;
        if (state !== 'yes') {
          if (state === 'unsure') con.close({ type: 'S', name: statement }, true); // no error if it does not exist
          con.parse({ name: statement, text: sql, types: [] }, true);
          if (statement) known.set(statement, 'unsure');
        }
        if (statement) now.add(statement);
        con.bind({ portal: '', statement, values }, true);
        con.describe({ type: 'P', name: '' }, true);
        con.execute({ portal: '' }, true);
      }
      if (this.commit) {
        for (const text of ['COMMIT', 'BEGIN']) {
          con.parse({ text, name: '', types: [] }, true);
          con.bind({ portal: '', statement: '', values: [] }, true);
          con.execute({ portal: '' }, true);
        }
      }
      con.sync();
    } finally {
      con.stream.uncork?.();
    }
  }
  handleRowDescription(msg: { fields: Field[] }): void {
    if (this.commands >= this.items.length) return;
    this.described[this.commands] = msg.fields;
    this.fields = msg.fields.map((f) => ({ name: f.name, parse: types.getTypeParser(f.dataTypeID, 'text') }));
  }
  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (this.commands >= this.items.length) return;
    const row: Record<string, unknown> = {};
    msg.fields.forEach((v, i) => { const f = this.fields[i]!; row[f.name] = v === null ? null : f.parse(v); });
    this.rows[this.commands]!.push(row);
  }
  handleCommandComplete(): void {
    this.commands++;
  }
  handleReadyForQuery(): void {
    for (const { statement } of this.items) if (statement) parsed.get(this.connection!)?.set(statement, 'yes');
    this.done(null, this.rows.map((rows, i) => ({ rows, fields: this.described[i] })));
  }
  handleError(e: unknown): void {
    this.done(e);
  }
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}
}

/** A statement's text, its wire parameters and its name (undefined past MAX_TEXTS or behind a transaction pooler). */
function rendered(query: SQL): { text: string; values: (string | Buffer | null)[]; name: string | undefined } {
  const { sql: text, params } = renderQuery(query);
  let name = names.get(text);
  if (!name && !POOLED && names.size < MAX_TEXTS) names.set(text, (name = `daftar_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
  return { text, values: params.map(wireValue), name };
}

/** The committing path's answer to a failed guard, the same on every engine (see `commit` above). */
const refusedCommit = (e: unknown, commit?: boolean) => (commit && errorCode(e) === '22012' ? new CommitRefused(e) : e);

export async function execPrepared(q: Tx | Orm, query: SQL, opts: { commit?: boolean } = {}): Promise<Rows> {
  const { text, values, name } = rendered(query);
  // behind a transaction pooler: the statement's function once it exists (statement-functions.ts), else the text
  const pool = POOLED ? poolBehind(q) : undefined;
  const call = pool && functionCall(pool, text);
  const sent = call || text;
  const learn = (r: Rows) => {
    if (pool && !call && r.fields) learnStatement(pool, text, r.fields);
    return r;
  };
  try {
    const client = txClient(q);
    // the transaction's pending audit rows go before a statement that commits it (audit.buffer.ts)
    if (opts.commit) await flushAudits(q);
    if (client && opts.commit && (name || POOLED)) return learn((await pipeline(client, [{ statement: piped(name), sql: sent, values }], true))[0]!);
    const on = client ?? poolOf(q);
    if (on) return learn((await on.query({ name, text: sent, values, types })) as Rows);
    // PGlite, or a transaction whose connection this code does not hold: Drizzle's session, named all the same
    const session = (q as unknown as { _: { session: { prepareQuery(...a: unknown[]): { execute(): Promise<unknown> } } } })._.session;
    return (await session.prepareQuery({ sql: sent, params: values }, undefined, name, false).execute()) as Rows;
  } catch (e) {
    if (pool && call) forgetStatementFunction(pool, text, errorCode(e));
    // the guard of a committing statement (on PGlite too, where the wrapper commits): the same answer everywhere
    throw refusedCommit(e, opts.commit);
  }
}

/** Its own name on the pipeline's path: pg's Query keeps its own list of what it parsed on the connection, this path keeps another. */
const piped = (name: string | undefined) => (name ? `${name}_c` : '');

const pipeline = (client: pg.PoolClient, items: Piped[], commit: boolean) =>
  new Promise<Rows[]>((resolve, reject) => { client.query(new Pipeline(items, commit, (e, r) => (e ? reject(e) : resolve(r!)))); });

/**
 * Statements of one transaction sent in ONE message, each run as execPrepared runs it, in order, the last one
 * committing with `commit`: one round trip where there were as many as statements, and nothing the process does
 * (reading an answer, a busy event loop) comes between them, so a lock the first takes is held no longer for the
 * ones after it. For statements that need nothing of each other's answers. Their rows come back in order. An error
 * in one skips the rest (and the COMMIT); the transaction is then aborted as after any failed statement.
 * On a direct connection this code holds (withTx); elsewhere (PGlite, behind a transaction pooler, outside a
 * transaction) they run one after another, with the same answers.
 */
export async function execPipeline(q: Tx | Orm, queries: SQL[], opts: { commit?: boolean } = {}): Promise<Rows[]> {
  const client = txClient(q);
  if (queries.length < 2 || !client || POOLED) {
    const out: Rows[] = [];
    for (const [i, query] of queries.entries()) out.push(await execPrepared(q, query, { commit: opts.commit && i === queries.length - 1 }));
    return out;
  }
  const items = queries.map((query) => {
    const { text, values, name } = rendered(query);
    return { statement: piped(name), sql: text, values };
  });
  if (opts.commit) await flushAudits(q);
  return pipeline(client, items, !!opts.commit).catch((e: unknown) => { throw refusedCommit(e, opts.commit); });
}

/** A PostgreSQL array literal of ints (NULL for null), one parameter: `${intsLiteral(ids)}::int[]`. */
export const intsLiteral = (xs: (number | null)[]) => `{${xs.map((x) => (x === null ? 'NULL' : String(Math.trunc(x)))).join(',')}}`;
/** A PostgreSQL array literal of decimal strings, one parameter: `${decimalsLiteral(xs)}::numeric[]`. */
export const decimalsLiteral = (xs: string[]) => `{${xs.map((x) => {
  if (!/^-?\d+(\.\d+)?$/.test(x)) throw new Error(`not a decimal: ${x}`);
  return x;
}).join(',')}}`;
