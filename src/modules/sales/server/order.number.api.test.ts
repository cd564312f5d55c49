import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/support/test-app';
import { type SalesKit, salesApp } from './sales.test-kit';

/**
 * A sales order's number counts per FISCAL year, the accounting settings' (as its invoice's and delivery's do), not
 * per calendar year: with a year starting on 1 July, an order of March 2026 is numbered in fiscal 2025 and one of
 * July 2026 starts fiscal 2026 at 00001.
 */
let t: TestApp;
let k: SalesKit;
beforeAll(async () => { ({ t, k } = await salesApp()); });
afterAll(async () => { await t?.close(); });

describe('sales order numbers', () => {
  it('follow the fiscal year the accounting settings start', async () => {
    const s = (await t.admin.get('/api/accounting/settings/current')).json();
    const upd = await t.admin.patch(`/api/accounting/settings/${s.id}`, { fiscalYearStartMonth: 7, fiscalYearStartDay: 1, version: s.version });
    expect(upd.statusCode, upd.body).toBe(200);
    const juice = await k.product('Orange juice', '10', '100');
    const confirm = (orderDate: string) => k.confirmedNumber(juice, orderDate);
    expect(await confirm('2026-03-10')).toBe('SO/2025/00001');
    expect(await confirm('2026-06-30')).toBe('SO/2025/00002');
    expect(await confirm('2026-07-01')).toBe('SO/2026/00001');
  });
});
