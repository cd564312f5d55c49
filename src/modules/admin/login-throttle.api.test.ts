import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_PASSWORD, type TestApp, testApp } from '../../../tests/support/test-app';
import { LIMITS } from '../../core/auth/throttle';
import * as password from '../../core/auth/password';
import { trustProxyOf } from '../../core/http/trust-proxy';

/**
 * Sign-in throttling (core/auth/throttle.ts): per (account, address), per address, per account; claimed
 * atomically before the password is checked, so a burst cannot pass the cap, and an attacker's address cannot
 * lock the real user out from another one until the account's own (much higher) limit.
 */
vi.mock('../../core/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../core/auth/password')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const checks = vi.mocked(password.verifyPassword);

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

const login = (username: string, pw: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: pw }, remoteAddress: ip });
const counter = async (key: string) =>
  Number(((await t.db.orm.execute(sql`SELECT failures FROM login_attempts WHERE key = ${key}`)).rows[0] as { failures: number } | undefined)?.failures ?? 0);

describe('sign-in throttling', () => {
  it('lets no more than the cap of 30 parallel guesses from one address reach the password check', async () => {
    checks.mockClear();
    const answers = await Promise.all(Array.from({ length: 30 }, () => login('admin', 'wrong-guess', '203.0.113.9')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LIMITS.pair.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - LIMITS.pair.max);
    expect(checks.mock.calls.length).toBeLessThanOrEqual(LIMITS.pair.max);
    expect(await counter('pair:admin|203.0.113.9')).toBe(LIMITS.pair.max);
    expect(await counter('user:admin')).toBe(LIMITS.pair.max);
    // the attacker's address is stopped even with the right password; the admin elsewhere signs in
    expect((await login('admin', ADMIN_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
    expect((await login('admin', ADMIN_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });

  it('stops the account from every address at its own, much higher limit', async () => {
    await t.admin.post('/api/admin/users', { username: 'target', fullName: 'Target', password: 'target-pass-1' });
    const perAddress = LIMITS.pair.max;
    expect(LIMITS.account.max).toBeGreaterThanOrEqual(5 * perAddress);
    // as if all but two addresses' worth of guesses had come from elsewhere (spares 80 password checks)
    await t.db.orm.execute(sql`INSERT INTO login_attempts (key, failures) VALUES ('user:target', ${LIMITS.account.max - 2 * perAddress})`);
    await Promise.all(Array.from({ length: perAddress }, () => login('target', 'bad-guess', '10.9.1.1')));
    expect((await login('target', 'target-pass-1', '10.8.0.1')).statusCode).toBe(200); // gives its claim back
    await Promise.all(Array.from({ length: perAddress + 5 }, () => login('target', 'bad-guess', '10.9.2.1')));
    expect(await counter('user:target')).toBe(LIMITS.account.max);
    expect((await login('target', 'target-pass-1', '10.8.0.2')).statusCode).toBe(429);
  });

  it('stops one address trying many accounts, and not another address', async () => {
    const codes = await Promise.all(Array.from({ length: LIMITS.address.max }, (_, i) => login(`ghost${i % 5}`, 'bad', '192.0.2.77')));
    expect(codes.every((r) => r.statusCode === 401)).toBe(true);
    expect((await login('ghost9', 'bad', '192.0.2.77')).statusCode).toBe(429);
    expect((await login('admin', ADMIN_PASSWORD, '192.0.2.77')).statusCode).toBe(429);
    expect((await login('admin', ADMIN_PASSWORD, '192.0.2.78')).statusCode).toBe(200);
  });

  it('starts the pair afresh after a successful sign-in', async () => {
    await t.admin.post('/api/admin/users', { username: 'forgetful', fullName: 'F', password: 'forget-pass-1' });
    for (let i = 0; i < LIMITS.pair.max - 1; i++) await login('forgetful', 'bad', '10.7.0.1');
    expect((await login('forgetful', 'forget-pass-1', '10.7.0.1')).statusCode).toBe(200);
    expect(await counter('pair:forgetful|10.7.0.1')).toBe(0);
    for (let i = 0; i < LIMITS.pair.max; i++) expect((await login('FORGETFUL', 'bad', '10.7.0.1')).statusCode).toBe(401);
    expect((await login('forgetful', 'forget-pass-1', '10.7.0.1')).statusCode).toBe(429);
  });

  it('behind a trusted proxy counts the address the proxy saw, not what the client wrote to the left of X-Forwarded-For', async () => {
    const { createApp } = await import('../../app');
    const app = await createApp(t.db, { trustProxy: trustProxyOf('1') });
    try {
      await t.admin.post('/api/admin/users', { username: 'spoofed', fullName: 'S', password: 'spoofed-pass-1' });
      // the proxy (a loopback peer) appends the client's real address; the client made up the rest
      const via = (i: number, real: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'spoofed', password: 'bad' },
        remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `6.6.${i}.6, 9.9.9.${i}, ${real}` } });
      const codes: number[] = [];
      for (let i = 0; i < LIMITS.pair.max + 2; i++) codes.push((await via(i, '203.0.113.50')).statusCode);
      expect(codes).toEqual([...Array(LIMITS.pair.max).fill(401), 429, 429]);
      expect(await counter('pair:spoofed|203.0.113.50')).toBe(LIMITS.pair.max);
      // another real address is another pair
      expect((await via(0, '203.0.113.51')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
