import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../../tests/support/test-app';
import { roundMoney, subtractExact } from '../../../../core/money/round';
import { cr, dr, type Kit, kit } from '../test-kit';

/**
 * Financial reports total what the ledger holds (issue 21 §5): amounts of four decimals split over two accounts, so
 * each row shows a rounded half cent (0.5025 -> 0.50, twice) while the ledger holds 1.0050 (-> 1.01). Every total a
 * report shows is the exact sum rounded once, equal to the journal lines' figure rounded the same way.
 */
let t: TestApp;
let k: Kit;
const Q = '?from=2026-01-01&to=2026-12-31';
const ledger = async (where: ReturnType<typeof sql>) => {
  const [r] = await k.q<{ d: string; c: string }>(sql`SELECT coalesce(sum(l.debit), 0)::text AS d, coalesce(sum(l.credit), 0)::text AS c
    FROM journal_lines l JOIN accounts a ON a.id = l.account_id WHERE ${where}`);
  return r!;
};

beforeAll(async () => {
  t = await testApp();
  k = await kit(t);
  await k.post([dr(k.acc('1101'), '1.0050'), cr(k.acc('4101'), '0.5025'), cr(k.acc('4103'), '0.5025')]);
  await k.post([dr(k.acc('5103'), '0.3335'), dr(k.acc('5105'), '0.3335'), cr(k.acc('1102'), '0.6670')]);
});
afterAll(async () => { await t?.close(); });

describe('report totals equal the ledger', () => {
  it('trial balance: total debit and credit', async () => {
    const all = await ledger(sql`true`);
    const r = (await t.admin.get(`/api/accounting/reports/trial-balance${Q}`)).json();
    expect(r.totals).toMatchObject({ debit: roundMoney(all.d, 2), credit: roundMoney(all.c, 2) });
    expect(r.totals.debit).toBe('1.67');
  });

  it('income statement: income, expenses and net', async () => {
    const inc = await ledger(sql`a.type = 'income'`);
    const exp = await ledger(sql`a.type = 'expense'`);
    const r = (await t.admin.get(`/api/accounting/reports/income-statement${Q}`)).json();
    const [p] = r.summary.chart;
    expect(p).toMatchObject({ income: roundMoney(subtractExact(inc.c, inc.d), 2), expense: roundMoney(exp.d, 2) });
    // rows rounded first would show 0.50 + 0.50 and 0.33 + 0.33
    expect(p).toMatchObject({ income: '1.01', expense: '0.67', net: '0.34' });
  });

  it('balance sheet: total assets and current earnings', async () => {
    const assets = await ledger(sql`a.type = 'asset'`);
    const r = (await t.admin.get(`/api/accounting/reports/balance-sheet${Q}`)).json();
    expect(r.summary).toMatchObject({ balanced: true, totalAssets: roundMoney('0.3380', 2), currentEarnings: '0.34' });
    expect(roundMoney(subtractExact(assets.d, assets.c), 2)).toBe(r.summary.totalAssets);
  });
});
