import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../../core/auth/password';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { freshDatabase } from '../../../../tests/support/test-db';
import { checkListen, DEMO_PASSWORD } from './listen-guard';

/**
 * The refusal at start: on a reachable address the server does not listen while the administrator has the demo
 * password; ADMIN_PASSWORD replaces it. The process itself is started on PostgreSQL only (a fresh PGlite start
 * would migrate a new data folder; the decision is the same function).
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await t.db.orm.execute(sql`UPDATE users SET password_hash = ${await hashPassword(DEMO_PASSWORD)} WHERE username = 'admin'`);
});
afterAll(async () => { await t?.close(); });

const signIn = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password } });

describe('start with the demo password', () => {
  it('listens on loopback, refuses 0.0.0.0 until ADMIN_PASSWORD replaces the demo password', async () => {
    expect(await checkListen(t.db, '127.0.0.1', {})).toEqual({ refusal: null, replaced: false });
    const refused = await checkListen(t.db, '0.0.0.0', {});
    expect(refused.refusal).toContain('ADMIN_PASSWORD');
    expect((await checkListen(t.db, '0.0.0.0', { ADMIN_PASSWORD: DEMO_PASSWORD })).refusal).toContain('Refusing to listen on 0.0.0.0');
    expect((await signIn(DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await checkListen(t.db, '0.0.0.0', { ADMIN_PASSWORD: 'own-strong-pass-1' })).toEqual({ refusal: null, replaced: true });
    expect(await checkListen(t.db, '0.0.0.0', {})).toEqual({ refusal: null, replaced: false });
    expect((await signIn(DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('own-strong-pass-1')).statusCode).toBe(200);
  });

  it('also guards the users made with the company (the demo cashier, the administrator\'s password copied)', async () => {
    // the administrator now has a password of its own (the test above); a cashier made in the company's creation
    // transaction (the same created_at) kept the demo password
    await t.db.orm.execute(sql`INSERT INTO users (company_id, username, full_name, is_active, password_hash, created_at)
      SELECT company_id, 'cashier', 'Cashier', true, ${await hashPassword(DEMO_PASSWORD)}, created_at FROM users WHERE username = 'admin'`);
    const refused = await checkListen(t.db, '0.0.0.0', {});
    expect(refused.refusal).toContain('the users "cashier" still have the demo password');
    expect(await checkListen(t.db, '0.0.0.0', { ADMIN_PASSWORD: 'other-strong-pass-2' })).toEqual({ refusal: null, replaced: true });
    expect(await checkListen(t.db, '0.0.0.0', {})).toEqual({ refusal: null, replaced: false });
    const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    expect((await login('cashier', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login('cashier', 'other-strong-pass-2')).statusCode).toBe(200);
    expect((await login('admin', 'own-strong-pass-1')).statusCode).toBe(200);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')('the server process exits with the message instead of listening', async () => {
    const db = await freshDatabase();
    try {
      const root = new URL('../../../..', import.meta.url).pathname;
      const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server.ts')], {
        cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, HOST: '0.0.0.0', PORT: '0', DATABASE_URL: db.url, ADMIN_PASSWORD: '', DEMO_DATA: 'on', LOG: 'off' },
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const code = await new Promise<number | null>((r) => child.on('exit', r));
      expect(code).toBe(1);
      expect(out).toContain('Refusing to listen on 0.0.0.0');
      expect(out).toContain('ADMIN_PASSWORD');
      expect(out).not.toContain('is running');
    } finally {
      await db.close();
    }
  });
});
