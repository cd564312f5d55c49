import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { type Tx, withTx } from '../../../core/db/tx';
import { verifyLedger } from './ledger.verify';
import { cr, dr, type Kit, kit } from './test-kit';

/** The bad-input and attack cases of the ledger (issue 3; invariants 1-4, attacks 2, 3, 6): each refused, nothing persisted. */
let t: TestApp;
let k: Kit;
const entriesCount = async () => Number((await k.q<{ n: string }>(sql`SELECT count(*) AS n FROM journal_entries`))[0]!.n);

beforeAll(async () => { t = await testApp(); k = await kit(t); });
afterAll(async () => { await t?.close(); });

/** The text of a refused statement's error and its causes (drizzle wraps the database's error). */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    const out: string[] = [];
    for (let cur = e as { message?: string; cause?: unknown } | undefined, i = 0; cur && i < 4; cur = cur.cause as typeof cur, i++) out.push(String(cur.message));
    return out.join(' | ');
  }
  throw new Error('the statement was not refused');
}

const companyOf = async (entryId: number) => Number((await k.q<{ c: number }>(sql`SELECT company_id AS c FROM journal_entries WHERE id = ${entryId}`))[0]!.c);

/** Runs `fn` in a transaction, then rolls it back (a tampering seen by verify inside, nothing kept); answers fn's result. */
async function rolledBack<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  class Rollback extends Error { constructor(readonly value: T) { super('rollback'); } }
  try {
    await withTx(t.db, async (tx) => { throw new Rollback(await fn(tx)); });
  } catch (e) {
    if (e instanceof Rollback) return e.value;
    throw e;
  }
  throw new Error('unreachable');
}

