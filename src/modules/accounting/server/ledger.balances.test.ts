import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { balancesSnapshot } from './ledger.balances';
import { cr, dr, type Kit, kit } from './test-kit';

/** Balances kept incrementally at posting equal balances rebuilt from the lines. */
let t: TestApp;
let k: Kit;
beforeAll(async () => { t = await testApp(); k = await kit(t); });
afterAll(async () => { await t?.close(); });

const snap = async () => (await balancesSnapshot(t.db.orm as never, 1)).map((r) => ({ ...r, debit: Number(r.debit).toFixed(4), credit: Number(r.credit).toFixed(4) }));

describe('account balances', () => {
  it('rebuild = incremental, across months, reversals and journals', async () => {
    const e1 = await k.post([dr(k.acc('1101'), '10.01'), cr(k.acc('3101'), '10.01')], { date: '2026-01-31' });
    await k.post([dr(k.acc('1101'), '5'), dr(k.acc('1102'), '0.0001'), cr(k.acc('4101'), '5.0001')], { date: '2026-02-01', journal: 'SAL' });
    await k.post([dr(k.acc('5103'), '99.99'), cr(k.acc('1101'), '99.99')], { date: '2027-06-15' });
    await t.admin.post(`/api/accounting/journal-entries/${e1.id}/cancel`, { date: '2026-03-01' });
    const incremental = await snap();
    expect(incremental.length).toBeGreaterThan(4);
    expect(incremental.find((r) => r.accountId === k.acc('1101') && r.month === '2026-01-01')).toMatchObject({ debit: '10.0100', credit: '0.0000' });
    expect(incremental.find((r) => r.accountId === k.acc('1101') && r.month === '2026-03-01')).toMatchObject({ debit: '0.0000', credit: '10.0100' });
    const res = await t.admin.post('/api/accounting/ledger/rebuild-balances', {});
    expect(res.statusCode).toBe(200);
    expect(await snap()).toEqual(incremental);
  });
});
