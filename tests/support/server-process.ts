import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/core/project-root';

/**
 * The real server as a child process (the bundle `npm start` runs, built first when older than the sources), for
 * tests that need a process that can crash: it is watched, a crash (an exit nobody asked for) is counted with the
 * last lines it wrote to stderr, and it is started again when `restartOnCrash` says so.
 */
export interface ServerProcess {
  port: number;
  base: string;
  /** Exits nobody asked for. */
  crashes: number;
  /** Per crash: the first lines of the error it wrote to stderr. */
  crashLogs: string[];
  /** Whether the process is up and answered /api/health since its last start. */
  up(): boolean;
  /** Resolves once /api/health answers (after a crash: once restarted). */
  ready(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** Builds the server bundle if stale; a lock directory keeps two test files from writing it at once. */
async function bundle(): Promise<{ file: string; env: Record<string, string> }> {
  const mod = (await import(join(PROJECT_ROOT, 'scripts/build-server.mjs'))) as {
    buildServer: () => Promise<boolean>; SERVER_BUNDLE: string; SERVER_ENV: Record<string, string>;
  };
  const lock = join(PROJECT_ROOT, 'dist-server.lock');
  for (let i = 0; ; i++) {
    try { mkdirSync(lock); break; } catch {
      if (i > 600) rmSync(lock, { recursive: true, force: true }); // a holder that died 60 s ago
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try { await mod.buildServer(); } finally { rmSync(lock, { recursive: true, force: true }); }
  return { file: mod.SERVER_BUNDLE, env: mod.SERVER_ENV };
}

export async function startServerProcess(opts: {
  env: Record<string, string>;
  restartOnCrash?: boolean;
  /** Called before a restart after a crash, and once it is up again. */
  onRestart?: (phase: 'starting' | 'up') => void;
}): Promise<ServerProcess> {
  const { file, env: bundleEnv } = await bundle();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let stopping = false;
  let isUp = false;
  let stderr: string[] = [];
  let started: Promise<void> = Promise.resolve();

  const health = async (timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (!child || child.exitCode !== null) throw new Error(`server exited while starting:\n${stderr.join('\n')}`);
      try { if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })).ok) return; } catch { /* not yet */ }
      if (Date.now() > until) throw new Error(`server did not answer /api/health within ${timeoutMs} ms:\n${stderr.join('\n')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const launch = async () => {
    isUp = false;
    stderr = [];
    child = spawn(process.execPath, [file], {
      cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production', ...bundleEnv, HOST: '127.0.0.1', PORT: String(port), LOG: 'off', ...opts.env },
    });
    child.stderr!.on('data', (d: Buffer) => { stderr.push(...d.toString().split('\n').filter(Boolean)); stderr = stderr.slice(-40); });
    child.on('exit', (code, signal) => {
      isUp = false;
      if (stopping) return;
      proc.crashes++;
      // the error's first lines (its message and where it was thrown), not the end of its stack
      const at = Math.max(0, stderr.findIndex((l) => /Error|error:/.test(l)));
      proc.crashLogs.push(`exit ${code ?? signal}: ${stderr.slice(at, at + 3).map((l) => l.trim()).join(' | ')}`);
      if (opts.restartOnCrash) {
        opts.onRestart?.('starting');
        started = launch().then(() => opts.onRestart?.('up'));
        started.catch(() => {});
      }
    });
    await health(90_000); // seconds on a quiet machine; a loaded CI machine has taken over 30 s
    isUp = true;
  };

  const onExit = () => { child?.kill('SIGKILL'); }; // a test process that dies leaves no server behind
  process.once('exit', onExit);
  const proc: ServerProcess = {
    port, base, crashes: 0, crashLogs: [],
    up: () => isUp,
    async ready(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (!isUp) {
        if (Date.now() > until) throw new Error('server is not up');
        await started.catch(() => new Promise((r) => setTimeout(r, 100)));
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop() {
      stopping = true;
      process.off('exit', onExit);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      const t = setTimeout(() => c.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    },
  };
  started = launch();
  await started;
  return proc;
}