describe('bad entries are refused with a message in both languages, nothing persisted', () => {
  it('refuses 100.00 debit against 99.99 credit', async () => {
    const before = await entriesCount();
    const unchanged = await picture(t.db);
    const r = await k.draft([dr(k.acc('1101'), '100.00'), cr(k.acc('3101'), '99.99')]);
    expect(r.statusCode).toBe(422);
    expect(r.body.error.message).toBe('The entry is not balanced: debit 100.00 and credit 99.99 differ');
    const ar = await t.admin.req('POST', '/api/accounting/journal-entries', { journalId: k.jr('GEN'), date: '2026-03-10', lines: [dr(k.acc('1101'), '100.00'), cr(k.acc('3101'), '99.99')] },
      { cookie: t.admin.cookie.replace('locale=en', 'locale=ar') });
    expect(ar.json().error.message).toBe('القيد غير متوازن: المدين 100.00 لا يساوي الدائن 99.99');
    expect(await entriesCount()).toBe(before);
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(unchanged, await picture(t.db))).toEqual({});
  });

  it('refuses a line with both debit and credit, a negative amount, or neither', async () => {
    const before = await picture(t.db);
    const both = await k.draft([{ accountId: k.acc('1101'), debit: '10', credit: '10' }, cr(k.acc('3101'), '0'), dr(k.acc('1102'), 5), cr(k.acc('3101'), 5)]);
    expect(both.statusCode).toBe(422);
    expect(both.body.error.message).toMatch(/Line 1: enter either a debit or a credit/);
    const neg = await k.draft([dr(k.acc('1101'), '-50'), cr(k.acc('3101'), '-50')]);
    expect(neg.statusCode).toBe(422);
    expect(neg.body.error.message).toMatch(/cannot be negative/);
    const none = await k.draft([dr(k.acc('1101'), '0'), cr(k.acc('3101'), '10'), dr(k.acc('1102'), 10)]);
    expect(none.body.error.message).toMatch(/Line 1: enter a debit or a credit/);
    const notNum = await k.draft([dr(k.acc('1101'), '1e3'), cr(k.acc('3101'), '1000')]);
    expect(notNum.statusCode).toBe(422);
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
  });

  it('refuses a non-leaf, an inactive and another company\'s account', async () => {
    const beforeParent = await picture(t.db);
    const parent = await k.draft([dr(k.acc('11'), 10), cr(k.acc('3101'), 10)]);
    expect(parent.statusCode).toBe(422);
    expect(parent.body.error.message).toBe('Line 1: account 11 has sub-accounts and cannot take postings');
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(beforeParent, await picture(t.db))).toEqual({});

    const acc = (await t.admin.post('/api/accounting/accounts', { code: '1199', nameEn: 'Petty cash', nameAr: 'العهدة', type: 'asset', parentId: k.acc('11') })).json();
    expect((await t.admin.post(`/api/accounting/accounts/${acc.id}/deactivate`, {})).statusCode).toBe(200);
    const beforeInactive = await picture(t.db);
    const inactive = await k.draft([dr(acc.id, 10), cr(k.acc('3101'), 10)]);
    expect(inactive.body.error.message).toBe('Line 1: account 1199 is inactive');
    expect(changes(beforeInactive, await picture(t.db))).toEqual({});

    const su = await t.anon().post('/api/auth/signup', { companyNameEn: 'Other Co', companyNameAr: 'شركة أخرى', currency: 'SAR', username: 'other', fullName: 'Other', password: 'other-pass-1' });
    expect(su.statusCode).toBe(201);
    const other = await t.login('other', 'other-pass-1');
    const ko = await kit(t, other);
    expect(ko.acc('1101')).not.toBe(k.acc('1101'));
    // the other company and its sign-in are made before the picture (writes of their own)
    const beforeForeign = await picture(t.db);
    const foreign = await k.draft([dr(ko.acc('1101'), 10), cr(k.acc('3101'), 10)]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.body.error.message).toBe('Line 1: the account does not exist');
    expect(changes(beforeForeign, await picture(t.db))).toEqual({});
    // and the other company cannot read or post our entries
    const mine = await k.post([dr(k.acc('1101'), 1), cr(k.acc('3101'), 1)]);
    const beforeOther = await picture(t.db);
    expect((await other.get(`/api/accounting/journal-entries/${mine.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/accounting/journal-entries/${mine.id}/cancel`, {})).statusCode).toBe(404);
    expect((await other.patch(`/api/accounting/journal-entries/${mine.id}`, { reference: 'x' })).statusCode).toBe(404);
    const otherJournal = await other.post('/api/accounting/journal-entries', { journalId: k.jr('GEN'), date: '2026-03-10', lines: [dr(ko.acc('1101'), 1), cr(ko.acc('3101'), 1)] });
    expect(otherJournal.statusCode).toBe(422);
    expect(changes(beforeOther, await picture(t.db))).toEqual({});
    const sneaky = await other.post('/api/accounting/journal-entries', { journalId: ko.jr('GEN'), date: '2026-03-10', status: 'posted', number: 'X', hash: 'x', companyId: 1, lines: [dr(ko.acc('1101'), 1), cr(ko.acc('3101'), 1)] });
    expect(sneaky.json()).toMatchObject({ status: 'draft', number: null, hash: null });
  });

  it('refuses a date on or before the lock date, and cancelling an entry of a locked period', async () => {
    const old = await k.post([dr(k.acc('1101'), 7), cr(k.acc('3101'), 7)], { date: '2026-01-31' });
    const s = (await t.admin.get('/api/accounting/settings/current')).json();
    const upd = await t.admin.patch(`/api/accounting/settings/${s.id}`, { lockDate: '2026-01-31', version: s.version });
    expect(upd.statusCode).toBe(200);
    const locked = await picture(t.db);
    const on = await k.draft([dr(k.acc('1101'), 10), cr(k.acc('3101'), 10)], { date: '2026-01-31' });
    expect(on.statusCode).toBe(422);
    expect(on.body.error.message).toBe('The date 2026-01-31 is on or before the lock date 2026-01-31');
    expect((await k.draft([dr(k.acc('1101'), 10), cr(k.acc('3101'), 10)], { date: '2025-12-01' })).statusCode).toBe(422);
    const cancel = await t.admin.post(`/api/accounting/journal-entries/${old.id}/cancel`, {});
    expect(cancel.statusCode).toBe(422);
    expect((await t.admin.get(`/api/accounting/journal-entries/${old.id}`)).json().status).toBe('posted');
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(locked, await picture(t.db))).toEqual({});
    const after = await k.draft([dr(k.acc('1101'), 10), cr(k.acc('3101'), 10)], { date: '2026-02-01' });
    expect(after.statusCode).toBe(201);
    const s2 = (await t.admin.get('/api/accounting/settings/current')).json();
    await t.admin.patch(`/api/accounting/settings/${s2.id}`, { lockDate: null, version: s2.version });
  });
});

