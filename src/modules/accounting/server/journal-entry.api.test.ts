import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { cr, dr, type Kit, kit } from './test-kit';

/** POST /journal-entries with "post": true: created posted in one request, chained, audited, idempotent. */
let t: TestApp;
let k: Kit;
beforeAll(async () => { t = await testApp(); k = await kit(t); });
afterAll(async () => { await t?.close(); });

const entry = () => ({ journalId: k.jr('GEN'), date: '2026-04-02', reference: 'one request', post: true, lines: [dr(k.acc('1101'), '70.5', { label: 'cash' }), cr(k.acc('4101'), '70.50')] });

describe('posting in one request', () => {
  it('answers 201 with the posted entry, numbered and chained, audited once, lines and balances written', async () => {
    const res = await t.admin.post('/api/accounting/journal-entries', entry());
    expect(res.statusCode).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({ status: 'posted', reference: 'one request', totalDebit: '70.5000', chainSeq: 1, prevHash: '', _refs: { journalId: expect.any(String) } });
    expect(e.number).toMatch(/\/2026\/00001$/);
    expect(e).toEqual((await t.admin.get(`/api/accounting/journal-entries/${e.id}`)).json());
    const lines = await k.q<{ debit: string; label: string | null }>(sql`SELECT debit::text, label FROM journal_lines WHERE entry_id = ${e.id} ORDER BY line_no`);
    expect(lines).toEqual([{ debit: '70.5000', label: 'cash' }, { debit: '0.0000', label: null }]);
    const history = (await t.admin.get(`/api/accounting/journal-entries/${e.id}/history`)).json().items;
    expect(history).toMatchObject([{ action: 'post', after: { number: e.number, source: null } }]);
    const second = (await t.admin.post('/api/accounting/journal-entries', entry())).json();
    expect(second).toMatchObject({ chainSeq: 2, prevHash: e.hash });
    expect((await t.admin.get('/api/accounting/ledger/verify')).json()).toMatchObject({ ok: true, checked: 2 });
    const bal = await k.q<{ debit: string }>(sql`SELECT debit::text FROM account_balances WHERE account_id = ${k.acc('1101')} AND month = '2026-04-01'`);
    expect(bal).toEqual([{ debit: '141.0000' }]);
  });

  it('posts 30 concurrent requests on one journal (written in batches): consecutive numbers, one chain, each its own entry', async () => {
    const refs = Array.from({ length: 30 }, (_, i) => `parallel ${i}`);
    const answers = await Promise.all(refs.map((reference) => t.admin.post('/api/accounting/journal-entries', { ...entry(), date: '2026-05-03', reference })));
    expect(answers.map((a) => a.statusCode)).toEqual(refs.map(() => 201));
    expect(answers.map((a) => a.json().reference)).toEqual(refs);
    const seqs = answers.map((a) => a.json().sequenceNo as number).sort((a, b) => a - b);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect((await t.admin.get('/api/accounting/ledger/verify')).json()).toMatchObject({ ok: true, checked: 32 });
    const audits = await k.q(sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'journalEntry' AND action = 'post'`);
    expect(audits).toEqual([{ n: 32 }]);
  });

  it('replays an Idempotency-Key without posting twice', async () => {
    const a = await t.admin.post('/api/accounting/journal-entries', entry(), { 'idempotency-key': 'post-once' });
    const b = await t.admin.post('/api/accounting/journal-entries', entry(), { 'idempotency-key': 'post-once' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    expect(b.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses an unbalanced entry (422, nothing written) and needs the post permission', async () => {
    const before = await k.q(sql`SELECT count(*)::int AS n FROM journal_entries`);
    const unchanged = await picture(t.db);
    const bad = await t.admin.post('/api/accounting/journal-entries', { ...entry(), lines: [dr(k.acc('1101'), '100'), cr(k.acc('4101'), '99.99')] });
    expect(bad.statusCode).toBe(422);
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(unchanged, await picture(t.db))).toEqual({});
    const g = (await t.admin.post('/api/admin/groups', { name: 'Drafters', permissions: ['accounting.journalEntry.view', 'accounting.journalEntry.add'] })).json();
    await t.admin.post('/api/admin/users', { username: 'drafter', fullName: 'Drafter', password: 'secret-pass-1', groups: [g.id] });
    const drafter = await t.login('drafter', 'secret-pass-1');
    // the group, the user and the sign-in are made before the picture (writes of their own)
    const signedIn = await picture(t.db);
    expect((await drafter.post('/api/accounting/journal-entries', entry())).statusCode).toBe(403);
    expect(await k.q(sql`SELECT count(*)::int AS n FROM journal_entries`)).toEqual(before);
    expect(changes(signedIn, await picture(t.db))).toEqual({});
    const { post: _, ...draft } = entry();
    expect((await drafter.post('/api/accounting/journal-entries', draft)).json()).toMatchObject({ status: 'draft', number: null });
  });
});
