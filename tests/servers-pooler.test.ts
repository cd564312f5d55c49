import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/core/db/connect';
import { PGBOUNCER, type Pooler, freePort, startPgbouncer } from './support/pgbouncer';
import { sharedReplica } from './support/pg-replica';
import { type ServerProcess, entryMaker, getJson, login, postKeyed, startServer } from './support/server-child';
import { freshDatabase } from './support/test-db';

/**
 * The deployment docs/DEPLOY.md describes: three servers, one PgBouncer in transaction mode, one PostgreSQL primary
 * and its streaming replica (the run's, tests/support/pg-replica.ts). The servers start together (migrations and the
 * first company serialise on transaction-level advisory locks, through the direct DATABASE_MIGRATION_URL), clients
 * post keyed journal entries spread over the three while two others read trial balances (sent to the replica), and
 * one server is killed with SIGKILL mid-load. A client whose request failed sends it again, with the same key, to
 * the next server: every reference ends up stored exactly once, every acknowledged one is there, the other two
 * servers kept answering (postings and reports), the ledger verifies (gapless numbers, one hash chain), and the
 * trial balance read from the replica right after, by the session that posted, holds every posting.
 * PostgreSQL with Debian's pgbouncer installed only.
 */
const PASSWORD = 'three-pass-1';
let db: Database & { url?: string };
let pooler: Pooler | undefined;
const servers: ServerProcess[] = [];
const run = process.env.TEST_DB === 'postgres' && !!PGBOUNCER;

beforeAll(async () => {
  if (!run) return;
  db = await freshDatabase();
  pooler = await startPgbouncer();
  const pooled = new URL(pooler.url);
  pooled.pathname = new URL(db.url!).pathname;
  const replica = await sharedReplica();
  const name = new URL(db.url!).pathname.slice(1);
  await replica.waitFor(name);
  // a report waits up to 10 s for the replica to replay its session's last write, then reads the primary
  const env = { DATABASE_URL: pooled.toString(), DATABASE_POOLER: 'transaction', DATABASE_MIGRATION_URL: db.url!, DATABASE_REPLICA_URL: replica.urlFor(name),
    DATABASE_REPLICA_WAIT_MS: '10000', ADMIN_PASSWORD: PASSWORD, DEMO_DATA: 'off' };
  const ports = [await freePort(), await freePort(), await freePort()];
  servers.push(...await Promise.all(ports.map((p) => startServer(p, env, undefined, '/api/health/ready'))));
}, 400_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await pooler?.stop();
  await db?.close();
});

/** The trial balance of 2026 from the server at `base`: the HTTP status (0: no answer), where it was read, the debit of `accountId`. */
async function trialBalance(base: string, cookie: string, accountId: number): Promise<{ status: number; source?: string; debit?: string }> {
  try {
    const res = await fetch(`${base}/api/accounting/reports/trial-balance?from=2026-01-01&to=2026-12-31`, { headers: { cookie } });
    if (res.status !== 200) { await res.arrayBuffer(); return { status: res.status }; }
    const body = await res.json() as { rows: { accountId: number; debit: string }[] };
    return { status: 200, source: res.headers.get('x-data-source') ?? '', debit: body.rows.find((r) => r.accountId === accountId)?.debit ?? '0.00' };
  } catch {
    return { status: 0 };
  }
}

