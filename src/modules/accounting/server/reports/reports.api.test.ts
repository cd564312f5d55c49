import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../../tests/support/test-app';
import { cr, dr, type Kit, kit } from '../test-kit';

/** Reports agree with brute-force SQL over the lines, the balance sheet balances, Excel downloads work. */
let t: TestApp;
let k: Kit;
beforeAll(async () => {
  t = await testApp(); k = await kit(t);
  const c = await k.contact();
  await k.post([dr(k.acc('1102'), '50000'), cr(k.acc('3101'), '50000')], { date: '2025-12-15' });
  await k.post([dr(k.acc('1101'), '1200.50'), cr(k.acc('4101'), '1200.50', { contactId: c })], { date: '2026-01-10', journal: 'SAL' });
  await k.post([dr(k.acc('5103'), '3000'), cr(k.acc('1102'), '3000')], { date: '2026-01-31' });
  await k.post([dr(k.acc('1201'), '8000'), cr(k.acc('1102'), '8000')], { date: '2026-02-01' });
  await k.post([dr(k.acc('1103'), '460', { contactId: c }), cr(k.acc('4101'), '400'), cr(k.acc('2102'), '60')], { date: '2026-02-17', journal: 'SAL' });
  await k.post([dr(k.acc('1101'), '460'), cr(k.acc('1103'), '460', { contactId: c })], { date: '2026-03-03' });
  await k.post([dr(k.acc('5102'), '999.99'), cr(k.acc('1101'), '999.99')], { date: '2026-03-31' });
  const inv = (await t.admin.post('/api/accounting/invoices', { type: 'SALE', partnerId: c, date: '2026-01-01', dueDate: '2026-01-20', lines: [{ unitPrice: '700' }] })).json();
  await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
  const inv2 = (await t.admin.post('/api/accounting/invoices', { type: 'SALE', partnerId: c, date: '2026-03-01', dueDate: '2026-03-30', lines: [{ unitPrice: '300' }] })).json();
  await t.admin.post(`/api/accounting/invoices/${inv2.id}/confirm`, {});
});
afterAll(async () => { await t?.close(); });

const get = async (path: string) => { const r = await t.admin.get(path); if (r.statusCode !== 200) throw new Error(r.body); return r.json(); };

describe('trial balance', () => {
  for (const [from, to] of [['2026-01-01', '2026-03-31'], ['2026-01-10', '2026-02-17'], ['2026-02-01', '2026-02-28'], ['2026-01-31', '2026-01-31']]) {
    it(`equals brute-force SQL over the lines for ${from}..${to}`, async () => {
      const tb = await get(`/api/accounting/reports/trial-balance?from=${from}&to=${to}`);
      const brute = await k.q<{ id: number; d: string; c: string; o: string }>(sql`
        SELECT account_id AS id, sum(CASE WHEN date BETWEEN ${from} AND ${to} THEN debit ELSE 0 END)::numeric(20,2)::text AS d,
          sum(CASE WHEN date BETWEEN ${from} AND ${to} THEN credit ELSE 0 END)::numeric(20,2)::text AS c,
          sum(CASE WHEN date < ${from} THEN debit - credit ELSE 0 END)::numeric(20,2)::text AS o
        FROM journal_lines WHERE date <= ${to} GROUP BY account_id`);
      for (const b of brute) {
        const row = tb.rows.find((r: { accountId: number }) => r.accountId === Number(b.id));
        if (Number(b.d) === 0 && Number(b.c) === 0 && Number(b.o) === 0) { expect(row).toBeUndefined(); continue; }
        expect(row).toMatchObject({ debit: b.d, credit: b.c });
        expect(Number(row.openingDebit) - Number(row.openingCredit)).toBeCloseTo(Number(b.o), 2);
      }
      expect(tb.summary.balanced).toBe(true);
      expect(tb.totals.debit).toBe(tb.totals.credit);
    });
  }

  it('the detailed trial balance rolls children into parents', async () => {
    const d = await get('/api/accounting/reports/detailed-trial-balance?to=2026-03-31');
    const row = (code: string) => d.rows.find((r: { code: string }) => r.code === code);
    expect(Number(row('11').closingDebit)).toBeCloseTo(Number(row('1101').closingDebit) + Number(row('1102').closingDebit) + Number(row('1103').closingDebit) - Number(row('1103').closingCredit), 2);
    expect(row('1').level).toBe(0);
    expect(row('1101').level).toBe(2);
  });
});

