import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../app';
import { openPostgres, type Database } from '../db/connect';

/**
 * No database to reach (a PostgreSQL address where nothing listens, as during a restart or a failover): every
 * request that needs it is 503 with Retry-After and the API's error shape in the caller's language, never 500; the
 * readiness check says so; a request the framework refuses itself is answered in the API's shape and language too.
 */
let db: Database;
let app: FastifyInstance;
beforeAll(async () => {
  db = await openPostgres('postgres://postgres@127.0.0.1:9/none', 2);
  app = await createApp(db, { jobs: false });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('the database out of reach', () => {
  it('answers the readiness check 503 and the liveness check 200', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('2');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers a sign-in and a signed-in read 503 with Retry-After, in Arabic for an Arabic caller', async () => {
    for (const [url, method] of [['/api/auth/login', 'POST'], ['/api/contacts/contacts', 'GET']] as const) {
      const r = await app.inject({
        method, url, headers: { 'accept-language': 'ar', cookie: 'sid=abc', 'content-type': 'application/json' },
        payload: method === 'POST' ? JSON.stringify({ username: 'admin', password: 'x' }) : undefined,
      });
      expect(r.statusCode, r.body).toBe(503);
      expect(r.headers['retry-after']).toBe('2');
      expect(r.json().error.code).toBe('unavailable');
      expect(r.json().error.message).toMatch(/قاعدة البيانات/);
    }
  });
});

describe('refusals of the framework itself', () => {
  it('answers unreadable JSON with 400 in the API shape and the caller\'s language', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'ar', 'content-type': 'application/json' }, payload: '{"username":' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ code: 'bad_request' });
    expect(r.json().error.message).toMatch(/JSON/);
    expect(r.json().error.message).toMatch(/تعذّرت/);
  });
});
