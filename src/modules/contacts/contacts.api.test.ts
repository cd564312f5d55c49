import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../tests/support/test-app';

/** The generic API end to end on one entity: create, list, search, filter, sort, update, history, delete. */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

describe('contacts through the generic API', () => {
  it('creates, finds with another hamza form, edits with version and deletes', async () => {
    const created = await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Ahmed', nameAr: 'أحمد إبراهيم', phone: '0501', isCustomer: true });
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({ name: 'Ahmed', nameAr: 'أحمد إبراهيم', version: 1, createdBy: 1 });
    expect(c.companyId).toBeUndefined();

    const found = await t.admin.get('/api/contacts/contacts?search=' + encodeURIComponent('احمد ابراهيم'));
    expect(found.json().items.map((x: { id: number }) => x.id)).toEqual([c.id]);
    const aisha = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Aisha', nameAr: 'عائشة المسؤولة' })).json();
    for (const q of ['عايشه', 'مسوولة', 'عائشه المسؤوله']) {
      const r = await t.admin.get('/api/contacts/contacts?search=' + encodeURIComponent(q));
      expect(r.json().items.map((x: { id: number }) => x.id), q).toEqual([aisha.id]);
    }
    await t.admin.del(`/api/contacts/contacts/${aisha.id}`);
    const none = await t.admin.get('/api/contacts/contacts?search=' + encodeURIComponent('محمود'));
    expect(none.json().total).toBe(0);

    const upd = await t.admin.patch(`/api/contacts/contacts/${c.id}`, { phone: '0502', version: 1 });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ phone: '0502', version: 2 });

    const hist = await t.admin.get(`/api/contacts/contacts/${c.id}/history`);
    const actions = hist.json().items.map((h: { action: string }) => h.action);
    expect(actions).toEqual(['update', 'create']);
    expect(hist.json().items[0]).toMatchObject({ userName: 'admin', before: { phone: '0501' }, after: { phone: '0502' } });

    expect((await t.admin.del(`/api/contacts/contacts/${c.id}`)).statusCode).toBe(204);
    expect((await t.admin.get(`/api/contacts/contacts/${c.id}`)).statusCode).toBe(404);
  });

  it('finds with Arabic-Indic digits, ta marbuta and diacritics', async () => {
    await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'School', nameAr: 'مَدْرَسَة النُّور', phone: '0551234567' });
    const q = async (s: string) => (await t.admin.get('/api/contacts/contacts?search=' + encodeURIComponent(s))).json().total;
    expect(await q('مدرسه النور')).toBe(1);
    expect(await q('٠٥٥١٢٣')).toBe(1);
    expect(await q('۰۵۵۱۲۳')).toBe(1);
    expect(await q('SCHOOL')).toBe(1);
  });

  it('filters and sorts only by allowed fields, with bound values', async () => {
    await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Zed Co', isVendor: true });
    await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Alpha Co', isVendor: true });
    const res = await t.admin.get('/api/contacts/contacts?filter[isVendor]=true&sort=-name');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((x: { name: string }) => x.name)).toEqual(['Zed Co', 'Alpha Co']);
    expect((await t.admin.get('/api/contacts/contacts?sort=name;drop')).statusCode).toBe(400);
    expect((await t.admin.get('/api/contacts/contacts?sort=notes')).statusCode).toBe(400);
    expect((await t.admin.get(`/api/contacts/contacts?filter[notes]=${encodeURIComponent("' OR 1=1")}`)).statusCode).toBe(400);
    expect((await t.admin.get(`/api/contacts/contacts?filter[kind]=${encodeURIComponent("' OR 1=1")}`)).statusCode).toBe(400);
    expect((await t.admin.get(`/api/contacts/contacts?filter[branchId]=${encodeURIComponent('1 OR 1=1')}`)).statusCode).toBe(400);
    const page = await t.admin.get('/api/contacts/contacts?pageSize=1&page=2&sort=name');
    expect(page.json()).toMatchObject({ page: 2, pageSize: 1 });
    expect(page.json().items).toHaveLength(1);
  });

  it('answers validation errors per field in the caller language, and ignores unknown or server-owned fields', async () => {
    const en = await t.admin.post('/api/contacts/contacts', { kind: 'individual' });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields.name).toBe('Name is required');
    const ar = await t.admin.req('POST', '/api/contacts/contacts', { kind: 'individual', email: 'nope' }, { cookie: `${t.admin.cookie.replace('locale=en', 'locale=ar')}` });
    expect(ar.json().error.fields).toMatchObject({ name: 'الاسم مطلوب', email: 'أدخل بريدًا إلكترونيًا صالحًا' });
    const wrongType = await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'X', isCustomer: 'yes' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().error.fields.isCustomer).toBeTruthy();

    const sneaky = await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Sneaky', companyId: 999, createdBy: 42, id: 777, version: 99, hacker: 'x' });
    expect(sneaky.statusCode).toBe(201);
    const s = sneaky.json();
    expect(s.id).not.toBe(777);
    expect(s).toMatchObject({ createdBy: 1, version: 1 });
    expect(s.hacker).toBeUndefined();
  });

  it('tells the later of two concurrent edits that the record changed (409)', async () => {
    const c = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Race' })).json();
    const a = await t.admin.patch(`/api/contacts/contacts/${c.id}`, { name: 'First', version: c.version });
    const b = await t.admin.patch(`/api/contacts/contacts/${c.id}`, { name: 'Second', version: c.version });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(409);
    expect((await t.admin.get(`/api/contacts/contacts/${c.id}`)).json().name).toBe('First');
  });

  it('refuses a reference to a record of no company of the caller', async () => {
    const res = await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'X', branchId: 99999 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.branchId).toMatch(/does not exist/);
  });

  it('names referenced records in the caller language', async () => {
    const b = (await t.admin.post('/api/contacts/branches', { name: 'Riyadh', nameAr: 'الرياض' })).json();
    const c = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Ref test', branchId: b.id })).json();
    expect(c._refs.branchId).toBe('Riyadh');
    const ar = await t.admin.req('GET', `/api/contacts/contacts/${c.id}`, undefined, { cookie: t.admin.cookie.replace('locale=en', 'locale=ar') });
    expect(ar.json()._refs.branchId).toBe('الرياض');
  });

  it('exports the filtered list as Excel', async () => {
    const res = await t.admin.get('/api/contacts/contacts/export.xlsx?filter[isVendor]=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
