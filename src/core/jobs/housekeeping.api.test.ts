import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestApp, testApp } from '../../../tests/support/test-app';
import { registeredJobs, Scheduler } from './scheduler';
import './housekeeping';

/** Housekeeping on the scheduler: expired and idle sessions, old request keys, ended login windows; idle sessions expire. */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

const q = async (query: ReturnType<typeof sql>) => (await t.db.orm.execute(query)).rows as Record<string, unknown>[];
const run = (name: string) => new Scheduler(t.db, registeredJobs().filter((j) => j.name === name)).tick();
/** The stored id of a client's session: the sha256 of its token. */
const sid = (cookie: string) => createHash('sha256').update(/sid=([^;]+)/.exec(cookie)![1]!).digest('hex');

describe('sessions', () => {
  it('a session idle longer than SESSION_IDLE_MINUTES (default 8 hours) no longer signs in', async () => {
    const c = await t.login('admin', ADMIN_PASSWORD);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    await q(sql`UPDATE sessions SET last_seen_at = now() - interval '7 hours' WHERE id = ${sid(c.cookie)}`);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    await q(sql`UPDATE sessions SET last_seen_at = now() - interval '8 hours 1 minute' WHERE id = ${sid(c.cookie)}`);
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
    const before = process.env.SESSION_IDLE_MINUTES;
    process.env.SESSION_IDLE_MINUTES = '600';
    try {
      expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    } finally {
      await q(sql`DELETE FROM sessions WHERE id = ${sid(c.cookie)}`);
      if (before === undefined) delete process.env.SESSION_IDLE_MINUTES;
      else process.env.SESSION_IDLE_MINUTES = before;
    }
  });

  it('the purge deletes expired and idle sessions only', async () => {
    const [a, b, c] = [await t.login('admin', ADMIN_PASSWORD), await t.login('admin', ADMIN_PASSWORD), await t.login('admin', ADMIN_PASSWORD)];
    await q(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${sid(a.cookie)}`);
    await q(sql`UPDATE sessions SET last_seen_at = now() - interval '9 hours' WHERE id = ${sid(b.cookie)}`);
    const n = Number((await q(sql`SELECT count(*)::int AS n FROM sessions`))[0]!.n);
    expect((await run('core.purgeSessions')).ran).toEqual(['core.purgeSessions']);
    expect(Number((await q(sql`SELECT count(*)::int AS n FROM sessions`))[0]!.n)).toBe(n - 2);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('request keys and login attempts', () => {
  it('request keys older than the retention (24 hours) are purged, newer ones kept', async () => {
    await q(sql`INSERT INTO idempotency_keys (company_id, key, request_hash, created_at) VALUES
      (1, 'srv:old', '', now() - interval '25 hours'), (1, 'client-old', 'h', now() - interval '24 hours 1 minute'),
      (1, 'srv:new', '', now() - interval '23 hours'), (1, 'client-new', 'h', now())`);
    await run('core.purgeRequestKeys');
    const keys = (await q(sql`SELECT key FROM idempotency_keys WHERE key IN ('srv:old', 'client-old', 'srv:new', 'client-new') ORDER BY key`)).map((r) => r.key);
    expect(keys).toEqual(['client-new', 'srv:new']);
  });

  it('login attempts whose longest throttle window (1 hour, the per-account limit) ended are purged', async () => {
    await q(sql`INSERT INTO login_attempts (key, failures, window_start) VALUES ('user:old', 10, now() - interval '61 minutes'), ('user:new', 10, now() - interval '30 minutes')`);
    await run('core.purgeLoginAttempts');
    expect((await q(sql`SELECT key FROM login_attempts WHERE key IN ('user:old', 'user:new') ORDER BY key`)).map((r) => r.key)).toEqual(['user:new']);
  });
});
