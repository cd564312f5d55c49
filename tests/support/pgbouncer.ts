import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * PgBouncer in transaction pooling mode in front of the test PostgreSQL, as an operator puts it in front of Daftar:
 * Debian's `pgbouncer` (1.18), listening on 127.0.0.1 on a free port, every database passed through
 * (`* = host=... port=...`), trust authentication for the users of its auth_file. It refuses to run as root, so
 * under root it runs as the `postgres` OS user (`runuser -u postgres --`).
 *
 * - From code (the three-server test): `await startPgbouncer()` answers { url, port, stop() }.
 * - From a shell (.ci/run): `node --import tsx tests/support/pgbouncer.ts start DIR` starts it in the background
 *   and prints its URL (`postgres://postgres@127.0.0.1:PORT/postgres`); `... stop DIR` stops it.
 * The upstream is TEST_DATABASE_URL's host and port (127.0.0.1:5432 by default).
 */
export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));

export interface Pooler { url: string; port: number; dir: string; stop(): Promise<void> }

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Writes pgbouncer.ini and its auth file into `dir`; answers the command line that runs it. */
function configure(dir: string, port: number, upstream: URL): string[] {
  const user = decodeURIComponent(upstream.username || 'postgres');
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(join(dir, 'pgbouncer.ini'), [
    '[databases]',
    `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    `unix_socket_dir =`,
    'pool_mode = transaction',
    'auth_type = trust',
    `auth_file = ${join(dir, 'users.txt')}`,
    'max_client_conn = 500',
    'default_pool_size = 20',
    // node-postgres sends none of these, other clients (psql, JDBC) do; `options` is NOT ignored: a process that
    // sends it (DATABASE_POOLER unset) is refused at connection time rather than half working.
    `ignore_startup_parameters = ${process.env.PGBOUNCER_IGNORE ?? 'extra_float_digits'}`,
    // test databases come and go by the hundred: let idle server connections go soon
    'server_idle_timeout = 15',
    // a PostgreSQL that answers late is tried again within a second, not after the default 15 s
    'server_login_retry = 1',
    `logfile = ${join(dir, 'pgbouncer.log')}`,
    `pidfile = ${join(dir, 'pgbouncer.pid')}`,
    '',
  ].join('\n'));
  if (process.getuid?.() === 0) {
    const pw = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'))?.split(':');
    if (!pw) throw new Error('PgBouncer refuses to run as root and there is no postgres OS user to run it as');
    for (const f of ['', 'users.txt', 'pgbouncer.ini']) chownSync(join(dir, f), Number(pw[2]), Number(pw[3]));
    return ['runuser', '-u', 'postgres', '--', PGBOUNCER!];
  }
  return [PGBOUNCER!];
}

const upstreamUrl = () => new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

async function waitUntilListening(port: number, ms = 20_000): Promise<void> {
  const pg = (await import('pg')).default;
  const until = Date.now() + ms;
  for (;;) {
    const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, connectionTimeoutMillis: 5000 });
    try {
      await c.connect();
      await c.query('SELECT 1');
      await c.end();
      return;
    } catch (e) {
      await c.end().catch(() => {});
      if (Date.now() > until) throw new Error(`PgBouncer did not answer on port ${port}: ${(e as Error).message} (is PostgreSQL up at ${upstreamUrl().host}?)`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const poolerUrl = (port: number, upstream = upstreamUrl()) => {
  const u = new URL(upstream.toString());
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
};

/** Starts a PgBouncer of this process's own (a child process); `stop()` ends it and removes its folder. */
export async function startPgbouncer(): Promise<Pooler> {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const dir = mkdtempSync(join(tmpdir(), 'daftar-pgbouncer-'));
  const port = await freePort();
  const [cmd, ...args] = configure(dir, port, upstreamUrl());
  const child: ChildProcess = spawn(cmd!, [...args, join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    await waitUntilListening(port);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return {
    url: poolerUrl(port), port, dir,
    async stop() {
      // runuser forwards SIGTERM to PgBouncer, which closes its connections and exits
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The shell's `start DIR`: PgBouncer in the background (`-d`), its URL on stdout. */
async function startDaemon(dir: string): Promise<void> {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  execFileSync('mkdir', ['-p', dir]);
  const port = await freePort();
  const [cmd, ...args] = configure(dir, port, upstreamUrl());
  execFileSync(cmd!, [...args, '-d', join(dir, 'pgbouncer.ini')], { stdio: 'inherit' });
  await waitUntilListening(port);
  console.log(poolerUrl(port));
}

function stopDaemon(dir: string): void {
  const pidFile = join(dir, 'pgbouncer.pid');
  if (!existsSync(pidFile)) return;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGTERM');
  } catch { /* already gone */ }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!) && ['start', 'stop'].includes(process.argv[2] ?? '')) {
  const dir = process.argv[3] ?? join(tmpdir(), 'daftar-pgbouncer');
  if (process.argv[2] === 'start') await startDaemon(dir);
  else stopDaemon(dir);
}
