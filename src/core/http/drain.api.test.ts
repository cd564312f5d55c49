import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/support/test-db';
import type { Database } from '../db/connect';
import { buildApp } from './app';
import { drainAndClose } from './drain';

/**
 * Graceful shutdown in one process (drain.ts): readiness says "draining" while requests are still served, the
 * listener then closes, a request already started answers, a request that arrives on an open connection is
 * refused 503 with Retry-After in the caller's language, the pool closes; and past the bound the server stops
 * waiting. The real process (SIGTERM during keyed postings) is tests/server-drain.test.ts.
 */
let app: FastifyInstance | undefined;
afterEach(async () => { app?.server.closeAllConnections(); });

async function serve(): Promise<{ db: Database; port: number; slow: { started: Promise<void>; release(): void } }> {
  const db = await freshDatabase();
  let release!: () => void;
  let started!: () => void;
  const gate = new Promise<void>((r) => { release = r; });
  const slow = { started: new Promise<void>((r) => { started = r; }), release };
  app = await buildApp({
    db, entities: [], version: 'test',
    extend: (a) => { a.get('/slow', async () => { started(); await gate; return { done: true }; }); },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { db, port: (app.server.address() as { port: number }).port, slow };
}

/** A raw HTTP/1.1 exchange on its own socket: `head` is sent at once, `rest` when `later` resolves. */
function exchange(port: number, head: string, later?: Promise<unknown>, rest = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    let data = '';
    s.on('data', (d) => { data += d.toString(); });
    s.on('close', () => resolve(data));
    s.on('error', reject);
    s.write(head);
    void later?.then(() => s.write(rest));
  });
}
const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nhost: x\r\nconnection: keep-alive\r\n${extra}`;
const status = (raw: string) => Number(raw.split(' ')[1]);

it('drains: readiness 503 while still serving, then no new connection, started requests answer, late ones 503, the pool closes', async () => {
  const { db, port, slow } = await serve();
  expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
  const inFlight = exchange(port, get('/slow') + '\r\n');
  await slow.started;
  // headers begun before the close, finished after it: the request arrives on a connection that is open
  let finish!: () => void;
  const late = exchange(port, get('/api/health', 'cookie: locale=ar\r\n'), new Promise<void>((r) => { finish = r; }), '\r\n');
  await new Promise((r) => setTimeout(r, 100));

  const outcome = drainAndClose(app!, db, { delayMs: 600, timeoutMs: 10_000 });
  const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ status: 'draining' });
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

  await new Promise((r) => setTimeout(r, 800));
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  finish();
  const refused = await late;
  expect(status(refused)).toBe(503);
  expect(refused.toLowerCase()).toContain('retry-after: 1');
  expect(refused).toContain('هذا الخادم قيد الإيقاف');

  slow.release();
  const answered = await inFlight;
  expect(status(answered)).toBe(200);
  expect(answered).toContain('{"done":true}');
  expect(await outcome).toBe('drained');
  await expect(db.orm.execute(sql`SELECT 1`)).rejects.toThrow();
});

it('stops waiting at the bound: a request that never ends is cut and the answer is "forced"', async () => {
  const { db, port, slow } = await serve();
  const inFlight = exchange(port, get('/slow') + '\r\n');
  await slow.started;
  const t0 = Date.now();
  expect(await drainAndClose(app!, db, { timeoutMs: 700 })).toBe('forced');
  expect(Date.now() - t0).toBeLessThan(3000);
  expect(await inFlight).toBe('');
  slow.release();
});
