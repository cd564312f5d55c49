import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';

/**
 * Failed-login throttling kept in the database (so every server process sees the same counts):
 * 10 failures within 15 minutes per account and per IP address -> refused with 429 until the window ends.
 */
export const MAX_FAILURES = 10;
const WINDOW = '15 minutes';

export async function isThrottled(db: Database, keys: string[]): Promise<boolean> {
  const res = await db.orm.execute(sql`
    SELECT 1 FROM login_attempts
    WHERE key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})
      AND failures >= ${MAX_FAILURES} AND window_start > now() - ${WINDOW}::interval
    LIMIT 1`);
  return res.rows.length > 0;
}

export async function recordFailure(db: Database, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db.orm.execute(sql`
      INSERT INTO login_attempts (key, failures, window_start) VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN login_attempts.window_start > now() - ${WINDOW}::interval THEN login_attempts.failures + 1 ELSE 1 END,
        window_start = CASE WHEN login_attempts.window_start > now() - ${WINDOW}::interval THEN login_attempts.window_start ELSE now() END`);
  }
}

export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.orm.execute(sql`DELETE FROM login_attempts WHERE key = ${key}`);
}
