import { sql } from 'drizzle-orm';
import { type DisplayFormat, displayPrefs } from '../i18n/format';
import type { Ctx } from './context';

/**
 * The caller's display preference (calendar, digits; core/i18n/format.ts): their own choice, else their company's
 * default. Read when something is shown (`/api/auth/me`, a PDF, a print), not at every request: the session's
 * statement stays as it is.
 */
export async function displayOf(ctx: Pick<Ctx, 'db' | 'locale' | 'user' | 'companyId'>): Promise<DisplayFormat> {
  const r = await ctx.db.orm.execute(sql`
    SELECT u.calendar AS uc, u.digits AS ud, c.calendar AS cc, c.digits AS cd
    FROM companies c LEFT JOIN users u ON u.id = ${ctx.user.id} AND u.company_id = c.id WHERE c.id = ${ctx.companyId}`);
  const row = r.rows[0] as { uc?: string; ud?: string; cc?: string; cd?: string } | undefined;
  return { locale: ctx.locale, ...displayPrefs({ calendar: row?.uc, digits: row?.ud }, { calendar: row?.cc, digits: row?.cd }) };
}
