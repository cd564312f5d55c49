import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../../tests/support/test-app';

/**
 * A tax's VAT category and reason agree (tax.hooks.ts): zero rated, exempt and out of scope charge 0% and name a
 * reason code of their category; a standard tax names none. Each refusal in both languages, nothing saved.
 */
let t: TestApp;
let ar: Client;
beforeAll(async () => {
  t = await testApp();
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
});
afterAll(async () => { await t?.close(); });

const count = async () => ((await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM taxes`)).rows[0] as { n: number }).n;

describe('VAT categories of taxes', () => {
  it('refuses a rate, a missing code, a code of another category and a code on a standard tax, in both languages', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, RegExp, RegExp][] = [
      [{ rate: '5', vatCategory: 'zero', exemptionCode: 'VATEX-SA-32' }, 'rate', /rate of 0/, /هي 0/],
      [{ rate: '0', vatCategory: 'exempt' }, 'exemptionCode', /Choose the reason code/, /اختر رمز سبب/],
      [{ rate: '0', vatCategory: 'exempt', exemptionCode: 'VATEX-SA-32' }, 'exemptionCode', /not one of the category exempt/, /ليس من فئة/],
      [{ rate: '15', vatCategory: 'standard', exemptionCode: 'VATEX-SA-29' }, 'exemptionCode', /no exemption reason code/, /لا رمز إعفاء/],
    ];
    for (const [body, field, en, arabic] of cases) {
      for (const [c, re] of [[t.admin, en], [ar, arabic]] as const) {
        const r = await c.post('/api/accounting/taxes', { name: `T ${Math.random()}`, type: 'percentage', ...body });
        expect(r.statusCode, r.body).toBe(422);
        expect(r.json().error.fields[field]).toMatch(re);
      }
    }
    expect(await count()).toBe(before);
  });

  it('keeps a zero rated export tax and an exempt one, and checks a change against the row as it will be', async () => {
    const zero = await t.admin.post('/api/accounting/taxes', { name: 'Exports 0%', type: 'percentage', rate: '0', vatCategory: 'zero', exemptionCode: 'VATEX-SA-32' });
    expect(zero.statusCode, zero.body).toBe(201);
    expect(zero.json()).toMatchObject({ vatCategory: 'zero', exemptionCode: 'VATEX-SA-32' });
    const exempt = await t.admin.post('/api/accounting/taxes', { name: 'Financial services', type: 'percentage', rate: '0', vatCategory: 'exempt', exemptionCode: 'VATEX-SA-29', exemptionReason: 'Margin-based fees' });
    expect(exempt.statusCode, exempt.body).toBe(201);
    const up = await ar.patch(`/api/accounting/taxes/${zero.json().id}`, { rate: '15', version: zero.json().version });
    expect(up.statusCode).toBe(422);
    expect(up.json().error.fields.rate).toMatch(/هي 0/);
    const std = await t.admin.post('/api/accounting/taxes', { name: 'Plain', type: 'percentage', rate: '15' });
    expect(std.statusCode, std.body).toBe(201);
    expect(std.json()).toMatchObject({ vatCategory: 'standard', exemptionCode: null });
  });

  // the reason code is ZATCA's: a company elsewhere keeps an exempt tax without one (runs last: it moves the company)
  it('asks no reason code outside Saudi Arabia, and still refuses one of another category', async () => {
    const co = (await t.admin.get('/api/admin/companies/current')).json();
    const moved = await t.admin.patch(`/api/admin/companies/${co.id}`, { country: 'AE', currency: 'AED', version: co.version });
    expect(moved.statusCode, moved.body).toBe(200);
    const plain = await ar.post('/api/accounting/taxes', { name: 'Exempt supplies', type: 'percentage', rate: '0', vatCategory: 'exempt' });
    expect(plain.statusCode, plain.body).toBe(201);
    const wrong = await t.admin.post('/api/accounting/taxes', { name: 'Wrong code', type: 'percentage', rate: '0', vatCategory: 'exempt', exemptionCode: 'VATEX-SA-32' });
    expect(wrong.statusCode).toBe(422);
    // the UAE pack's own taxes came with the move: 5%, zero rated and exempt, none with a Saudi code
    const taxes = (await t.admin.get('/api/accounting/taxes?pageSize=100')).json().items as { name: string; rate: string; vatCategory: string; exemptionCode: string | null }[];
    expect(taxes.find((x) => x.name === 'VAT 5%')).toMatchObject({ vatCategory: 'standard' });
    expect(taxes.find((x) => x.name === 'VAT exempt')).toMatchObject({ vatCategory: 'exempt', rate: expect.stringMatching(/^0(\.0+)?$/) });
  });
});
