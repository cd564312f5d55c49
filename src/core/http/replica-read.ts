import type { FastifyReply } from 'fastify';
import { onReplica, type ReadResult } from '../db/replica';
import type { Ctx } from './context';

/**
 * A route's reads through core/db/replica.ts, the answer saying where they came from and how fresh they are:
 * `X-Data-Source: replica|primary` and `X-Data-As-Of: <ISO instant>` (a report's JSON also carries `asOf`).
 */
export async function readFromReplica<T>(reply: FastifyReply, ctx: Ctx, fn: (rctx: Ctx) => Promise<T>, opts: { snapshot?: boolean } = {}): Promise<ReadResult<T>> {
  const r = await onReplica(ctx, fn, opts);
  reply.header('x-data-source', r.source).header('x-data-as-of', r.asOf);
  return r;
}
