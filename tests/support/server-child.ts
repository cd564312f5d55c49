import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * Real server processes for the tests that start, kill and stop them (tests/server-*.test.ts): `src/server.ts` from
 * the sources (or a bundle) on 127.0.0.1, and the HTTP calls those tests make as a browser or an integration would.
 * A first start on a loaded machine takes long (tsx compiles the sources, the first company is made): the wait for
 * readiness is generous (START_TIMEOUT_MS).
 */
export const ROOT = new URL('../..', import.meta.url).pathname;
export const SOURCES = ['--import', 'tsx', join(ROOT, 'src/server.ts')];
const START_TIMEOUT_MS = 180_000;

export interface ServerProcess { child: ChildProcess; port: number; base: string; exited: Promise<{ code: number | null; signal: string | null }> }

/** Starts a server with `env` over the test process's environment; answers once `readyPath` answers 200. */
export async function startServer(port: number, env: Record<string, string>, args = SOURCES, readyPath = '/api/health'): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG: 'off', ...env },
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  let gone = false;
  void exited.then(() => { gone = true; });
  for (const until = Date.now() + START_TIMEOUT_MS; Date.now() < until && !gone;) {
    try {
      if ((await fetch(`${base}${readyPath}`)).ok) return { child, port, base, exited };
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server on port ${port} did not start${gone ? ' (it exited)' : ''}`);
}

/** Signs in; answers the session cookie (`sid=...`), valid on every server of the same database. */
export async function login(base: string, password: string): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${await r.text()}`);
  return r.headers.get('set-cookie')!.split(';')[0]!;
}

/** GET as JSON with the cookie. */
export const getJson = async (base: string, cookie: string, path: string) => (await fetch(`${base}${path}`, { headers: { cookie } })).json();

/** POST a journal entry with its reference as Idempotency-Key: the status, or 0 when the connection failed or broke. */
export const postEntry = async (base: string, cookie: string, body: Record<string, unknown>): Promise<number> => (await postKeyed(base, cookie, body)).status;

/** postEntry, and whether the answer was replayed from the key (`Idempotent-Replayed`). */
export async function postKeyed(base: string, cookie: string, body: Record<string, unknown>): Promise<{ status: number; replayed: boolean }> {
  try {
    const r = await fetch(`${base}/api/accounting/journal-entries`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie, 'idempotency-key': String(body.reference) }, body: JSON.stringify(body),
    });
    await r.arrayBuffer();
    return { status: r.status, replayed: r.headers.get('idempotent-replayed') === 'true' };
  } catch {
    return { status: 0, replayed: false };
  }
}

/** A posted 12.50 entry of the general journal between the first two leaf accounts, built for each reference. */
export async function entryMaker(base: string, cookie: string): Promise<(reference: string) => Record<string, unknown>> {
  const journal = (await getJson(base, cookie, '/api/accounting/journals?search=GEN')).items[0];
  const accounts = (await getJson(base, cookie, '/api/accounting/accounts?pageSize=200&filter[isLeaf]=true')).items as { id: number; isLeaf: boolean }[];
  const [a, b] = accounts.filter((x) => x.isLeaf);
  return (reference) => ({ journalId: journal.id, date: '2026-05-04', reference, post: true,
    lines: [{ accountId: a!.id, debit: '12.50', credit: '0' }, { accountId: b!.id, debit: '0', credit: '12.50' }] });
}
