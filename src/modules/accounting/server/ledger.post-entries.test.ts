import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { requireCtx } from '../../../core/http/guard';
import { withTx } from '../../../core/db/tx';
import { type PostInput, postEntries, postEntry } from './ledger.post';
import { verifyLedger } from './ledger.verify';
import { cr, dr, type Kit, kit } from './test-kit';

/**
 * postEntries (several entries in the caller's transaction, one statement per journal and fiscal year) writes what
 * postEntry one entry after another writes: the same numbers in the same order, chained, balanced, audited.
 */
let t: TestApp;
let k: Kit;
beforeAll(async () => { t = await testApp(); k = await kit(t); });
afterAll(async () => { await t?.close(); });

describe('postEntries', () => {
  it('numbers, chains and audits as postEntry does, per journal and fiscal year, in the order given', async () => {
    const ctx = await requireCtx(t.db, { cookies: { sid: t.admin.cookie.split(';')[0]!.slice(4) }, headers: {} } as never);
    const e = (journal: string, date: string, amount: string): PostInput =>
      ({ journalId: k.jr(journal), date, reference: `${journal} ${date}`, lines: [dr(k.acc('5103'), amount), cr(k.acc(journal === 'CSH' ? '1101' : '1102'), amount)] });
    // two journals, across the turn of a fiscal year (January start), interleaved
    const inputs = [e('BNK', '2025-12-01', '2500'), e('CSH', '2025-12-12', '410'), e('BNK', '2025-12-27', '5000'),
      e('BNK', '2026-01-01', '2500'), e('CSH', '2026-01-12', '420.50'), e('BNK', '2026-01-27', '5000')];
    const batched = await withTx(t.db, (tx) => postEntries(tx, ctx, inputs));
    expect(batched.map((w) => w.number)).toEqual(['BNK/2025/00001', 'CSH/2025/00001', 'BNK/2025/00002', 'BNK/2026/00001', 'CSH/2026/00001', 'BNK/2026/00002']);
    const alone = await withTx(t.db, async (tx) => {
      const out = [];
      for (const input of inputs) out.push(await postEntry(tx, ctx, input));
      return out;
    });
    expect(alone.map((w) => w.number)).toEqual(['BNK/2025/00003', 'CSH/2025/00002', 'BNK/2025/00004', 'BNK/2026/00003', 'CSH/2026/00002', 'BNK/2026/00004']);

    const rows = await k.q<Record<string, unknown>>(sql`SELECT e.id, e.date::text, e.reference, e.total_debit::text, e.total_credit::text, e.fiscal_year,
      e.status, (SELECT count(*)::int FROM journal_lines l WHERE l.entry_id = e.id) AS lines,
      (SELECT count(*)::int FROM audit_log a WHERE a.entity = 'journalEntry' AND a.record_id = e.id AND a.action = 'post') AS audits
      FROM journal_entries e ORDER BY e.id`);
    const shape = ({ id: _id, ...r }: Record<string, unknown>) => r;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(batched.map((w) => shape(byId.get(w.id)!))).toEqual(alone.map((w) => shape(byId.get(w.id)!)));
    expect(rows.every((r) => r.lines === 2 && r.status === 'posted' && r.audits === 1)).toBe(true);
    expect((await verifyLedger(t.db.orm, ctx.companyId)).problems).toEqual([]);
  });
});
