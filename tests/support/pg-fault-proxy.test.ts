import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapturedFrame, type FaultPlan, type FaultProxy, startFaultProxy } from './pg-fault-proxy';
import { commandTag, FrameReader, parseMessage, queryText, readyStatus, SSL_REQUEST } from './pg-frames';
import { testDbKind } from './template';
import { freshDatabase } from './test-db';

/**
 * The fault proxy on real PostgreSQL traffic: frames captured from a live session parse as the protocol says (and
 * the same when the bytes come one at a time), queries pass unchanged when no fault is planned, SSLRequest is
 * answered 'N', and each fault point ends a pg.Client's connection exactly there (what PostgreSQL did is read back
 * on a direct connection). Needs a PostgreSQL server: skipped on PGlite, which has no wire protocol.
 */
const onPg = testDbKind() === 'postgres';
let db: Awaited<ReturnType<typeof freshDatabase>>;
let proxy: FaultProxy;
let direct: pg.Client;

beforeAll(async () => {
  if (!onPg) return;
  db = await freshDatabase();
  const u = new URL(db.url!);
  proxy = await startFaultProxy({ host: u.hostname, port: Number(u.port || 5432) });
  direct = new pg.Client({ connectionString: db.url });
  await direct.connect();
  await direct.query('CREATE TABLE fp_t (id int PRIMARY KEY, note text)');
});
afterAll(async () => {
  await direct?.end();
  await proxy?.stop();
  await db?.close();
});

/** A client through the proxy, connected with faults off; `plan` replaces the proxy's plan (and its generator). */
async function viaProxy(plan?: FaultPlan, enabled = true): Promise<{ c: pg.Client; ended: Promise<string> }> {
  if (plan) proxy.setPlan(plan);
  proxy.enabled = false;
  const c = new pg.Client({ connectionString: proxy.urlFor(db.url!) });
  const ended = new Promise<string>((resolve) => { c.on('error', (e) => resolve(e.message)); c.on('end', () => resolve('end')); });
  await c.connect();
  proxy.enabled = enabled;
  return { c, ended };
}

const failure = (p: Promise<unknown>) => p.then(() => 'no error', (e: Error) => e.message);

