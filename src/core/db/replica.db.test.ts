import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgReplica, sharedReplica } from '../../../tests/support/pg-replica';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../tests/support/test-app';
import { testDbKind } from '../../../tests/support/template';
import { cr, dr, type Kit, kit } from '../../modules/accounting/server/test-kit';
import { attachReplica } from './connect';

/**
 * Reports from a real streaming replica of the local PostgreSQL (tests/support/pg-replica.ts): read your writes
 * (the replica's replay paused and resumed under the report's wait), the fall back to the primary when the replica
 * cannot catch up in time or is stopped, and /api/health/ready's `replica`. The replica's replay is paused with
 * pg_wal_replay_pause() so that "not replayed yet" is a state the test holds, not a race it hopes to win.
 */
const onPg = testDbKind() === 'postgres';

describe.skipIf(!onPg)('reports from a streaming replica', () => {
  let r: PgReplica;
  let t: TestApp;
  let k: Kit;
  let standby: pg.Client;
  let db: string;

  beforeAll(async () => {
    r = await sharedReplica();
    t = await testApp({
      async prepare(d) {
        db = new URL(d.url!).pathname.slice(1);
        await r.waitFor(db);
        await attachReplica(d, r.urlFor(db), 4);
      },
    });
    k = await kit(t);
    standby = new pg.Client({ connectionString: r.urlFor(db) });
    await standby.connect();
  });
  afterAll(async () => {
    await standby?.query('SELECT pg_wal_replay_resume()').catch(() => {});
    await standby?.end().catch(() => {});
    await t?.close();
    delete process.env.DATABASE_REPLICA_WAIT_MS;
  });

  let n = 0;
  /** One request posting cash 1101 against sales 4101 (the accounting posting batch, which commits outside tx.ts). */
  const postOne = async (c: Client, amount: string) => {
    const res = await c.post('/api/accounting/journal-entries', { journalId: k.jr('GEN'), date: '2026-04-02', reference: `r${++n}`, post: true, lines: [dr(k.acc('1101'), amount), cr(k.acc('4101'), amount)] });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const cashDebit = async (c: Client) => {
    const res = await c.get('/api/accounting/reports/trial-balance?from=2026-01-01&to=2026-12-31');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const row = body.rows.find((x: { accountId: number }) => x.accountId === k.acc('1101'));
    return { debit: row?.debit ?? '0.00', source: res.headers['x-data-source'], asOf: body.asOf as string, header: res.headers['x-data-as-of'] };
  };
  const pause = async () => {
    await standby.query('SELECT pg_wal_replay_pause()');
    // pausing takes effect at the next record: wait until it has
    for (let i = 0; i < 100 && (await standby.query('SELECT pg_get_wal_replay_pause_state() AS s')).rows[0].s !== 'paused'; i++) await new Promise((res) => setTimeout(res, 20));
  };
  const resume = () => standby.query('SELECT pg_wal_replay_resume()');

  it('a report right after a posting includes it, read from the replica once it has replayed the posting', async () => {
    process.env.DATABASE_REPLICA_WAIT_MS = '10000';
    expect((await cashDebit(t.admin)).source).toBe('replica');
    await pause();
    await postOne(t.admin, '100');
    const started = performance.now();
    const report = cashDebit(t.admin);
    await new Promise((res) => setTimeout(res, 300));
    await resume();
    const tb = await report;
    // it waited for the replay it needed, then read from the replica, and saw the posting
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(tb).toMatchObject({ debit: '100.00', source: 'replica' });
    expect(tb.header).toBe(tb.asOf);
    expect(Math.abs(Date.parse(tb.asOf) - Date.now())).toBeLessThan(60_000);
  });

  it('the wait is for the session\'s own writes: another session reads the replica at once, as far as it has replayed', async () => {
    process.env.DATABASE_REPLICA_WAIT_MS = '10000';
    const other = await t.login('admin', ADMIN_PASSWORD);
    const before = await cashDebit(other);
    await pause();
    try {
      await postOne(t.admin, '5');
      const started = performance.now();
      const seen = await cashDebit(other);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(seen).toMatchObject({ debit: before.debit, source: 'replica' });
    } finally {
      await resume();
    }
  });

  it('a posting through a transaction (draft, then post) is read back too', async () => {
    process.env.DATABASE_REPLICA_WAIT_MS = '10000';
    const before = Number((await cashDebit(t.admin)).debit);
    await pause();
    const d = await t.admin.post('/api/accounting/journal-entries', { journalId: k.jr('GEN'), date: '2026-04-03', reference: 'two steps', lines: [dr(k.acc('1101'), '7'), cr(k.acc('4101'), '7')] });
    expect(d.statusCode).toBe(201);
    expect((await t.admin.post(`/api/accounting/journal-entries/${d.json().id}/post`, {})).statusCode).toBe(200);
    const report = cashDebit(t.admin);
    await new Promise((res) => setTimeout(res, 300));
    await resume();
    expect(await report).toMatchObject({ debit: (before + 7).toFixed(2), source: 'replica' });
  });

  it('a report that cannot wait (the replica far behind) falls back to the primary and still includes the posting', async () => {
    process.env.DATABASE_REPLICA_WAIT_MS = '200';
    const before = Number((await cashDebit(t.admin)).debit);
    await pause();
    try {
      await postOne(t.admin, '40');
      const started = performance.now();
      const tb = await cashDebit(t.admin);
      expect(performance.now() - started).toBeGreaterThanOrEqual(200);
      expect(tb).toMatchObject({ debit: (before + 40).toFixed(2), source: 'primary' });
    } finally {
      await resume();
    }
  });

  it('lists, exports and the inventory dashboard read from the replica; writes stay on the primary', async () => {
    process.env.DATABASE_REPLICA_WAIT_MS = '10000';
    const created = await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Replica Co', isCustomer: true });
    expect(created.statusCode).toBe(201);
    const list = await t.admin.get('/api/contacts/contacts?search=Replica');
    expect(list.headers['x-data-source']).toBe('replica');
    expect(list.json().items.map((c: { name: string }) => c.name)).toContain('Replica Co');
    expect((await t.admin.get('/api/contacts/contacts/export.xlsx')).headers['x-data-source']).toBe('replica');
    expect((await t.admin.get('/api/inventory/dashboard')).headers['x-data-source']).toBe('replica');
    for (const format of ['xlsx', 'pdf']) {
      const file = await t.admin.get(`/api/accounting/reports/general-ledger?accountId=${k.acc('1101')}&from=2026-01-01&to=2026-12-31&format=${format}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['x-data-source']).toBe('replica');
    }
    const noted = await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM sessions WHERE write_lsn IS NOT NULL`);
    expect(noted.rows[0]!.n).toBeGreaterThan(0);
  });

  it('a note that fails after the commit does not fail the write', async () => {
    await t.db.orm.execute(sql.raw(`CREATE FUNCTION refuse_note() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no note'; END $$;
      CREATE TRIGGER refuse_note BEFORE UPDATE OF write_lsn ON sessions FOR EACH ROW EXECUTE FUNCTION refuse_note()`));
    try {
      for (let i = 0; i < 3; i++) {
        const res = await t.admin.post('/api/contacts/contacts', { kind: 'company', name: `Unnoted ${i}`, isCustomer: true });
        expect(res.statusCode).toBe(201);
      }
      const rows = await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM contacts WHERE name LIKE 'Unnoted %'`);
      expect(rows.rows[0]!.n).toBe(3);
    } finally {
      await t.db.orm.execute(sql.raw('DROP TRIGGER refuse_note ON sessions; DROP FUNCTION refuse_note()'));
    }
  });

  it('with the replica stopped, reports answer from the primary and readiness says the replica is down', async () => {
    process.env.DATABASE_REPLICA_WAIT_MS = '200';
    expect((await t.anon().get('/api/health/ready')).json()).toMatchObject({ status: 'ready', replica: 'up' });
    await standby.end();
    r.stop();
    try {
      const before = Number((await cashDebit(t.admin)).debit);
      await postOne(t.admin, '3');
      const tb = await cashDebit(t.admin);
      expect(tb).toMatchObject({ debit: (before + 3).toFixed(2), source: 'primary' });
      const list = await t.admin.get('/api/contacts/contacts');
      expect(list.statusCode).toBe(200);
      expect(list.headers['x-data-source']).toBe('primary');
      const ready = await t.anon().get('/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', replica: 'down' });
    } finally {
      r.start();
    }
    await r.waitFor(db);
    expect((await t.anon().get('/api/health/ready')).json()).toMatchObject({ replica: 'up' });
  });
});

describe('without a replica', () => {
  // the app is made in a hook (its hook timeout), not in the test: on a loaded machine making it took over 60 s
  let t: TestApp;
  beforeAll(async () => { t = await testApp(); });
  afterAll(async () => { await t?.close(); });

  it('a report says when its data is as of, read from the primary; readiness says replica: none', async () => {
    const res = await t.admin.get('/api/accounting/reports/trial-balance?to=2026-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-data-source']).toBe('primary');
    expect(Math.abs(Date.parse(res.json().asOf) - Date.now())).toBeLessThan(60_000);
    expect((await t.anon().get('/api/health/ready')).json()).toMatchObject({ replica: 'none' });
  });
});
