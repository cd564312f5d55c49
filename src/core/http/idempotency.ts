import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connect';
import { type RequestKey, runInRequestScope, setRequestKey } from '../db/request-key';
import { entityByName } from '../../modules/registry';
import { getRecord } from '../entity/crud.read';
import { unprocessable } from './errors';
import type { Ctx } from './context';
import type { AnyEntity } from '../entity/define';

/**
 * Idempotency-Key on POST, unique per (company, key); see core/db/request-key.ts for the write path it rides on.
 * - The key is written by the transaction of the work itself, so it exists exactly when the work committed.
 * - A request whose key exists is answered from what committed: the stored answer (same body required, else 422),
 *   or, when the work committed but its answer was never stored (the reply or the process was lost in between),
 *   the record the work wrote, re-read (its audit rows carry the key).
 * - The answer of a client's key is stored after the work (below 500 only), or in the work's own COMMIT message
 *   (`atCommit`). A 5xx never removes a key: a key exists only if its work committed, and then it must stay.
 * - Two requests with the same key at once: the second waits on the first's uncommitted key, then replays.
 * Write requests without a key get one made by the server (guard.ts), so "did it commit?" always has an answer.
 */
declare module 'fastify' {
  interface FastifyRequest { idemKey?: RequestKey; idemReplayed?: boolean; idemTarget?: IdemTarget }
}

/** What a route's answer is: a record of `def` (`id` for a transition or action; none for a create). */
/**
 * What a keyed route writes: its entity (and the record, for a route on one). `answer`: for a route whose answer is
 * not the record itself, rebuilds that answer from the record the committed work wrote, so a retry whose first
 * answer was lost gets the same shape as the first (the till's `{ order, change, ... }`).
 */
export interface IdemTarget {
  def: AnyEntity; id?: number; answer?: (ctx: Ctx, recordId: number) => Promise<unknown>;
  /**
   * The route's first database work after the claim is one withTx, whose first message inserts the key: a key that
   * committed is met there (AlreadyDone, answered from the key by app.ts) before anything else is read or written,
   * so it is not looked up first (one round trip less for a hot route: the till's sale).
   */
  txFirst?: boolean;
  /**
   * The route answers this status with the value of the transaction that carries the key, as JSON: that answer is
   * stored by the transaction's own COMMIT message (core/db/tx.ts), not by a statement after it (one round trip
   * less: the till's sale), and the route sends exactly what was stored (`answered`).
   */
  atCommit?: number;
}

