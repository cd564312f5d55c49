import { and, eq, inArray, sql } from 'drizzle-orm';
import { PgDialect, QueryBuilder, alias, integer, jsonb, numeric, pgSchema, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { FastPgDialect, renderSql } from './sql-render';

const dialect = new PgDialect();
const items = pgTable('items', { id: integer('id'), name: text('the "name"'), price: numeric('price'), data: jsonb('data') });
const audit = pgSchema('audit').table('events', { id: integer('id') });
const other = alias(items, 'i2');

describe('renderSql', () => {
  it('renders every chunk kind of hot statements exactly as Drizzle does', () => {
    const nested = sql`(${sql.join([1, 'two', null].map((v) => sql`${v}::text`), sql`, `)})`;
    const cases = [
      sql`SELECT 1`,
      sql`SELECT ${items.id}, ${items.name} FROM ${items} WHERE ${items.price} > ${'1.50'} AND ${items.id} = ANY(${'{1,2}'}::int[])`,
      sql`SELECT ${sql.identifier('a"b')} FROM ${audit} JOIN ${other} ON ${other.id} = ${audit.id}`,
      sql`INSERT INTO ${items} (${sql.raw('data')}) VALUES (${sql.param({ a: 1 }, items.data)}) ${nested}`,
      sql`SELECT ${sql.param(null, items.data)}, ${undefined}, ${[1, sql`x`, 'y']}, ${true}, ${0}, ${new Date(0)}`,
      sql.join([sql`a = ${1}`, sql`b = ${2}`, sql.empty()], sql` AND `),
    ];
    for (const q of cases) expect(renderSql(q)).toEqual((({ sql: s, params }) => ({ sql: s, params }))(dialect.sqlToQuery(q)));
  });

  it('leaves to Drizzle what it does not render: placeholders, aliased fields', () => {
    expect(renderSql(sql`SELECT ${sql.placeholder('x')}`)).toBeNull();
    expect(renderSql(sql`SELECT * FROM ${sql`${items}`.as('x')}`)).toBeNull();
  });

  it('renders a table or column the same every time, an alias as its alias (kept once per object)', () => {
    const q = sql`${items.id} ${other.id} ${items} ${other} ${audit.id}`;
    expect(renderSql(q)!.sql).toBe('"items"."id" "i2"."id" "items" "i2" "audit"."events"."id"');
    expect(renderSql(q)!.sql).toBe(dialect.sqlToQuery(q).sql);
  });

  it('leaves a statement with inlined values to Drizzle, wherever the part that inlines is', () => {
    expect(renderSql(sql`SELECT ${sql`${1}`.inlineParams()}`)).toBeNull();
    expect(renderSql(sql`SELECT ${1}`.inlineParams())).toBeNull();
  });

  it('FastPgDialect renders builders and execute as Drizzle does, inlined values inlined', () => {
    const fast = new FastPgDialect();
    const qb = new QueryBuilder(fast);
    const built = [
      qb.select({ id: items.id, n: items.name }).from(items).where(and(eq(items.id, 3), inArray(items.price, ['1.5', '2']))).limit(5).getSQL(),
      sql`SELECT ${sql`${'a'}`.inlineParams()}, ${2}`,
    ];
    const plain = ({ sql: s, params }: { sql: string; params: unknown[] }) => ({ sql: s, params });
    for (const q of built) expect(plain(fast.sqlToQuery(q))).toEqual(plain(dialect.sqlToQuery(q)));
    expect(fast.sqlToQuery(built[1]!).sql).toBe("SELECT 'a', $1");
  });
});
