import { createHash } from 'node:crypto';
import pg from 'pg';
import { POOLED } from './statement-names';

/**
 * The statements Drizzle's query builder writes (a record read, inserted or updated by key, a settings row, lines
 * written) as named prepared statements on direct connections: PostgreSQL parses and plans each one once per
 * connection instead of at every call. A till sale runs about twenty of them.
 *
 * What it guarantees:
 * - Only the builder's statements are named: their text starts with `select "`, `insert into "`, `update "`,
 *   `delete from "` or `with "` (the builder writes lower-case keywords and quoted names). Hand-written SQL
 *   (reports, searches, postings, which are execPrepared's or stay unnamed) and transaction control are left as
 *   they are. Their plans are generic (the pool's `plan_cache_mode`), which suits statements that find rows by
 *   company and key; a report whose best plan depends on its dates is hand-written and never named here.
 * - The name is a hash of the text: a text that changes is another statement, and two texts never share a name.
 * - At most MAX_NAMES texts per process are named (a list of ids written inline makes a text per length); past that
 *   a statement runs unnamed, as before. Each PostgreSQL connection keeps at most that many (a plan is some tens of
 *   kilobytes of the backend's memory).
 * - Behind a transaction pooler (DATABASE_POOLER=transaction) nothing is named: a name lives on one server
 *   connection (statement-names.ts).
 * - A Parse that fails leaves no name behind: node-postgres files a name as parsed only on ParseComplete. A broken
 *   connection takes its names with it; the next connection parses again.
 *
 * Measured (till bench, 8 tills, two rounds each beside the code before, same hour; the sale's hand-written reads
 * were made hot statements in the same change): PostgreSQL's CPU per sale 30.0-33.6 -> 23.3-23.7 ms, 20.6-22.7 ->
 * 25.0-26.0 sales/s.
 */
const MAX_NAMES = 500;
const MAX_TEXT = 16_000;
const BUILDER = /^(?:select|insert into|update|delete from|with) "/;
const names = new Map<string, string>();

export function builderName(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_NAMES || text.length > MAX_TEXT || !BUILDER.test(text)) return known;
  const name = `daftar_b_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  names.set(text, name);
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/** pg.Pool's `Client`: names the builder's statements as it sends them (the pool's own `query` goes through it too). */
export class NamingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const config = args[0] as QueryConfig | undefined;
    if (config && typeof config === 'object' && typeof config.text === 'string' && !config.name && typeof config.submit !== 'function') {
      const name = builderName(config.text);
      if (name) args[0] = { ...config, name };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** The client class for a pool: naming on direct connections, node-postgres's own behind a transaction pooler. */
export const poolClient = (): typeof pg.Client => (POOLED ? pg.Client : NamingClient);
