import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { type Tx, withTx } from '../db/tx';
import type { Ctx } from '../http/context';
import type { Locale } from '../i18n/locale';

/**
 * The context of background work (scheduled jobs): a company's system actor, a real user row per company
 * (`system:<company id>`, full name "System", `is_system`), so audit rows and `updated_by` name who did it.
 * The actor is a superuser within its company and nothing else: inactive (never signs in: no session loads an
 * inactive user, and it has no password), never edited or deleted (user.hooks.ts), and no human can take its name
 * (the users_system_name_ck check). Made on first use, by whichever server gets there first.
 * The locale is the company's default language (messages a job records are in it), the time zone the company's.
 */
export const SYSTEM_NAME = 'System';
export const systemUsername = (companyId: number) => `system:${companyId}`;

interface ActorRow { id: number; locale: string | null; timeZone: string }

async function findActor(tx: Tx, companyId: number): Promise<ActorRow | undefined> {
  const r = await tx.execute(sql`SELECT u.id, c.default_language AS locale, c.time_zone AS time_zone FROM companies c
    LEFT JOIN users u ON u.company_id = c.id AND u.is_system WHERE c.id = ${companyId}`);
  const row = r.rows[0] as { id: number | null; locale: string | null; time_zone: string } | undefined;
  if (!row) throw new Error(`no company ${companyId}`);
  return row.id === null ? undefined : { id: Number(row.id), locale: row.locale, timeZone: row.time_zone };
}

export async function systemCtx(db: Database, companyId: number): Promise<Ctx> {
  const actor = await withTx(db, async (tx) => {
    const found = await findActor(tx, companyId);
    if (found) return found;
    await tx.execute(sql`INSERT INTO users (company_id, username, full_name, is_active, is_superuser, is_system)
      VALUES (${companyId}, ${systemUsername(companyId)}, ${SYSTEM_NAME}, false, true, true) ON CONFLICT DO NOTHING`);
    return (await findActor(tx, companyId))!;
  });
  const locale: Locale = actor.locale === 'ar' ? 'ar' : 'en';
  return {
    db, locale, companyId, timeZone: actor.timeZone, permissions: new Set(),
    user: {
      id: actor.id, username: systemUsername(companyId), fullName: SYSTEM_NAME, companyId,
      isSuperuser: true, isInstanceAdmin: false, preferredLanguage: locale, avatar: null, mustChangePassword: false,
    },
  };
}