describe('posted entries are immutable', () => {
  it('answers 409 to PATCH and DELETE of a posted entry; a draft may change', async () => {
    const d = await k.draft([dr(k.acc('1101'), 20), cr(k.acc('3101'), 20)]);
    const ch = await t.admin.patch(`/api/accounting/journal-entries/${d.body.id}`, { reference: 'edited', version: d.body.version });
    expect(ch.statusCode).toBe(200);
    const p = (await t.admin.post(`/api/accounting/journal-entries/${d.body.id}/post`, {})).json();
    expect(p.status).toBe('posted');
    const posted = await picture(t.db);
    const patch = await t.admin.patch(`/api/accounting/journal-entries/${p.id}`, { reference: 'tamper', version: p.version });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().error.message).toMatch(/A posted entry cannot be changed/);
    expect((await t.admin.del(`/api/accounting/journal-entries/${p.id}`)).statusCode).toBe(409);
    expect((await t.admin.post(`/api/accounting/journal-entries/${p.id}/post`, {})).statusCode).toBe(409);
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(posted, await picture(t.db))).toEqual({});
  });

  it('the database refuses UPDATE/DELETE of posted lines and entries (trigger)', async () => {
    const p = await k.post([dr(k.acc('1101'), 30), cr(k.acc('3101'), 30)]);
    const posted = await picture(t.db);
    expect(await refusal(t.db.orm.execute(sql`UPDATE journal_lines SET debit = 31 WHERE entry_id = ${p.id} AND debit > 0`))).toMatch(/posted journal lines are immutable \(UPDATE\)/);
    expect(await refusal(t.db.orm.execute(sql`DELETE FROM journal_lines WHERE entry_id = ${p.id}`))).toMatch(/posted journal lines are immutable \(DELETE\)/);
    expect(await refusal(t.db.orm.execute(sql`UPDATE journal_entries SET total_debit = 1 WHERE id = ${p.id}`))).toMatch(/posted journal entry \d+ is immutable/);
    expect(await refusal(t.db.orm.execute(sql`DELETE FROM journal_entries WHERE id = ${p.id}`))).toMatch(/posted journal entry \d+ cannot be deleted/);
    const lines = await k.q<{ debit: string }>(sql`SELECT debit FROM journal_lines WHERE entry_id = ${p.id} ORDER BY line_no`);
    expect(Number(lines[0]!.debit)).toBe(30);
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(posted, await picture(t.db))).toEqual({});
  });

  it('a balanced pair of lines added to a posted entry is refused by a trigger; with triggers off, verify names the entry content_changed', async () => {
    const p = await k.post([dr(k.acc('1101'), 32), cr(k.acc('3101'), 32)]);
    const co = await companyOf(p.id);
    const posted = await picture(t.db);
    const pair = sql`INSERT INTO journal_lines (company_id, entry_id, journal_id, line_no, date, account_id, debit, credit)
      VALUES (${co}, ${p.id}, ${p.journalId}, 3, '2026-03-10', ${k.acc('1101')}, 5, 0), (${co}, ${p.id}, ${p.journalId}, 4, '2026-03-10', ${k.acc('3101')}, 0, 5)`;
    // the pair keeps the entry balanced for the deferred journal_lines_balanced: only journal_lines_no_late_insert stops it
    expect(await refusal(t.db.orm.execute(pair))).toMatch(/is posted: no line is added to it/);
    expect(changes(posted, await picture(t.db))).toEqual({});
    // behind the triggers' back (every trigger off), in a transaction rolled back after verify
    const v = await rolledBack(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(pair);
      expect((await tx.execute(sql`SELECT count(*)::int AS n FROM journal_lines WHERE entry_id = ${p.id}`)).rows[0]).toEqual({ n: 4 });
      return verifyLedger(tx, co);
    });
    expect(v.problems).toContainEqual({ entryId: p.id, number: p.number, journalId: p.journalId, reason: 'content_changed' });
    expect(v.problems.filter((x) => x.entryId === p.id)).toHaveLength(1);
    expect(changes(posted, await picture(t.db))).toEqual({});
  });

  it('names the entry altered behind the application\'s back', async () => {
    const a = await k.post([dr(k.acc('1101'), 40), cr(k.acc('3101'), 40)]);
    const b = await k.post([dr(k.acc('1102'), 41), cr(k.acc('3101'), 41)]);
    expect((await t.admin.get('/api/accounting/ledger/verify')).json().ok).toBe(true);
    await t.db.orm.execute(sql`ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_immutable`);
    await t.db.orm.execute(sql`UPDATE journal_lines SET debit = 400 WHERE entry_id = ${a.id} AND debit > 0`);
    await t.db.orm.execute(sql`ALTER TABLE journal_lines ENABLE TRIGGER journal_lines_immutable`);
    const v = (await t.admin.get('/api/accounting/ledger/verify')).json();
    expect(v.ok).toBe(false);
    expect(v.problems.map((p: { entryId: number }) => p.entryId)).toContain(a.id);
    expect(v.problems.map((p: { entryId: number }) => p.entryId)).not.toContain(b.id);
    expect(v.problems.find((p: { entryId: number }) => p.entryId === a.id)).toMatchObject({ number: a.number });
    // a draft flipped to posted with raw SQL is not in any chain: flagged too; a posted entry cannot be cancelled without a reversal
    const d = await k.draft([dr(k.acc('1101'), 3), cr(k.acc('3101'), 3)]);
    await t.db.orm.execute(sql`UPDATE journal_entries SET status = 'posted' WHERE id = ${d.body.id}`);
    const v2 = (await t.admin.get('/api/accounting/ledger/verify')).json();
    expect(v2.problems).toContainEqual(expect.objectContaining({ entryId: d.body.id, reason: 'not_chained' }));
    await expect(t.db.orm.execute(sql`UPDATE journal_entries SET status = 'cancelled' WHERE id = ${b.id}`)).rejects.toThrow();
  });
});

