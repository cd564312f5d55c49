import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/core/db/connect';
import { freePort } from './support/pgbouncer';
import { type ServerProcess, entryMaker, getJson, login, postEntry, startServer } from './support/server-child';
import { freshDatabase } from './support/test-db';

/**
 * SIGTERM during a load of keyed postings (src/core/http/drain.ts through src/server.ts): readiness turns 503 at
 * once, requests go on being served for SHUTDOWN_DELAY_MS, then the server stops accepting, finishes what it had
 * started, closes its pool and exits 0. Every acknowledged posting is stored, none half-done (the ledger verifies),
 * and the unanswered ones, retried with their keys on the next server, are stored once. PostgreSQL only: the
 * embedded database has one process by nature (tests/server-restart.test.ts).
 */
const PASSWORD = 'drain-pass-1';
let db: Database & { url?: string };
let server: ServerProcess | undefined;

beforeAll(async () => { if (process.env.TEST_DB === 'postgres') db = await freshDatabase(); }, 120_000);
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await db?.close();
});

const env = () => ({ DATABASE_URL: db.url!, ADMIN_PASSWORD: PASSWORD, DEMO_DATA: 'off', SHUTDOWN_DELAY_MS: '1500', SHUTDOWN_TIMEOUT_MS: '60000' });

describe.skipIf(process.env.TEST_DB !== 'postgres')('a server stopped with SIGTERM under load', () => {
  it('drains: readiness 503, acknowledged postings all stored and none half-done, exit 0; the rest posted once on retry', async () => {
    server = await startServer(await freePort(), env(), undefined, '/api/health/ready');
    const { base } = server;
    let cookie = await login(base, PASSWORD);
    const body = await entryMaker(base, cookie);
    const refs = Array.from({ length: 4 }, (_, c) => Array.from({ length: 60 }, (_, i) => `drain-${c}-${i}`));
    const acked = new Set<string>();
    const answers: number[] = [];
    const clients = refs.map(async (mine) => {
      for (const ref of mine) {
        const status = await postEntry(base, cookie, body(ref));
        answers.push(status);
        if (status === 201) acked.add(ref);
        else if (status === 0 || status === 503) return; // the server is gone or going: stop, as a client behind a balancer would move on
        else throw new Error(`${ref}: ${status}`);
      }
    });
    while (acked.size < 20) await new Promise((r) => setTimeout(r, 20));

    const t0 = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    const ackedWhileDraining = acked.size;
    const exit = await server.exited;
    await Promise.all(clients);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(acked.size, 'postings were still served during the drain delay').toBeGreaterThan(ackedWhileDraining);
    expect(answers.filter((s) => s !== 201 && s !== 0 && s !== 503)).toEqual([]);

    // what was acknowledged is there, once; nothing is half-done
    const stored = (await db.orm.execute(sql`SELECT reference, count(*)::int AS n FROM journal_entries WHERE reference LIKE 'drain-%' GROUP BY 1`)).rows as { reference: string; n: number }[];
    for (const ref of acked) expect(stored.find((r) => r.reference === ref)?.n, ref).toBe(1);
    expect(stored.every((r) => r.n === 1)).toBe(true);

    // the next server (a new one, as after a deploy) takes the retries with their keys: each reference posted once
    server = await startServer(await freePort(), env(), undefined, '/api/health/ready');
    cookie = await login(server.base, PASSWORD);
    for (const ref of refs.flat()) expect(await postEntry(server.base, cookie, body(ref)), ref).toBe(201);
    const after = (await db.orm.execute(sql`SELECT count(*)::int AS n, count(DISTINCT reference)::int AS d FROM journal_entries WHERE reference LIKE 'drain-%'`)).rows[0] as { n: number; d: number };
    expect(after).toEqual({ n: refs.flat().length, d: refs.flat().length });
    expect(await getJson(server.base, cookie, '/api/accounting/ledger/verify')).toMatchObject({ ok: true, problems: [] });
  }, 600_000);
});
