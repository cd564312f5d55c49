import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import type { Tx } from '../db/tx';

/**
 * Attempt counters kept in the database (`login_attempts`), so every server process sees the same counts.
 * An attempt is CLAIMED before the work it guards (a password check, a sign-up) by one atomic upsert that stops
 * at the cap: a burst of parallel requests cannot pass more than `max` claims, since each waits for the row lock
 * of the one before and re-reads the count. A window starts at its first attempt and resets after `window`.
 *
 * Sign-in claims, in this order and each only if the one before passed: the (account, address) pair, the
 * address (across accounts), the account (from every address, much higher and slower). An attacker's address
 * is thus stopped by its pair before it can count against the account, and the real user signs in from another
 * address until the account's own limit. A successful sign-in gives its claims back.
 */
export interface Limit { max: number; window: string }
/** The longest window of LIMITS: attempts whose window started before it are purged (core/jobs/housekeeping.ts). */
export const THROTTLE_WINDOW = '1 hour';

export const LIMITS = {
  pair: { max: 10, window: '15 minutes' },
  address: { max: 30, window: '15 minutes' },
  account: { max: 100, window: '1 hour' },
  signup: { max: 3, window: '1 hour' },
} satisfies Record<string, Limit>;

type Query = Tx | Database['orm'];

/** Claims one attempt on each key in turn, each only if the ones before it passed; true if all passed. */
export async function claimAttempts(q: Query, claims: { key: string; limit: Limit }[]): Promise<boolean> {
  const ctes: SQL[] = claims.map(({ key, limit }, i) => {
    const fresh = sql`login_attempts.window_start > now() - ${limit.window}::interval`;
    const gate = i === 0 ? sql`` : sql`WHERE EXISTS (SELECT 1 FROM c${sql.raw(String(i - 1))})`;
    return sql`c${sql.raw(String(i))} AS (
      INSERT INTO login_attempts (key, failures, window_start) SELECT ${key}, 1, now() ${gate}
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN ${fresh} THEN login_attempts.failures + 1 ELSE 1 END,
        window_start = CASE WHEN ${fresh} THEN login_attempts.window_start ELSE now() END
      WHERE NOT (${fresh}) OR login_attempts.failures < ${limit.max}
      RETURNING 1)`;
  });
  const res = await q.execute(sql`WITH ${sql.join(ctes, sql`, `)} SELECT EXISTS (SELECT 1 FROM c${sql.raw(String(claims.length - 1))}) AS ok`);
  return Boolean((res.rows[0] as { ok: boolean }).ok);
}

const loginKeys = (account: string, address: string) => ({
  pair: `pair:${account.toLowerCase()}|${address}`, address: `ip:${address}`, account: `user:${account.toLowerCase()}`,
});

/** Claims a sign-in attempt for `account` from `address`; false: refuse (429) without checking the password. */
export function claimLogin(db: Database, account: string, address: string): Promise<boolean> {
  const k = loginKeys(account, address);
  return claimAttempts(db.orm, [
    { key: k.pair, limit: LIMITS.pair }, { key: k.address, limit: LIMITS.address }, { key: k.account, limit: LIMITS.account },
  ]);
}

/** A successful sign-in: the pair starts afresh; the address and the account get their claim back. */
export async function releaseLogin(db: Database, account: string, address: string): Promise<void> {
  const k = loginKeys(account, address);
  await db.orm.execute(sql`
    WITH gone AS (DELETE FROM login_attempts WHERE key = ${k.pair})
    UPDATE login_attempts SET failures = greatest(failures - 1, 0) WHERE key IN (${k.address}, ${k.account})`);
}
