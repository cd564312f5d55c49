import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApp, testApp } from '../../../tests/support/test-app';

/**
 * Users and groups across companies (one company's administrator neither sees nor changes nor borrows another's
 * users and groups; the server, not the body, decides a user's company and system flag), and the sessions an
 * administrator's change ends (server/user.hooks.ts, server/group.hooks.ts).
 */
let t: TestApp;
let b: Client;
let bCompanyId: number;
let aGroup: { id: number; version: number; name: string };
let aUser: { id: number; version: number; fullName: string };

const q = async <T,>(query: ReturnType<typeof sql>) => (await t.db.orm.execute(query)).rows as T[];

beforeAll(async () => {
  t = await testApp();
  aGroup = (await t.admin.post('/api/admin/groups', { name: 'A managers', permissions: ['admin.user.view', 'admin.user.change', 'admin.group.view'] })).json();
  const u = await t.admin.post('/api/admin/users', { username: 'a-clerk', fullName: 'A Clerk', password: 'a-clerk-pass-1', groups: [aGroup.id] });
  expect(u.statusCode, u.body).toBe(201);
  aUser = u.json();
  const signup = await t.anon().post('/api/auth/signup', { companyNameEn: 'B Co', companyNameAr: 'ب', currency: 'SAR', username: 'bboss', fullName: 'B Boss', password: 'bboss-pass-1' });
  expect(signup.statusCode, signup.body).toBe(201);
  b = await t.login('bboss', 'bboss-pass-1');
  bCompanyId = (await q<{ id: number }>(sql`SELECT company_id AS id FROM users WHERE username = 'bboss'`))[0]!.id;
  expect(bCompanyId).not.toBe(1);
});
afterAll(async () => { await t?.close(); });

describe("another company's users and groups", () => {
  it('are not found by company B: read, change or delete (404), and stay as they were', async () => {
    expect((await b.get(`/api/admin/users/${aUser.id}`)).statusCode).toBe(404);
    expect((await b.patch(`/api/admin/users/${aUser.id}`, { fullName: 'pwned', version: aUser.version })).statusCode).toBe(404);
    expect((await b.del(`/api/admin/users/${aUser.id}`)).statusCode).toBe(404);
    expect((await b.get(`/api/admin/groups/${aGroup.id}`)).statusCode).toBe(404);
    expect((await b.patch(`/api/admin/groups/${aGroup.id}`, { name: 'pwned', permissions: [], version: aGroup.version })).statusCode).toBe(404);
    expect((await b.del(`/api/admin/groups/${aGroup.id}`)).statusCode).toBe(404);
    expect((await b.get('/api/admin/users?search=a-clerk')).json().total).toBe(0);
    expect((await b.get('/api/admin/groups?search=managers')).json().total).toBe(0);

    expect((await t.admin.get(`/api/admin/users/${aUser.id}`)).json()).toMatchObject({ fullName: 'A Clerk', version: aUser.version, groups: [aGroup.id] });
    expect((await t.admin.get(`/api/admin/groups/${aGroup.id}`)).json()).toMatchObject({ name: 'A managers', version: aGroup.version });
  });

  it("cannot be given to company B's user: 422 on the groups field, nothing assigned", async () => {
    const me = (await b.get('/api/auth/me')).json().user;
    const row = (await b.get(`/api/admin/users/${me.id}`)).json();
    const res = await b.patch(`/api/admin/users/${me.id}`, { groups: [aGroup.id], version: row.version });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().error.fields ?? {})).toContain('groups');
    const created = await b.post('/api/admin/users', { username: 'b-borrower', fullName: 'B', password: 'b-borrow-pass-1', groups: [aGroup.id] });
    expect(created.statusCode, created.body).toBe(422);
    expect(await q(sql`SELECT owner_id FROM users_groups WHERE target_id = ${aGroup.id} AND owner_id <> ${aUser.id}`)).toEqual([]);
    expect(await q(sql`SELECT 1 FROM users WHERE username = 'b-borrower'`)).toEqual([]);
  });
});

describe('a body naming companyId or isSystem', () => {
  it('is taken without them: the user is in the caller\'s company and not a system actor', async () => {
    const res = await b.post('/api/admin/users', { username: 'b-sub', fullName: 'B Sub', password: 'b-sub-pass-12', companyId: 1, isSystem: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().isSystem).toBe(false);
    const id = res.json().id as number;
    expect(await q(sql`SELECT company_id AS "companyId", is_system AS "isSystem" FROM users WHERE id = ${id}`)).toEqual([{ companyId: bCompanyId, isSystem: false }]);
    expect((await t.admin.get(`/api/admin/users/${id}`)).statusCode).toBe(404);

    const patched = await b.patch(`/api/admin/users/${id}`, { fullName: 'B Sub 2', companyId: 1, isSystem: true, version: res.json().version });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ fullName: 'B Sub 2', isSystem: false });
    expect(await q(sql`SELECT company_id AS "companyId", is_system AS "isSystem" FROM users WHERE id = ${id}`)).toEqual([{ companyId: bCompanyId, isSystem: false }]);
    expect((await t.admin.get(`/api/admin/users/${id}`)).statusCode).toBe(404);
  });
});

describe('sessions an administrator ends', () => {
  it("setting a user's password ends that user's sessions, not others'", async () => {
    const u = (await t.admin.post('/api/admin/users', { username: 'pw-target', fullName: 'P', password: 'pw-target-pass-1' })).json();
    await t.admin.post('/api/admin/users', { username: 'bystander', fullName: 'By', password: 'bystander-pass-1' });
    const s = await t.login('pw-target', 'pw-target-pass-1');
    const other = await t.login('bystander', 'bystander-pass-1');
    expect((await s.get('/api/auth/me')).statusCode).toBe(200);
    const set = await t.admin.patch(`/api/admin/users/${u.id}`, { password: 'set-by-admin-1', version: u.version });
    expect(set.statusCode, set.body).toBe(200);
    expect((await s.get('/api/auth/me')).statusCode).toBe(401);
    expect((await other.get('/api/auth/me')).statusCode).toBe(200);
    expect((await t.admin.get('/api/auth/me')).statusCode).toBe(200);
    await t.login('pw-target', 'set-by-admin-1');
  });

  it("changing a group's permissions ends its members' sessions; renaming it does not", async () => {
    const g = (await t.admin.post('/api/admin/groups', { name: 'Viewers', permissions: ['contacts.contact.view'] })).json();
    await t.admin.post('/api/admin/users', { username: 'member', fullName: 'M', password: 'member-pass-12', groups: [g.id] });
    await t.admin.post('/api/admin/users', { username: 'outsider', fullName: 'O', password: 'outsider-pass-1' });
    const s = await t.login('member', 'member-pass-12');
    const other = await t.login('outsider', 'outsider-pass-1');
    expect((await s.get('/api/contacts/contacts')).statusCode).toBe(200);
    const renamed = await t.admin.patch(`/api/admin/groups/${g.id}`, { name: 'Contact viewers', version: g.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await s.get('/api/auth/me')).statusCode).toBe(200);
    const changed = await t.admin.patch(`/api/admin/groups/${g.id}`, { permissions: ['contacts.contact.view', 'contacts.branch.view'], version: renamed.json().version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await s.get('/api/auth/me')).statusCode).toBe(401);
    expect((await s.get('/api/contacts/contacts')).statusCode).toBe(401);
    expect((await other.get('/api/auth/me')).statusCode).toBe(200);
    const again = await t.login('member', 'member-pass-12');
    expect((await again.get('/api/contacts/branches')).statusCode).toBe(200);
  });
});
