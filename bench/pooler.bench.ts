/**
 * Postings and deliveries through PgBouncer in transaction mode beside direct connections, in the same run
 * (`BENCH_ONLY=pooler npm run bench`). Four ways of running the same server code, each in a process of its own
 * (the statement mode is one per process: core/db/statement-names.ts):
 *   - direct, named prepared statements (the default without a pooler): the baseline,
 *   - direct, hot statements as functions (DATABASE_POOLER=transaction, no pooler): the pooled code without the pooler,
 *   - through PgBouncer, hot statements as functions (DATABASE_POOLER=transaction): what an operator with a pooler gets,
 *   - through PgBouncer, every statement unnamed (DATABASE_STATEMENT_FUNCTIONS=off): what the functions gain.
 * Each process makes a fresh database, warms up, then measures journal postings (5 lines, "post": true) and
 * deliveries of 3 lines ("validate": true: moves, layers, quants, journal entry) by 8 clients through the app's
 * routes (app.inject). The modes run in BENCH_POOLER_ROUNDS rounds (default 2) whose order alternates, so drift of a
 * shared machine falls on all alike; the load average is printed before and after.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_PG_ADMIN } from './bench-db';

interface Rates { postings: number; deliveries: number; failed: number; cpu: Record<'postings' | 'deliveries', { node: number; pg: number | null; pooler: number | null }> }
const MODES = [
  { name: 'direct, named statements', pooled: false, pooler: false, functions: true },
  { name: 'direct, statement functions', pooled: true, pooler: false, functions: true },
  { name: 'PgBouncer (transaction), statement functions', pooled: true, pooler: true, functions: true },
  { name: 'PgBouncer (transaction), unnamed', pooled: true, pooler: true, functions: false },
] as const;

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export async function poolerBench(): Promise<string[]> {
  const { PGBOUNCER, startPgbouncer } = await import('../tests/support/pgbouncer');
  if (!PGBOUNCER) return ['pooler benchmark: skipped (pgbouncer is not installed: apt-get install pgbouncer)'];
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const rounds = Number(process.env.BENCH_POOLER_ROUNDS ?? 2);
  const before = loadavg();
  const pooler = await startPgbouncer();
  const poolerPid = readFileSync(join(pooler.dir, 'pgbouncer.pid'), 'utf8').trim();
  const got = new Map<string, Rates[]>(MODES.map((m) => [m.name, []]));
  try {
    for (let r = 0; r < rounds; r++) {
      for (const m of r % 2 ? [...MODES].reverse() : MODES) {
        const child = spawnSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname], {
          encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
          env: { ...process.env, BENCH_POOLER_CHILD: '1', BENCH_SECONDS: String(seconds), TEST_DB: 'postgres', TEST_DATABASE_URL: BENCH_PG_ADMIN,
            TEST_POOLER_URL: m.pooler ? pooler.url : '', DATABASE_POOLER: m.pooled ? 'transaction' : '',
            DATABASE_STATEMENT_FUNCTIONS: m.functions ? 'on' : 'off', BENCH_POOLER_PID: m.pooler ? poolerPid : '' },
        });
        const line = child.stdout.trim().split('\n').pop() ?? '';
        if (child.status !== 0 || !line.startsWith('{')) throw new Error(`pooler benchmark (${m.name}) failed: ${child.stdout.slice(-500)}`);
        got.get(m.name)!.push(JSON.parse(line) as Rates);
      }
    }
  } finally {
    await pooler.stop();
  }
  const mean = (name: string, k: 'postings' | 'deliveries' | 'failed') => got.get(name)!.reduce((a, x) => a + x[k], 0) / rounds;
  const [named, functions, pooled, unnamed] = MODES.map((m) => m.name);
  const out = [`pooler vs direct connections, 8 clients, ${seconds} s per figure, ${rounds} rounds alternating the order (load average ${before} before, ${loadavg()} after):`];
  for (const k of ['postings', 'deliveries'] as const) {
    const [a, b, c, d] = [mean(named!, k), mean(functions!, k), mean(pooled!, k), mean(unnamed!, k)];
    out.push(`  ${k}/s: direct named ${a.toFixed(1)}, direct with functions ${b.toFixed(1)}, through PgBouncer with functions ${c.toFixed(1)}, `
      + `through PgBouncer unnamed ${d.toFixed(1)}; pooled/direct ${(c / a).toFixed(2)} (goal 0.8; ${(d / a).toFixed(2)} without functions); `
      + `functions gain ${(((c / d) - 1) * 100).toFixed(0)}% through the pooler; the pooler's own cost ${(((b / c) - 1) * 100).toFixed(0)}%`);
    const cpuOf = (name: string) => {
      const xs = got.get(name)!.map((x) => x.cpu[k]);
      const pg = xs.every((x) => x.pg !== null) ? xs.reduce((a, x) => a + x.pg!, 0) / rounds : null;
      const pooler = xs.every((x) => x.pooler !== null) ? xs.reduce((a, x) => a + x.pooler!, 0) / rounds : null;
      return `node ${(xs.reduce((a, x) => a + x.node, 0) / rounds).toFixed(2)} ms${pg !== null ? ` + postgres ${pg.toFixed(2)} ms` : ''}${pooler !== null ? ` + pgbouncer ${pooler.toFixed(2)} ms` : ''}`;
    };
    out.push(`    CPU per call: direct named ${cpuOf(named!)}; direct with functions ${cpuOf(functions!)}; through PgBouncer with functions ${cpuOf(pooled!)}; through PgBouncer unnamed ${cpuOf(unnamed!)}`);
  }
  const failed = MODES.map((m) => `${m.name} ${got.get(m.name)!.reduce((a, x) => a + x.failed, 0)}`).join(', ');
  out.push(`  refused or failed calls: ${failed}`);
  return out;
}

/** One mode, in its own process: a fresh database, warm-up, then postings and deliveries; prints its rates as JSON. */
async function child(): Promise<void> {
  const { default: globalSetup } = await import('../tests/support/global-setup');
  const { testApp } = await import('../tests/support/test-app');
  const { kit } = await import('../src/modules/accounting/server/test-kit');
  const { stockKit } = await import('../src/modules/inventory/server/test-kit');
  const { pgCpuMs, processCpuMs } = await import('./rounds');
  const poolerPid = Number(process.env.BENCH_POOLER_PID) || null;
  await globalSetup();
  const t = await testApp();
  try {
    const k = await kit(t);
    const s = await stockKit(t);
    const products: number[] = [];
    const cat = (await t.admin.post('/api/inventory/categories', { name: 'Pooler bench' })).json().id as number;
    for (let i = 0; i < 30; i++) products.push(await s.product({ name: `Pooled ${i}`, categoryId: cat, cost: (2 + i * 0.25).toFixed(2) }));
    await s.post({ date: '2026-01-01', moveType: 'incoming', reference: 'BENCH-IN',
      lines: products.map((p) => ({ productId: p, quantity: '1000000', unitCost: '3', fromLocationId: s.loc.vendors, toLocationId: s.loc.stock })) });
    const leaves = ['1101', '1102', '1103', '1104', '3101'].map(k.acc);
    const lines = [125, 125, 125, 125].map((a, i) => ({ accountId: leaves[i]!, debit: String(a) })).concat([{ accountId: leaves[4]!, credit: '500' } as never]);
    let failed = 0;
    const post = async () => (await t.admin.post('/api/accounting/journal-entries', { journalId: k.jr('GEN'), date: '2026-07-01', lines, post: true })).statusCode === 201;
    const deliver = async () => {
      const three = new Set<number>();
      while (three.size < 3) three.add(products[Math.floor(Math.random() * products.length)]!);
      const items = [...three].map((productId) => ({ productId, quantity: '1' }));
      return (await t.admin.post('/api/inventory/deliveries', { destinationType: 'customer', deliveryDate: '2026-07-02', locationId: s.loc.stock, items, validate: true })).statusCode === 201;
    };
    const database = (t.db as { url?: string }).url!.split('/').pop()!;
    const cpu = {} as Rates['cpu'];
    /** Calls per second of 8 clients running `one` for `ms`; with `what`, the CPU per call of this process and of PostgreSQL. */
    const rate = async (one: () => Promise<boolean>, ms: number, what?: keyof Rates['cpu']) => {
      let n = 0;
      const node0 = process.cpuUsage();
      const pg0 = pgCpuMs(database);
      const pooler0 = poolerPid ? processCpuMs(poolerPid) : null;
      const t0 = performance.now();
      await Promise.all(Array.from({ length: 8 }, async () => {
        while (performance.now() - t0 < ms) if (await one()) n++; else failed++;
      }));
      const seconds = (performance.now() - t0) / 1000;
      const node = process.cpuUsage(node0);
      const pg1 = pgCpuMs(database);
      const pooler1 = poolerPid ? processCpuMs(poolerPid) : null;
      const per = (a: number | null, b: number | null) => (a !== null && b !== null ? (b - a) / Math.max(n, 1) : null);
      if (what) cpu[what] = { node: (node.user + node.system) / 1000 / Math.max(n, 1), pg: per(pg0, pg1), pooler: per(pooler0, pooler1) };
      return n / seconds;
    };
    const ms = Number(process.env.BENCH_SECONDS) * 1000;
    await rate(post, 2000);
    const postings = await rate(post, ms, 'postings');
    await rate(deliver, 2000);
    const deliveries = await rate(deliver, ms, 'deliveries');
    console.log(JSON.stringify({ postings, deliveries, failed, cpu }));
  } finally {
    await t.close();
  }
}

if (process.env.BENCH_POOLER_CHILD === '1') {
  await child();
  process.exit(0);
}
