import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/connect';
import { freshDatabase } from '../../../tests/support/test-db';
import { type JobDef, Scheduler } from './scheduler';

/**
 * The scheduler: a due job runs once across schedulers polling at once (two Database handles on PostgreSQL, their
 * transactions really overlap; one handle on PGlite), once after downtime, and a failing job is retried later.
 */
let db: Database & { url?: string };
let other: Database;
beforeAll(async () => {
  db = await freshDatabase();
  other = db.url ? await openPostgres(db.url, 4) : db;
});
afterAll(async () => {
  if (other !== db) await other?.close();
  await db?.close();
});

const row = async (name: string, companyId = 0) => (await db.orm.execute(sql`SELECT *, next_run_at > now() AS later,
  extract(epoch FROM next_run_at - now())::int AS in_s FROM scheduled_jobs WHERE name = ${name} AND company_id = ${companyId}`)).rows[0] as Record<string, any>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scheduler', () => {
  it('two schedulers polling at once run a due job exactly once', async () => {
    let runs = 0;
    const job: JobDef = { name: 'test.once', everyMinutes: 60, scope: 'global', run: async ({ tx }) => {
      runs++;
      await tx.execute(sql`SELECT 1`);
      await sleep(150);
    } };
    const a = new Scheduler(db, [job]);
    const b = new Scheduler(other, [job]);
    const results = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(runs).toBe(1);
    expect(results.flatMap((r) => r.ran)).toEqual(['test.once']);
    expect((await row('test.once')).later).toBe(true);
    expect((await a.tick()).ran).toEqual([]);
  });

  it('a job due while no server ran runs once at start, then at its interval from then', async () => {
    let runs = 0;
    const job: JobDef = { name: 'test.catchup', everyMinutes: 60, scope: 'global', run: async () => { runs++; } };
    const s = new Scheduler(db, [job]);
    await s.ensureRows();
    await db.orm.execute(sql`UPDATE scheduled_jobs SET next_run_at = now() - interval '3 days' WHERE name = 'test.catchup'`);
    await Promise.all([s.tick(), new Scheduler(other, [job]).tick()]);
    await s.tick();
    expect(runs).toBe(1);
    const r = await row('test.catchup');
    expect(r.in_s).toBeGreaterThan(59 * 60);
    expect(r.in_s).toBeLessThanOrEqual(60 * 60);
  });

  it('a failing job is rolled back, its error recorded, and retried after a backoff', async () => {
    let fail = true;
    const job: JobDef = { name: 'test.fails', everyMinutes: 60, scope: 'global', run: async ({ tx }) => {
      await tx.execute(sql`INSERT INTO login_attempts (key) VALUES ('job-wrote-this')`);
      if (fail) throw new Error('disk on fire');
    } };
    const s = new Scheduler(db, [job]);
    expect(await s.tick()).toEqual({ ran: [], failed: ['test.fails'] });
    let r = await row('test.fails');
    expect([r.failures, r.later, r.in_s <= 60]).toEqual([1, true, true]);
    expect(r.last_error).toContain('disk on fire');
    expect((await db.orm.execute(sql`SELECT 1 FROM login_attempts WHERE key = 'job-wrote-this'`)).rows).toHaveLength(0);
    expect((await s.tick()).ran).toEqual([]); // not before its backoff
    await db.orm.execute(sql`UPDATE scheduled_jobs SET next_run_at = now() - interval '1 second' WHERE name = 'test.fails'`);
    expect((await s.tick()).failed).toEqual(['test.fails']);
    r = await row('test.fails');
    expect([r.failures, r.in_s > 60, r.in_s <= 120]).toEqual([2, true, true]);
    fail = false;
    await db.orm.execute(sql`UPDATE scheduled_jobs SET next_run_at = now() - interval '1 second' WHERE name = 'test.fails'`);
    expect((await s.tick()).ran).toEqual(['test.fails']);
    r = await row('test.fails');
    expect([r.failures, r.last_error, r.in_s > 3500]).toEqual([0, null, true]);
    expect((await db.orm.execute(sql`SELECT 1 FROM login_attempts WHERE key = 'job-wrote-this'`)).rows).toHaveLength(1);
  });

  it('a per-company job runs for each company as its system actor; a daily job waits for its time', async () => {
    const seen: string[] = [];
    const job: JobDef = { name: 'test.company', everyMinutes: 30, scope: 'company', run: async ({ ctx }) => {
      seen.push(`${ctx!.companyId}:${ctx!.user.username}:${ctx!.user.isSuperuser}`);
    } };
    await db.orm.execute(sql`INSERT INTO companies (name_en, name_ar, currency) VALUES ('First', 'الأولى', 'SAR'), ('Second', 'الثانية', 'SAR')`);
    const ids = (await db.orm.execute(sql`SELECT id FROM companies ORDER BY id`)).rows.map((c) => Number(c.id));
    expect(ids.length).toBeGreaterThan(1);
    await new Scheduler(db, [job]).tick();
    expect(seen.sort()).toEqual(ids.map((id) => `${id}:system:${id}:true`).sort());
    const actors = (await db.orm.execute(sql`SELECT company_id, is_active, password_hash FROM users WHERE is_system ORDER BY company_id`)).rows;
    expect(actors).toEqual(ids.map((id) => ({ company_id: id, is_active: false, password_hash: null })));
    const daily: JobDef = { name: 'test.daily', dailyAt: '03:00', scope: 'global', run: async () => { throw new Error('not yet'); } };
    const s = new Scheduler(db, [daily]);
    expect(await s.tick()).toEqual({ ran: [], failed: [] });
    const r = await row('test.daily');
    expect(r.in_s).toBeGreaterThan(0);
    expect(r.in_s).toBeLessThanOrEqual(24 * 3600);
    expect(new Date(r.next_run_at).toISOString().slice(11, 16)).toBe('03:00');
  });
});
