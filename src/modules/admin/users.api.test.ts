import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../tests/support/test-app';

/**
 * Who may change whom (server/user.hooks.ts): superusers are changed only by superusers, nobody grants or strips
 * a group beyond their own rights, a password set by someone else must be changed at the next sign-in, and
 * usernames are unique whatever their case.
 */
let t: TestApp;
let mgr: Client;
let adminRow: { id: number; version: number };
let accountants: { id: number };
beforeAll(async () => {
  t = await testApp();
  const g = (await t.admin.post('/api/admin/groups', { name: 'User managers', permissions: ['admin.user.view', 'admin.user.change', 'admin.user.add', 'admin.user.delete', 'admin.user.setPassword', 'contacts.contact.view'] })).json();
  accountants = (await t.admin.post('/api/admin/groups', { name: 'Accountants', permissions: ['accounting.account.view'] })).json();
  expect((await t.admin.post('/api/admin/users', { username: 'manager', fullName: 'Manager', password: 'manager-pass-1', groups: [g.id] })).statusCode).toBe(201);
  mgr = await t.login('manager', 'manager-pass-1');
  adminRow = (await t.admin.get('/api/admin/users?search=admin')).json().items.find((u: { username: string }) => u.username === 'admin');
});
afterAll(async () => { await t?.close(); });

const fresh = async (id: number) => (await t.admin.get(`/api/admin/users/${id}`)).json();

describe('superusers', () => {
  it('cannot have their password set by a user manager, who then cannot sign in as them', async () => {
    const res = await mgr.patch(`/api/admin/users/${adminRow.id}`, { password: 'taken-over-1', version: adminRow.version });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("Only a superuser can change a superuser's password, groups, flags or active state, or delete a superuser");
    const ar = await (await t.login('manager', 'manager-pass-1', 'ar')).patch(`/api/admin/users/${adminRow.id}`, { password: 'taken-over-1', version: adminRow.version });
    expect(ar.json().error.message).toBe('لا يمكن إلا لمستخدم خارق تغيير كلمة مرور مستخدم خارق أو مجموعاته أو صلاحياته الخاصة أو حالة نشاطه، أو حذفه');
    const attempt = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'taken-over-1' } });
    expect(attempt.statusCode).toBe(401);
    await t.login('admin', ADMIN_PASSWORD);
  });

  it('cannot be deactivated, demoted, regrouped or deleted by a non-superuser, but their name can change', async () => {
    const v = (await fresh(adminRow.id)).version;
    for (const body of [{ isActive: false }, { isSuperuser: false }, { groups: [accountants.id] }])
      expect((await mgr.patch(`/api/admin/users/${adminRow.id}`, { ...body, version: v })).statusCode).toBe(403);
    expect((await mgr.del(`/api/admin/users/${adminRow.id}`)).statusCode).toBe(403);
    expect((await mgr.post('/api/admin/users/bulk-delete', { ids: [adminRow.id] })).statusCode).toBe(403);
    // what the form sends: every field, the guarded ones unchanged
    const ok = await mgr.patch(`/api/admin/users/${adminRow.id}`, { fullName: 'The Administrator', isActive: true, isSuperuser: true, groups: [], password: '', version: v });
    expect(ok.statusCode).toBe(200);
    expect(await fresh(adminRow.id)).toMatchObject({ fullName: 'The Administrator', isActive: true, isSuperuser: true, groups: [] });
  });
});

describe('granting', () => {
  it('lets nobody add or remove a group holding rights they do not hold, or set the password of its members', async () => {
    const pawn = (await mgr.post('/api/admin/users', { username: 'pawn', fullName: 'Pawn', password: 'pawn-pass-12' })).json();
    expect((await mgr.patch(`/api/admin/users/${pawn.id}`, { groups: [accountants.id], version: pawn.version })).statusCode).toBe(403);
    expect((await mgr.post('/api/admin/users', { username: 'pawn2', fullName: 'Pawn 2', password: 'pawn-pass-12', groups: [accountants.id] })).statusCode).toBe(403);
    const given = (await t.admin.patch(`/api/admin/users/${pawn.id}`, { groups: [accountants.id], version: pawn.version })).json();
    expect((await mgr.patch(`/api/admin/users/${pawn.id}`, { groups: [], version: given.version })).statusCode).toBe(403);
    const reset = await mgr.patch(`/api/admin/users/${pawn.id}`, { password: 'pawn-pass-99', version: given.version });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().error.message).toBe('You cannot set the password of a user who holds rights you do not have');
    const renamed = await mgr.patch(`/api/admin/users/${pawn.id}`, { fullName: 'Pawn Renamed', groups: [accountants.id], version: given.version });
    expect(renamed.statusCode).toBe(200);
    expect(await fresh(pawn.id)).toMatchObject({ fullName: 'Pawn Renamed', groups: [accountants.id] });
  });
});