describe('statements', () => {
  it('the balance sheet balances, with current earnings, for every comparison period', async () => {
    const bs = await get('/api/accounting/reports/balance-sheet?from=2026-01-01&to=2026-03-31&period=monthly');
    expect(bs.summary.balanced).toBe(true);
    expect(bs.columns.filter((c: { kind: string }) => c.kind === 'money')).toHaveLength(3);
    const is = await get('/api/accounting/reports/income-statement?from=2026-01-01&to=2026-03-31');
    expect(is.summary.chart[0].net).toBe(bs.summary.currentEarnings);
    expect(is.summary.chart[0]).toMatchObject({ income: '2600.50', expense: '3999.99', net: '-1399.49' });
    const q = await get('/api/accounting/reports/income-statement?from=2026-01-01&to=2026-12-31&period=quarterly');
    expect(q.summary.chart).toHaveLength(4);
  });

  it('the cash flow reconciles opening + activities = closing', async () => {
    const cf = await get('/api/accounting/reports/cash-flow-statement?from=2026-01-01&to=2026-03-31');
    expect(cf.summary).toMatchObject({ openingCash: '50000.00', investing: '-8000.00', financing: '0.00', reconciles: true });
    expect(cf.summary.closingCash).toBe('39660.51');
  });

  it('ages receivables as of a date', async () => {
    const a = await get('/api/accounting/reports/accounts-receivable-aging?to=2026-04-25');
    expect(a.totals).toMatchObject({ over90: '700.00', d1_30: '300.00', total: '1000.00' });
    const b = await get('/api/accounting/reports/accounts-receivable-aging?to=2026-03-30');
    expect(b.totals).toMatchObject({ current: '300.00', d61_90: '700.00' });
  });

  it('pages the general ledger with an exact running balance and opening', async () => {
    const all = await get(`/api/accounting/reports/general-ledger?accountId=${k.acc('1102')}&from=2026-01-01&to=2026-03-31`);
    expect(all.summary.openings).toEqual([{ accountId: k.acc('1102'), opening: '50000.00' }]);
    expect(all.rows.map((r: { balance: string }) => r.balance)).toEqual(['47000.00', '39000.00']);
    const p2 = await get(`/api/accounting/reports/general-ledger?accountId=${k.acc('1102')}&from=2026-01-01&to=2026-03-31&page=2&pageSize=1`);
    expect(p2.rows[0].balance).toBe('39000.00');
    expect(p2.page.total).toBe(2);
  });
});

describe('default period', () => {
  it('starts at the fiscal year of the accounting settings when `from` is left out', async () => {
    await t.db.orm.execute(sql`UPDATE accounting_settings SET fiscal_year_start_month = 7, fiscal_year_start_day = 1`);
    try {
      const is = await get('/api/accounting/reports/income-statement?to=2026-03-31');
      expect(is.params.from).toBe('2025-07-01');
      expect(is.summary.chart[0]).toMatchObject({ from: '2025-07-01', income: '2600.50', expense: '3999.99' });
      const cf = await get('/api/accounting/reports/cash-flow-statement?to=2026-03-31');
      expect(cf.params.from).toBe('2025-07-01');
      expect(cf.summary).toMatchObject({ openingCash: '0.00', financing: '50000.00', reconciles: true });
      expect((await get('/api/accounting/reports/trial-balance?to=2026-08-15')).params.from).toBe('2026-07-01');
      expect((await get('/api/accounting/reports/income-statement?from=2026-02-01&to=2026-03-31')).params.from).toBe('2026-02-01');
      expect((await get('/api/accounting/reports/accounts-receivable-aging?to=2026-03-31')).params.from).toBeNull();
      await t.db.orm.execute(sql`UPDATE accounting_settings SET fiscal_year_start_month = 1, fiscal_year_start_day = 1`);
      expect((await get('/api/accounting/reports/income-statement?to=2026-03-31')).params.from).toBe('2026-01-01');
    } finally {
      await t.db.orm.execute(sql`UPDATE accounting_settings SET fiscal_year_start_month = 1, fiscal_year_start_day = 1`);
    }
  });
});

describe('downloads and errors', () => {
  it('downloads Excel, single and combined; refuses bad parameters and unknown reports', async () => {
    const x = await t.admin.get('/api/accounting/reports/trial-balance?format=xlsx');
    expect(x.statusCode).toBe(200);
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const c = await t.admin.get('/api/accounting/reports/combined.xlsx?to=2026-03-31');
    expect(c.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(c.rawPayload as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Balance sheet', 'Income statement']);
    expect((await t.admin.get('/api/accounting/reports/trial-balance?from=2026-13-01')).statusCode).toBe(400);
    expect((await t.admin.get('/api/accounting/reports/trial-balance?period=hourly')).statusCode).toBe(400);
    expect((await t.admin.get('/api/accounting/reports/nope')).statusCode).toBe(404);
    const bal = await get('/api/accounting/accounts/balances?to=2026-03-31');
    const b = (code: string) => Number(bal.items.find((i: { code: string }) => i.code === code).balance);
    expect(b('1')).toBeCloseTo(b('11') + b('12'), 4);
    expect(b('11')).toBeCloseTo(b('1101') + b('1102') + b('1103') + b('1104') + b('1105'), 4);
    expect(b('1') + b('2') + b('3') + b('4') + b('5')).toBeCloseTo(0, 4);
    const sum = await get('/api/accounting/journal-entries/summary');
    expect(sum.items.find((i: { status: string; journalId: number }) => i.status === 'posted' && i.journalId === k.jr('SAL'))).toMatchObject({ count: 4 });
  });
});
