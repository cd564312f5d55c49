import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

/**
 * A PostgreSQL 15 instance owned by one test, to stop and restart under a running server: Debian's binaries, a data
 * folder in a fresh temporary directory owned by the `postgres` OS user (initdb refuses root, so every command runs
 * through `runuser -u postgres --` when the test runs as root), a free port, trust authentication, fsync off.
 */
export const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface PgInstance {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<db> */
  url(db?: string): string;
  start(): Promise<void>;
  /** pg_ctl restart -m fast; with downMs, stopped for that long before it starts again. */
  restart(downMs?: number): Promise<void>;
  /** Stops it (fast) and deletes its folder. */
  stop(): Promise<void>;
}

const run = promisify(execFile);

/** Why a PostgreSQL instance cannot be made here, or null. */
export function pgInstanceUnavailable(): string | null {
  if (!existsSync(join(PG_BIN, 'initdb'))) return `no PostgreSQL 15 binaries in ${PG_BIN}`;
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'running as root without runuser';
  return null;
}

export async function startPgInstance(): Promise<PgInstance> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'daftar-pg-'));
  const data = join(dir, 'data');
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (bin: string, args: string[]) => root
    ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args], { cwd: dir })
    : run(join(PG_BIN, bin), args, { cwd: dir });
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=50 -c shared_buffers=32MB`;
  const ctl = (...args: string[]) => pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '30', ...args]);
  // a test process that dies without stop() must not leave a PostgreSQL running on a shared machine
  const onExit = () => {
    try {
      const args = [join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'];
      if (root) execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore' });
      else execFileSync(args[0]!, args.slice(1), { stdio: 'ignore' });
    } catch { /* not running */ }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const inst: PgInstance = {
    port,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    async start() { await ctl('-o', opts, 'start'); },
    async restart(downMs = 0) {
      if (!downMs) { await ctl('-o', opts, '-m', 'fast', 'restart'); return; }
      await ctl('-m', 'fast', 'stop');
      await new Promise((r) => setTimeout(r, downMs));
      await ctl('-o', opts, 'start');
    },
    async stop() {
      process.off('exit', onExit);
      await ctl('-m', 'fast', 'stop').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await inst.start();
  } catch (e) {
    process.off('exit', onExit);
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return inst;
}
