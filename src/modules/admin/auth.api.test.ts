import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_PASSWORD, type TestApp, testApp } from '../../../tests/support/test-app';
import { trustProxyOf } from '../../core/http/trust-proxy';

/** Sign-in, sessions, throttling, sign-up and the rule that nobody raises their own rights. */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

async function makeUser(username: string, groups: number[] = [], extra: Record<string, unknown> = {}) {
  const res = await t.admin.post('/api/admin/users', { username, fullName: username, password: 'secret-pass-1', groups, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('sign-in and sessions', () => {
  it('stores passwords as scrypt hashes and never returns them', async () => {
    const u = await makeUser('hasher');
    expect(u.passwordHash).toBeUndefined();
    expect(u.password).toBeUndefined();
    const row = (await t.db.orm.execute(sql`SELECT password_hash FROM users WHERE username = 'hasher'`)).rows[0] as { password_hash: string };
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
  });

  it('gives one message for unknown user and wrong password, in the caller language', async () => {
    const a = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody', password: 'x' } });
    const b = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'wrong' } });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json().error.message).toBe(b.json().error.message);
    const ar = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody', password: 'x' }, headers: { 'accept-language': 'ar-SA,ar;q=0.9' } });
    expect(ar.json().error.message).toBe('اسم المستخدم أو كلمة المرور غير صحيحة');
  });

  it('sets an HttpOnly SameSite=Lax cookie, rotates the id at login and revokes it at logout', async () => {
    const login = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    const r1 = await login();
    const c1 = r1.cookies.find((c) => c.name === 'sid')!;
    expect(c1.httpOnly).toBe(true);
    expect(c1.sameSite).toBe('Lax');
    expect(c1.secure).toBeFalsy();
    const r2 = await login();
    expect(r2.cookies.find((c) => c.name === 'sid')!.value).not.toBe(c1.value);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sid=${c1.value}` } });
    expect(me.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `sid=${c1.value}` } });
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sid=${c1.value}` } });
    expect(after.statusCode).toBe(401);
  });

  it('marks the cookie Secure over HTTPS (behind a trusted proxy)', async () => {
    const { createApp } = await import('../../app');
    const app = await createApp(t.db, { trustProxy: trustProxyOf('1') });
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD }, headers: { 'x-forwarded-proto': 'https' } });
    expect(res.cookies.find((c) => c.name === 'sid')!.secure).toBe(true);
    await app.close();
  });

  it('revokes other sessions when the password changes', async () => {
    await makeUser('changer');
    const s1 = await t.login('changer', 'secret-pass-1');
    const s2 = await t.login('changer', 'secret-pass-1');
    const wrong = await s1.post('/api/auth/password', { currentPassword: 'nope', newPassword: 'new-pass-123' });
    expect(wrong.statusCode).toBe(422);
    const ok = await s1.post('/api/auth/password', { currentPassword: 'secret-pass-1', newPassword: 'new-pass-123' });
    expect(ok.statusCode).toBe(200);
    expect((await s1.get('/api/auth/me')).statusCode).toBe(200);
    expect((await s2.get('/api/auth/me')).statusCode).toBe(401);
    await t.login('changer', 'new-pass-123');
  });
});