describe('the right to set passwords', () => {
  it("is its own: editing users does not let one set another user's password (and sign in as them)", async () => {
    const g = (await t.admin.post('/api/admin/groups', { name: 'User editors', permissions: ['admin.user.view', 'admin.user.change'] })).json();
    await t.admin.post('/api/admin/users', { username: 'editor', fullName: 'Editor', password: 'editor-pass-1', groups: [g.id] });
    const target = (await t.admin.post('/api/admin/users', { username: 'plain', fullName: 'Plain', password: 'plain-pass-12' })).json();
    const editor = await t.login('editor', 'editor-pass-1');
    const en = await editor.patch(`/api/admin/users/${target.id}`, { password: 'hijack-pass-1', version: target.version });
    expect([en.statusCode, en.json().error.message]).toEqual([403, "You cannot set other users' passwords (the right to set passwords)"]);
    const ar = await (await t.login('editor', 'editor-pass-1', 'ar')).patch(`/api/admin/users/${target.id}`, { password: 'hijack-pass-1', version: target.version });
    expect(ar.json().error.message).toBe('لا يمكنك تعيين كلمات مرور المستخدمين الآخرين (صلاحية تعيين كلمة المرور)');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'plain', password: 'hijack-pass-1' } })).statusCode).toBe(401);
    // the rest of the user stays theirs to edit, and their own password is changed where every user changes it
    expect((await editor.patch(`/api/admin/users/${target.id}`, { fullName: 'Plain Renamed', password: '', version: target.version })).statusCode).toBe(200);
  });
});

describe('a password set by someone else', () => {
  it('must be changed at the next sign-in, and nothing else is allowed until then', async () => {
    const u = (await t.admin.post('/api/admin/users', { username: 'resetme', fullName: 'Reset Me', password: 'first-pass-12' })).json();
    expect((await mgr.patch(`/api/admin/users/${u.id}`, { password: 'given-pass-12', version: u.version })).statusCode).toBe(200);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'resetme', password: 'given-pass-12' }, headers: { cookie: 'locale=ar' } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ passwordChangeRequired: true, user: { mustChangePassword: true } });
    const s = await t.login('resetme', 'given-pass-12');
    const blocked = await s.get('/api/contacts/contacts');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toMatchObject({ code: 'password_change_required', message: 'Your password was set by an administrator: change it to continue' });
    const blockedAr = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: `sid=${signIn.cookies.find((c) => c.name === 'sid')!.value}; locale=ar` } });
    expect(blockedAr.json().error.message).toBe('عيّن مسؤول كلمة المرور الخاصة بك: غيّرها للمتابعة');
    expect((await s.patch(`/api/admin/profiles/resetme`, { fullName: 'x', version: 1 })).statusCode).toBe(403);
    expect((await s.get('/api/auth/me')).json().passwordChangeRequired).toBe(true);
    const same = await s.post('/api/auth/password', { currentPassword: 'given-pass-12', newPassword: 'given-pass-12' });
    expect(same.statusCode).toBe(422);
    expect(same.json().error.fields.newPassword).toBe('The new password must differ from the current one');
    expect((await s.post('/api/auth/password', { currentPassword: 'given-pass-12', newPassword: 'my-own-pass-1' })).statusCode).toBe(200);
    expect((await s.get('/api/auth/me')).json().passwordChangeRequired).toBe(false);
    const again = await t.login('resetme', 'my-own-pass-1');
    expect((await again.get('/api/auth/me')).json().user.mustChangePassword).toBe(false);
  });

  it('is not forced when users set their own through the users API', async () => {
    const mine = (await t.admin.get(`/api/admin/users?search=manager`)).json().items[0];
    expect((await mgr.patch(`/api/admin/users/${mine.id}`, { password: 'manager-pass-2', version: mine.version })).statusCode).toBe(200);
    const s = await t.login('manager', 'manager-pass-2');
    expect((await s.get('/api/contacts/contacts')).statusCode).toBe(200);
    mgr = s;
  });
});

describe('usernames', () => {
  it('are unique whatever their case: 422 "username taken" in both languages', async () => {
    const created = await t.admin.post('/api/admin/users', { username: 'Alice', fullName: 'Alice', password: 'alice-pass-1' });
    expect(created.statusCode).toBe(201);
    const clash = await t.admin.post('/api/admin/users', { username: 'aLICE', fullName: 'Other', password: 'alice-pass-2' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().error.fields).toEqual({ username: 'This username is taken' });
    const ar = await (await t.login('admin', ADMIN_PASSWORD, 'ar')).post('/api/admin/users', { username: 'ALICE', fullName: 'Other', password: 'alice-pass-2' });
    expect(ar.json().error.fields).toEqual({ username: 'اسم المستخدم هذا مستخدم بالفعل' });
    const bob = (await t.admin.post('/api/admin/users', { username: 'bob', fullName: 'Bob', password: 'bob-pass-123' })).json();
    const rename = await t.admin.patch(`/api/admin/users/${bob.id}`, { username: 'ALICE', version: bob.version });
    expect(rename.json().error.fields).toEqual({ username: 'This username is taken' });
    const self = await t.admin.patch(`/api/admin/users/${bob.id}`, { username: 'Bob', version: bob.version });
    expect(self.statusCode).toBe(200);
    const signup = await t.anon().post('/api/auth/signup', { companyNameEn: 'Clash', companyNameAr: 'تصادم', currency: 'SAR', username: 'BOB', fullName: 'B', password: 'bob-pass-456' });
    expect(signup.statusCode).toBe(422);
    expect(signup.json().error.fields.username).toBe('This username is taken');
    await t.login('ALICE', 'alice-pass-1');
  });
});
