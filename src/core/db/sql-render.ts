import { Column, Name, Param, Placeholder, SQL, StringChunk, Table, entityKind, isSQLWrapper } from 'drizzle-orm';

/**
 * Renders a Drizzle SQL object to PostgreSQL text and parameters exactly as `PgDialect.sqlToQuery` does, for the
 * chunk kinds hot statements are made of (strings, nested SQL, parameters, identifiers, tables, columns, lists),
 * in one pass into one string and one array. Drizzle's renderer tests each chunk against a dozen classes by walking
 * its prototype chain and allocates a result object per chunk: rendering a delivery's four hot statements cost
 * about 0.4 ms of the server's 3.4 ms of CPU per delivery. Anything else (placeholders, views, subqueries, aliases,
 * enums, inlined parameters, columns named by key) answers null and the caller renders with Drizzle; under vitest
 * every render is compared with Drizzle's (see execPrepared).
 */
export type Rendered = { sql: string; params: unknown[] };

const { Name: TableName, Schema: TableSchema, IsAlias } = (Table as unknown as { Symbol: Record<'Name' | 'Schema' | 'IsAlias', symbol> }).Symbol;

class Unsupported extends Error {}

/** Drizzle's own fields of a SQL object (private in its types). */
const partsOf = (q: SQL) => q as unknown as { queryChunks: unknown[]; shouldInlineParams: boolean };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function tableName(t: Record<symbol, unknown>): string {
  const schema = t[TableSchema] as string | undefined;
  const name = t[TableName] as string;
  return schema === undefined || t[IsAlias] ? quote(name) : `${quote(schema)}.${quote(name)}`;
}

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
      const q = partsOf(chunk as SQL);
      if (q.shouldInlineParams) throw new Unsupported();
      walk(q.queryChunks, out, parts);
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
    } else if (chunk instanceof Table) {
      parts.push(tableName(chunk as unknown as Record<symbol, unknown>));
    } else if (chunk instanceof Column) {
      if (chunk.keyAsName) throw new Unsupported();
      parts.push(`${tableName(chunk.table as unknown as Record<symbol, unknown>)}.${quote(chunk.name)}`);
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
  const q = partsOf(query);
  if (q.shouldInlineParams) return null;
  const out: Rendered = { sql: '', params: [] };
  const parts: string[] = [];
  try {
    walk(q.queryChunks, out, parts);
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  out.sql = parts.join('');
  return out;
}
