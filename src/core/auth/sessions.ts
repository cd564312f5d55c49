import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import type { Tx } from '../db/tx';
import type { SessionUser } from '../http/context';

/**
 * Sessions live in the database so any server process can serve any request. The cookie holds a random
 * token; the table holds only its sha256. A new token is issued at every login (rotation); logout, a password
 * change and a group change delete the user's sessions.
 */
export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 14;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Database, userId: number, companyId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.orm.execute(sql`
    INSERT INTO sessions (id, user_id, company_id, expires_at)
    VALUES (${hash(token)}, ${userId}, ${companyId}, now() + ${`${SESSION_DAYS} days`}::interval)`);
  return token;
}

export async function destroySession(db: Database, token: string): Promise<void> {
  await db.orm.execute(sql`DELETE FROM sessions WHERE id = ${hash(token)}`);
}

/** Revokes every session of the users (all but `keepToken`, if given). */
export async function revokeUserSessions(q: Tx | Database['orm'], userIds: number[], keepToken?: string): Promise<void> {
  if (!userIds.length) return;
  await q.execute(sql`
    DELETE FROM sessions WHERE user_id IN (${sql.join(userIds.map((u) => sql`${u}`), sql`, `)})
    ${keepToken ? sql`AND id <> ${hash(keepToken)}` : sql``}`);
}

export interface LoadedSession { user: SessionUser; permissions: Set<string> }

export async function loadSession(db: Database, token: string): Promise<LoadedSession | null> {
  if (!token || token.length > 100) return null;
  const res = await db.orm.execute(sql`
    SELECT u.id, u.username, u.full_name, u.company_id, u.is_superuser, u.preferred_language, u.avatar,
           coalesce(u.id = (SELECT owner_user_id FROM system_settings WHERE id = 1), false) AS is_instance_admin,
           s.last_seen_at < now() - interval '5 minutes' AS stale,
           coalesce((SELECT jsonb_agg(DISTINCT p) FROM users_groups ug JOIN groups g ON g.id = ug.target_id,
                      jsonb_array_elements_text(coalesce(g.permissions, '[]'::jsonb)) p
                     WHERE ug.owner_id = u.id), '[]'::jsonb) AS permissions
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = ${hash(token)} AND s.expires_at > now() AND u.is_active`);
  const r = res.rows[0] as Record<string, unknown> | undefined;
  if (!r) return null;
  if (r.stale) await db.orm.execute(sql`UPDATE sessions SET last_seen_at = now() WHERE id = ${hash(token)}`);
  return {
    user: {
      id: Number(r.id), username: String(r.username), fullName: String(r.full_name), companyId: Number(r.company_id),
      isSuperuser: Boolean(r.is_superuser), isInstanceAdmin: Boolean(r.is_instance_admin),
      preferredLanguage: (r.preferred_language as string) ?? null, avatar: (r.avatar as string) ?? null,
    },
    permissions: new Set(r.permissions as string[]),
  };
}
