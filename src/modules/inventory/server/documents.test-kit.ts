import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Client, type TestApp, testAppWith } from '../../../../tests/support/test-app';
import { type StockKit, stockKit } from './test-kit';

/**
 * Helpers of the stock document tests: the app of a test file (with an Arabic client), a delivery posted through the
 * API, a product with two FIFO layers, a journal entry's lines by account code, the document's stock moves, a
 * fingerprint of everything a posting writes (to prove a refused request left nothing behind), an expectation that a
 * request failed with a message in both languages, and one that another company can neither see nor act on a document.
 */
type Res = Awaited<ReturnType<Client['post']>>;
const rows = async <T,>(t: TestApp, q: ReturnType<typeof sql>) => (await t.db.orm.execute(q)).rows as T[];

/** A fresh app, the stock kit of its admin, and the admin signed in again in Arabic (for refusedInBoth). */
export const documentsApp = () => testAppWith(stockKit);

/**
 * POST /api/inventory/deliveries as `c`: a customer delivery out of the main stock location on 2026-04-02, unless `o`
 * says otherwise. With `{ validate: true }` it is created and validated by this one request (states.onCreate).
 */
export function postDelivery(c: Client, k: StockKit, items: unknown[], o: Record<string, unknown> = {}): Promise<Res> {
  return c.post('/api/inventory/deliveries', { destinationType: 'customer', deliveryDate: '2026-04-02', locationId: k.loc.stock, items, ...o });
}

/**
 * A storable product costing 4 with two FIFO layers in the main stock location: 10 @ 5 received on 2026-03-01 and
 * 10 @ 8 on 2026-03-02 (so 12 delivered cost 10 x 5 + 2 x 8 = 66).
 */
export async function productWithTwoLayers(k: StockKit, name: string): Promise<number> {
  const p = await k.product({ name, cost: '4' });
  await k.receive(p, '10', '5', { date: '2026-03-01' });
  await k.receive(p, '10', '8', { date: '2026-03-02' });
  return p;
}

/** Lines of an entry as "code debit credit" strings, sorted; amounts with 4 decimals. */
export async function entryLines(t: TestApp, entryId: number): Promise<string[]> {
  const r = await rows<{ code: string; debit: string; credit: string }>(t, sql`
    SELECT a.code, l.debit::text AS debit, l.credit::text AS credit FROM journal_lines l JOIN accounts a ON a.id = l.account_id
    WHERE l.entry_id = ${entryId} ORDER BY a.code, l.debit, l.credit`);
  return r.map((l) => `${l.code} ${l.debit} ${l.credit}`);
}

/** The entries posted for a source document (receipts may post several). */
export async function entriesOf(t: TestApp, sourceType: string, sourceId: number): Promise<{ id: number; number: string; reference: string }[]> {
  return rows(t, sql`SELECT id, number, reference FROM journal_entries WHERE source_type = ${sourceType} AND source_id = ${sourceId} ORDER BY id`);
}

export interface MoveRow { productId: number; fromLocationId: number; toLocationId: number; quantity: string; uomQuantity: string | null; value: string; reference: string; moveType: string; lotId: number | null }
export async function movesOf(t: TestApp, sourceType: string, sourceId: number): Promise<MoveRow[]> {
  return rows(t, sql`
    SELECT product_id AS "productId", from_location_id AS "fromLocationId", to_location_id AS "toLocationId", quantity::text AS quantity,
      uom_quantity::text AS "uomQuantity", value::text AS value, reference, move_type AS "moveType", lot_id AS "lotId"
    FROM stock_moves WHERE source_type = ${sourceType} AND source_id = ${sourceId} ORDER BY id`);
}

/** Sum of the valuation layers (quantity, value) of a product. */
export async function layers(t: TestApp, productId: number): Promise<{ qty: string; value: string; remainingQty: string; remainingValue: string }> {
  const [r] = await rows<{ qty: string; value: string; remainingQty: string; remainingValue: string }>(t, sql`
    SELECT coalesce(sum(quantity), 0)::text AS qty, coalesce(sum(value), 0)::text AS value,
      coalesce(sum(remaining_qty), 0)::text AS "remainingQty", coalesce(sum(remaining_value), 0)::text AS "remainingValue"
    FROM stock_valuation_layers WHERE product_id = ${productId}`);
  return r!;
}

/** Everything a document or a posting may write; equal before and after a refused request. */
export async function fingerprint(t: TestApp): Promise<string> {
  const [r] = await rows(t, sql`SELECT
    (SELECT count(*) FROM stock_moves) AS moves, (SELECT count(*) FROM stock_valuation_layers) AS layers,
    (SELECT coalesce(sum(quantity), 0)::text FROM stock_quants) AS quants, (SELECT count(*) FROM stock_lots) AS lots,
    (SELECT count(*) FROM journal_lines) AS lines, (SELECT coalesce(sum(next_value), 0)::text FROM doc_sequences) AS numbers,
    (SELECT count(*) || ':' || coalesce(sum(version), 0) FROM receipts) AS receipts,
    (SELECT count(*) || ':' || coalesce(sum(version), 0) FROM deliveries) AS deliveries,
    (SELECT count(*) || ':' || coalesce(sum(version), 0) FROM transfers) AS transfers,
    (SELECT count(*) || ':' || coalesce(sum(version), 0) FROM scraps) AS scraps,
    (SELECT count(*) || ':' || coalesce(sum(version), 0) FROM stock_adjustments) AS adjustments,
    (SELECT count(*) || ':' || coalesce(sum(version), 0) FROM inventory_openings) AS openings`);
  return JSON.stringify(r);
}

/** Sends the same request in English and Arabic: both fail with `status` and the messages (keyed on `field` if named), nothing written. */
export async function refusedInBoth(
  t: TestApp, send: (c: Client) => Promise<Res>, en: Client, ar: Client,
  o: { status: number; en: string | RegExp; ar: string | RegExp; field?: string },
): Promise<void> {
  const before = await fingerprint(t);
  for (const [c, want] of [[en, o.en], [ar, o.ar]] as const) {
    const r = await send(c);
    expect(r.statusCode, r.body).toBe(o.status);
    const err = r.json().error;
    if (typeof want === 'string') expect(err.message).toBe(want);
    else expect(err.message).toMatch(want);
    if (o.field) expect(Object.keys(err.fields ?? {})).toContain(o.field);
  }
  expect(await fingerprint(t)).toBe(before);
}

/**
 * Another company's client gets 404 reading the document at `<url>/<id>` and running each of `transitions` on it,
 * and nothing is written.
 */
export async function hiddenFromOther(t: TestApp, other: Client, url: string, id: number, transitions: string[]): Promise<void> {
  const before = await fingerprint(t);
  expect((await other.get(`${url}/${id}`)).statusCode).toBe(404);
  for (const name of transitions) expect((await other.post(`${url}/${id}/${name}`, {})).statusCode, name).toBe(404);
  expect(await fingerprint(t)).toBe(before);
}
