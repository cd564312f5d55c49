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
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return c;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  c.kill('SIGKILL');
  throw new Error('server did not start');
}

async function login(): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'restart-pass-1' }) });
  expect(r.status).toBe(200);
  return r.headers.get('set-cookie')!.split(';')[0]!;
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
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));

    const { buildServer, SERVER_BUNDLE } = await import(join(root, 'scripts/build-server.mjs'));
    await buildServer();
    child = await start([SERVER_BUNDLE]);
    cookie = await login();
    expect((await fetch(`${base}/api/docs/`)).status).toBe(200);
    const after = await (await fetch(`${base}/api/contacts/contacts?search=${encodeURIComponent('الناجي')}`, { headers: { cookie } })).json();
    expect(after.items.map((c: { name: string }) => c.name)).toEqual(['Survivor']);
    const again = await (await fetch(`${base}/api/contacts/contacts`, { headers: { cookie } })).json();
    expect(again.total).toBe(demo.total + 1);
  });
});