describe.skipIf(!run)('three servers behind one PgBouncer (transaction mode), reports from a replica', () => {
  it('one killed with SIGKILL mid-load: nothing acknowledged is lost, the others keep answering, retries post each reference once', async () => {
    const cookie = await login(servers[0]!.base, PASSWORD);
    const body = await entryMaker(servers[1]!.base, cookie);
    const refs = Array.from({ length: 6 }, (_, c) => Array.from({ length: 40 }, (_, i) => `three-${c}-${i}`));
    const acked = new Set<string>();
    const servedAfterKill = [0, 0, 0];
    let killed = false;
    let retries = 0;
    let replays = 0;
    const clients = refs.map(async (mine, c) => {
      let next = c % 3;
      for (const ref of mine) {
        for (let attempt = 0; ; attempt++) {
          const s = next;
          next = (next + 1) % 3; // the next request, or this one again, goes to the next server
          const { status, replayed } = await postKeyed(servers[s]!.base, cookie, body(ref));
          // a replay of work whose first answer was lost with the killed server is answered from what committed
          // (idempotency.ts re-reads the entry; it says 200 there, not 201)
          if (status === 201 || (replayed && status === 200)) {
            if (replayed) replays++;
            acked.add(ref);
            if (killed) servedAfterKill[s]!++;
            break;
          }
          if (status !== 0 && status !== 503) throw new Error(`${ref} on server ${s}: ${status}`);
          if (attempt > 20) throw new Error(`${ref}: no server took it`);
          retries++;
        }
      }
    });
    // two readers of trial balances across the servers (another server when one does not answer) while postings go on
    const debited = (body('x').lines as { accountId: number }[])[0]!.accountId;
    const reads: { status: number; source?: string }[] = [];
    let posting = true;
    const readers = [0, 1].map(async (c) => {
      for (let s = c; posting; s = (s + 1) % 3) {
        const r = await trialBalance(servers[s]!.base, cookie, debited);
        reads.push(r);
        if (r.status !== 200 && r.status !== 0 && r.status !== 503) throw new Error(`a trial balance on server ${s}: ${r.status}`);
      }
    });
    while (acked.size < 40) await new Promise((r) => setTimeout(r, 20));
    const ackedBeforeKill = new Set(acked);
    servers[0]!.child.kill('SIGKILL');
    killed = true;
    await Promise.all(clients);
    posting = false;
    await Promise.all(readers);
    expect(await servers[0]!.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const answered = reads.filter((r) => r.status === 200);
    console.info(`three servers: ${acked.size} references stored, ${ackedBeforeKill.size} before the kill, ${retries} requests sent again, ${replays} answered by replay; served after the kill: ${servedAfterKill.slice(1).join(' and ')}; trial balances ${answered.length} answered (${answered.filter((r) => r.source === 'replica').length} from the replica), ${reads.length - answered.length} not`);
    expect(answered.filter((r) => r.source === 'replica').length, 'reports were read from the replica during the load').toBeGreaterThan(0);
    // the session that posted everything reads the trial balance right after: from the replica, holding every posting
    expect(await trialBalance(servers[2]!.base, cookie, debited)).toEqual({ status: 200, source: 'replica', debit: (12.5 * refs.flat().length).toFixed(2) });
    expect(retries, 'some requests went to the killed server and were sent again').toBeGreaterThan(0);
    expect(servedAfterKill[1]).toBeGreaterThan(0);
    expect(servedAfterKill[2]).toBeGreaterThan(0);
    expect(acked.size).toBe(refs.flat().length);
    const stored = (await db.orm.execute(sql`SELECT reference, count(*)::int AS n FROM journal_entries WHERE reference LIKE 'three-%' GROUP BY 1`)).rows as { reference: string; n: number }[];
    expect(stored.length).toBe(refs.flat().length);
    expect(stored.filter((r) => r.n !== 1)).toEqual([]);
    for (const ref of ackedBeforeKill) expect(stored.some((r) => r.reference === ref), ref).toBe(true);
    const numbers = (await db.orm.execute(sql`SELECT sequence_no FROM journal_entries WHERE reference LIKE 'three-%' ORDER BY 1`)).rows.map((r) => Number(r.sequence_no));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    expect(await getJson(servers[2]!.base, cookie, '/api/accounting/ledger/verify')).toMatchObject({ ok: true, problems: [] });
    for (const s of servers.slice(1)) expect((await fetch(`${s.base}/api/health/ready`)).status).toBe(200);
  }, 600_000);
});
