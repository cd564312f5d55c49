import { Column, Name, Param, Placeholder, SQL, StringChunk, Table, entityKind, isSQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryWithTypings } from 'drizzle-orm';

/**
 * Renders a Drizzle SQL object to PostgreSQL text and parameters exactly as `PgDialect.sqlToQuery` does, for the
 * chunk kinds hot statements are made of (strings, nested SQL, parameters, identifiers, tables, columns, lists),
 * in one pass into one string and one array. Drizzle's renderer tests each chunk against a dozen classes by walking
 * its prototype chain and allocates a result object per chunk: rendering a delivery's four hot statements cost
 * about 0.4 ms of the server's 3.4 ms of CPU per delivery (a 129-parameter statement: about 85 us by Drizzle, 45 us
 * here, building it included). Anything else (placeholders, views, subqueries, aliases, enums, a part with
 * `.inlineParams()`) answers null and the caller renders with Drizzle.
 *
 * Every statement goes through it: execPrepared's, and Drizzle's own (query builders, `execute`) through
 * FastPgDialect below, the dialect of every database handle (connect.ts). Under vitest every render is compared
 * with Drizzle's (renderQuery), so the whole suite vouches for it.
 *
 * Drizzle's public API: `SQL.queryChunks`, `StringChunk.value`, `Param.value` / `encoder`, `Name.value`; a table or
 * column is rendered once by Drizzle itself and its text kept (its name never changes). One field is not in
 * Drizzle's typings: `shouldInlineParams`, the flag `.inlineParams()` sets (a plain property of every SQL object),
 * read only to leave such a part to Drizzle.
 */
export type Rendered = { sql: string; params: unknown[] };

class Unsupported extends Error {}

const dialect = new PgDialect();
/** Tables and columns as Drizzle renders them (quoted, schema-qualified unless an alias). */
const names = new WeakMap<object, string>();
function nameOf(chunk: Table | Column): string {
  let s = names.get(chunk);
  if (s === undefined) {
    const r = dialect.sqlToQuery(sql`${chunk}`);
    if (r.params.length) throw new Unsupported();
    names.set(chunk, (s = r.sql));
  }
  return s;
}

const inlines = (q: SQL) => (q as unknown as { shouldInlineParams?: boolean }).shouldInlineParams === true;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function walk(chunks: readonly unknown[], out: Rendered, parts: string[]): void {
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (chunk === null || typeof chunk !== 'object') {
      out.params.push(chunk);
      parts.push(`$${out.params.length}`);
      continue;
    }
    const C = (chunk as object).constructor;
    if (C === StringChunk) {
      const v = (chunk as StringChunk).value;
      parts.push(v.length === 1 ? v[0]! : v.join(''));
    } else if (C === SQL) {
      if (inlines(chunk as SQL)) throw new Unsupported();
      walk((chunk as SQL).queryChunks, out, parts);
    } else if (C === Param) {
      const p = chunk as Param;
      if (p.value instanceof Placeholder) throw new Unsupported();
      const mapped = p.value === null ? null : p.encoder.mapToDriverValue(p.value);
      if (mapped instanceof SQL) walk([mapped], out, parts);
      else {
        out.params.push(mapped);
        parts.push(`$${out.params.length}`);
      }
    } else if (C === Name) {
      parts.push(quote((chunk as Name).value));
    } else if (Array.isArray(chunk)) {
      parts.push('(');
      chunk.forEach((c, i) => {
        walk([c], out, parts);
        if (i < chunk.length - 1) parts.push(', ');
      });
      parts.push(')');
    } else if (chunk instanceof Table || chunk instanceof Column) {
      parts.push(nameOf(chunk));
    } else if ((C && entityKind in C) || isSQLWrapper(chunk)) {
      // a Drizzle entity of another kind (placeholder, view, subquery, aliased field, enum, a wrapper)
      throw new Unsupported();
    } else {
      out.params.push(chunk);
      parts.push(`$${out.params.length}`);
    }
  }
}

/** `query` as PostgreSQL text and parameters, or null when it holds a chunk kind this renderer leaves to Drizzle. */
export function renderSql(query: SQL): Rendered | null {
  const out: Rendered = { sql: '', params: [] };
  const parts: string[] = [];
  if (inlines(query)) return null;
  try {
    walk(query.queryChunks, out, parts);
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  out.sql = parts.join('');
  return out;
}

/** Under vitest every fast render is checked against Drizzle's, so the whole suite vouches for renderSql. */
const CHECK_RENDER = process.env.VITEST !== undefined;

/** `query` as text and parameters: renderSql, else Drizzle's renderer. */
export function renderQuery(query: SQL): Rendered {
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

/**
 * Drizzle's PostgreSQL dialect rendering through renderQuery: the query builders and `execute` of every handle
 * (connect.ts, replica.ts). Measured on the till bench (one till): Drizzle's own rendering was about 5 ms of the
 * server's 31 ms of CPU a sale. DDL renders (`invokeSource`, Drizzle's index definitions) stay Drizzle's.
 * The typings Drizzle adds to a query are read by none of the drivers used here (node-postgres, PGlite).
 */
export class FastPgDialect extends PgDialect {
  override sqlToQuery(query: SQL, invokeSource?: 'indexes' | undefined): QueryWithTypings {
    return invokeSource ? super.sqlToQuery(query, invokeSource) : renderQuery(query);
  }
}
