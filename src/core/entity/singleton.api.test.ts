import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApp, testApp } from '../../../tests/support/test-app';

/**
 * GET <base>/current of a singleton: the company's one record. The company entity is scoped 'tenant' (the
 * companies table, no company_id): its current record is the caller's company itself, read, edited and with its
 * history, each company its own, in both languages. A company-scoped singleton (accounting settings) alongside.
 */
let t: TestApp;
let other: Client;
beforeAll(async () => {
  t = await testApp();
  const res = await t.app.inject({
    method: 'POST', url: '/api/auth/signup', remoteAddress: '203.0.113.90',
    payload: { companyNameEn: 'Second Co', companyNameAr: 'الشركة الثانية', currency: 'EGP', username: 'second', fullName: 'Second Owner', password: 'second-pass-1' },
  });
  expect(res.statusCode).toBe(201);
  other = await t.login('second', 'second-pass-1', 'ar');
});
afterAll(async () => { await t?.close(); });

describe('singleton read (GET <base>/current)', () => {
  it("answers the caller's own company for the tenant-scoped company entity", async () => {
    const mine = await t.admin.get('/api/admin/companies/current');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ nameEn: 'My Company', currency: 'SAR' });
    const theirs = await other.get('/api/admin/companies/current');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toMatchObject({ nameEn: 'Second Co', nameAr: 'الشركة الثانية', currency: 'EGP' });
    expect(theirs.json().id).not.toBe(mine.json().id);
    // the other company's record is not readable by id
    expect((await t.admin.get(`/api/admin/companies/${theirs.json().id}`)).statusCode).toBe(404);
  });

  it('edits the current company and records its history', async () => {
    const cur = (await other.get('/api/admin/companies/current')).json();
    const res = await other.patch(`/api/admin/companies/${cur.id}`, { taxNumber: '300000000000003', version: cur.version });
    expect(res.statusCode, res.body).toBe(200);
    expect((await other.get('/api/admin/companies/current')).json()).toMatchObject({ taxNumber: '300000000000003', version: cur.version + 1 });
    const history = await other.get(`/api/admin/companies/${cur.id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('300000000000003');
    expect((await t.admin.get('/api/admin/companies/current')).json().taxNumber ?? null).toBeNull();
  });

  it('reads a company-scoped singleton per company too', async () => {
    const a = await t.admin.get('/api/accounting/settings/current');
    const b = await other.get('/api/accounting/settings/current');
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().id).not.toBe(b.json().id);
  });
});
