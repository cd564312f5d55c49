import type pg from 'pg';
import type { Ctx } from '../http/context';
import { now } from '../time/company-time';
import { type Database, ormOver } from './connect';
import { isConnectionError } from './outage';
import { errorCode, joinsCallersTx } from './tx';

/**
 * Reads that may come from a streaming replica (`DATABASE_REPLICA_URL`): reports, exports, dashboards, lists. Code
 * never picks a connection itself: it runs its reads in `onReplica(ctx, (rctx) => ...)` against `rctx.db.orm` and
 * gets back where they came from and the time their data is as of.
 *
 * Guarantees (docs/DEPLOY.md, "Read replica"):
 * - Writes never reach the replica, and a read inside a writing transaction stays in it (joinsCallersTx).
 * - Read your writes: a session's reads wait until the replica has replayed the session's last write
 *   (`ctx.readAfter`, noted by write-lsn.ts), polling for at most DATABASE_REPLICA_WAIT_MS (200 ms), then go to the
 *   primary. A replica that cannot be reached, or fails mid-read (a broken connection, a query cancelled by a
 *   recovery conflict), is passed over for the primary: the read runs again there. A replica found unreachable is
 *   not asked again for DOWN_MS.
 * - One snapshot: a read with `snapshot` (a report's several statements) runs in one REPEATABLE READ READ ONLY
 *   transaction, begun after the replay check, so what it sees includes everything the check promised.
 * - `asOf`: on the replica, the commit time of the last transaction it replayed (later, when it has replayed all
 *   the primary had reported to it: the time of that report), read before the snapshot: the data holds every commit
 *   up to it. On the primary, the time the read began.
 */
export interface ReadResult<T> { value: T; asOf: string; source: 'replica' | 'primary' }

const DOWN_MS = 2000;
/** How long a read waits for the replica to catch up: DATABASE_REPLICA_WAIT_MS (ms, 0..10000), else 200. */
function waitMs(): number {
  const ms = Number(process.env.DATABASE_REPLICA_WAIT_MS ?? 200);
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 10_000) : 200;
}
const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;
/** 40001: a query cancelled by a conflict with recovery (the standby replayed a change the query still needed). */
const RERUN_ON_PRIMARY = new Set(['40001', '40P01']);

const downUntil = new WeakMap<Database, number>();

/**
 * Whether the replica is caught up to `lsn` (when in recovery; a server that is not is the primary itself) and the
 * time its data is as of. On its own, never with the BEGIN: statements of one message share one transaction, whose
 * snapshot (taken as the check starts) could miss what the check then finds replayed.
 */
function checkSql(lsn: string | null | undefined): string {
  const caught = lsn && LSN.test(lsn) ? `pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn` : 'true';
  return `SELECT CASE WHEN pg_is_in_recovery() THEN ${caught} ELSE true END AS ok,
    CASE WHEN pg_is_in_recovery() THEN GREATEST(pg_last_xact_replay_timestamp(),
      (SELECT latest_end_time FROM pg_stat_wal_receiver WHERE pg_last_wal_replay_lsn() >= latest_end_lsn)) ELSE now() END AS "asOf"`;
}

function onPrimary<T>(ctx: Ctx, fn: (rctx: Ctx) => Promise<T>): Promise<ReadResult<T>> {
  const asOf = now().toISOString();
  return fn(ctx).then((value) => ({ value, asOf, source: 'primary' as const }));
}

/** A Database over one checked-out replica connection: what `fn` sees as `rctx.db`. */
function readOnlyDb(client: pg.PoolClient): Database {
  return { kind: 'postgres', orm: ormOver(client), close: async () => {} };
}

/**
 * Waits (bounded) until the replica on `client` has replayed `ctx.readAfter`; its asOf, or null to go to the primary.
 * With `snapshot`, then begins the transaction whose first statement (the caller's) takes the snapshot.
 */
async function caughtUp(client: pg.PoolClient, ctx: Ctx, snapshot: boolean): Promise<string | null> {
  const deadline = performance.now() + waitMs();
  const check = checkSql(ctx.readAfter);
  for (let pause = 2; ; pause = Math.min(pause * 2, 25)) {
    const row = (await client.query<{ ok: boolean; asOf: Date | null }>(check)).rows[0];
    if (row?.ok && row.asOf) {
      if (snapshot) await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      return new Date(row.asOf).toISOString();
    }
    const left = deadline - performance.now();
    if (left <= 0) return null;
    await new Promise((res) => setTimeout(res, Math.min(pause, left)));
  }
}

export async function onReplica<T>(ctx: Ctx, fn: (rctx: Ctx) => Promise<T>, opts: { snapshot?: boolean } = {}): Promise<ReadResult<T>> {
  const db = ctx.db;
  const replica = db.replica;
  if (!replica || joinsCallersTx(db) || (downUntil.get(db) ?? 0) > performance.now()) return onPrimary(ctx, fn);
  const snapshot = opts.snapshot ?? false;
  let client: pg.PoolClient;
  try {
    client = await replica.pool.connect();
  } catch {
    downUntil.set(db, performance.now() + DOWN_MS);
    return onPrimary(ctx, fn);
  }
  let broken: Error | undefined;
  try {
    const asOf = await caughtUp(client, ctx, snapshot);
    if (asOf) {
      const value = await fn({ ...ctx, db: readOnlyDb(client) });
      if (snapshot) await client.query('COMMIT');
      return { value, asOf, source: 'replica' };
    }
  } catch (e) {
    if (isConnectionError(e)) {
      broken = e as Error;
      downUntil.set(db, performance.now() + DOWN_MS);
    } else {
      await client.query('ROLLBACK').catch((r: Error) => { broken = r; });
      if (!RERUN_ON_PRIMARY.has(errorCode(e) ?? '')) throw e;
    }
  } finally {
    client.release(broken);
  }
  return onPrimary(ctx, fn);
}

/** For /api/health/ready: 'none' without a replica, else whether it answers now (within 1 s). */
export async function replicaStatus(db: Database): Promise<'up' | 'down' | 'none'> {
  if (!db.replica) return 'none';
  try {
    await db.replica.pool.query('SELECT 1');
    return 'up';
  } catch {
    return 'down';
  }
}
