import { sql } from 'drizzle-orm';
import type { Orm } from '../../../../core/db/connect';
import { fiscalYearStart } from '../../../../core/documents/fiscal-year';
import type { Ctx } from '../../../../core/http/context';

/** First day of the company's fiscal year (accounting settings: start day and month) that contains `to`. */
export async function fiscalYearFrom(db: Orm, ctx: Pick<Ctx, 'companyId'>, to: string): Promise<string> {
  const s = (await db.execute(sql`SELECT fiscal_year_start_month AS m, fiscal_year_start_day AS d FROM accounting_settings WHERE company_id = ${ctx.companyId} LIMIT 1`)).rows[0] as { m: number; d: number } | undefined;
  return fiscalYearStart(to, Number(s?.m ?? 1), Number(s?.d ?? 1));
}
