import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connect';
import { conflict, unprocessable } from './errors';

/**
 * Idempotency-Key on POST, unique per (company, key). The first request claims the key; its answer (below 500)
 * is stored and replayed for the same key and body; the same key with another body is refused with 422; a
 * replay while the first is still running gets 409. A 5xx answer releases the key so the client may retry.
 */
declare module 'fastify' {
  interface FastifyRequest { idemKey?: { companyId: number; key: string } }
}

export function requestHash(req: FastifyRequest): string {
  return createHash('sha256').update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`).digest('hex');
}

/** Call at the start of a POST handler that has a company context. Returns true when the reply was replayed. */
export async function claimIdempotency(db: Database, req: FastifyRequest, reply: FastifyReply, companyId: number): Promise<boolean> {
  const raw = req.headers['idempotency-key'];
  if (req.method !== 'POST' || typeof raw !== 'string' || !raw) return false;
  const key = raw.slice(0, 200);
  const hash = requestHash(req);
  const ins = await db.orm.execute(sql`
    INSERT INTO idempotency_keys (company_id, key, request_hash) VALUES (${companyId}, ${key}, ${hash})
    ON CONFLICT DO NOTHING RETURNING key`);
  if (ins.rows.length) {
    req.idemKey = { companyId, key };
    return false;
  }
  const res = await db.orm.execute(sql`
    SELECT request_hash, status_code, response FROM idempotency_keys WHERE company_id = ${companyId} AND key = ${key}`);
  const row = res.rows[0] as { request_hash: string; status_code: number | null; response: string | null } | undefined;
  if (!row || row.request_hash !== hash) throw unprocessable('idempotencyMismatch');
  if (row.status_code === null) throw conflict('idempotencyInFlight');
  reply.code(row.status_code).header('content-type', 'application/json; charset=utf-8').header('Idempotent-Replayed', 'true');
  await reply.send(row.response ?? '');
  return true;
}

export function registerIdempotency(app: FastifyInstance, db: Database): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const k = req.idemKey;
    if (!k) return payload;
    if (reply.statusCode >= 500) {
      await db.orm.execute(sql`DELETE FROM idempotency_keys WHERE company_id = ${k.companyId} AND key = ${k.key}`);
    } else {
      const body = typeof payload === 'string' ? payload : payload == null ? '' : null;
      await db.orm.execute(sql`
        UPDATE idempotency_keys SET status_code = ${reply.statusCode}, response = ${body ?? ''}
        WHERE company_id = ${k.companyId} AND key = ${k.key}`);
    }
    return payload;
  });
}