describe('permissions', () => {
  it('enforces view/add per entity through groups and refuses what is not granted', async () => {
    const g = (await t.admin.post('/api/admin/groups', { name: 'Contact viewers', permissions: ['contacts.contact.view'] })).json();
    await makeUser('viewer', [g.id]);
    const v = await t.login('viewer', 'secret-pass-1');
    expect((await v.get('/api/contacts/contacts')).statusCode).toBe(200);
    const add = await v.post('/api/contacts/contacts', { kind: 'individual', name: 'X' });
    expect(add.statusCode).toBe(403);
    expect(add.json().error.message).toBe("You don't have access to this page");
    expect((await v.get('/api/contacts/branches')).statusCode).toBe(403);
    expect((await v.get('/api/admin/users')).statusCode).toBe(403);
    expect((await t.anon().get('/api/contacts/contacts')).statusCode).toBe(401);
  });

  it('refuses unknown permission codes', async () => {
    const r = await t.admin.post('/api/admin/groups', { name: 'Bad', permissions: ['everything.*'] });
    expect(r.statusCode).toBe(422);
  });

  it('does not let a user raise their own rights (attack 14)', async () => {
    const admins = (await t.admin.post('/api/admin/groups', { name: 'Admins', permissions: ['admin.user.view', 'admin.user.change', 'admin.group.view', 'admin.group.change', 'contacts.contact.delete'] })).json();
    const mgrs = (await t.admin.post('/api/admin/groups', { name: 'User managers', permissions: ['admin.user.view', 'admin.user.change', 'admin.group.view', 'admin.group.change'] })).json();
    const me = await makeUser('climber', [mgrs.id]);
    const c = await t.login('climber', 'secret-pass-1');
    const selfAdd = await c.patch(`/api/admin/users/${me.id}`, { groups: [mgrs.id, admins.id], version: me.version });
    expect(selfAdd.statusCode).toBe(403);
    const selfSuper = await c.patch(`/api/admin/users/${me.id}`, { isSuperuser: true, version: me.version });
    expect(selfSuper.statusCode).toBe(403);
    const grant = await c.patch(`/api/admin/groups/${mgrs.id}`, { permissions: [...mgrs.permissions, 'contacts.contact.delete'], version: mgrs.version });
    expect(grant.statusCode).toBe(403);
    const other = await makeUser('pawn');
    const giveOther = await c.patch(`/api/admin/users/${other.id}`, { groups: [admins.id], version: other.version });
    expect(giveOther.statusCode).toBe(403);
    const row = (await t.admin.get(`/api/admin/users/${me.id}`)).json();
    expect(row).toMatchObject({ isSuperuser: false, groups: [mgrs.id] });
  });

  it('revokes sessions of a user whose groups change', async () => {
    const g = (await t.admin.post('/api/admin/groups', { name: 'Temp', permissions: ['contacts.contact.view'] })).json();
    const u = await makeUser('moved', [g.id]);
    const s = await t.login('moved', 'secret-pass-1');
    expect((await s.get('/api/contacts/contacts')).statusCode).toBe(200);
    await t.admin.patch(`/api/admin/users/${u.id}`, { groups: [], version: u.version });
    expect((await s.get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe('sign-up', () => {
  it('creates a company and its admin, isolated from other companies (attack 1), and can be switched off', async () => {
    const anon = t.anon();
    const bad = await anon.post('/api/auth/signup', { companyNameEn: '', currency: 'SAR', username: 'x', password: '1' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['companyNameEn', 'companyNameAr', 'password']));
    const res = await anon.post('/api/auth/signup', { companyNameEn: 'Beta LLC', companyNameAr: 'بيتا', currency: 'egp', username: 'beta', fullName: 'Beta Boss', password: 'beta-pass-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().company).toMatchObject({ nameEn: 'Beta LLC', currency: 'EGP' });
    const beta = await t.login('beta', 'beta-pass-1');
    const mine = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Company A secret' })).json();
    expect((await beta.get(`/api/contacts/contacts/${mine.id}`)).statusCode).toBe(404);
    expect((await beta.patch(`/api/contacts/contacts/${mine.id}`, { name: 'pwned' })).statusCode).toBe(404);
    expect((await beta.del(`/api/contacts/contacts/${mine.id}`)).statusCode).toBe(404);
    expect((await beta.get('/api/contacts/contacts?search=secret')).json().total).toBe(0);
    expect((await t.admin.get(`/api/contacts/contacts/${mine.id}`)).json().name).toBe('Company A secret');
    const dup = await anon.post('/api/auth/signup', { companyNameEn: 'C', companyNameAr: 'ج', currency: 'SAR', username: 'beta', fullName: 'Dup', password: 'beta-pass-1' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.fields.username).toBeTruthy();

    expect((await beta.req('PATCH', '/api/admin/system-settings', { signupEnabled: false })).statusCode).toBe(403);
    expect((await t.admin.req('PATCH', '/api/admin/system-settings', { signupEnabled: false })).statusCode).toBe(200);
    expect((await anon.get('/api/auth/signup')).json()).toEqual({ enabled: false });
    const closed = await anon.post('/api/auth/signup', { companyNameEn: 'D', companyNameAr: 'د', currency: 'SAR', username: 'dee', fullName: 'Dee', password: 'dee-pass-12' });
    expect(closed.statusCode).toBe(403);
    await t.admin.req('PATCH', '/api/admin/system-settings', { signupEnabled: true });
  });
});
