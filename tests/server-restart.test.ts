import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real server process on the embedded database: the first start (from the sources) creates and seeds it, a
 * kill -9 right after a committed write loses nothing, and the next start (from the bundle `npm start` runs)
 * reuses the data. Runs on PGlite only (it is about PGlite).
 */
const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'daftar-restart-'));
const port = 4100 + Math.floor(Math.random() * 800);
const base = `http://127.0.0.1:${port}`;
let child: ChildProcess | undefined;

const SOURCES = ['--import', 'tsx', join(root, 'src/server.ts')];

async function start(args = SOURCES): Promise<ChildProcess> {
  const c = spawn(process.execPath, args, {
    cwd: root, stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), DATABASE_URL: '', ADMIN_PASSWORD: 'restart-pass-1', LOG: 'off' },
  });
  // a first start seeds the demo company: seconds on a quiet machine, over a minute on a loaded one
  for (let i = 0; i < 1800; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return c;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  c.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Kills the process with SIGKILL and waits until it has exited (at once when it already has: no 'exit' will come). */
async function kill(c: ChildProcess | undefined): Promise<void> {
  if (!c || c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((r) => c.once('exit', r));
  c.kill('SIGKILL');
  await exited;
}

async function login(): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'restart-pass-1' }) });
  expect(r.status).toBe(200);
  return r.headers.get('set-cookie')!.split(';')[0]!;
}

/** GET as JSON with the cookie. */
const getJson = async (cookie: string, path: string) => (await fetch(`${base}${path}`, { headers: { cookie } })).json();

/** POST a posted journal entry with its reference as Idempotency-Key: the status, or 0 when the connection broke. */
async function postEntry(cookie: string, body: Record<string, unknown>): Promise<number> {
  try {
    const r = await fetch(`${base}/api/accounting/journal-entries`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie, 'idempotency-key': String(body.reference) }, body: JSON.stringify(body),
    });
    await r.arrayBuffer();
    return r.status;
  } catch {
    return 0;
  }
}

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('server process on the embedded database', () => {
  it('keeps committed work through kill -9 and reuses the data on the next start', async () => {
    child = await start();
    let cookie = await login();
    const demo = await (await fetch(`${base}/api/contacts/contacts`, { headers: { cookie } })).json();
    expect(demo.total).toBeGreaterThan(0);
    const created = await fetch(`${base}/api/contacts/contacts`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ kind: 'individual', name: 'Survivor', nameAr: 'الناجي' }),
    });
    expect(created.status).toBe(201);
    await kill(child);

    const { buildServer, SERVER_BUNDLE } = await import(join(root, 'scripts/build-server.mjs'));
    await buildServer();
    child = await start([SERVER_BUNDLE]);
    cookie = await login();
    expect((await fetch(`${base}/api/docs/`)).status).toBe(200);
    const after = await (await fetch(`${base}/api/contacts/contacts?search=${encodeURIComponent('الناجي')}`, { headers: { cookie } })).json();
    expect(after.items.map((c: { name: string }) => c.name)).toEqual(['Survivor']);
    const again = await (await fetch(`${base}/api/contacts/contacts`, { headers: { cookie } })).json();
    expect(again.total).toBe(demo.total + 1);
  }, 600_000);

  it('killed -9 in the middle of keyed postings: every acknowledged entry is there, retries with their keys post the rest once, the ledger verifies', async () => {
    await kill(child);
    child = await start();
    let cookie = await login();
    const journal = (await getJson(cookie, '/api/accounting/journals?search=GEN')).items[0];
    const accounts = (await getJson(cookie, '/api/accounting/accounts?pageSize=200&filter[isLeaf]=true')).items as { id: number; code: string; isLeaf: boolean }[];
    const [a, b] = accounts.filter((x) => x.isLeaf);
    const body = (reference: string) => ({ journalId: journal.id, date: '2026-05-04', reference, post: true,
      lines: [{ accountId: a!.id, debit: '12.50', credit: '0' }, { accountId: b!.id, debit: '0', credit: '12.50' }] });
    const refs = Array.from({ length: 4 }, (_, c) => Array.from({ length: 40 }, (_, i) => `crash-${c}-${i}`));
    const acked = new Set<string>();
    let stop = false;
    const clients = refs.map(async (mine) => {
      for (const ref of mine) {
        if (stop) return;
        if ((await postEntry(cookie, body(ref))) === 201) acked.add(ref);
      }
    });
    const running = Promise.all(clients);
    let finished = false;
    void running.then(() => { finished = true; });
    while (acked.size < 20 && !finished) await new Promise((r) => setTimeout(r, 20));
    expect(acked.size, 'postings were acknowledged before the kill').toBeGreaterThanOrEqual(20);
    const killed = kill(child);
    stop = true;
    await Promise.all([killed, ...clients]);

    child = await start();
    cookie = await login();
    for (const ref of refs.flat()) expect(await postEntry(cookie, body(ref)), ref).toBe(201);
    const stored = (await getJson(cookie, `/api/accounting/journal-entries?search=crash-&pageSize=200&sort=number`)).items as { reference: string; number: string }[];
    expect(stored.map((e) => e.reference).sort()).toEqual(refs.flat().sort());
    for (const ref of acked) expect(stored.some((e) => e.reference === ref)).toBe(true);
    const verify = await getJson(cookie, '/api/accounting/ledger/verify');
    expect(verify).toMatchObject({ ok: true, problems: [] });
  }, 600_000);
});
