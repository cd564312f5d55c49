import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from './connect';
import { freshDatabase } from '../../../tests/support/test-db';
import { AlreadyDone, runInRequestScope, setRequestKey } from './request-key';
import { DatabaseUnavailable } from './outage';
import { errorCode, joinsCallersTx, withReadTx, withTx } from './tx';

/**
 * The write path of tx.ts: composition (a joined withTx is the caller's transaction), the request key committed
 * with the work (a second run of the same key is AlreadyDone), and a connection that breaks inside a transaction
 * (PostgreSQL: the backend is terminated) neither crashes the process nor doubles nor loses the work.
 */
let db: Database;
beforeAll(async () => {
  db = await freshDatabase();
  await db.orm.execute(sql`CREATE TABLE tx_probe (id serial PRIMARY KEY, label text NOT NULL)`);
});
afterAll(async () => { await db?.close(); });

const labels = async (like: string) =>
  (await db.orm.execute(sql`SELECT label FROM tx_probe WHERE label LIKE ${like} ORDER BY id`)).rows.map((r) => r.label);
const keyRows = async (key: string) =>
  Number((await db.orm.execute(sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ${key}`)).rows[0]!.n);

describe('withTx composes', () => {
  it('joins the caller: an inner withTx writes in the outer transaction and rolls back with it', async () => {
    await expect(withTx(db, async (tx) => {
      await tx.execute(sql`INSERT INTO tx_probe (label) VALUES ('join-outer')`);
      expect(joinsCallersTx(db)).toBe(true);
      await withTx(db, (inner) => inner.execute(sql`INSERT INTO tx_probe (label) VALUES ('join-inner')`));
      throw new Error('the last step fails');
    })).rejects.toThrow('the last step fails');
    expect(await labels('join-%')).toEqual([]);
    expect(joinsCallersTx(db)).toBe(false);
  });
});

describe('withReadTx', () => {
  it('writes no request key, refuses a write inside, and is the caller\'s transaction when joined', async () => {
    const read = await runInRequestScope(async () => {
      setRequestKey(1, { key: 'k-read', hash: 'h' });
      return withReadTx(db, async (tx) => (await tx.execute(sql`SELECT count(*)::int AS n FROM tx_probe`)).rows[0]!.n);
    });
    expect(typeof read).toBe('number');
    expect(await keyRows('k-read')).toBe(0);
    await expect(withReadTx(db, (tx) => tx.execute(sql`INSERT INTO tx_probe (label) VALUES ('read-write')`))).rejects.toSatisfy((e) => errorCode(e) === '25006');
    expect(await labels('read-%')).toEqual([]);
    // inside a writing transaction it joins it (and may see its writes)
    await withTx(db, async (tx) => {
      await tx.execute(sql`INSERT INTO tx_probe (label) VALUES ('read-joined')`);
      expect(await withReadTx(db, async (inner) => (await inner.execute(sql`SELECT count(*)::int AS n FROM tx_probe WHERE label = 'read-joined'`)).rows[0]!.n)).toBe(1);
    });
    expect(await labels('read-%')).toEqual(['read-joined']);
  });
});

describe('request keys', () => {
  it('commits the key with the work, and a second run of the same key is AlreadyDone with nothing written twice', async () => {
    const once = () => runInRequestScope(async () => {
      setRequestKey(1, { key: 'k-same', hash: 'h' });
      return withTx(db, (tx) => tx.execute(sql`INSERT INTO tx_probe (label) VALUES ('key-work')`));
    });
    await once();
    await expect(once()).rejects.toBeInstanceOf(AlreadyDone);
    expect(await labels('key-%')).toEqual(['key-work']);
    expect(await keyRows('k-same')).toBe(1);
  });

  it('leaves no key behind when the work rolls back, so a retry runs', async () => {
    const run = (fail: boolean) => runInRequestScope(async () => {
      setRequestKey(1, { key: 'k-retry', hash: 'h' });
      return withTx(db, async (tx) => {
        await tx.execute(sql`INSERT INTO tx_probe (label) VALUES ('retry-work')`);
        if (fail) throw new Error('refused');
      });
    });
    await expect(run(true)).rejects.toThrow('refused');
    expect(await keyRows('k-retry')).toBe(0);
    await run(false);
    expect(await labels('retry-%')).toEqual(['retry-work']);
  });

  it('runs two requests with the same key at once: one does the work, the other waits and is AlreadyDone', async () => {
    const run = () => runInRequestScope(async () => {
      setRequestKey(1, { key: 'k-race', hash: 'h' });
      return withTx(db, async (tx) => {
        await tx.execute(sql`INSERT INTO tx_probe (label) VALUES ('race-work')`);
        await tx.execute(sql`SELECT pg_sleep(0.05)`);
      });
    });
    const r = await Promise.allSettled([run(), run()]);
    expect(r.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(r.find((x) => x.status === 'rejected')!.reason).toBeInstanceOf(AlreadyDone);
    expect(await labels('race-%')).toEqual(['race-work']);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('a connection that breaks (PostgreSQL)', () => {
  const terminateSelf = (tx: Parameters<Parameters<typeof withTx>[1]>[0]) =>
    tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`).catch(() => undefined);

  it('runs the work once more when the connection broke before the commit (the key was not there), and the process stays up', async () => {
    let runs = 0;
    await runInRequestScope(async () => {
      setRequestKey(1, { key: 'k-broken', hash: '' });
      await withTx(db, async (tx) => {
        runs++;
        await tx.execute(sql`INSERT INTO tx_probe (label) VALUES ('broken-work')`);
        if (runs === 1) await terminateSelf(tx);
      });
    });
    expect(runs).toBe(2);
    expect(await labels('broken-%')).toEqual(['broken-work']);
    expect(await keyRows('k-broken')).toBe(1);
  });

  it('answers DatabaseUnavailable when it breaks twice, and without a key at once; the pool serves the next request', async () => {
    await expect(runInRequestScope(async () => {
      setRequestKey(1, { key: 'k-twice', hash: '' });
      await withTx(db, async (tx) => {
        await tx.execute(sql`INSERT INTO tx_probe (label) VALUES ('twice-work')`);
        await terminateSelf(tx);
      });
    })).rejects.toBeInstanceOf(DatabaseUnavailable);
    await expect(withTx(db, terminateSelf)).rejects.toBeInstanceOf(DatabaseUnavailable);
    expect(await labels('twice-%')).toEqual([]);
    expect((await db.orm.execute(sql`SELECT 1 AS one`)).rows[0]!.one).toBe(1);
  });

  it('survives a checked-out client whose backend is killed while idle in a transaction (no unhandled error event)', async () => {
    const other = await freshPid();
    await expect(withTx(db, async (tx) => {
      const pid = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid;
      await other(Number(pid));
      await new Promise((r) => setTimeout(r, 100));
      await tx.execute(sql`SELECT 1`);
    })).rejects.toBeInstanceOf(DatabaseUnavailable);
    expect((await db.orm.execute(sql`SELECT 2 AS two`)).rows[0]!.two).toBe(2);
  });
});

/** A function that terminates a backend from another connection of the pool. */
async function freshPid(): Promise<(pid: number) => Promise<void>> {
  return async (pid) => {
    await db.orm.execute(sql`SELECT pg_terminate_backend(${pid})`);
  };
}
