import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Cold first start (create the embedded database, migrate, seed the demo company) and warm start (reopen it),
 * each timed from process spawn to the first healthy answer; then idle RSS of the server process. The server runs
 * as `npm start` runs it, from the bundle (built beforehand, not timed); the same warm start from the sources
 * through tsx is printed beside it.
 */
const root = new URL('..', import.meta.url).pathname;
const SOURCES = ['--import', 'tsx', join(root, 'src/server.ts')];
const { buildServer, SERVER_BUNDLE, SERVER_ENV } = (await import(join(root, 'scripts/build-server.mjs'))) as
  { buildServer: () => Promise<boolean>; SERVER_BUNDLE: string; SERVER_ENV: Record<string, string> };

async function startServer(dataDir: string, port: number, args: string[] = [SERVER_BUNDLE]) {
  const t0 = performance.now();
  const env = { ...process.env, ...(args[0] === SERVER_BUNDLE ? SERVER_ENV : {}), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG: 'off' };
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'ignore' });
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return { child, ms: performance.now() - t0 };
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
  const dir = mkdtempSync(join(tmpdir(), 'daftar-start-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const cold = await startServer(join(dir, 'data'), port);
  await stop(cold.child);
  const warm = await startServer(join(dir, 'data'), port);
  const rss = await idleRss(warm.child);
  await stop(warm.child);
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
    'start-up on the embedded database (PGlite):',
    `  cold first start (create, migrate, seed): ${(cold.ms / 1000).toFixed(2)} s`,
    `  warm start:                               ${(warm.ms / 1000).toFixed(2)} s   (goal < 3 s)`,
    `  idle server RSS after warm start:         ${rss.toFixed(0)} MB   (goal < 300 MB)`,
    `  the same from the sources (node --import tsx src/server.ts): warm start ${(tsx.ms / 1000).toFixed(2)} s, idle RSS ${tsxRss.toFixed(0)} MB`,
    `  baseline: bare \`node -e 0\` spawn:          ${(node / 1000).toFixed(2)} s`,
  ];
}
