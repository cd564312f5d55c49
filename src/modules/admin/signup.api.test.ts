import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type TestApp, testApp } from '../../../tests/support/test-app';
import { LIMITS } from '../../core/auth/throttle';

/** Sign-up: a few companies an hour per address, counted in the database; all or nothing. */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

let n = 0;
const body = (over: Record<string, unknown> = {}) => {
  n++;
  return { companyNameEn: `Co ${n}`, companyNameAr: `شركة ${n}`, currency: 'SAR', username: `owner${n}`, fullName: `Owner ${n}`, password: 'owner-pass-1', ...over };
};
const count = async (q: ReturnType<typeof sql>) => Number(((await t.db.orm.execute(q)).rows[0] as { n: number }).n);

describe('sign-up', () => {
  it('allows 3 companies an hour per address, across server processes, however many arrive at once', async () => {
    const { createApp } = await import('../../app');
    const other = await createApp(t.db, {});
    try {
      const apps = [t.app, other, t.app, other, t.app, other];
      const answers = await Promise.all(apps.map((app) => app.inject({ method: 'POST', url: '/api/auth/signup', payload: body(), remoteAddress: '203.0.113.50' })));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 201, 201, 429, 429, 429]);
      expect(LIMITS.signup.max).toBe(3);
      const refused = answers.find((r) => r.statusCode === 429)!;
      expect(refused.json().error.message).toBe('Too many companies were created from this address. Try again later.');
      const ar = await other.inject({ method: 'POST', url: '/api/auth/signup', payload: body(), remoteAddress: '203.0.113.50', headers: { 'accept-language': 'ar' } });
      expect(ar.statusCode).toBe(429);
      expect(ar.json().error.message).toBe('تم إنشاء شركات كثيرة من هذا العنوان. حاول لاحقًا.');
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body(), remoteAddress: '203.0.113.51' })).statusCode).toBe(201);
    } finally {
      await other.close();
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM companies WHERE name_en LIKE 'Co %'`)).toBe(4);
  });

  it('counts no sign-up that was refused', async () => {
    const taken = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body({ username: 'ADMIN' }), remoteAddress: '203.0.113.60' });
    expect(taken.statusCode).toBe(422);
    expect(await count(sql`SELECT count(*)::int AS n FROM login_attempts WHERE key = 'signup:203.0.113.60' AND failures > 0`)).toBe(0);
  });

  it('leaves no company, user or claim behind when a later step fails', async () => {
    await t.db.orm.execute(sql.raw(`
      CREATE FUNCTION test_refuse_session() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT username FROM users WHERE id = NEW.user_id) = 'doomed' THEN RAISE EXCEPTION 'session refused (test)'; END IF;
        RETURN NEW;
      END $$`));
    await t.db.orm.execute(sql.raw('CREATE TRIGGER test_refuse_session BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION test_refuse_session()'));
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body({ companyNameEn: 'Doomed Co', username: 'doomed' }), remoteAddress: '203.0.113.70' });
      expect(res.statusCode).toBe(500);
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    } finally {
      await t.db.orm.execute(sql.raw('DROP TRIGGER test_refuse_session ON sessions'));
      await t.db.orm.execute(sql.raw('DROP FUNCTION test_refuse_session()'));
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM companies WHERE name_en = 'Doomed Co'`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE username = 'doomed'`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM login_attempts WHERE key = 'signup:203.0.113.70'`)).toBe(0);
    const retry = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body({ companyNameEn: 'Doomed Co', username: 'doomed' }), remoteAddress: '203.0.113.70' });
    expect(retry.statusCode).toBe(201);
  });

  it("writes the defaults' free texts in the company's language, not both languages joined in one field", async () => {
    const texts = async (name: string) => (await t.db.orm.execute(sql`SELECT c.default_language AS lang,
        (SELECT array_agg(p.description ORDER BY p.due_days) FROM payment_terms p WHERE p.company_id = c.id) AS terms,
        (SELECT g.description FROM groups g WHERE g.company_id = c.id AND g.name = 'Cashier') AS cashier,
        (SELECT w.address FROM warehouses w WHERE w.company_id = c.id AND w.code = 'WH') AS warehouse
      FROM companies c WHERE c.name_en = ${name}`)).rows[0] as { lang: string; terms: string[]; cashier: string; warehouse: string };
    for (const [locale, ip] of [['ar', '203.0.113.80'], ['en', '203.0.113.81']] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body({ companyNameEn: `Lang ${locale}` }), remoteAddress: ip, headers: { 'accept-language': locale } });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await texts('Lang ar')).toEqual({ lang: 'ar', terms: ['مستحق في تاريخ الطلب', 'مستحق بعد 30 يومًا من تاريخ الطلب'], cashier: 'البيع في نقطة البيع وفتح الجلسة وإغلاقها', warehouse: 'المقر الرئيسي' });
    expect(await texts('Lang en')).toEqual({ lang: 'en', terms: ['Due on the order date', 'Due 30 days after the order date'], cashier: 'Sells at the till, starts and closes their session', warehouse: 'Head office' });
  });
});