describe('an entry is cancelled only by its reversal', () => {
  const entry = async (id: number) => (await k.q<{ status: string; reversed_by_id: number | null; reversal_of_id: number | null }>(
    sql`SELECT status, reversed_by_id, reversal_of_id FROM journal_entries WHERE id = ${id}`))[0]!;
  const mismatches = (v: Awaited<ReturnType<typeof verifyLedger>>) => v.problems.filter((p) => p.reason === 'reversal_mismatch');

  it('the application\'s reversal cancels the entry, links both ways and verifies clean; a reversal may be reversed in turn', async () => {
    const a = await k.post([dr(k.acc('1101'), 50), cr(k.acc('3101'), 50)]);
    const co = await companyOf(a.id);
    const cancel = await t.admin.post(`/api/accounting/journal-entries/${a.id}/cancel`, {});
    expect(cancel.statusCode).toBe(200);
    const ea = await entry(a.id);
    expect(ea.status).toBe('cancelled');
    expect(await entry(ea.reversed_by_id!)).toEqual({ status: 'posted', reversed_by_id: null, reversal_of_id: a.id });
    expect((await t.admin.post(`/api/accounting/journal-entries/${a.id}/cancel`, {})).statusCode).toBe(409);
    // the reversal cancelled by its own reversal: the original keeps pointing at it (cancelled now), still consistent
    expect((await t.admin.post(`/api/accounting/journal-entries/${ea.reversed_by_id}/cancel`, {})).statusCode).toBe(200);
    const rev = await entry(ea.reversed_by_id!);
    expect(rev.status).toBe('cancelled');
    expect((await entry(rev.reversed_by_id!)).reversal_of_id).toBe(ea.reversed_by_id);
    const v = await verifyLedger(t.db.orm, co);
    expect(mismatches(v)).toEqual([]);
    expect(v.problems.filter((p) => [a.id, ea.reversed_by_id, rev.reversed_by_id].includes(p.entryId))).toEqual([]);
  });

  it('the database refuses a raw "unposting": cancelled or reversed_by_id without this entry\'s posted reversal (trigger)', async () => {
    const a = await k.post([dr(k.acc('1101'), 51), cr(k.acc('3101'), 51)]);
    const b = await k.post([dr(k.acc('1102'), 52), cr(k.acc('3101'), 52)]);
    const c = await k.post([dr(k.acc('1102'), 53), cr(k.acc('3101'), 53)]);
    expect((await t.admin.post(`/api/accounting/journal-entries/${c.id}/cancel`, {})).statusCode).toBe(200);
    const cRev = (await entry(c.id)).reversed_by_id!;
    const d = await k.draft([dr(k.acc('1101'), 4), cr(k.acc('3101'), 4)]);
    const before = await picture(t.db);
    const guard = /journal entry \d+ is cancelled only by its posted reversal/;
    // cancelled, pointing at any other entry (the defect: 0005 only asked reversed_by_id to be non-null)
    expect(await refusal(t.db.orm.execute(sql`UPDATE journal_entries SET status = 'cancelled', reversed_by_id = ${b.id} WHERE id = ${a.id}`))).toMatch(guard);
    // reversed_by_id on an entry that stays posted (it could no longer be reversed)
    expect(await refusal(t.db.orm.execute(sql`UPDATE journal_entries SET reversed_by_id = ${b.id} WHERE id = ${a.id}`))).toMatch(guard);
    // a real reversal, but of another entry; and an entry pointing at itself
    expect(await refusal(t.db.orm.execute(sql`UPDATE journal_entries SET status = 'cancelled', reversed_by_id = ${cRev} WHERE id = ${a.id}`))).toMatch(guard);
    expect(await refusal(t.db.orm.execute(sql`UPDATE journal_entries SET status = 'cancelled', reversed_by_id = ${a.id} WHERE id = ${a.id}`))).toMatch(guard);
    // a draft cancelled (drafts are cancelled by no one: they are deleted)
    expect(await refusal(t.db.orm.execute(sql`UPDATE journal_entries SET status = 'cancelled', reversed_by_id = ${cRev} WHERE id = ${d.body.id}`))).toMatch(guard);
    // a reversal row whose original is not cancelled by it: refused at the commit (deferred constraint trigger)
    expect(await refusal(t.db.orm.execute(sql`INSERT INTO journal_entries (company_id, journal_id, date, lines, status, reversal_of_id)
      SELECT company_id, journal_id, date, lines, 'draft', id FROM journal_entries WHERE id = ${a.id}`))).toMatch(/journal entry \d+ reverses entry \d+, which is not cancelled by it/);
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    expect(await entry(a.id)).toEqual({ status: 'posted', reversed_by_id: null, reversal_of_id: null });
    // and the entry can still be reversed by the application
    expect((await t.admin.post(`/api/accounting/journal-entries/${a.id}/cancel`, {})).statusCode).toBe(200);
    expect(mismatches(await verifyLedger(t.db.orm, await companyOf(a.id)))).toEqual([]);
  });

  it('with the triggers off, verify names each entry whose status and reversal links disagree (reversal_mismatch)', async () => {
    const a = await k.post([dr(k.acc('1101'), 54), cr(k.acc('3101'), 54)]);
    const b = await k.post([dr(k.acc('1102'), 55), cr(k.acc('3101'), 55)]);
    const c = await k.post([dr(k.acc('1102'), 56), cr(k.acc('3101'), 56)]);
    expect((await t.admin.post(`/api/accounting/journal-entries/${c.id}/cancel`, {})).statusCode).toBe(200);
    const cRev = (await entry(c.id)).reversed_by_id!;
    const co = await companyOf(a.id);
    expect(mismatches(await verifyLedger(t.db.orm, co))).toEqual([]);
    const named = (v: Awaited<ReturnType<typeof verifyLedger>>) => mismatches(v).map((p) => p.entryId).sort((x, y) => x - y);
    const problemsOf = (v: Awaited<ReturnType<typeof verifyLedger>>, id: number) => v.problems.filter((p) => p.entryId === id);

    // the defect's "unposting", only the new guard dropped (0005's guard on: it asks reversed_by_id to be non-null only)
    const unposted = await rolledBack(async (tx) => {
      await tx.execute(sql`ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_reversal_guard`);
      await tx.execute(sql`UPDATE journal_entries SET status = 'cancelled', reversed_by_id = ${b.id} WHERE id = ${a.id}`);
      return verifyLedger(tx, co);
    });
    // the hash covers neither the status nor the links: only the new check names it
    expect(problemsOf(unposted, a.id)).toEqual([{ entryId: a.id, number: a.number, journalId: a.journalId, reason: 'reversal_mismatch' }]);
    expect(named(unposted)).toEqual([a.id]);

    const tampered = (change: (tx: Tx) => Promise<unknown>) => rolledBack(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`); // every trigger off, for this transaction only
      await change(tx);
      return verifyLedger(tx, co);
    });
    // reversed_by_id on an entry left posted
    expect(named(await tampered((tx) => tx.execute(sql`UPDATE journal_entries SET reversed_by_id = ${b.id} WHERE id = ${a.id}`)))).toEqual([a.id]);
    // cancelled, pointing at another entry's reversal: a named (c and its reversal still agree)
    expect(named(await tampered((tx) => tx.execute(sql`UPDATE journal_entries SET status = 'cancelled', reversed_by_id = ${cRev} WHERE id = ${a.id}`)))).toEqual([a.id]);
    // cancelled with no reversal at all
    expect(named(await tampered((tx) => tx.execute(sql`UPDATE journal_entries SET status = 'cancelled' WHERE id = ${a.id}`)))).toEqual([a.id]);
    // un-cancelled: c posted again (it looks like any posted entry), its reversal's original no longer marked: the reversal named
    expect(named(await tampered((tx) => tx.execute(sql`UPDATE journal_entries SET status = 'posted', reversed_by_id = NULL WHERE id = ${c.id}`)))).toEqual([cRev]);
    // the reversal re-pointed at another entry: c's reversal no longer reverses it, and a is not marked
    expect(named(await tampered((tx) => tx.execute(sql`UPDATE journal_entries SET reversal_of_id = ${a.id} WHERE id = ${cRev}`)))).toEqual([c.id, cRev].sort((x, y) => x - y));
    // nothing kept: the ledger as it was
    expect(mismatches(await verifyLedger(t.db.orm, co))).toEqual([]);
    expect(await entry(a.id)).toEqual({ status: 'posted', reversed_by_id: null, reversal_of_id: null });
  });
});

describe('accounts and taxes in use', () => {
  it('refuses deleting an account with postings or with sub-accounts; gives sub-accounts only to accounts without postings', async () => {
    const before = await picture(t.db);
    const del = await t.admin.del(`/api/accounting/accounts/${k.acc('1101')}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('An account with postings cannot be deleted');
    expect((await t.admin.del(`/api/accounting/accounts/${k.acc('11')}`)).json().error.message).toBe('An account with sub-accounts cannot be deleted');
    const child = await t.admin.post('/api/accounting/accounts', { code: '110101', nameEn: 'Cash sub', nameAr: 'فرعي', type: 'asset', parentId: k.acc('1101') });
    expect(child.statusCode).toBe(422);
    expect(child.json().error.message).toBe('An account with postings cannot have sub-accounts');
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    const leaf = (await t.admin.post('/api/accounting/accounts', { code: '1198', nameEn: 'Temp', nameAr: 'مؤقت', type: 'asset', parentId: k.acc('11') })).json();
    const sub = (await t.admin.post('/api/accounting/accounts', { code: '119801', nameEn: 'Temp sub', nameAr: 'مؤقت فرعي', type: 'asset', parentId: leaf.id })).json();
    expect((await t.admin.get(`/api/accounting/accounts/${leaf.id}`)).json().isLeaf).toBe(false);
    expect((await t.admin.del(`/api/accounting/accounts/${sub.id}`)).statusCode).toBe(204);
    expect((await t.admin.get(`/api/accounting/accounts/${leaf.id}`)).json().isLeaf).toBe(true);
    const beforeDup = await picture(t.db);
    const dup = await t.admin.post('/api/accounting/accounts', { code: '1198', nameEn: 'Dup', nameAr: 'مكرر', type: 'asset' });
    expect(dup.statusCode).toBe(422);
    const loop = await t.admin.patch(`/api/accounting/accounts/${k.acc('11')}`, { parentId: k.acc('1101') });
    expect(loop.statusCode).toBe(422);
    expect(changes(beforeDup, await picture(t.db))).toEqual({});
  });

  it('refuses deleting a tax used by an invoice: "Error deleting tax"', async () => {
    const taxes = (await t.admin.get('/api/accounting/taxes')).json().items;
    const vat = taxes.find((x: { name: string }) => x.name === 'VAT 15%');
    const unused = (await t.admin.post('/api/accounting/taxes', { name: 'Zero', rate: '0', type: 'percentage' })).json();
    const partnerId = await k.contact();
    const inv = await t.admin.post('/api/accounting/invoices', { type: 'SALE', partnerId, date: '2026-03-01', lines: [{ description: 'x', quantity: 1, unitPrice: '10', taxId: vat.id }] });
    expect(inv.statusCode).toBe(201);
    const before = await picture(t.db);
    const del = await t.admin.del(`/api/accounting/taxes/${vat.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toMatch(/^Error deleting tax/);
    const ar = await t.admin.req('DELETE', `/api/accounting/taxes/${vat.id}`, undefined, { cookie: t.admin.cookie.replace('locale=en', 'locale=ar') });
    expect(ar.json().error.message).toMatch(/^خطأ في حذف الضريبة/);
    // not a row anywhere: every table of the database as it was (tests/support/db-diff.ts)
    expect(changes(before, await picture(t.db))).toEqual({});
    expect((await t.admin.del(`/api/accounting/taxes/${unused.id}`)).statusCode).toBe(204);
  });
});

describe('numbers', () => {
  it('50 parallel postings on one journal get numbers 1..50, no gap, no duplicate', async () => {
    const jc = (await t.admin.post('/api/accounting/journals', { code: 'PAR', nameEn: 'Parallel', nameAr: 'متوازي', type: 'general', prefix: 'PAR' })).json();
    // drafts on the new journal (made one by one: the race under test is the posting's number, below)
    const drafts = [];
    for (let i = 0; i < 50; i++) {
      drafts.push((await t.admin.post('/api/accounting/journal-entries', { journalId: jc.id, date: '2026-03-10', reference: 'par', lines: [dr(k.acc('1101'), i + 1), cr(k.acc('3101'), i + 1)] })).json());
    }
    for (const d of drafts) expect(d.id).toBeTruthy();
    const res = await Promise.all(drafts.map((d) => t.admin.post(`/api/accounting/journal-entries/${d.id}/post`, {})));
    expect(res.map((r) => r.statusCode)).toEqual(drafts.map(() => 200));
    const nums = await k.q<{ sequence_no: number; number: string }>(sql`SELECT sequence_no, number FROM journal_entries WHERE journal_id = ${jc.id} ORDER BY sequence_no`);
    expect(nums.map((n) => Number(n.sequence_no))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(nums[0]!.number).toBe('PAR/2026/00001');
    expect((await t.admin.get('/api/accounting/ledger/verify')).json().problems.filter((p: { journalId: number }) => p.journalId === jc.id)).toEqual([]);
  }, 180_000); // 100 requests and a verify; PGlite runs them one at a time, and a loaded machine took 70 s
});
