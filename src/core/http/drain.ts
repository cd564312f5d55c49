import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect';
import { messages } from '../i18n/messages';
import { tr } from '../i18n/locale';
import { localeOf } from './locale';

/**
 * Graceful shutdown, for servers that come and go behind a load balancer. Guards: nothing a server acknowledged is
 * lost, nothing it started is left half-done, and it does not hang.
 *
 * On `drainAndClose` (SIGTERM, SIGINT):
 *  1. draining: the readiness check (`GET /api/health/ready`) answers 503 "draining", so the load balancer takes the
 *     server out; for `delayMs` (SHUTDOWN_DELAY_MS, default 0: set it to the balancer's detection time) requests are
 *     still served as usual.
 *  2. closing: the listener closes (no new connection), kept-alive connections are closed as they turn idle, a request that
 *     arrives on a busy one is refused 503 with Retry-After and `Connection: close` before it starts (a client
 *     retries it on another server, with the same Idempotency-Key for a write), and every response ends its
 *     connection. Requests already started run to their end: each write commits or rolls back as a whole (tx.ts).
 *  3. the pool is closed once the last request has answered, and the answer is 'drained'.
 * Bounded: past `timeoutMs` (SHUTDOWN_TIMEOUT_MS, default 10 s, counted from the signal) the remaining connections
 * are cut and the answer is 'forced'; a transaction still open then dies with its connection, and PostgreSQL rolls
 * it back (its client got no answer, so nothing acknowledged is lost; a retry with its key runs it once).
 */
interface DrainState { draining: boolean; closing: boolean }
const states = new WeakMap<FastifyInstance, DrainState>();

/** True from the signal on: readiness answers 503. */
export const isDraining = (app: FastifyInstance): boolean => states.get(app)?.draining ?? false;

/** Installs the refusal of requests that arrive while the server closes (call once, from buildApp). */
export function registerDrain(app: FastifyInstance): void {
  const state: DrainState = { draining: false, closing: false };
  states.set(app, state);
  app.addHook('onRequest', async (req, reply) => {
    if (!state.closing) return;
    reply.header('connection', 'close').header('retry-after', '1');
    return reply.code(503).send({ error: { code: 'unavailable', message: tr(messages.shuttingDown, localeOf(req)) } });
  });
  app.addHook('onSend', async (_req, reply) => {
    if (state.closing) reply.header('connection', 'close');
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export async function drainAndClose(app: FastifyInstance, db: Database, opts: { delayMs?: number; timeoutMs?: number } = {}): Promise<'drained' | 'forced'> {
  const state = states.get(app);
  if (!state) throw new Error('registerDrain was not called for this app');
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  state.draining = true;
  if (opts.delayMs) await sleep(Math.min(opts.delayMs, Math.max(0, deadline - Date.now())));
  state.closing = true;
  let stage = 'the server closing';
  // The listener's close ends the connections idle at that moment; one whose answer was still being written then
  // turns idle a moment later, kept alive (72 s) with no request coming: end such connections as they turn idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const closed = app.close().then(() => { stage = 'the database pool closing'; return db.close(); }).then(() => 'drained' as const);
  const outcome = await Promise.race([closed, sleep(Math.max(0, deadline - Date.now())).then(() => 'forced' as const)]);
  clearInterval(sweep);
  if (outcome === 'forced') {
    const conns = await new Promise<number>((r) => app.server.getConnections((_e, n) => r(n ?? -1)));
    const pool = db.pool ? `; pool: ${db.pool.totalCount} connections, ${db.pool.idleCount} idle, ${db.pool.waitingCount} waiting` : '';
    console.error(`drain: still waiting on ${stage} (${conns} client connections open${pool})`);
    app.server.closeAllConnections();
    // a pool whose clients are still checked out would wait for them: give it a moment, no more
    await Promise.race([db.close().catch(() => {}), sleep(1000)]);
  }
  return outcome;
}
