import { execPrepared } from './prepared';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from './tx';

/**
 * Gapless document numbers per (company, document type, fiscal year). The counter row is incremented with
 * UPDATE ... RETURNING inside the caller's posting transaction: the row lock serialises concurrent posters and a
 * rollback gives the number back, so numbers are unique and without gaps. Drafts never call this.
 */

/**
 * The counter upsert taking `count` values, RETURNING the first (value) and the prefix. Also a CTE of the journal
 * posting statement, where `after` names the CTE that must lock first (the journal chain), so the lock order holds
 * inside one statement.
 */
export function takeNumberSql(companyId: number, docType: string, fiscalYear: number | SQL, prefix: string | SQL, opts: { after?: SQL; count?: number } = {}): SQL {
  const count = opts.count ?? 1;
  return sql`
    INSERT INTO doc_sequences (company_id, doc_type, fiscal_year, prefix, next_value)
    SELECT ${companyId}::int, ${docType}::text, ${fiscalYear}::int, ${prefix}::text, ${1 + count}::bigint${opts.after ? sql` FROM ${opts.after}` : sql``}
    ON CONFLICT (company_id, doc_type, fiscal_year)
    DO UPDATE SET next_value = doc_sequences.next_value + ${count}::bigint
    RETURNING next_value - ${count}::bigint AS value, prefix`;
}

/** `<prefix>/<fiscal year>/<value, at least `width` digits>`. */
export const formatNumber = (prefix: string, fiscalYear: number, value: number, width = 5) => `${prefix}/${fiscalYear}/${String(value).padStart(width, '0')}`;

/** formatNumber in SQL, over SQL expressions (a positive value is padded, never cut). */
export const formatNumberSql = (prefix: SQL, fiscalYear: SQL, value: SQL, width = 5): SQL =>
  sql`(${prefix} || '/' || ${fiscalYear} || '/' || CASE WHEN length((${value})::text) < ${width}::int THEN lpad((${value})::text, ${width}::int, '0') ELSE (${value})::text END)`;

export async function nextNumber(
  tx: Tx,
  companyId: number,
  docType: string,
  fiscalYear: number,
  prefix: string,
  width = 5,
): Promise<{ value: number; formatted: string }> {
  const res = await execPrepared(tx, takeNumberSql(companyId, docType, fiscalYear, prefix));
  const row = res.rows[0] as { value: string | number; prefix: string };
  const value = Number(row.value);
  return { value, formatted: formatNumber(row.prefix, fiscalYear, value, width) };
}

/** The fiscal year a date falls in, for a year starting on (month, day). Named after the year it starts in. */
export function fiscalYearOf(isoDate: string, startMonth = 1, startDay = 1): number {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return m < startMonth || (m === startMonth && d < startDay) ? y - 1 : y;
}
