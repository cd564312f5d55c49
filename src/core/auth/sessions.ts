import { statementName } from '../db/statement-names';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Orm } from '../db/connect';
import { sessions } from '../db/system.schema';
import type { Tx } from '../db/tx';
import type { SessionUser } from '../http/context';

/**
 * Sessions live in the database so any server process can serve any request. The cookie holds a random
 * token; the table holds only its sha256. A new token is issued at every login (rotation); logout, a password
 * change and a group change delete the user's sessions. A session unused for SESSION_IDLE_MINUTES (default 8 hours)
 * no longer loads (last_seen_at is refreshed at most every 5 minutes, so the idle time is exact to 5 minutes);
 * the housekeeping job (core/jobs/housekeeping.ts) deletes the expired and idle ones.
 */
export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 14;

export function sessionIdleMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.SESSION_IDLE_MINUTES);
  return env.SESSION_IDLE_MINUTES && Number.isInteger(n) && n >= 10 ? n : 480;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(q: Tx | Database['orm'], userId: number, companyId: number, replicated = false): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.execute(sql`
    INSERT INTO sessions (id, user_id, company_id, expires_at, write_lsn)
    VALUES (${hash(token)}, ${userId}, ${companyId}, now() + ${`${SESSION_DAYS} days`}::interval, ${replicated ? sql`pg_current_wal_insert_lsn()` : sql`NULL`})`);
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

/**
 * `id`: the session row's id (the token's hash). `writeLsn`: the primary's WAL position after the session's last
 * write (its start, for a new one), which a read from a replica waits for (core/db/write-lsn.ts, replica.ts).
 */
export interface LoadedSession { id: string; user: SessionUser; permissions: Set<string>; timeZone: string; writeLsn: string | null }

/**
 * One round trip per request: session, user, instance-admin flag, the company's time zone and permissions together, as a named prepared
 * statement (PostgreSQL parses and plans it once per connection instead of at every request). Nothing is cached
 * in the process: a revoked session or a changed group is seen by the very next request, on any server.
 */
function loadSessionQuery(orm: Orm) {
  return orm.select({
    id: sql<number>`u.id`, username: sql<string>`u.username`, fullName: sql<string>`u.full_name`, companyId: sql<number>`u.company_id`,
    isSuperuser: sql<boolean>`u.is_superuser`, preferredLanguage: sql<string | null>`u.preferred_language`, avatar: sql<string | null>`u.avatar`,
    mustChangePassword: sql<boolean>`u.must_change_password`,
    isInstanceAdmin: sql<boolean>`coalesce(u.id = (SELECT owner_user_id FROM system_settings WHERE id = 1), false)`,
    timeZone: sql<string>`(SELECT c.time_zone FROM companies c WHERE c.id = u.company_id)`,
    stale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '5 minutes'`,
    writeLsn: sql<string | null>`${sessions.writeLsn}::text`,
    permissions: sql<string[]>`coalesce((SELECT jsonb_agg(DISTINCT p) FROM users_groups ug JOIN groups g ON g.id = ug.target_id,
      jsonb_array_elements_text(coalesce(g.permissions, '[]'::jsonb)) p WHERE ug.owner_id = u.id), '[]'::jsonb)`,
  })
    .from(sessions)
    .innerJoin(sql`users u`, sql`u.id = ${sessions.userId}`)
    .where(sql`${sessions.id} = ${sql.placeholder('id')} AND ${sessions.expiresAt} > now()
      AND ${sessions.lastSeenAt} > now() - make_interval(mins => ${sql.placeholder('idle')}::int) AND u.is_active`)
    .prepare(statementName('daftar_load_session') ?? '');
}
const prepared = new WeakMap<Orm, ReturnType<typeof loadSessionQuery>>();

export async function loadSession(db: Database, token: string): Promise<LoadedSession | null> {
  if (!token || token.length > 100) return null;
  let query = prepared.get(db.orm);
  if (!query) prepared.set(db.orm, (query = loadSessionQuery(db.orm)));
  const id = hash(token);
  const [r] = await query.execute({ id, idle: sessionIdleMinutes() });
  if (!r) return null;
  if (r.stale) await db.orm.execute(sql`UPDATE sessions SET last_seen_at = now() WHERE id = ${id}`);
  return {
    id, writeLsn: r.writeLsn ?? null,
    user: {
      id: Number(r.id), username: String(r.username), fullName: String(r.fullName), companyId: Number(r.companyId),
      isSuperuser: Boolean(r.isSuperuser), isInstanceAdmin: Boolean(r.isInstanceAdmin),
      preferredLanguage: r.preferredLanguage ?? null, avatar: r.avatar ?? null,
      mustChangePassword: Boolean(r.mustChangePassword),
    },
    permissions: new Set(r.permissions),
    timeZone: String(r.timeZone),
  };
}
