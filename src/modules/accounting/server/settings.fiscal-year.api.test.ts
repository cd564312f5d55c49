import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import { type Client, type TestApp, testAppWith } from '../../../../tests/support/test-app';
import { cr, dr, type Kit, kit } from './test-kit';

/**
 * The fiscal year's start (accounting settings, with the company form's copy; settings.hooks.ts): it may change
 * until the company has numbers counted per fiscal year (a posted entry, a document counter of a fiscal year), then
 * a change is a 409 in both languages and nothing is written; the same start sent again is no change. A day the
 * month does not have is a 422 in both languages (February: 28 at most). The end follows the start, and the two
 * rows keep the same start.
 */
let t: TestApp;
let k: Kit;
let ar: Client;
beforeAll(async () => { ({ t, k, ar } = await testAppWith(kit)); });
afterAll(async () => { await t?.close(); });

const settings = async () => (await t.admin.get('/api/accounting/settings/current')).json();
const companyRow = async () => (await t.admin.get('/api/admin/companies/current')).json();
const start = async () => {
  const [s, c] = [await settings(), await companyRow()];
  return { settings: [s.fiscalYearStartMonth, s.fiscalYearStartDay, s.fiscalYearEnd], company: [c.fiscalYearStartMonth, c.fiscalYearStartDay] };
};
const patchSettings = async (body: Record<string, unknown>, c: Client = t.admin) => c.patch(`/api/accounting/settings/${(await settings()).id}`, { ...body, version: (await settings()).version });
const patchCompany = async (body: Record<string, unknown>, c: Client = t.admin) => c.patch(`/api/admin/companies/${(await companyRow()).id}`, { ...body, version: (await companyRow()).version });

/** `send` refused with `status`: every table of the database as it was (tests/support/db-diff.ts). */
async function refused(send: () => Promise<{ statusCode: number; body: string; json: () => any }>, status: number): Promise<{ code: string; message: string; fields?: Record<string, string> }> {
  const before = await picture(t.db);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(changes(before, await picture(t.db))).toEqual({});
  return res.json().error as { code: string; message: string; fields?: Record<string, string> };
}

const FIXED = {
  en: 'The fiscal year start cannot change once journal entries or numbered documents exist: their numbers are counted per fiscal year',
  ar: 'لا يمكن تغيير بداية السنة المالية بعد وجود قيود يومية أو مستندات مرقمة: أرقامها تُحتسب لكل سنة مالية',
};

