import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestApp, testApp } from '../../../tests/support/test-app';
import { SEARCH_COUNT_AHEAD } from './crud.read';

/**
 * The generic list's answer: a search counts its matches up to SEARCH_COUNT_AHEAD past the first row of the page
 * asked for (totalCapped says "more"), a plain list up to 10,000; reference titles come in the same statement
 * and equal those of GET /:id, in both languages, a parent of the same table included.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  const company = sql`(SELECT company_id FROM users WHERE username = 'admin')`;
  await t.db.orm.execute(sql`INSERT INTO contacts (company_id, kind, name)
    SELECT ${company}, 'individual', 'Alpha ' || lpad(g::text, 3, '0') FROM generate_series(1, ${SEARCH_COUNT_AHEAD + 1}) g
    UNION ALL SELECT ${company}, 'company', 'Beta ' || lpad(g::text, 3, '0') FROM generate_series(1, ${SEARCH_COUNT_AHEAD}) g`);
});
afterAll(async () => { await t?.close(); });

type ListAnswer = { items: { id: number; name: string; _refs?: Record<string, unknown> }[]; total: number; totalCapped: boolean };
const list = async (query: string) => {
  const res = await t.admin.get(`/api/contacts/contacts?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as ListAnswer;
};

describe('list counts', () => {
  it('counts a search up to the look-ahead past the page, exactly below it', async () => {
    const ahead = SEARCH_COUNT_AHEAD;
    expect(await list('search=alpha&sort=name')).toMatchObject({ total: ahead, totalCapped: true });
    expect(await list('search=beta&sort=name')).toMatchObject({ total: ahead, totalCapped: false });
    // from page 2 on, the count reaches further: 25 + 250 > 251 matches
    expect(await list('search=alpha&sort=name&page=2')).toMatchObject({ total: ahead + 1, totalCapped: false });
    expect(await list('search=alpha&sort=name&pageSize=200')).toMatchObject({ total: ahead, totalCapped: true });
    expect(await list('search=alpha&sort=name&pageSize=200&page=2')).toMatchObject({ total: ahead + 1, totalCapped: false });
    // the last page, and a page past the end (no row carries the count: counted on its own)
    const last = await list('search=alpha&sort=name&page=11');
    expect(last.items.map((x) => x.name)).toEqual([`Alpha ${ahead + 1}`]);
    expect(last).toMatchObject({ total: ahead + 1, totalCapped: false });
    expect(await list('search=alpha&sort=name&page=12')).toMatchObject({ items: [], total: ahead + 1, totalCapped: false });
    expect(await list('search=nobody')).toMatchObject({ items: [], total: 0, totalCapped: false });
  });

  it('pages a capped search in the same order as an uncapped one', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => list(`search=alpha&sort=-name&page=${p}&pageSize=100`)));
    const names = pages.flatMap((p) => p.items.map((x) => x.name));
    expect(names).toHaveLength(251);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('counts a plain list exactly up to 10,000', async () => {
    // the rows made above and the contacts every company starts with (the till's walk-in customer)
    const n = ((await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM contacts WHERE company_id = (SELECT company_id FROM users WHERE username = 'admin')`)).rows[0] as { n: number }).n;
    expect(n).toBeGreaterThanOrEqual(2 * SEARCH_COUNT_AHEAD + 1);
    expect(await list('sort=name')).toMatchObject({ total: n, totalCapped: false });
  });
});

describe('reference titles in a list', () => {
  it('equal the titles GET /:id answers, in English and Arabic, for a parent of the same table too', async () => {
    const ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
    for (const c of [t.admin, ar]) {
      const parent = (await c.post('/api/inventory/categories', { name: `Parent ${c === ar ? 'ar' : 'en'}`, nameAr: 'الفئة الأم' })).json();
      expect(parent.id).toBeGreaterThan(0);
      await c.post('/api/inventory/categories', { name: `Child ${c === ar ? 'ar' : 'en'}`, parentId: parent.id });
      for (const path of ['/api/inventory/categories?sort=name&pageSize=200', '/api/accounting/accounts?sort=code&pageSize=200']) {
        const res = (await c.get(path)).json() as ListAnswer;
        const withRefs = res.items.filter((x) => x._refs);
        expect(withRefs.length).toBeGreaterThan(0);
        for (const item of res.items) {
          const one = (await c.get(`${path.split('?')[0]}/${item.id}`)).json();
          expect(item._refs).toEqual(one._refs);
        }
      }
      const titles = ((await c.get('/api/inventory/categories?sort=name&pageSize=200')).json() as ListAnswer).items.map((x) => x._refs?.parentId);
      expect(titles).toContain(c === ar ? 'الفئة الأم' : `Parent en`);
    }
  });
});
