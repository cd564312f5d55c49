import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { verifyLedger } from '../../accounting';
import { entryLines, movesOf, postDelivery } from './documents.test-kit';
import { verifyStock } from './stock.verify';
import { type StockKit, stockKit } from './test-kit';

/**
 * A delivery's last statement also commits its transaction (TransitionWrite.commit): when its ledger gate finds
 * nothing it may write (here: the stock journal's first posting, whose chain head does not exist yet), it must write
 * nothing at all, and the request runs again the usual way, which makes the chain head. Numbers stay gapless.
 */
let t: TestApp;
let k: StockKit;

beforeAll(async () => {
  t = await testApp();
  k = await stockKit(t);
});
afterAll(async () => { await t?.close(); });

const q = async <T,>(query: ReturnType<typeof sql>) => (await t.db.orm.execute(query)).rows as T[];

describe('a delivery that commits with its last statement', () => {
  it('is the stock journal\'s first posting: refused once, written once by the usual path, numbers from 1', async () => {
    const p = await k.product({ name: 'First posting', cost: '3' });
    // stock brought in on the general journal, so the stock journal has no chain head yet
    const gen = (await q<{ id: number }>(sql`SELECT id FROM journals WHERE company_id = ${k.ctx.companyId} AND code = 'GEN'`))[0]!.id;
    await k.post({ date: '2026-03-01', moveType: 'incoming', reference: 'REC', journalId: gen,
      lines: [{ productId: p, quantity: '5', unitCost: '3', fromLocationId: k.loc.vendors, toLocationId: k.loc.stock }] });
    const stk = (await q<{ id: number }>(sql`SELECT journal_id AS id FROM inventory_settings WHERE company_id = ${k.ctx.companyId}`))[0]!.id;
    expect(await q(sql`SELECT 1 FROM ledger_chains WHERE journal_id = ${stk}`)).toEqual([]);

    const r = await postDelivery(t.admin, k, [{ productId: p, quantity: '2' }], { validate: true });
    expect(r.statusCode, r.body).toBe(201);
    const d = r.json();
    expect(d).toMatchObject({ status: 'done', number: 'DEL/2026/00001', totalCost: '6.0000', version: 2 });
    expect(await entryLines(t, d.entryId)).toEqual(['1104 0.0000 6.0000', '5101 6.0000 0.0000']);
    expect(await movesOf(t, 'delivery', d.id)).toMatchObject([{ productId: p, quantity: '2.000000', reference: 'DEL/2026/00001' }]);
    const [entry] = await q<{ number: string; chain_seq: number }>(sql`SELECT number, chain_seq FROM journal_entries WHERE id = ${d.entryId}`);
    expect(entry).toMatchObject({ chain_seq: 1 });
    expect(entry!.number).toMatch(/\/00001$/);
    // one delivery, two audit rows: the refused run left nothing behind
    expect(await q(sql`SELECT id FROM deliveries WHERE company_id = ${k.ctx.companyId}`)).toHaveLength(1);
    expect((await q<{ action: string }>(sql`SELECT action FROM audit_log WHERE entity = 'delivery' ORDER BY id`)).map((a) => a.action)).toEqual(['create', 'validate']);
    expect(await k.onHand(p)).toBe('3.000000');

    // the next one goes through the committing statement itself
    const r2 = await postDelivery(t.admin, k, [{ productId: p, quantity: '1' }], { validate: true });
    expect(r2.statusCode, r2.body).toBe(201);
    expect(r2.json()).toMatchObject({ number: 'DEL/2026/00002' });
    expect((await t.admin.get(`/api/inventory/deliveries/${r2.json().id}`)).json()).toEqual(r2.json());
    expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
    expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  });
});
