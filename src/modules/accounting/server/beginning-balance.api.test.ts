import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { cr, dr, type Kit, kit } from './test-kit';

/** Opening balances: draft -> post (opening entry) -> cancel (reversal) -> reset to draft; unknown id -> "Invalid balance ID". */
let t: TestApp;
let k: Kit;
beforeAll(async () => { t = await testApp(); k = await kit(t); });
afterAll(async () => { await t?.close(); });

describe('beginning balances', () => {
  it('posts a balanced opening entry in the opening journal, cancels it by reversal, and resets to draft', async () => {
    const c = await t.admin.post('/api/accounting/beginning-balances', { date: '2026-01-01', reference: 'OB 2026', lines: [dr(k.acc('1101'), '5000'), dr(k.acc('1102'), '12000.50'), cr(k.acc('3103'), '17000.50')] });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({ journalId: k.jr('OPN'), totalDebit: '17000.5000', status: 'draft' });
    const p = await t.admin.post(`/api/accounting/beginning-balances/${c.json().id}/post`, {});
    expect(p.statusCode).toBe(200);
    expect(p.json().status).toBe('posted');
    const entry = (await t.admin.get(`/api/accounting/journal-entries/${p.json().entryId}`)).json();
    expect(entry).toMatchObject({ number: 'OB/2026/00001', sourceType: 'beginningBalance', status: 'posted' });
    expect((await t.admin.patch(`/api/accounting/beginning-balances/${c.json().id}`, { reference: 'x' })).statusCode).toBe(409);
    const x = await t.admin.post(`/api/accounting/beginning-balances/${c.json().id}/cancel`, {});
    expect(x.json().status).toBe('cancelled');
    const sum = await k.q<{ b: string }>(sql`SELECT coalesce(sum(debit - credit), 0)::numeric AS b FROM journal_lines WHERE account_id = ${k.acc('1102')}`);
    expect(Number(sum[0]!.b)).toBe(0);
    const r = await t.admin.post(`/api/accounting/beginning-balances/${c.json().id}/resetToDraft`, {});
    expect(r.json()).toMatchObject({ status: 'draft', entryId: null });
    expect((await t.admin.post(`/api/accounting/beginning-balances/${c.json().id}/post`, {})).json().status).toBe('posted');
  });

  it('refuses a difference', async () => {
    const c = await t.admin.post('/api/accounting/beginning-balances', { date: '2026-01-01', lines: [dr(k.acc('1101'), '100.00'), cr(k.acc('3103'), '99.99')] });
    expect(c.statusCode).toBe(422);
    expect(c.json().error.message).toMatch(/not balanced/);
  });

  it('answers "Invalid balance ID" for an unknown or foreign id, in both languages', async () => {
    for (const path of ['/api/accounting/beginning-balances/999999', '/api/accounting/beginning-balances/abc']) {
      const r = await t.admin.get(path);
      expect(r.statusCode).toBe(404);
      expect(r.json().error.message).toBe('Invalid balance ID');
    }
    const post = await t.admin.post('/api/accounting/beginning-balances/999999/post', {});
    expect(post.json().error.message).toBe('Invalid balance ID');
    const ar = await t.admin.req('DELETE', '/api/accounting/beginning-balances/999999', undefined, { cookie: t.admin.cookie.replace('locale=en', 'locale=ar') });
    expect(ar.json().error.message).toBe('معرّف الرصيد غير صالح');
  });
});
