import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/support/test-app';
import { type SalesKit, salesApp } from './sales.test-kit';

/**
 * The sales settings are kept in the server's memory between requests at the company's configuration version
 * (core/db/config-cache.ts): a change is seen by the very next request, whether it came through the API or by hand
 * in the database; and the memory really answers (with the version trigger switched off, a change by hand is not
 * seen). The invoice prefix shows it: each fiscal year's first order number takes the prefix of the moment.
 */
let t: TestApp;
let k: SalesKit;
beforeAll(async () => { ({ t, k } = await salesApp()); });
afterAll(async () => { await t?.close(); });

describe('sales settings kept between requests', () => {
  it('are read again at the next request after any change, and answered from memory until then', async () => {
    const juice = await k.product('Orange juice', '10', '100');
    const confirm = (orderDate: string) => k.confirmedNumber(juice, orderDate);
    const byHand = (prefix: string) => t.db.orm.execute(sql`UPDATE sales_settings SET invoice_prefix = ${prefix}`);
    expect(await confirm('2026-03-01')).toBe('SO/2026/00001');
    // the version trigger off: nothing tells the servers, so the kept settings answer
    await t.db.orm.execute(sql`ALTER TABLE sales_settings DISABLE TRIGGER config_version`);
    await byHand('XX');
    await t.db.orm.execute(sql`ALTER TABLE sales_settings ENABLE TRIGGER config_version`);
    expect(await confirm('2027-03-01')).toBe('SO/2027/00001');
    // by hand, trigger on: the next request reads it
    await byHand('SX');
    expect(await confirm('2028-03-01')).toBe('SX/2028/00001');
    // through the API
    const cur = (await t.admin.get('/api/sales/settings/current')).json();
    const upd = await t.admin.patch(`/api/sales/settings/${cur.id}`, { invoicePrefix: 'SY', version: cur.version });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(await confirm('2029-03-01')).toBe('SY/2029/00001');
  });
});
