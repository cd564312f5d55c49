import { sql } from 'drizzle-orm';
import { registerJob } from './scheduler';
import { sessionIdleMinutes } from '../auth/sessions';
import { THROTTLE_WINDOW } from '../auth/throttle';

/**
 * The engine's own jobs on the scheduler, global (once for the instance), each one DELETE:
 * - sessions expired, or idle longer than SESSION_IDLE_MINUTES (they no longer load anyway);
 * - request keys older than IDEMPOTENCY_RETENTION_HOURS (default 24): every write request leaves one (the client's
 *   Idempotency-Key or the server's `srv:...`), needed only while its request may be retried or asked about;
 * - login attempts whose throttle window has ended.
 */
export const idempotencyRetentionHours = (env: NodeJS.ProcessEnv = process.env) => positive(env.IDEMPOTENCY_RETENTION_HOURS, 24);

function positive(raw: string | undefined, dflt: number): number {
  const n = Number(raw);
  return raw && Number.isFinite(n) && n > 0 ? n : dflt;
}

registerJob({
  name: 'core.purgeSessions', everyMinutes: 60, scope: 'global',
  run: async ({ tx }) => {
    await tx.execute(sql`DELETE FROM sessions WHERE expires_at <= now() OR last_seen_at < now() - make_interval(mins => ${sessionIdleMinutes()}::int)`);
  },
});

registerJob({
  name: 'core.purgeRequestKeys', everyMinutes: 60, scope: 'global',
  run: async ({ tx }) => {
    await tx.execute(sql`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${idempotencyRetentionHours()}::int)`);
  },
});

registerJob({
  name: 'core.purgeLoginAttempts', everyMinutes: 60, scope: 'global',
  run: async ({ tx }) => {
    await tx.execute(sql`DELETE FROM login_attempts WHERE window_start <= now() - ${THROTTLE_WINDOW}::interval`);
  },
});
