import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { entryHash } from './ledger.hash';
import { cr, dr, type Kit, kit } from './test-kit';

/**
 * The posting statement chains hashes and formats numbers in SQL: they must be what ledger.hash.ts and
 * formatNumber compute (verify recomputes them in TypeScript), for Arabic references, contacts, no reference, a
 * number past five digits and a fiscal year that does not start in January.
 */
let t: TestApp;
let k: Kit;
beforeAll(async () => { t = await testApp(); k = await kit(t); });
afterAll(async () => { await t?.close(); });

const post = (body: Record<string, unknown>) => t.admin.post('/api/accounting/journal-entries', { journalId: k.jr('GEN'), post: true, ...body });

describe('the posting statement', () => {
  it('hashes and numbers in SQL exactly as TypeScript does', async () => {
    const contactId = await k.contact();
    const a = await post({ date: '2026-04-02', reference: 'فاتورة رقم ٧ | "x"\\n', lines: [dr(k.acc('1101'), '10.5', { contactId, label: 'سطر' }), cr(k.acc('4101'), '10.50')] });
    expect(a.statusCode).toBe(201);
    const b = await post({ date: '2026-04-02', lines: [dr(k.acc('1102'), '0.0001'), cr(k.acc('4101'), '0.0001', { contactId })] });
    expect(b.statusCode).toBe(201);
    // the journal's counter jumps past five digits: numbers are padded, never cut
    await k.q(sql`UPDATE doc_sequences SET next_value = 123456 WHERE doc_type = ${`journal:${k.jr('GEN')}`}`);
    const c = await post({ date: '2026-04-03', reference: 'big', lines: [dr(k.acc('1101'), '1'), cr(k.acc('4101'), '1')] });
    expect(c.json().number).toBe('JV/2026/123456');
    expect([a.json().number, b.json().number]).toEqual(['JV/2026/00001', 'JV/2026/00002']);

    const rows = await k.q<{ id: number; chain_seq: number; number: string; date: string; reference: string | null; prev_hash: string; hash: string }>(sql`
      SELECT id, chain_seq, number, date::text AS date, reference, prev_hash, hash FROM journal_entries WHERE journal_id = ${k.jr('GEN')} ORDER BY chain_seq`);
    expect(rows).toHaveLength(3);
    for (const e of rows) {
      const lines = await k.q<{ accountId: number; debit: string; credit: string; contactId: number | null }>(sql`
        SELECT account_id AS "accountId", debit::text AS debit, credit::text AS credit, contact_id AS "contactId" FROM journal_lines WHERE entry_id = ${e.id} ORDER BY line_no`);
      expect(e.hash).toBe(entryHash(e.prev_hash, { companyId: 1, journalId: k.jr('GEN'), chainSeq: e.chain_seq, number: e.number, date: e.date, reference: e.reference, lines }));
    }
    expect(rows[0]!.prev_hash).toBe('');
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    expect((await t.admin.get('/api/accounting/ledger/verify')).json()).toMatchObject({ ok: true, checked: 3 });
  });

  it('takes the fiscal year from the settings in the same statement', async () => {
    await k.q(sql`UPDATE accounting_settings SET fiscal_year_start_month = 7, fiscal_year_start_day = 15 WHERE company_id = 1`);
    const before = await post({ date: '2026-07-14', lines: [dr(k.acc('1101'), '2'), cr(k.acc('4101'), '2')] });
    const on = await post({ date: '2026-07-15', lines: [dr(k.acc('1101'), '3'), cr(k.acc('4101'), '3')] });
    expect([before.json().fiscalYear, on.json().fiscalYear]).toEqual([2025, 2026]);
    expect([before.json().number, on.json().number]).toEqual(['JV/2025/00001', 'JV/2026/123457']);
    expect((await t.admin.get('/api/accounting/ledger/verify')).json().ok).toBe(true);
  });
});
