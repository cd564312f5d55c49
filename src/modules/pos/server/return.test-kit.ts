import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import type { PosKit } from './pos.test-kit';

/**
 * What the till-return tests share (beside pos.test-kit.ts): a sale at the till, a return, the rows a return writes
 * (for "nothing left behind"), a session's summary, the lines of a document's journal entries by account code and
 * the sales settings' return rules.
 */
export function returnKit(t: TestApp, k: PosKit) {
  const sell = async (c: Client, sessionId: number, lines: { productId: number; quantity: string }[], payments: { method: string; amount: string }[], customerId?: number) => {
    const r = await c.post('/api/pos/sales', { sessionId, lines, payments, ...(customerId ? { customerId } : {}) });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().order as Record<string, any>;
  };
  const ret = (c: Client, body: Record<string, unknown>, headers?: Record<string, string>) => c.post('/api/pos/returns', body, headers);
  const state = async () => ({
    ...(await k.counts()),
    ...(await k.q<Record<string, number>>(sql`SELECT (SELECT count(*)::int FROM sales_returns) AS returns, (SELECT count(*)::int FROM sales_return_lines) AS "returnLines",
      (SELECT count(*)::int FROM stock_valuation_layers) AS layers, (SELECT count(*)::int FROM doc_sequences) AS sequences,
      (SELECT coalesce(sum(next_value), 0)::text FROM doc_sequences) AS numbers`))[0]!,
  });
  const summary = async (sessionId: number, c: Client = t.admin) => {
    const r = await c.get(`/api/pos/sessions/${sessionId}/summary`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Record<string, any>;
  };
  /** The posted entries of a source, summed per account: [code, debit, credit] by code. */
  const entryLines = async (sourceType: string, sourceId: number) => (await k.q<{ code: string; debit: string; credit: string }>(sql`
    SELECT a.code, sum(l.debit)::text AS debit, sum(l.credit)::text AS credit FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
    WHERE e.company_id = ${k.ctx.companyId} AND e.source_type = ${sourceType} AND e.source_id = ${sourceId} GROUP BY a.code ORDER BY a.code`)).map((l) => [l.code, l.debit, l.credit]);
  const rules = async (set: Record<string, unknown>) => {
    const cur = (await t.admin.get('/api/sales/settings/current')).json();
    const r = await t.admin.patch(`/api/sales/settings/${cur.id}`, { version: cur.version, ...set });
    expect(r.statusCode, r.body).toBe(200);
  };
  const reason = async (name: string) => {
    const r = await t.admin.post('/api/sales/reasons', { name });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  const onHand = async (productId: number) => (await k.q<{ q: string }>(sql`SELECT coalesce(sum(quantity), 0)::text AS q FROM stock_quants WHERE product_id = ${productId}`))[0]!.q;
  return { sell, ret, state, summary, entryLines, rules, reason, onHand };
}
