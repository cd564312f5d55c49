import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Orm } from '../db/connect';
import { sessions } from '../db/system.schema';
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

/**
 * One round trip per request: session, user, instance-admin flag and permissions together, as a named prepared
 * statement (PostgreSQL parses and plans it once per connection instead of at every request). Nothing is cached
 * in the process: a revoked session or a changed group is seen by the very next request, on any server.
 */
function loadSessionQuery(orm: Orm) {
  return orm.select({
    id: sql<number>`u.id`, username: sql<string>`u.username`, fullName: sql<string>`u.full_name`, companyId: sql<number>`u.company_id`,
    isSuperuser: sql<boolean>`u.is_superuser`, preferredLanguage: sql<string | null>`u.preferred_language`, avatar: sql<string | null>`u.avatar`,
    isInstanceAdmin: sql<boolean>`coalesce(u.id = (SELECT owner_user_id FROM system_settings WHERE id = 1), false)`,
    stale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '5 minutes'`,
    permissions: sql<string[]>`coalesce((SELECT jsonb_agg(DISTINCT p) FROM users_groups ug JOIN groups g ON g.id = ug.target_id,
      jsonb_array_elements_text(coalesce(g.permissions, '[]'::jsonb)) p WHERE ug.owner_id = u.id), '[]'::jsonb)`,
  })
    .from(sessions)
    .innerJoin(sql`users u`, sql`u.id = ${sessions.userId}`)
    .where(sql`${sessions.id} = ${sql.placeholder('id')} AND ${sessions.expiresAt} > now() AND u.is_active`)
    .prepare('daftar_load_session');
}
const prepared = new WeakMap<Orm, ReturnType<typeof loadSessionQuery>>();

export async function loadSession(db: Database, token: string): Promise<LoadedSession | null> {
  if (!token || token.length > 100) return null;
  let query = prepared.get(db.orm);
  if (!query) prepared.set(db.orm, (query = loadSessionQuery(db.orm)));
  const [r] = await query.execute({ id: hash(token) });
  if (!r) return null;
  if (r.stale) await db.orm.execute(sql`UPDATE sessions SET last_seen_at = now() WHERE id = ${hash(token)}`);
  return {
    user: {
      id: Number(r.id), username: String(r.username), fullName: String(r.fullName), companyId: Number(r.companyId),
      isSuperuser: Boolean(r.isSuperuser), isInstanceAdmin: Boolean(r.isInstanceAdmin),
      preferredLanguage: r.preferredLanguage ?? null, avatar: r.avatar ?? null,
    },
    permissions: new Set(r.permissions),
  };
}
