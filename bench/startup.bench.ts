import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Cold first start (create the embedded database, migrate, seed the demo company) and warm start (reopen it),
 * each timed from process spawn to the first healthy answer; then idle RSS of the server process. The server runs
 * as `npm start` runs it, from the bundle (built beforehand, not timed); the same warm start from the sources
 * through tsx is printed beside it. Runs BENCH_STARTUP_RUNS times (3 by default; each run a new data folder), with the
 * machine's load average before each, and the server's own account of where the cold start went (its start line).
 * BENCH_STARTUP_BEFORE=<folder>: another checkout of the project (its server bundle built, its node_modules linked),
 * started the same way right after each run, so a change is measured beside its baseline in the same conditions.
 */
const root = new URL('..', import.meta.url).pathname;
const SOURCES = ['--import', 'tsx', join(root, 'src/server.ts')];
const { buildServer, SERVER_BUNDLE } = (await import(join(root, 'scripts/build-server.mjs'))) as
  { buildServer: () => Promise<boolean>; SERVER_BUNDLE: string };

const BEFORE = process.env.BENCH_STARTUP_BEFORE;

async function startServer(dataDir: string, port: number, args: string[] = [SERVER_BUNDLE], cwd = root) {
  const t0 = performance.now();
  const bundle = args[0]!.endsWith('dist-server/server.mjs');
  const cache = { NODE_COMPILE_CACHE: join(cwd, 'dist-server/compile-cache') };
  const env = { ...process.env, ...(bundle ? cache : {}), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG: 'off' };
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  // the start line's account of each phase (see src/core/start-timings.ts)
  const account = () => [/ready in \d+ ms: (.*)\)$/m.exec(out)?.[1], /setup steps: (.*)\.$/m.exec(out)?.[1]].filter(Boolean) as string[];
  let exited = false;
  child.once('exit', () => { exited = true; });
  // bounded by time, not tries: on a busy shared machine a cold start has taken minutes
  while (!exited && performance.now() - t0 < 600_000) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return { child, ms: performance.now() - t0, account };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function stop(child: ReturnType<typeof spawn>) {
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

async function idleRss(child: ReturnType<typeof spawn>): Promise<number> {
  await new Promise((r) => setTimeout(r, 3000));
  return rssMb(child.pid!);
}

export async function startupBench(): Promise<string[]> {
  await buildServer();
  const runs = Math.max(1, Number(process.env.BENCH_STARTUP_RUNS ?? 3));
  const port = 3900 + Math.floor(Math.random() * 90);
  const lines = ['start-up on the embedded database (PGlite):'];
  const colds: number[] = [];
  const warms: number[] = [];
  const rsss: number[] = [];
  let dir = '';
  const before: [number, number, number][] = [];
  for (let run = 1; run <= runs; run++) {
    if (dir) rmSync(dir, { recursive: true, force: true });
    const load = loadavg()[0]!.toFixed(1);
    dir = mkdtempSync(join(tmpdir(), 'daftar-start-'));
    const cold = await startServer(join(dir, 'data'), port);
    const account = cold.account();
    await stop(cold.child);
    const warm = await startServer(join(dir, 'data'), port);
    const rss = await idleRss(warm.child);
    await stop(warm.child);
    colds.push(cold.ms); warms.push(warm.ms); rsss.push(rss);
    lines.push(`  run ${run} (load average ${load}): cold first start (create, migrate, seed) ${(cold.ms / 1000).toFixed(2)} s, warm start ${(warm.ms / 1000).toFixed(2)} s, idle RSS ${rss.toFixed(0)} MB`);
    for (const a of account) lines.push(`    ${a}`);
    if (BEFORE) {
      const bload = loadavg()[0]!.toFixed(1);
      const bdir = mkdtempSync(join(tmpdir(), 'daftar-start-before-'));
      const bcold = await startServer(join(bdir, 'data'), port, [join(BEFORE, 'dist-server/server.mjs')], BEFORE);
      await stop(bcold.child);
      const bwarm = await startServer(join(bdir, 'data'), port, [join(BEFORE, 'dist-server/server.mjs')], BEFORE);
      const brss = await idleRss(bwarm.child);
      await stop(bwarm.child);
      rmSync(bdir, { recursive: true, force: true });
      before.push([bcold.ms, bwarm.ms, brss]);
      lines.push(`    baseline ${BEFORE} (load average ${bload}): cold ${(bcold.ms / 1000).toFixed(2)} s, warm ${(bwarm.ms / 1000).toFixed(2)} s, idle RSS ${brss.toFixed(0)} MB`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  // the last run's database, warm, from the sources
  const tsx = await startServer(join(dir, 'data'), port, SOURCES);
  const tsxRss = await idleRss(tsx.child);
  await stop(tsx.child);
  const node = await (async () => {
    const t0 = performance.now();
    await new Promise((r) => spawn(process.execPath, ['-e', '0']).once('exit', r));
    return performance.now() - t0;
  })();
  rmSync(dir, { recursive: true, force: true });
  return [
    ...lines,
    `  median of ${runs}: cold first start ${(median(colds) / 1000).toFixed(2)} s   (goal < 15 s)`,
    `                  warm start ${(median(warms) / 1000).toFixed(2)} s   (goal < 3 s)`,
    `                  idle server RSS after warm start ${median(rsss).toFixed(0)} MB   (goal < 300 MB)`,
    ...(before.length ? [`  baseline median: cold ${(median(before.map((b) => b[0])) / 1000).toFixed(2)} s, warm ${(median(before.map((b) => b[1])) / 1000).toFixed(2)} s, idle RSS ${median(before.map((b) => b[2])).toFixed(0)} MB`] : []),
    `  the same from the sources (node --import tsx src/server.ts): warm start ${(tsx.ms / 1000).toFixed(2)} s, idle RSS ${tsxRss.toFixed(0)} MB`,
    `  baseline: bare \`node -e 0\` spawn:          ${(node / 1000).toFixed(2)} s   (load average now ${loadavg()[0]!.toFixed(1)})`,
  ];
}
