import { inArray, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../../core/auth/password';
import type { Database } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import { sessions } from '../../../core/db/system.schema';
import { user } from '../model/user.entity';

/**
 * Safe first start: the server listens on 127.0.0.1 unless HOST says otherwise, and refuses to listen on any
 * other address while the instance administrator, or a user made with its company (the demo's cashier, whose
 * password is the administrator's), still has the demo password, which everyone knows.
 * ADMIN_PASSWORD replaces the demo password at start, for each of them (and names the first administrator's password
 * when the database has no user yet).
 */
export const DEFAULT_HOST = '127.0.0.1';
export const DEMO_PASSWORD = 'admin123';

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return /^127(\.\d{1,3}){3}$/.test(v4);
}

/**
 * Why the server must not listen on `host` (null: it may), given whether the administrator (or another of `users`)
 * has the demo password.
 */
export function listenRefusal(host: string, demoPassword: boolean, admin = 'admin', users: string[] = [admin]): string | null {
  if (isLoopback(host) || !demoPassword) return null;
  const who = users.length === 1 && users[0] === admin ? `the administrator "${admin}" still has` : `the users ${users.map((u) => `"${u}"`).join(', ')} still have`;
  return [
    `Refusing to listen on ${host}: ${who} the demo password "${DEMO_PASSWORD}", which`,
    'anyone who can reach this address could use to sign in.',
    'Set a password of your own in ADMIN_PASSWORD and start again, for example:',
    `  ADMIN_PASSWORD='a long secret of yours' HOST=${host} npm start`,
    `or start without HOST (listens on ${DEFAULT_HOST} only), sign in and change it under Settings > Profiles.`,
  ].join('\n');
}

/**
 * The instance administrator (first) and the users made with its company in the same transaction (the same
 * `created_at`: the demo's users, whose password hash is a copy of the administrator's), with a password.
 */
async function firstUsers(db: Database): Promise<{ id: number; username: string; hash: string }[]> {
  const r = await db.orm.execute(sql`SELECT u.id, u.username, u.password_hash AS hash FROM users o
    JOIN users u ON u.company_id = o.company_id AND (u.id = o.id OR u.created_at = o.created_at)
    WHERE o.id = (SELECT owner_user_id FROM system_settings WHERE id = 1) AND u.password_hash IS NOT NULL
    ORDER BY u.id <> o.id, u.id`);
  return (r.rows as { id: number; username: string; hash: string }[]).map((x) => ({ id: Number(x.id), username: String(x.username), hash: x.hash }));
}

/**
 * At start: the administrator's demo password is replaced by ADMIN_PASSWORD when one is given (`replaced`); then
 * whether the server may listen on `host` (`refusal`: the message to print and exit with).
 */
export async function checkListen(db: Database, host: string, env: { ADMIN_PASSWORD?: string }): Promise<{ refusal: string | null; replaced: boolean }> {
  const none = { refusal: null, replaced: false };
  if (isLoopback(host) && !env.ADMIN_PASSWORD) return none;
  const users = await firstUsers(db);
  const demo = [];
  for (const x of users) if (await verifyPassword(DEMO_PASSWORD, x.hash)) demo.push(x);
  if (!demo.length) return none;
  if (env.ADMIN_PASSWORD && env.ADMIN_PASSWORD !== DEMO_PASSWORD) {
    const u = tableOf(user);
    const ids = demo.map((x) => x.id);
    await db.orm.update(u).set({ passwordHash: await hashPassword(env.ADMIN_PASSWORD), version: sql`${u.version} + 1` }).where(inArray(u.id, ids));
    await db.orm.delete(sessions).where(inArray(sessions.userId, ids));
    return { refusal: null, replaced: true };
  }
  return { refusal: listenRefusal(host, true, users[0]!.username, demo.map((x) => x.username)), replaced: false };
}
