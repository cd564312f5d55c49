import { sql } from 'drizzle-orm';
import type { Tx } from './tx';

/**
 * Gapless document numbers per (company, document type, fiscal year). The counter row is incremented with
 * UPDATE ... RETURNING inside the caller's posting transaction: the row lock serialises concurrent posters and a
 * rollback gives the number back, so numbers are unique and without gaps. Drafts never call this.
 */
export async function nextNumber(
  tx: Tx,
  companyId: number,
  docType: string,
  fiscalYear: number,
  prefix: string,
  width = 5,
): Promise<{ value: number; formatted: string }> {
  const res = await tx.execute(sql`
    INSERT INTO doc_sequences (company_id, doc_type, fiscal_year, prefix, next_value)
    VALUES (${companyId}, ${docType}, ${fiscalYear}, ${prefix}, 2)
    ON CONFLICT (company_id, doc_type, fiscal_year)
    DO UPDATE SET next_value = doc_sequences.next_value + 1
    RETURNING next_value - 1 AS value, prefix`);
  const row = res.rows[0] as { value: string | number; prefix: string };
  const value = Number(row.value);
  return { value, formatted: `${row.prefix}/${fiscalYear}/${String(value).padStart(width, '0')}` };
}

/** The fiscal year a date falls in, for a year starting on (month, day). Named after the year it starts in. */
export function fiscalYearOf(isoDate: string, startMonth = 1, startDay = 1): number {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return m < startMonth || (m === startMonth && d < startDay) ? y - 1 : y;
}
