import { type SQL, sql } from 'drizzle-orm';

/**
 * The raw-SQL baseline of a first page searched on PostgreSQL, written by hand as core/entity/list-query.ts
 * (pageStatement) runs it: the count through the trigram index (capped at `cap` + 1), then the page of 25 walked in
 * name order when the count reaches its cap, else its few matches sorted; the term and the company hidden from the
 * planner (sub-selects), so one plan serves every term. `columns` may name the rows as `alias`.
 */
export function searchPageSql(table: string, alias: string, columns: SQL, companyId: number, term: string, cap: number): SQL {
  const t = sql.raw(table);
  const company = sql`(SELECT ${companyId}::int)`;
  const like = sql`search_text LIKE (SELECT ${`%${term}%`}::text)`;
  return sql`WITH counted AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT 1 FROM ${t} WHERE company_id = ${company} AND ${like} LIMIT ${sql.raw(String(cap + 1))}) c)
    SELECT ${columns}, (SELECT n FROM counted) AS total FROM (
      (SELECT * FROM ${t} WHERE company_id = ${company} AND strpos(search_text, (SELECT ${term}::text)) > 0
        AND (SELECT n FROM counted) > ${sql.raw(String(cap))} ORDER BY name, id LIMIT 25)
      UNION ALL
      (SELECT * FROM (SELECT * FROM ${t} WHERE company_id = ${company} AND ${like} OFFSET 0) found
        WHERE (SELECT n FROM counted) <= ${sql.raw(String(cap))} ORDER BY name, id LIMIT 25)
    ) ${sql.raw(alias)} ORDER BY ${sql.raw(alias)}.name, ${sql.raw(alias)}.id`;
}
