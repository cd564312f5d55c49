import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminUrl } from './template';

/**
 * A real streaming replica of the local PostgreSQL 15 (127.0.0.1:5432) for the PostgreSQL suite's replica tests:
 * `pg_basebackup -R` into a temporary folder owned by the `postgres` OS user, a second instance on a free port,
 * hot standby. The binaries run as `postgres` (`runuser`), so the suite runs as root (as `.ci/run` does).
 *
 * One per run, shared by every test file that asks (`sharedReplica()`): the first creates it under a lock and
 * writes where it is to the run's state file (global-setup.ts names it in DAFTAR_REPLICA_STATE), later files
 * reuse it, and the global teardown stops it and deletes its folder (`stopSharedReplica`).
 *
 * pg_basebackup needs a `replication` connection, which the primary's pg_hba.conf must allow: the setup adds
 * `host replication postgres 127.0.0.1/32 trust` when no line allows it yet and reloads the configuration
 * (idempotent). A test may stop and start the instance (`stop()`, `start()`) and pause its replay.
 */
const BIN = '/usr/lib/postgresql/15/bin';
const HBA = process.env.PG_HBA_FILE ?? '/etc/postgresql/15/main/pg_hba.conf';
const HBA_LINE = 'host replication postgres 127.0.0.1/32 trust';

export interface PgReplica {
  port: number;
  dir: string;
  /** The URL of database `name` on the replica (the primary's URL with the replica's port). */
  urlFor(name: string): string;
  /** Waits until the replica has database `name` (a database just created on the primary takes a moment). */
  waitFor(name: string, ms?: number): Promise<void>;
  stop(): void;
  start(): void;
}

interface State { port: number; dir: string }

const asPostgres = (cmd: string, args: string[], timeout = 120_000) =>
  execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args], { stdio: ['ignore', 'pipe', 'pipe'], timeout });

/** Adds the replication line to the primary's pg_hba.conf if none allows it, and reloads. Idempotent. */
export async function allowReplication(): Promise<void> {
  const hba = readFileSync(HBA, 'utf8');
  const allowed = hba.split('\n').some((l) => /^\s*host\s+replication\s+(postgres|all)\s+(127\.0\.0\.1\/32|all)\s+trust\b/.test(l));
  if (allowed) return;
  appendFileSync(HBA, `\n# added by Daftar's test setup (tests/support/pg-replica.ts): pg_basebackup of the local cluster\n${HBA_LINE}\n`);
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    await c.query('SELECT pg_reload_conf()');
  } finally {
    await c.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The primary's settings the replica takes: those a hot standby must have at least as high, and those that make
 * its reads cost what they cost on the primary (buffer pool, planner), so that the benchmark compares like with like.
 */
const FROM_PRIMARY = ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction',
  'shared_buffers', 'work_mem', 'effective_cache_size', 'jit', 'random_page_cost', 'effective_io_concurrency'];

async function create(): Promise<State> {
  await allowReplication();
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  const settings = (await c.query(`SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name = ANY($1)`, [FROM_PRIMARY])).rows as { name: string; setting: string }[];
  await c.end();
  const dir = mkdtempSync(join(tmpdir(), 'daftar-replica-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  const primary = new URL(adminUrl());
  asPostgres('pg_basebackup', ['-h', primary.hostname, '-p', primary.port || '5432', '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast']);
  const port = await freePort();
  // A test instance: no fsync, its socket in its own folder; the rest as the primary has it.
  const conf = [
    `port = ${port}`, `listen_addresses = '127.0.0.1'`, `unix_socket_directories = '${dir}'`, 'hot_standby = on',
    'fsync = off', 'full_page_writes = off', `max_standby_streaming_delay = 30s`,
    ...settings.map((s) => `${s.name} = '${s.setting}'`),
  ];
  const files: [string, string][] = [
    ['postgresql.conf', conf.join('\n') + '\n'],
    ['pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust\n'],
    ['pg_ident.conf', ''],
  ];
  for (const [name, text] of files) {
    writeFileSync(join(data, name), text);
    chownSync(join(data, name), uid, gid);
  }
  const state = { port, dir };
  startInstance(state);
  return state;
}

function startInstance(s: State): void {
  asPostgres('pg_ctl', ['-D', join(s.dir, 'data'), '-l', join(s.dir, 'log'), '-w', '-t', '60', 'start']);
}

function stopInstance(s: State): void {
  asPostgres('pg_ctl', ['-D', join(s.dir, 'data'), '-m', 'fast', '-w', '-t', '60', 'stop']);
}

function handle(s: State): PgReplica {
  const urlFor = (name: string) => {
    const u = new URL(adminUrl());
    u.port = String(s.port);
    u.pathname = '/' + name;
    return u.toString();
  };
  return {
    ...s, urlFor,
    async waitFor(name, ms = 60_000) {
      const until = Date.now() + ms;
      for (;;) {
        const c = new pg.Client({ connectionString: urlFor(name) });
        c.on('error', () => {});
        try {
          await c.connect();
          await c.end();
          return;
        } catch (e) {
          await c.end().catch(() => {});
          if (Date.now() > until) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    stop: () => stopInstance(s),
    start: () => startInstance(s),
  };
}

const statePath = () => {
  const p = process.env.DAFTAR_REPLICA_STATE;
  if (!p) throw new Error('DAFTAR_REPLICA_STATE is not set: the replica is made by the PostgreSQL suite (tests/support/global-setup.ts)');
  return p;
};

/** The run's replica: made by the first file that asks, under a lock; reused by the others. */
export async function sharedReplica(): Promise<PgReplica> {
  const path = statePath();
  const lock = path + '.lock';
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (i > 1800) throw new Error(`${lock}: held for 3 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    if (existsSync(path)) return handle(JSON.parse(readFileSync(path, 'utf8')) as State);
    const s = await create();
    writeFileSync(path, JSON.stringify(s));
    return handle(s);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Global teardown: stops the run's replica, if one was made, and deletes its folder. */
export function stopSharedReplica(path: string): void {
  if (!existsSync(path)) return;
  const s = JSON.parse(readFileSync(path, 'utf8')) as State;
  try {
    stopInstance(s);
  } catch {
    // already stopped (a test stopped it and failed before starting it again)
  }
  rmSync(s.dir, { recursive: true, force: true });
  rmSync(path, { force: true });
}
