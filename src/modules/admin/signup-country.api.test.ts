import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { type Client, type TestApp, testApp } from '../../../tests/support/test-app';

/** Sign-up by country: the company is made from its pack; its tax number follows the pack; the pack is fixed once entries exist. */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

let n = 0;
let ip = 10;
const signup = async (over: Record<string, unknown>, locale: 'en' | 'ar' = 'en') => {
  n++;
  return t.app.inject({
    method: 'POST', url: '/api/auth/signup', remoteAddress: `198.51.100.${ip++}`, headers: { 'accept-language': locale },
    payload: { companyNameEn: `Pack Co ${n}`, companyNameAr: `شركة ${n}`, currency: 'SAR', timeZone: 'Asia/Riyadh', username: `packowner${n}`, fullName: `Owner ${n}`, password: 'owner-pass-1', ...over },
  });
};
const as = (res: LightMyRequestResponse, locale = 'en'): Client => {
  const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}; locale=${locale}`;
  const req = (method: string, url: string, body?: unknown) => t.app.inject({ method: method as 'GET', url, headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, payload: body === undefined ? undefined : JSON.stringify(body) });
  return { cookie, req, get: (u) => req('GET', u), post: (u, b = {}) => req('POST', u, b), patch: (u, b = {}) => req('PATCH', u, b), del: (u) => req('DELETE', u) };
};
const taxes = async (c: Client) => (await c.get('/api/accounting/taxes?pageSize=50')).json().items.map((x: { name: string; rate: string }) => `${x.name}=${Number(x.rate)}`).sort();
const company = async (c: Client) => { const id = (await c.get('/api/auth/me')).json().company.id; return (await c.get(`/api/admin/companies/${id}`)).json(); };

describe('sign-up by country', () => {
  it('makes a Saudi company and a UAE company each with its own taxes, chart, currency and fiscal year', async () => {
    const saRes = await signup({ country: 'SA', currency: 'SAR', taxNumber: '310122393500003' });
    expect(saRes.statusCode).toBe(201);
    const aeRes = await signup({ country: 'AE', currency: 'aed', timeZone: 'Asia/Dubai', fiscalYearStartMonth: 4, taxNumber: '100 1234 5670 0003' });
    expect(aeRes.statusCode).toBe(201);
    const sa = as(saRes);
    const ae = as(aeRes);
    expect(await taxes(sa)).toEqual(['VAT 0% (zero rated)=0', 'VAT 15% (purchases)=15', 'VAT 15%=15', 'VAT exempt=0']);
    expect(await taxes(ae)).toEqual(['VAT 0% (zero rated)=0', 'VAT 5% (purchases)=5', 'VAT 5%=5', 'VAT exempt=0']);
    const accounts = async (c: Client) => (await c.get('/api/accounting/accounts?pageSize=200')).json().items.map((a: { code: string; nameEn: string }) => `${a.code} ${a.nameEn}`);
    expect(await accounts(sa)).toContain('5107 Zakat expense');
    expect(await accounts(ae)).toContain('5107 Corporate tax expense');
    const aeCo = await company(ae);
    expect([aeCo.country, aeCo.currency, aeCo.fiscalYearStartMonth, aeCo.timeZone, aeCo.taxNumber]).toEqual(['AE', 'AED', 4, 'Asia/Dubai', '100123456700003']);
    const settings = (await ae.get('/api/accounting/settings')).json().items[0];
    expect([settings.fiscalYearStartMonth, settings.fiscalYearEnd, Number(settings.defaultTaxRate)]).toEqual([4, '03-31', 5]);
  });

  it('makes a Kuwaiti company with no tax and its currency in 3 decimals', async () => {
    const res = await signup({ country: 'KW', currency: 'KWD', timeZone: 'Asia/Kuwait' });
    expect(res.statusCode).toBe(201);
    const kw = as(res);
    expect(await taxes(kw)).toEqual([]);
    expect((await company(kw)).currencyDecimals).toBe(3);
    const codes = (await kw.get('/api/accounting/accounts?pageSize=200')).json().items.map((a: { code: string }) => a.code);
    expect(codes).not.toContain('2102');
  });

  it('refuses a tax number of the wrong format for the country, in both languages, and leaves nothing behind', async () => {
    const en = await signup({ country: 'SA', taxNumber: '100123456700003', username: 'wrongtax' });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields.taxNumber).toBe('VAT registration number (Saudi Arabia) must be 15 digits, starting and ending with 3');
    const ar = await signup({ country: 'AE', currency: 'AED', taxNumber: '12345', username: 'wrongtax' }, 'ar');
    expect(ar.statusCode).toBe(422);
    expect(ar.json().error.fields.taxNumber).toBe('رقم التسجيل الضريبي (الإمارات العربية المتحدة) يجب أن يتكون من 15 رقمًا');
    const users = (await t.admin.get('/api/admin/users?search=wrongtax')).json().items;
    expect(users).toEqual([]);
  });

  it('refuses a currency that is not ISO 4217 and a country without a pack', async () => {
    const res = await signup({ currency: 'XYZ', country: 'FR' }, 'ar');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields)).toContain('country');
    const cur = await signup({ currency: 'ZZZ' });
    expect(cur.statusCode).toBe(422);
    expect(cur.json().error.fields.currency).toBe('Choose a currency from the list (an ISO 4217 code such as SAR)');
  });

  it('checks the company tax number by its pack when it is edited', async () => {
    const c = as(await signup({ country: 'OM', currency: 'OMR', timeZone: 'Asia/Muscat' }), 'ar');
    const co = await company(c);
    const bad = await c.patch(`/api/admin/companies/${co.id}`, { taxNumber: '310122393500003', version: co.version });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.taxNumber).toBe('رقم التسجيل في ضريبة القيمة المضافة (سلطنة عُمان) يجب أن يتكون من الحرفين OM يليهما 10 أرقام');
    const good = await c.patch(`/api/admin/companies/${co.id}`, { taxNumber: 'om 1100012345', crNumber: '1234567', version: co.version });
    expect(good.statusCode).toBe(200);
    expect(good.json().taxNumber).toBe('OM1100012345');
  });

  it('lets the country change before any entry (adding its taxes) and refuses it once an entry exists', async () => {
    const c = as(await signup({ country: 'QA', currency: 'QAR', timeZone: 'Asia/Qatar' }));
    let co = await company(c);
    const moved = await c.patch(`/api/admin/companies/${co.id}`, { country: 'BH', version: co.version });
    expect(moved.statusCode).toBe(200);
    expect(await taxes(c)).toEqual(['VAT 0% (zero rated)=0', 'VAT 10% (purchases)=10', 'VAT 10%=10', 'VAT exempt=0']);
    const vat = (await c.get('/api/accounting/taxes?pageSize=50')).json().items.find((x: { name: string }) => x.name === 'VAT 10%');
    const accs = (await c.get('/api/accounting/accounts?pageSize=200')).json().items as { id: number; code: string; isLeaf: boolean }[];
    expect(accs.find((a) => a.id === vat.accountId)?.code).toBe('2102');
    expect(accs.find((a) => a.code === '21')?.isLeaf).toBe(false);
    const gen = (await c.get('/api/accounting/journals?pageSize=50')).json().items.find((j: { code: string }) => j.code === 'GEN').id;
    const acc = (code: string) => accs.find((a) => a.code === code)!.id;
    const je = await c.post('/api/accounting/journal-entries', { journalId: gen, date: '2026-03-10', reference: 'first', post: true, lines: [{ accountId: acc('1101'), debit: '10' }, { accountId: acc('3101'), credit: '10' }] });
    expect(je.statusCode).toBe(201);
    co = await company(c);
    const refused = await c.patch(`/api/admin/companies/${co.id}`, { country: 'SA', version: co.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('The country cannot change once journal entries exist: its chart of accounts and taxes are in use');
    const ar = await t.app.inject({ method: 'PATCH', url: `/api/admin/companies/${co.id}`, headers: { cookie: c.cookie.replace('locale=en', 'locale=ar'), 'content-type': 'application/json' }, payload: JSON.stringify({ country: 'SA', version: co.version }) });
    expect(ar.json().error.message).toBe('لا يمكن تغيير الدولة بعد وجود قيود يومية: دليل الحسابات والضرائب الخاصة بها مستخدمة');
    expect((await company(c)).country).toBe('BH');
  });

  it('keeps the first company Saudi', async () => {
    const id = (await t.admin.get('/api/auth/me')).json().company.id;
    expect((await t.admin.get(`/api/admin/companies/${id}`)).json().country).toBe('SA');
  });
});