describe.skipIf(!onPg)('pg fault proxy (PostgreSQL only: PGlite has no wire protocol)', () => {
  it('forwards queries unchanged and parses the frames PostgreSQL and node-postgres exchange', async () => {
    const frames: CapturedFrame[] = [];
    proxy.tap = (f) => frames.push(f);
    const { c } = await viaProxy({}, false);
    try {
      expect((await c.query('SELECT 1 AS x, $1::text AS y', ['é'])).rows).toEqual([{ x: 1, y: 'é' }]);
      expect((await c.query({ name: 'named1', text: 'SELECT $1::int + 1 AS n', values: [41] })).rows).toEqual([{ n: 42 }]);
      expect((await c.query({ name: 'named1', text: 'SELECT $1::int + 1 AS n', values: [1] })).rows).toEqual([{ n: 2 }]);
      await c.query('BEGIN');
      await c.query('INSERT INTO fp_t VALUES (1, $1)', ['one']);
      await c.query('COMMIT');
      expect(((await c.query('SELECT note FROM fp_t; SELECT 2 AS two')) as unknown as pg.QueryResult[]).map((r: pg.QueryResult) => r.rows)).toEqual([[{ note: 'one' }], [{ two: 2 }]]);
    } finally {
      proxy.tap = undefined;
      await c.end();
    }
    const server = frames.filter((f) => f.from === 'server');
    const client = frames.filter((f) => f.from === 'client');
    expect(server.filter((f) => f.type === 'C').map((f) => commandTag({ ...f, body: f.raw.subarray(5) }))).toEqual(
      ['SELECT 1', 'SELECT 1', 'SELECT 1', 'BEGIN', 'INSERT 0 1', 'COMMIT', 'SELECT 1', 'SELECT 1']);
    expect(server.filter((f) => f.type === 'Z').map((f) => readyStatus({ ...f, body: f.raw.subarray(5) }))).toEqual(['I', 'I', 'I', 'I', 'T', 'T', 'I', 'I']); // startup, 3 selects, BEGIN, INSERT, COMMIT, two statements;
    expect(client.filter((f) => f.type === 'Q').map((f) => queryText({ ...f, body: f.raw.subarray(5) }))).toEqual(['BEGIN', 'COMMIT', 'SELECT note FROM fp_t; SELECT 2 AS two']);
    // the named statement is parsed once; its second run is Bind/Execute only
    const parses = client.filter((f) => f.type === 'P').map((f) => parseMessage({ ...f, body: f.raw.subarray(5) }));
    expect(parses.filter((p) => p.name === 'named1')).toEqual([{ name: 'named1', text: 'SELECT $1::int + 1 AS n' }]);
    expect(client[0]!.type).toBe(''); // the startup message has no type byte
    expect(server[0]!.type).toBe('R'); // then authentication (trust: AuthenticationOk), parameters, key data, ready
    // the same bytes one at a time give the same frames
    const reader = new FrameReader(false);
    const bytes = Buffer.concat(server.map((f) => f.raw));
    const again = [...bytes].flatMap((b) => reader.push(Buffer.from([b])));
    expect(again.map((f) => f.type).join('')).toBe(server.map((f) => f.type).join(''));
  });

  it('answers SSLRequest with N, then takes the startup message', async () => {
    const s = connect({ host: '127.0.0.1', port: proxy.port });
    await new Promise((r) => s.once('connect', r));
    const req = Buffer.alloc(8);
    req.writeInt32BE(8, 0);
    req.writeInt32BE(SSL_REQUEST, 4);
    s.write(req);
    const answer = await new Promise<Buffer>((r) => s.once('data', r));
    expect(answer.toString()).toBe('N');
    s.destroy();
  });

  it('beforeBegin: BEGIN never reaches PostgreSQL and the connection ends', async () => {
    const { c, ended } = await viaProxy({ beforeBegin: 1 });
    expect((await c.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(await failure(c.query('BEGIN'))).toMatch(/terminated|ended|closed/i);
    await ended;
    expect(proxy.counts.beforeBegin).toBe(1);
  });

  it('midTransaction: the reply to BEGIN is dropped, nothing of the transaction commits', async () => {
    const { c, ended } = await viaProxy({ midTransaction: 1 });
    expect(await failure(c.query('BEGIN'))).toMatch(/terminated|ended|closed/i);
    await ended;
    expect(proxy.counts.midTransaction).toBe(1);
  });

  it('afterCommit: COMMIT and an implicit INSERT are committed, and the client never learns it', async () => {
    let { c } = await viaProxy({ afterCommit: 1 });
    await c.query('BEGIN');
    await c.query('INSERT INTO fp_t VALUES (2, $1)', ['two']);
    expect(await failure(c.query('COMMIT'))).toMatch(/terminated|ended|closed/i);
    ({ c } = await viaProxy({ afterCommit: 1 }));
    expect(await failure(c.query('INSERT INTO fp_t VALUES (3, $1)', ['three']))).toMatch(/terminated|ended|closed/i);
    ({ c } = await viaProxy({ afterCommit: 1 }));
    expect(await failure(c.query("WITH w AS (INSERT INTO fp_t VALUES (4, 'four') RETURNING id) SELECT id FROM w"))).toMatch(/terminated|ended|closed/i);
    expect((await direct.query('SELECT id FROM fp_t WHERE id > 1 ORDER BY id')).rows).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }]);
    expect(proxy.counts.afterCommit).toBe(3);
  });

  it('afterKeyClaim / afterKeyAnswer: the idempotency key is written and the reply dropped', async () => {
    let { c } = await viaProxy({ afterKeyClaim: 1 });
    const claim = `INSERT INTO idempotency_keys (company_id, key, request_hash) VALUES ($1, $2, 'h') ON CONFLICT DO NOTHING RETURNING key`;
    expect(await failure(c.query(claim, [1, 'k1']))).toMatch(/terminated|ended|closed/i);
    ({ c } = await viaProxy({ afterKeyAnswer: 1 }));
    expect((await c.query(claim, [1, 'k2'])).rowCount).toBe(1); // a claim is not an answer
    expect(await failure(c.query(`UPDATE idempotency_keys SET status_code = 201, response = '{}' WHERE key = $1`, ['k2']))).toMatch(/terminated|ended|closed/i);
    expect((await direct.query('SELECT key, status_code FROM idempotency_keys ORDER BY key')).rows).toEqual([{ key: 'k1', status_code: null }, { key: 'k2', status_code: 201 }]);
    expect([proxy.counts.afterKeyClaim, proxy.counts.afterKeyAnswer]).toEqual([1, 1]);
  });

  it('idle: a connection idle longer than idleMs is closed; a busy one is not', async () => {
    const { c, ended } = await viaProxy({ idleMs: 150 });
    await c.query('SELECT pg_sleep(0.3)'); // busy for twice idleMs: not idle
    expect(proxy.counts.idle).toBe(0);
    const at = Date.now();
    await c.query('SELECT 1');
    expect(await ended).toMatch(/terminated|ended|closed|end/i);
    expect(Date.now() - at).toBeGreaterThanOrEqual(140);
    expect(proxy.counts.idle).toBe(1);
    const spent = await viaProxy({ idleMs: 50, maxPerPoint: 0 });
    await spent.c.query('SELECT 1');
    await new Promise((r) => setTimeout(r, 150));
    expect(proxy.counts.idle).toBe(1);
    await spent.c.end();
  });

  it('breaks at most maxPerPoint times, and the same seed breaks the same moments', async () => {
    const run = async (plan: FaultPlan) => {
      proxy.setPlan(plan);
      const broken: number[] = [];
      for (let i = 0; i < 12; i++) {
        const { c } = await viaProxy();
        if ((await failure(c.query('INSERT INTO fp_t VALUES ($1, null) ON CONFLICT DO NOTHING', [100 + i]))) !== 'no error') broken.push(i);
        else await c.end();
      }
      return broken;
    };
    const a = await run({ afterCommit: 0.4, seed: 7 });
    expect(a.length).toBeGreaterThan(0);
    expect(a.length).toBeLessThan(12);
    expect(await run({ afterCommit: 0.4, seed: 7 })).toEqual(a);
    expect(await run({ afterCommit: 0.4, seed: 8 })).not.toEqual(a);
    expect(await run({ afterCommit: 1, maxPerPoint: 2 })).toEqual([0, 1]);
  });
});
