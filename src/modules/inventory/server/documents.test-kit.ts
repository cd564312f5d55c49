import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';

/**
 * Helpers of the stock document tests: a journal entry's lines by account code, the document's stock moves, a
 * fingerprint of everything a posting writes (to prove a refused request left nothing behind), and an
 * expectation that a request failed with a message in both languages.
 */
type Res = Awaited<ReturnType<Client['post']>>;
const rows = async <T,>(t: TestApp, q: ReturnType<typeof sql>) => (await t.db.orm.execute(q)).rows as T[];

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