describe('fiscal year start', () => {
  it('changes freely before any number is counted, from either form, the end and the other row following', async () => {
    expect(await start()).toEqual({ settings: [1, 1, '12-31'], company: [1, 1] });
    const a = await patchSettings({ fiscalYearStartMonth: 7, fiscalYearStartDay: 1 });
    expect(a.statusCode, a.body).toBe(200);
    expect(await start()).toEqual({ settings: [7, 1, '06-30'], company: [7, 1] });
    const b = await patchCompany({ fiscalYearStartMonth: 4, fiscalYearStartDay: 10 });
    expect(b.statusCode, b.body).toBe(200);
    expect(await start()).toEqual({ settings: [4, 10, '04-09'], company: [4, 10] });
    // a company edit that leaves the start out leaves it as it is
    expect((await patchCompany({ phone: '+966 11 000 0000' })).statusCode).toBe(200);
    expect(await start()).toEqual({ settings: [4, 10, '04-09'], company: [4, 10] });
    expect((await patchSettings({ fiscalYearStartMonth: 2, fiscalYearStartDay: 28 })).statusCode).toBe(200);
    expect(await start()).toEqual({ settings: [2, 28, '02-27'], company: [2, 28] });
    // a counter that runs across years (a product's SKU, fiscal year 0) counts no fiscal year
    await k.q(sql`INSERT INTO doc_sequences (company_id, doc_type, fiscal_year, prefix, next_value) VALUES (1, 'product.sku:TEST', 0, 'SKU', 5)`);
    expect((await patchSettings({ fiscalYearStartMonth: 1, fiscalYearStartDay: 1 })).statusCode).toBe(200);
    expect(await start()).toEqual({ settings: [1, 1, '12-31'], company: [1, 1] });
  });

  it('refuses a day the month does not have (422, both languages), from either form, writing nothing', async () => {
    const en = await refused(() => patchSettings({ fiscalYearStartMonth: 2, fiscalYearStartDay: 31 }), 422);
    expect(en.message).toBe('Fiscal year start day must be between 1 and 28 in the chosen month');
    expect(en).toMatchObject({ code: 'validation', fields: { fiscalYearStartDay: en.message } });
    const inArabic = await refused(() => patchSettings({ fiscalYearStartMonth: 2, fiscalYearStartDay: 31 }, ar), 422);
    expect(inArabic.message).toBe('يجب أن يكون يوم بداية السنة المالية بين 1 و28 في الشهر المختار');
    expect(inArabic.fields).toEqual({ fiscalYearStartDay: inArabic.message });
    // February 29 too: such a year would start on 1 March three years in four
    expect((await refused(() => patchSettings({ fiscalYearStartMonth: 2, fiscalYearStartDay: 29 }), 422)).message).toMatch(/between 1 and 28/);
    expect((await refused(() => patchSettings({ fiscalYearStartMonth: 4, fiscalYearStartDay: 31 }), 422)).message).toMatch(/between 1 and 30/);
    expect((await refused(() => patchCompany({ fiscalYearStartMonth: 11, fiscalYearStartDay: 31 }, ar), 422)).fields)
      .toEqual({ fiscalYearStartDay: 'يجب أن يكون يوم بداية السنة المالية بين 1 و30 في الشهر المختار' });
    // the month alone changed under a day it does not have
    expect((await patchSettings({ fiscalYearStartDay: 31 })).statusCode).toBe(200);
    expect(await start()).toEqual({ settings: [1, 31, '01-30'], company: [1, 31] });
    expect((await refused(() => patchSettings({ fiscalYearStartMonth: 6 }), 422)).message).toMatch(/between 1 and 30/);
    expect((await patchSettings({ fiscalYearStartDay: 1 })).statusCode).toBe(200);
    expect(await start()).toEqual({ settings: [1, 1, '12-31'], company: [1, 1] });
  });

  it('refuses a change once entries are posted (409, both languages, nothing written): one month stays in one number series', async () => {
    const line = [dr(k.acc('1101'), '10'), cr(k.acc('4101'), '10')];
    const post = async (date: string) => (await t.admin.post('/api/accounting/journal-entries', { journalId: k.jr('GEN'), date, reference: date, post: true, lines: line })).json().number as string;
    expect(await post('2026-03-10')).toMatch(/\/2026\/00001$/);
    expect(await post('2026-03-11')).toMatch(/\/2026\/00002$/);

    const en = await refused(() => patchSettings({ fiscalYearStartMonth: 7 }), 409);
    expect(en).toMatchObject({ code: 'conflict', message: FIXED.en });
    expect((await refused(() => patchSettings({ fiscalYearStartMonth: 7 }, ar), 409)).message).toBe(FIXED.ar);
    expect((await refused(() => patchSettings({ fiscalYearStartDay: 15 }), 409)).message).toBe(FIXED.en);
    // the company form's copy is held the same way
    expect((await refused(() => patchCompany({ fiscalYearStartMonth: 7 }), 409)).message).toBe(FIXED.en);
    expect((await refused(() => patchCompany({ fiscalYearStartMonth: 7, fiscalYearStartDay: 1 }, ar), 409)).message).toBe(FIXED.ar);
    // an impossible day is still named as such
    expect((await refused(() => patchSettings({ fiscalYearStartMonth: 2, fiscalYearStartDay: 30 }), 422)).message).toMatch(/between 1 and 28/);

    // the same start again is no change: both forms save (their other fields with it)
    const same = await patchSettings({ fiscalYearStartMonth: 1, fiscalYearStartDay: 1, defaultMarginProfit: '21' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ fiscalYearStartMonth: 1, fiscalYearStartDay: 1, fiscalYearEnd: '12-31', defaultMarginProfit: '21.0000' });
    const sameCo = await patchCompany({ fiscalYearStartMonth: 1, fiscalYearStartDay: 1, phone: '+966 11 000 0001' });
    expect(sameCo.statusCode, sameCo.body).toBe(200);
    expect(await start()).toEqual({ settings: [1, 1, '12-31'], company: [1, 1] });
    expect(await post('2026-03-12')).toMatch(/\/2026\/00003$/);
  });

  it('counts a document counter of a fiscal year as numbers, without any entry', async () => {
    const fresh = await testAppWith(kit);
    try {
      const s = (await fresh.t.admin.get('/api/accounting/settings/current')).json();
      await fresh.k.q(sql`INSERT INTO doc_sequences (company_id, doc_type, fiscal_year, prefix, next_value) VALUES (1, 'salesOrder', 2026, 'SO', 2)`);
      const res = await fresh.ar.patch(`/api/accounting/settings/${s.id}`, { fiscalYearStartMonth: 7, version: s.version });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'conflict', message: FIXED.ar });
      expect((await fresh.t.admin.get('/api/accounting/settings/current')).json()).toMatchObject({ fiscalYearStartMonth: 1, version: s.version });
    } finally {
      await fresh.t.close();
    }
  });

  // PostgreSQL only (PGlite has one connection): a posting writing the company's first numbers while the start changes
  it.skipIf(process.env.TEST_DB !== 'postgres')('waits for a posting writing the first numbers, then refuses if it committed them', async () => {
    const fresh = await testAppWith(kit);
    const poster = new pg.Client({ connectionString: (fresh.t.db as { url?: string }).url! });
    await poster.connect();
    const at = async () => (await fresh.t.admin.get('/api/accounting/settings/current')).json();
    /** PATCH the start to `month` while `poster` holds a first counter uncommitted, then `end` it: the answer. */
    const racing = async (month: number, end: 'COMMIT' | 'ROLLBACK') => {
      await poster.query('BEGIN');
      await poster.query(`INSERT INTO doc_sequences (company_id, doc_type, fiscal_year, prefix, next_value) VALUES (1, 'journal:5', 2026, 'JV', 2)`);
      const s = await at();
      let done = false;
      const answer = fresh.t.admin.patch(`/api/accounting/settings/${s.id}`, { fiscalYearStartMonth: month, version: s.version }).finally(() => { done = true; });
      for (let waiting = false; !waiting;) {
        await new Promise((r) => setTimeout(r, 15));
        expect(done, 'the change did not wait for the posting').toBe(false);
        waiting = (await poster.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n > 0;
      }
      await poster.query(end);
      return answer;
    };
    try {
      const rolledBack = await racing(7, 'ROLLBACK');
      expect(rolledBack.statusCode, rolledBack.body).toBe(200);
      expect(await at()).toMatchObject({ fiscalYearStartMonth: 7, fiscalYearEnd: '06-30' });
      const committed = await racing(1, 'COMMIT');
      expect(committed.statusCode, committed.body).toBe(409);
      expect(committed.json().error.message).toBe(FIXED.en);
      expect(await at()).toMatchObject({ fiscalYearStartMonth: 7, fiscalYearEnd: '06-30' });
    } finally {
      await poster.end();
      await fresh.t.close();
    }
  });
});
