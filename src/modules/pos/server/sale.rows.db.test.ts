import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changes, picture } from '../../../../tests/support/db-diff';
import type { TestApp } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import { setClock } from '../../../core/time/company-time';
import { postStock } from '../../inventory';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * Everything one till sale writes, in every table, pinned (__snapshots__/sale.rows.json): the order and its lines,
 * the money rows, the delivery with its moves and layers (FIFO across two receipts), quants and day totals, the three
 * entries with their lines, numbers and chained hashes, the balances, the invoice and its two payments, the audit
 * rows, counters, the Idempotency-Key with its answer, and what triggers keep (the month totals). Any change to what
 * a sale writes shows here as a diff to read: the till's hot path (docs/decisions/till-sale-hot-path.md) must write
 * exactly these rows, in however few statements. After a deliberate change, `vitest run -u` on this file and read
 * the snapshot's diff before committing it. The clock is pinned (dates and hashes are the same every day); instants
 * written by the database are shown as <instant>; ids are those of a fresh test company, the same on both engines.
 */
let t: TestApp;
let k: PosKit;
beforeAll(async () => {
  setClock(() => new Date('2026-06-10T09:15:00Z'));
  ({ t, k } = await posApp());
}, 120_000);
afterAll(async () => {
  setClock(null);
  await t?.close();
});

const INSTANT = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)?/g;
/** Instants the database wrote (created_at, posted_at, audit rows' JSON...) and server-made request keys, made stable. */
const stable = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_k, x: unknown) => {
  if (typeof x === 'string') return x.replace(INSTANT, '<instant>').replace(/srv:[0-9a-f-]{36}/g, 'srv:<uuid>');
  // columns in alphabetical order, whatever order the engine gave them in
  if (x && typeof x === 'object' && !Array.isArray(x)) return Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)));
  return x;
}));

it('a till sale writes exactly its pinned rows, in every table', async () => {
  // VAT at 15% on every line, as a shop's default (the kit sets none, for plain amounts elsewhere)
  await k.q(sql`UPDATE accounting_settings SET default_tax_rate = 15 WHERE company_id = ${k.ctx.companyId}`);
  const tea = await k.product('Green tea', '12', '2', '5');
  const honey = await k.product('Sidr honey', '80', '4', '50');
  // a second receipt of tea at another cost: the sale's 3 teas take 2 from the first layer, 1 from this one
  const [loc] = await k.q<{ vendors: number }>(sql`SELECT vendor_location_id AS vendors FROM inventory_settings WHERE company_id = ${k.ctx.companyId}`);
  await withTx(t.db, (tx) => postStock(tx, k.ctx, { date: '2026-02-01', reference: 'IN-TEA-2', moveType: 'incoming', source: { type: 'test', id: 99 },
    lines: [{ productId: tea, quantity: '5', unitCost: '6', fromLocationId: loc!.vendors, toLocationId: k.stock }] }));
  const s = await k.session(t.admin, '200');
  // the company's first sale makes the journals' chain heads and the counters: the pinned sale is an ordinary one
  const first = await t.admin.post('/api/pos/sales', { sessionId: s.id, lines: [{ productId: honey, quantity: '1' }], payments: [{ method: 'bank_transfer', amount: '40' }, { method: 'cash', amount: '52' }] });
  expect(first.statusCode, first.body).toBe(201);

  const before = await picture(t.db);
  // 3 x 12 = 36, 1 x 80 less 10% = 72: 108 + 15% = 124.20; paid 50 by card, 80 in cash (change 5.80)
  const r = await t.admin.post('/api/pos/sales', {
    sessionId: s.id, customerId: k.customer,
    lines: [{ productId: tea, quantity: '3' }, { productId: honey, quantity: '1', discount: '10' }],
    payments: [{ method: 'bank_transfer', amount: '50', reference: 'CARD-4411' }, { method: 'cash', amount: '80' }],
  }, { 'idempotency-key': 'sale-rows-1' });
  expect(r.statusCode, r.body).toBe(201);
  expect(r.json()).toMatchObject({ change: '5.8000', paid: '124.2000', due: '0.0000' });
  const written = changes(before, await picture(t.db));
  await expect(`${JSON.stringify(stable(written), null, 1)}\n`).toMatchFileSnapshot('./__snapshots__/sale.rows.json');
});