export function requestHash(req: FastifyRequest): string {
  return createHash('sha256').update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`).digest('hex');
}

/** Call at the start of a POST handler that has a company context. Returns true when the reply was replayed. */
export async function claimIdempotency(db: Database, req: FastifyRequest, reply: FastifyReply, companyId: number, target?: IdemTarget): Promise<boolean> {
  req.idemTarget = target;
  const raw = req.headers['idempotency-key'];
  if (req.method !== 'POST' || typeof raw !== 'string' || !raw) return false;
  const k = setRequestKey(companyId, { key: raw.slice(0, 200), hash: requestHash(req) });
  if (!k) return false;
  req.idemKey = k;
  if (target?.atCommit) k.answer = { status: target.atCommit, body: (v) => JSON.stringify(v) };
  return target?.txFirst ? false : answerFromKey(db, req, reply, k);
}

/** A route's answer `value` with `status`: the very text its COMMIT stored for the key, when it did (`atCommit`). */
export function answered(req: FastifyRequest, reply: FastifyReply, status: number, value: unknown): unknown {
  reply.code(status);
  const stored = req.idemKey?.answer?.stored;
  if (stored === undefined) return value;
  reply.header('content-type', 'application/json; charset=utf-8');
  return stored;
}

interface KeyRow { request_hash: string; status_code: number | null; response: string | null }

/** Answers `req` from what the work of `k` committed; false when it has not committed (the work may run). */
export async function answerFromKey(db: Database, req: FastifyRequest, reply: FastifyReply, k: RequestKey): Promise<boolean> {
  const res = await db.orm.execute(sql`SELECT request_hash, status_code, response FROM idempotency_keys WHERE company_id = ${k.companyId} AND key = ${k.key}`);
  const row = res.rows[0] as KeyRow | undefined;
  if (!row) return false;
  if (row.request_hash !== k.hash) throw unprocessable('idempotencyMismatch');
  k.written = true;
  reply.header('Idempotent-Replayed', 'true');
  if (row.status_code !== null) {
    req.idemReplayed = true;
    reply.code(row.status_code).header('content-type', 'application/json; charset=utf-8');
    await reply.send(row.response ?? '');
    return true;
  }
  // the work committed but its answer was never stored: re-read, and store that answer (onSend) for the next retry
  await reply.send(await rereadWork(db, req, reply, k));
  return true;
}

/**
 * The answer of a committed work whose answer was not stored: the record of the route's entity it wrote, re-read
 * (the record created, by its audit row carrying the key; or the record the route names). Without a target, the
 * first record the work wrote.
 */
async function rereadWork(db: Database, req: FastifyRequest, reply: FastifyReply, k: RequestKey): Promise<unknown> {
  const res = await db.orm.execute(sql`SELECT entity, record_id, action FROM audit_log
    WHERE company_id = ${k.companyId} AND request_key = ${k.key} ORDER BY id`);
  const rows = (res.rows as { entity: string; record_id: number; action: string }[]).map((r) => ({ ...r, record_id: Number(r.record_id) }));
  const ctx = req.ctx as Ctx | undefined;
  const t = req.idemTarget;
  const mine = rows.filter((r) => !t || r.entity === t.def.name);
  if (!ctx || !mine.length) {
    reply.code(200);
    return {};
  }
  if (req.method === 'DELETE' || mine.every((r) => r.action === 'delete')) {
    reply.code(req.method === 'DELETE' ? 204 : 200);
    return req.method === 'DELETE' ? '' : { deleted: mine.length };
  }
  // a create route answers 201 (a journal entry posted by its create has only a 'post' audit row)
  const created = req.method === 'POST' && (t ? !t.id : mine[0]!.action === 'create');
  reply.code(created ? 201 : 200);
  const id = t?.id ?? mine[0]!.record_id;
  return t?.answer ? t.answer(ctx, id) : getRecord(ctx, t?.def ?? entityByName(mine[0]!.entity), id);
}

/** Retries `store` after 1, 2, 4 and 8 s (timers that do not keep the process up), then gives up. */
function storeLater(store: () => Promise<unknown>, warn: (e: unknown) => void, delay = 1000): void {
  setTimeout(() => {
    store().catch((e) => (delay >= 8000 ? warn(e) : storeLater(store, warn, delay * 2)));
  }, delay).unref();
}

export function registerIdempotency(app: FastifyInstance, db: Database): void {
  // every request runs in a scope where its write key lives (request-key.ts)
  app.addHook('onRequest', (_req, _reply, done) => runInRequestScope(done));
  app.addHook('onSend', async (req, reply, payload) => {
    const k = req.idemKey;
    if (!k || req.idemReplayed || k.answer?.stored !== undefined || reply.statusCode >= 500) return payload;
    const body = typeof payload === 'string' ? payload : '';
    const store = () => db.orm.execute(sql`
      INSERT INTO idempotency_keys (company_id, key, request_hash, status_code, response)
      VALUES (${k.companyId}, ${k.key}, ${k.hash}, ${reply.statusCode}, ${body})
      ON CONFLICT (company_id, key) DO UPDATE SET status_code = EXCLUDED.status_code, response = EXCLUDED.response
      WHERE idempotency_keys.status_code IS NULL AND idempotency_keys.request_hash = EXCLUDED.request_hash`);
    // The answer is already computed: stored now, or (the database out of reach for a moment) again in the
    // background a few times, so the key is not left without it. Until then a retry re-reads the committed record.
    await store().catch(() => storeLater(store, (e) => req.log.warn(e)));
    return payload;
  });
}
