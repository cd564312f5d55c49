import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { requireCtx } from '../../../core/http/guard';
import { postBatched } from './ledger.batch';
import { checkEntry } from './ledger.post';
import { writeEntries } from './ledger.write';
import { cr, dr, type Kit, kit } from './test-kit';

/** A batch the gate refuses writes nothing at all; each of its entries is then posted on its own. */
let t: TestApp;
let k: Kit;
beforeAll(async () => { t = await testApp(); k = await kit(t); });
afterAll(async () => { await t?.close(); });

describe('ledger batches', () => {
  it('refuses the whole batch when one entry no longer passes the gate, and falls back entry by entry', async () => {
    const ctx = await requireCtx(t.db, { cookies: { sid: t.admin.cookie.split(';')[0]!.slice(4) }, headers: {} } as never);
    const input = (account: string) => ({ journalId: k.jr('GEN'), date: '2026-06-01', lines: [dr(k.acc(account), '10'), cr(k.acc('4101'), '10')] });
    const good = await checkEntry(t.db.orm, ctx, input('1101'), { posting: true });
    const stale = await checkEntry(t.db.orm, ctx, input('1102'), { posting: true });
    await t.admin.post(`/api/accounting/accounts/${k.acc('1102')}/deactivate`, {});
    const meta = { reference: null, audit: { action: 'post', after: {} } };
    const batch = [{ ctx, c: good, meta }, { ctx, c: stale, meta }];
    expect(await t.db.orm.transaction((tx) => writeEntries(tx, batch))).toBeNull();
    expect(await k.q(sql`SELECT count(*)::int AS n FROM journal_entries`)).toEqual([{ n: 0 }]);
    expect(await k.q(sql`SELECT count(*)::int AS n FROM doc_sequences WHERE doc_type LIKE 'journal:%'`)).toEqual([{ n: 0 }]);

    // The first posting is written at once; the two queued behind it form the next batch, which the gate refuses.
    const first = { ctx, c: await checkEntry(t.db.orm, ctx, input('1103'), { posting: true }), meta };
    const alone: string[] = [];
    const answers = await Promise.allSettled([first, ...batch].map((entry, i) => postBatched(entry, async () => { alone.push(`entry ${i}`); throw new Error(`alone ${i}`); })));
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(alone.sort()).toEqual(['entry 1', 'entry 2']);
    expect(await k.q(sql`SELECT count(*)::int AS n FROM journal_entries`)).toEqual([{ n: 1 }]);
  });
});
