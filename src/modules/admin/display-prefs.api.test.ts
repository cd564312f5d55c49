import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestApp, testApp } from '../../../tests/support/test-app';

/**
 * The display preference (calendar, digits): the user's own on their profile, the company's default when they
 * chose none, the effective one in /api/auth/me; unknown values refused naming the field in the caller's language.
 */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

const me = async () => (await t.admin.get('/api/auth/me')).json();
const profile = async () => (await t.admin.get('/api/admin/profiles/admin')).json();
const company = async () => { const id = (await me()).company.id; return (await t.admin.get(`/api/admin/companies/${id}`)).json(); };

describe('calendar and digits', () => {
  it('starts Gregorian with Latin digits, and the company default applies when the user has none', async () => {
    expect((await me()).display).toEqual({ calendar: 'gregorian', digits: 'latin' });
    expect(await profile()).toMatchObject({ calendar: null, digits: null });
    const co = await company();
    expect(co).toMatchObject({ calendar: 'gregorian', digits: 'latin' });
    const saved = await t.admin.patch(`/api/admin/companies/${co.id}`, { calendar: 'both', digits: 'arabic', version: co.version });
    expect(saved.statusCode).toBe(200);
    const m = await me();
    expect(m.display).toEqual({ calendar: 'both', digits: 'arabic' });
    expect(m.company).toMatchObject({ calendar: 'both', digits: 'arabic' });
  });

  it("takes the user's own choice over the company's, and falls back again when it is cleared", async () => {
    const p = await profile();
    const r = await t.admin.patch('/api/admin/profiles/admin', { calendar: 'hijri', digits: 'latin', version: p.version });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ calendar: 'hijri', digits: 'latin' });
    expect((await me()).display).toEqual({ calendar: 'hijri', digits: 'latin' });
    // a new sign-in answers the same
    const again = await t.login('admin', ADMIN_PASSWORD);
    expect((await again.get('/api/auth/me')).json().display).toEqual({ calendar: 'hijri', digits: 'latin' });
    const cleared = await t.admin.patch('/api/admin/profiles/admin', { calendar: null, digits: null, version: r.json().version });
    expect(cleared.statusCode).toBe(200);
    expect((await me()).display).toEqual({ calendar: 'both', digits: 'arabic' });
  });

  it('refuses an unknown calendar or digits, naming the field in the caller language', async () => {
    const p = await profile();
    const en = await t.admin.patch('/api/admin/profiles/admin', { calendar: 'julian', version: p.version });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields.calendar).toMatch(/Calendar/);
    const ar = await t.admin.req('PATCH', '/api/admin/profiles/admin', { digits: 'roman', version: p.version }, { cookie: t.admin.cookie.replace('locale=en', 'locale=ar') });
    expect(ar.statusCode).toBe(422);
    expect(ar.json().error.fields.digits).toMatch(/الأرقام/);
    const co = await company();
    const bad = await t.admin.patch(`/api/admin/companies/${co.id}`, { calendar: null, version: co.version });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.calendar).toBeTruthy();
  });
});
