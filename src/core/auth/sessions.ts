import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { execPrepared } from '../db/prepared';
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
 * `configVersion`: the company's configuration version (core/db/config-cache.ts).
 * `id`: the session row's id (the token's hash). `writeLsn`: the primary's WAL position after the session's last
 * write (its start, for a new one), which a read from a replica waits for (core/db/write-lsn.ts, replica.ts).
 */
export interface LoadedSession { id: string; user: SessionUser; permissions: Set<string>; timeZone: string; writeLsn: string | null; configVersion: string }

/**
 * One round trip per request: session, user, instance-admin flag, the company's time zone, configuration version
 * (core/db/config-cache.ts) and permissions together, a hot statement (core/db/prepared.ts: planned once per
 * connection, or once per backend behind a pooler). No session is cached in the process: a revoked session or a
 * changed group is seen by the very next request, on any server.
 */
const loadSessionSql = (id: string, idle: number) => sql`
  SELECT u.id, u.username, u.full_name AS "fullName", u.company_id AS "companyId", u.is_superuser AS "isSuperuser",
    u.preferred_language AS "preferredLanguage", u.avatar, u.must_change_password AS "mustChangePassword",
    coalesce(u.id = (SELECT owner_user_id FROM system_settings WHERE id = 1), false) AS "isInstanceAdmin",
    (SELECT c.time_zone FROM companies c WHERE c.id = u.company_id) AS "timeZone",
    coalesce((SELECT v.version FROM config_versions v WHERE v.company_id = u.company_id), 0)::text AS "configVersion",
    s.last_seen_at < now() - interval '5 minutes' AS stale, s.write_lsn::text AS "writeLsn",
    coalesce((SELECT jsonb_agg(DISTINCT p) FROM users_groups ug JOIN groups g ON g.id = ug.target_id,
      jsonb_array_elements_text(coalesce(g.permissions, '[]'::jsonb)) p WHERE ug.owner_id = u.id), '[]'::jsonb) AS permissions
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = ${id} AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => ${idle}::int) AND u.is_active`;

export async function loadSession(db: Database, token: string): Promise<LoadedSession | null> {
  if (!token || token.length > 100) return null;
  const id = hash(token);
  const [r] = (await execPrepared(db.orm, loadSessionSql(id, sessionIdleMinutes()))).rows as {
    id: number; username: string; fullName: string; companyId: number; isSuperuser: boolean; preferredLanguage: string | null; avatar: string | null;
    mustChangePassword: boolean; isInstanceAdmin: boolean; timeZone: string; configVersion: string; stale: boolean; writeLsn: string | null; permissions: string[];
  }[];
  if (!r) return null;
  if (r.stale) await db.orm.execute(sql`UPDATE sessions SET last_seen_at = now() WHERE id = ${id}`);
  return {
    id, writeLsn: r.writeLsn ?? null, configVersion: String(r.configVersion),
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
