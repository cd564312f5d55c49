/**
 * Reports from a read replica (issue 23) on PostgreSQL, with a real streaming replica of the local server
 * (tests/support/pg-replica.ts; made for the run and stopped after it):
 * postings per second on the primary (BENCH_POSTERS clients, default 4, one request with "post": true, through the
 * inject client on the server's thread) while 8 clients (BENCH_REPORTERS) run trial balances and general ledgers
 * over N journal lines (default 200,000) over HTTP from a worker thread, with the reports on the primary and then on
 * the replica, twice each, in the same run and on the same data; and the postings alone as the baseline.
 * The reports' session is not the postings' (another user's reports: they wait for no replay of those postings).
 * /proc/loadavg is printed with each phase: the machine is shared, and primary and replica share its cores.
 * run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx src/modules/accounting/bench/replica.bench.ts [lines]
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import globalSetup from '../../../../tests/support/global-setup';
import { sharedReplica } from '../../../../tests/support/pg-replica';
import { ADMIN_PASSWORD, testApp } from '../../../../tests/support/test-app';
import { loadInWorker } from '../../../../bench/load-worker';
import { attachReplica, type Replica } from '../../../core/db/connect';
import { kit } from '../server/test-kit';
import { seedLedger } from './ledger-seed';

process.env.TEST_DB = 'postgres';
const N = Number(process.argv[2] ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const POSTERS = Number(process.env.BENCH_POSTERS ?? 4);
const REPORTERS = Number(process.env.BENCH_REPORTERS ?? 8);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function main() {
  const teardown = await globalSetup();
  const r = await sharedReplica();
  let name = '';
  const t = await testApp({
    async prepare(d) {
      name = new URL(d.url!).pathname.slice(1);
      await r.waitFor(name);
      await attachReplica(d, r.urlFor(name), REPORTERS);
    },
  });
  try {
    const k = await kit(t);
    const leaves = ['1101', '1102', '1103', '1104', '1201', '2101', '2103', '3101', '4101', '4103', '5101', '5102', '5103', '5105'].map(k.acc);
    const s = performance.now();
    await seedLedger(t, N, leaves, k.jr('GEN'));
    console.log(`seeded ${N} lines in ${((performance.now() - s) / 1000).toFixed(1)} s`);
    // the replica replays the seed before anything is timed
    const standby = new pg.Client({ connectionString: r.urlFor(name) });
    await standby.connect();
    const target = String((await t.db.orm.execute(sql`SELECT pg_current_wal_insert_lsn()::text AS lsn`)).rows[0]!.lsn);
    while (!(await standby.query(`SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok`, [target])).rows[0].ok) await new Promise((res) => setTimeout(res, 200));
    await standby.end();

    const replica = t.db.replica as Replica;
    const reporter = await t.login('admin', ADMIN_PASSWORD);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const range = 'from=2025-01-01&to=2025-12-31';
    const paths = [
      `/api/accounting/reports/trial-balance?${range}`,
      ...[0, 4, 8].map((i) => `/api/accounting/reports/general-ledger?accountId=${leaves[i]}&${range}&pageSize=100`),
    ];
    const job = { kind: 'http' as const, port, paths, headers: { cookie: reporter.cookie } };
    const lines = [125, 125, 125, 125].map((a, i) => ({ accountId: leaves[i]!, debit: String(a) })).concat([{ accountId: leaves[7]!, credit: '500' } as never]);
    let failed = 0;
    const postings = async (ms: number) => {
      let n = 0;
      const t0 = performance.now();
      await Promise.all(Array.from({ length: POSTERS }, async () => {
        while (performance.now() - t0 < ms) {
          const res = await t.admin.post('/api/accounting/journal-entries', { journalId: k.jr('GEN'), date: '2025-07-01', lines, post: true });
          if (res.statusCode === 201) n++;
          else failed++;
        }
      }));
      return n / ((performance.now() - t0) / 1000);
    };
    // warm both servers' caches with the reports
    for (const on of [undefined, replica]) {
      t.db.replica = on;
      await loadInWorker(job, 2, 2000);
    }

    const ms = SECONDS * 1000;
    t.db.replica = undefined;
    const before = loadavg();
    const alone = await postings(ms);
    console.log(`postings alone (${POSTERS} clients): ${alone.toFixed(0)} entries/s [loadavg ${before} -> ${loadavg()}]`);
    const figures: Record<string, { posts: number[]; reports: number[] }> = { primary: { posts: [], reports: [] }, replica: { posts: [], reports: [] } };
    for (const round of [1, 2]) {
      for (const where of ['primary', 'replica'] as const) {
        t.db.replica = where === 'replica' ? replica : undefined;
        const la = loadavg();
        const [posts, reports] = await Promise.all([postings(ms), loadInWorker(job, REPORTERS, ms)]);
        figures[where]!.posts.push(posts);
        figures[where]!.reports.push(reports.rps);
        const src = Object.entries(reports.sources ?? {}).map(([k2, v]) => `${k2} ${v}`).join(', ');
        console.log(`round ${round}, reports on the ${where}: postings ${posts.toFixed(0)} entries/s while ${REPORTERS} clients ran ${reports.rps.toFixed(1)} reports/s (p50 ${reports.p50.toFixed(0)} ms, p95 ${reports.p95.toFixed(0)} ms; answered by: ${src}) [loadavg ${la} -> ${loadavg()}]`);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const p = mean(figures.primary!.posts);
    const q = mean(figures.replica!.posts);
    console.log(`mean postings/s with reports on the primary ${p.toFixed(0)}, on the replica ${q.toFixed(0)} (x${(q / p).toFixed(2)}); reports/s ${mean(figures.primary!.reports).toFixed(1)} vs ${mean(figures.replica!.reports).toFixed(1)}; postings alone ${alone.toFixed(0)}; failed postings ${failed}`);
    t.db.replica = replica;
  } finally {
    await t.close();
    if (typeof teardown === 'function') teardown();
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
