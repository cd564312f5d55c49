import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApp } from '../../src/app';
import type { Database } from '../../src/core/db/connect';
import { ensureFirstAdmin } from '../../src/modules/admin/server/bootstrap';
import { DEMO_ADMIN_PASSWORD, freshCompanyDatabase, freshDemoDatabase } from './run-templates';

/**
 * A server on a fresh database with its first admin (`admin` / ADMIN_PASSWORD), driven through
 * app.inject: real routing, hooks, cookies and database, no sockets. `as(cookie)` sends requests as a user.
 */
export const ADMIN_PASSWORD = DEMO_ADMIN_PASSWORD;

export interface Client {
  cookie: string;
  req(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  admin: Client;
  login(username: string, password: string, locale?: 'en' | 'ar'): Promise<Client>;
  anon(locale?: 'en' | 'ar'): Client;
  close(): Promise<void>;
}

function client(app: FastifyInstance, cookie: string): Client {
  const req = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: method as InjectOptions['method'], url,
      headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    cookie, req,
    get: (url) => req('GET', url),
    post: (url, body = {}, headers) => req('POST', url, body, headers),
    patch: (url, body = {}) => req('PATCH', url, body),
    del: (url) => req('DELETE', url),
  };
}

/**
 * A copy of one of the run's companies (run-templates.ts): `demo`, the demo company, else a company with its first
 * admin and no demo data. `prepare`: runs on the fresh database before the app is built (e.g. attaches a replica).
 */
export async function testApp(opts: { demo?: boolean; prepare?: (db: Database & { url?: string }) => Promise<void> } = {}): Promise<TestApp> {
  const db = opts.demo ? await freshDemoDatabase() : await freshCompanyDatabase();
  await opts.prepare?.(db).catch(async (e: unknown) => {
    await db.close();
    throw e;
  });
  await ensureFirstAdmin(db, { ADMIN_PASSWORD, DEMO_DATA: opts.demo ? 'on' : 'off' });
  const app = await createApp(db, { demo: opts.demo ?? false });
  await app.ready();
  const login = async (username: string, password: string, locale: 'en' | 'ar' = 'en') => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers: { cookie: `locale=${locale}` } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    const sid = res.cookies.find((c) => c.name === 'sid')!.value;
    return client(app, `sid=${sid}; locale=${locale}`);
  };
  const admin = await login('admin', ADMIN_PASSWORD);
  return {
    app, db, admin, login,
    anon: (locale = 'en') => client(app, `locale=${locale}`),
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * A fresh app, a module's test kit made for it (`kit`), and the admin signed in again in Arabic (for messages in
 * both languages); the app is closed if the kit cannot be made.
 */
export async function testAppWith<K>(kit: (t: TestApp) => Promise<K>): Promise<{ t: TestApp; k: K; ar: Client }> {
  const t = await testApp();
  try {
    return { t, k: await kit(t), ar: await t.login('admin', ADMIN_PASSWORD, 'ar') };
  } catch (e) {
    await t.close();
    throw e;
  }
}
