import { eq, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../../core/auth/password';
import type { Database } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import { user } from '../model/user.entity';

/**
 * Safe first start: the server listens on 127.0.0.1 unless HOST says otherwise, and refuses to listen on any
 * other address while the instance administrator still has the demo password, which everyone knows.
 * ADMIN_PASSWORD replaces the demo password at start (and names the first administrator's password when the
 * database has no user yet).
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

/** Why the server must not listen on `host` (null: it may), given whether the administrator has the demo password. */
export function listenRefusal(host: string, demoPassword: boolean, admin = 'admin'): string | null {
  if (isLoopback(host) || !demoPassword) return null;
  return [
    `Refusing to listen on ${host}: the administrator "${admin}" still has the demo password "${DEMO_PASSWORD}", which`,
    'anyone who can reach this address could use to sign in.',
    'Set a password of your own in ADMIN_PASSWORD and start again, for example:',
    `  ADMIN_PASSWORD='a long secret of yours' HOST=${host} npm start`,
    `or start without HOST (listens on ${DEFAULT_HOST} only), sign in and change it under Settings > Profiles.`,
  ].join('\n');
}

async function ownerRow(db: Database) {
  const u = tableOf(user);
  const [row] = await db.orm.select({ id: u.id, username: u.username, hash: u.passwordHash }).from(u)
    .where(eq(u.id, sql`(SELECT owner_user_id FROM system_settings WHERE id = 1)`));
  return row ? { id: row.id as number, username: String(row.username), hash: row.hash as string | null } : null;
}

/**
 * At start: the administrator's demo password is replaced by ADMIN_PASSWORD when one is given (`replaced`); then
 * whether the server may listen on `host` (`refusal`: the message to print and exit with).
 */
export async function checkListen(db: Database, host: string, env: { ADMIN_PASSWORD?: string }): Promise<{ refusal: string | null; replaced: boolean }> {
  const none = { refusal: null, replaced: false };
  if (isLoopback(host) && !env.ADMIN_PASSWORD) return none;
  const owner = await ownerRow(db);
  if (!owner || !(await verifyPassword(DEMO_PASSWORD, owner.hash))) return none;
  if (env.ADMIN_PASSWORD && env.ADMIN_PASSWORD !== DEMO_PASSWORD) {
    const u = tableOf(user);
    await db.orm.update(u).set({ passwordHash: await hashPassword(env.ADMIN_PASSWORD), version: sql`${u.version} + 1` }).where(eq(u.id, owner.id));
    await db.orm.execute(sql`DELETE FROM sessions WHERE user_id = ${owner.id}`);
    return { refusal: null, replaced: true };
  }
  return { refusal: listenRefusal(host, true, owner.username), replaced: false };
}
