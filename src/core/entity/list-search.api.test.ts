import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../../tests/support/template';
import { type TestApp, testApp } from '../../../tests/support/test-app';
import { normalizeSearch } from '../text/arabic-normalize';
import { countCap } from './crud.read';

/**
 * A searched list answers what the plain statement below answers, whatever path the API takes: on PostgreSQL a
 * first page searched is one prepared statement whose count picks the page's path as it runs (walking the sort
 * index for a frequent term, sorting the few matches of a rare one); other pages, unindexed sorts, terms without a
 * trigram and PGlite run the statement planned from its values. Terms frequent (past the count's cap) and rare,
 * none, short, with LIKE's wildcards, Arabic as typed; sorts indexed or not, both ways; filters; two page sizes;
 * reference titles as GET /:id answers them.
 */
let t: TestApp;
let company: number;
let branch: number;
beforeAll(async () => {
  t = await testApp();
  company = (await t.admin.get('/api/auth/me')).json().company.id;
  branch = (await t.admin.post('/api/contacts/branches', { name: 'North' })).json().id;
  // 700 contacts: "Common" in 600 (past any cap), "أحمد" in 1 of 7, "rare" in 9, "50%_off" in 3, email sorted apart
  await t.db.orm.execute(sql`INSERT INTO contacts (company_id, kind, name, name_ar, email, is_customer, branch_id)
    SELECT ${company}, CASE WHEN g % 3 = 0 THEN 'company' ELSE 'individual' END,
      CASE WHEN g % 7 = 0 THEN 'Ahmad ' ELSE '' END || CASE WHEN g <= 600 THEN 'Common ' ELSE 'Other ' END
        || CASE WHEN g % 77 = 0 THEN 'rare ' ELSE '' END || CASE WHEN g % 233 = 0 THEN '50%_off ' ELSE '' END || lpad(g::text, 4, '0'),
      CASE WHEN g % 7 = 0 THEN 'أحمد ' || g ELSE NULL END, 'c' || lpad(((g * 37) % 701)::text, 4, '0') || '@example.com',
      g % 2 = 0, CASE WHEN g % 5 = 0 THEN ${branch}::int ELSE NULL END
    FROM generate_series(1, 700) g`);
});
afterAll(async () => { await t?.close(); });

type Answer = { items: { id: number }[]; total: number; totalCapped: boolean };

/** What the list must answer, from a statement written plainly (no prepared path, no planner tricks). */
async function expected(search: string, sort: string, page: number, pageSize: number, where = sql`true`): Promise<Answer> {
  const term = normalizeSearch(search.trim());
  const cond = sql`company_id = ${company} AND strpos(search_text, ${term}) > 0 AND ${where}`;
  const keys = sort.split(',').map((k) => {
    const col = { name: 'name', email: 'email', createdAt: 'created_at', kind: 'kind' }[k.replace(/^-/, '')]!;
    return sql.raw(`${col} ${k.startsWith('-') ? 'DESC' : 'ASC'}`);
  });
  const rows = (await t.db.orm.execute(sql`SELECT id FROM contacts WHERE ${cond}
    ORDER BY ${sql.join(keys, sql`, `)}, id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`)).rows;
  const cap = countCap(true, page, pageSize);
  const n = Number((await t.db.orm.execute(sql`SELECT count(*) AS n FROM (SELECT 1 FROM contacts WHERE ${cond} LIMIT ${cap + 1}) x`)).rows[0]!.n);
  return { items: rows.map((r) => ({ id: Number(r.id) })), total: Math.min(n, cap), totalCapped: n > cap };
}

async function answered(query: string): Promise<Answer> {
  const res = await t.admin.get(`/api/contacts/contacts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const a = res.json() as Answer;
  return { items: a.items.map((x) => ({ id: x.id })), total: a.total, totalCapped: a.totalCapped };
}

describe('a searched list', () => {
  const terms = ['common', 'COMMON 00', 'rare', 'nobody', 'ah', 'أحمد', 'احمد', '50%_off', '%', 'o_f', 'common 0'];
  const sorts = ['name', '-name', 'email', '-createdAt', 'kind,-name'];

  // first: the statements prepared on a connection are counted
  it.skipIf(testDbKind() !== 'postgres')('is planned once on PostgreSQL: the first page searched is a prepared statement on a generic plan', async () => {
    // requests one after another reuse the pool's last connection, where the statement is prepared
    for (let i = 0; i < 8; i++) await answered(`search=${['common', 'rare'][i % 2]}&sort=name`);
    const prepared = (await t.db.orm.execute(sql`SELECT generic_plans, custom_plans FROM pg_prepared_statements
      WHERE name LIKE 'list\\_%' AND statement LIKE '%FROM "contacts"%'`)).rows;
    expect(prepared).toHaveLength(1);
    expect(Number(prepared[0]!.generic_plans)).toBeGreaterThan(0);
  });

  it('answers the rows and count of the plain statement, every term, sort and page', async () => {
    for (const search of terms) {
      for (const sort of sorts) {
        for (const [page, pageSize] of [[1, 25], [2, 25], [1, 200]] as const) {
          const q = `search=${encodeURIComponent(search)}&sort=${sort}&page=${page}&pageSize=${pageSize}`;
          expect(await answered(q), q).toEqual(await expected(search, sort, page, pageSize));
        }
      }
    }
  });

  it('carries the titles of its references, a parent of the same table too', async () => {
    const parent = (await t.admin.post('/api/inventory/categories', { name: 'Searched parent' })).json();
    for (let i = 0; i < 3; i++) await t.admin.post('/api/inventory/categories', { name: `Searched child ${i}`, parentId: parent.id });
    const res = (await t.admin.get('/api/inventory/categories?search=searched&sort=name')).json() as { items: { id: number; _refs?: Record<string, unknown> }[] };
    expect(res.items).toHaveLength(4);
    for (const item of res.items) expect(item._refs).toEqual((await t.admin.get(`/api/inventory/categories/${item.id}`)).json()._refs);
    expect(res.items.filter((x) => x._refs?.parentId === 'Searched parent')).toHaveLength(3);
    const contacts = (await t.admin.get('/api/contacts/contacts?search=common&sort=name&pageSize=200')).json() as { items: { branchId: number | null; _refs?: Record<string, unknown> }[] };
    expect(contacts.items.filter((x) => x.branchId === branch).every((x) => x._refs?.branchId === 'North')).toBe(true);
    expect(contacts.items.filter((x) => x.branchId === branch)).toHaveLength(40);
  });

  it('applies its filters on either path', async () => {
    const cases: [string, ReturnType<typeof sql>][] = [
      ['filter[kind]=company', sql`kind = 'company'`],
      ['filter[isCustomer]=true', sql`is_customer`],
      [`filter[branchId]=${branch}`, sql`branch_id = ${branch}`],
      ['filter[kind]=company,individual&filter[isCustomer]=false', sql`NOT is_customer`],
    ];
    for (const search of ['common', 'rare', 'ahmad']) {
      for (const [filter, where] of cases) {
        const q = `search=${search}&sort=name&${filter}`;
        expect(await answered(q), q).toEqual(await expected(search, 'name', 1, 25, where));
      }
    }
  });

});
