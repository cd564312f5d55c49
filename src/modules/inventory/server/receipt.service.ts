import { eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { getRecord } from '../../../core/entity/crud.read';
import type { Data, Row } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { receiptItemSchema, receivePartSchema } from '../model/items.schema';
import { receipt } from '../model/receipt.entity';
import { sum4 } from './documents.costs';
import { checkLineValue, checkLines, costPerUnit, isPositive, parseItems } from './documents.items';
import { loadLocations, settingLocation, stockLocation } from './documents.locations';
import { dm, docError } from './documents.messages';
import { loadInventorySettings } from './inventory-settings.service';
import { m4 } from './stock.costing';
import { postStock, type StockLineInput } from './stock.post';

/**
 * Receipts (invariant: received <= ordered on every line). Each item keeps its ordered quantity, unit cost (per
 * its unit; the product's cost when not given) and receivedQuantity. Receiving all or part moves stock from the
 * vendors location into the destination (an internal, non-scrap location) with valuation layers and posts Dr
 * inventory / Cr stock received, then the receipt is partially_received or received.
 */
export interface ReceiptItem {
  productId: number; quantity: string; uomId: number; unitCost: string; value: string; receivedQuantity: string;
  lotName: string | null; expiryDate: string | null; notes: string | null;
}

async function destination(ctx: Ctx, tx: Tx, locationId: unknown): Promise<void> {
  stockLocation(ctx, await loadLocations(tx, ctx, [locationId as number]), locationId, 'locationId', { scrapMessage: dm.receiveIntoScrap });
}

/** Checked items with their values and the receipt's total; keeps received quantities of `previous` items. */
export async function receiptItems(ctx: Ctx, tx: Tx, raw: unknown, previous: ReceiptItem[] = []): Promise<{ items: ReceiptItem[]; totalAmount: string }> {
  const parsed = parseItems(ctx, raw, receiptItemSchema);
  const checked = await checkLines(ctx, tx, parsed);
  const items = parsed.map((it, i): ReceiptItem => {
    const line = i + 1;
    if (!isPositive(it.quantity)) throw docError(dm.quantityPositive, { line }, ctx.locale);
    if (it.unitCost !== null && new Decimal(it.unitCost).isNeg()) throw docError(dm.costNegative, { line }, ctx.locale);
    const c = checked[i]!;
    const unitCost = new Decimal(it.unitCost ?? costPerUnit(c.product.cost, c.product.factor, c.uom.factor)).toFixed(4);
    const qty = new Decimal(it.quantity);
    checkLineValue(ctx, line, it.quantity, unitCost);
    return {
      productId: it.productId, quantity: qty.toFixed(), uomId: c.uom.id, unitCost, value: m4(qty.times(unitCost)),
      receivedQuantity: previous[i]?.receivedQuantity ?? '0', lotName: it.lotName, expiryDate: it.expiryDate, notes: it.notes,
    };
  });
  return { items, totalAmount: sum4(items.map((it) => it.value)) };
}

export async function checkReceipt(ctx: Ctx, tx: Tx, target: Data, v: Data): Promise<void> {
  const { items, totalAmount } = await receiptItems(ctx, tx, v.items);
  await destination(ctx, tx, v.locationId);
  Object.assign(target, { items, totalAmount });
}

const left = (it: ReceiptItem) => new Decimal(it.quantity).minus(it.receivedQuantity);

interface Part { index: number; quantity: Decimal; lotName: string | null; expiryDate: string | null }

/** Moves `parts` of the receipt's lines in, in one stock posting; returns the items with what is now received. */
async function receiveParts(ctx: Ctx, tx: Tx, row: Row, parts: Part[], date: string): Promise<ReceiptItem[]> {
  const current = row.items as ReceiptItem[];
  const { items } = await receiptItems(ctx, tx, current, current);
  await destination(ctx, tx, row.locationId);
  const settings = await loadInventorySettings(tx, ctx.companyId);
  const from = settingLocation(ctx, settings, 'vendorLocationId');
  const lines: StockLineInput[] = parts.map((p) => {
    const it = items[p.index]!;
    it.receivedQuantity = new Decimal(it.receivedQuantity).plus(p.quantity).toFixed();
    return {
      productId: it.productId, quantity: p.quantity.toFixed(), uomId: it.uomId, unitCost: it.unitCost,
      lotName: p.lotName ?? it.lotName, expiryDate: p.expiryDate ?? it.expiryDate, notes: it.notes,
      fromLocationId: from, toLocationId: row.locationId as number,
    };
  });
  await postStock(tx, ctx, {
    date, reference: String(row.number), moveType: 'incoming', source: { type: 'receipt', id: row.id },
    lines, counter: { in: 'stockInput' }, contactId: (row.vendorId as number | null) ?? null,
  });
  return items;
}

const dateOf = (ctx: Ctx, row: Row, body: Data): string => {
  if (body.date === undefined || body.date === null || body.date === '') return row.receiptDate as string;
  if (typeof body.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(body.date) && !Number.isNaN(Date.parse(body.date + 'T00:00:00Z'))) return body.date;
  throw docError(dm.dateInvalid, {}, ctx.locale, 'date');
};

/** The `receive` transition: everything still to receive. */
export async function receiveAll(ctx: Ctx, tx: Tx, row: Row, body: Data): Promise<Data> {
  const parts = (row.items as ReceiptItem[]).map((it, index) => ({ index, quantity: left(it), lotName: null, expiryDate: null })).filter((p) => p.quantity.gt(0));
  if (!parts.length) throw docError(dm.nothingToReceive, {}, ctx.locale, 'items', 409);
  return { items: await receiveParts(ctx, tx, row, parts, dateOf(ctx, row, body)) };
}

/** The `receivePartial` action: body { items: [{ index, quantity, lotName?, expiryDate? }], date? }. */
export async function receivePartial(ctx: Ctx, tx: Tx, row: Row, body: Data): Promise<Row> {
  if (row.status !== 'approved' && row.status !== 'partially_received') throw docError(dm.notReceivable, {}, ctx.locale, '_', 409);
  const current = row.items as ReceiptItem[];
  const raw = parseItems(ctx, body.items, receivePartSchema);
  const asked = new Map<number, Decimal>();
  const parts: Part[] = raw.map((p) => {
    const it = current[p.index];
    if (!it) throw docError(dm.receiveLineMissing, { line: p.index + 1 }, ctx.locale);
    const q = new Decimal(p.quantity);
    if (!q.gt(0)) throw docError(dm.quantityPositive, { line: p.index + 1 }, ctx.locale);
    const total = (asked.get(p.index) ?? new Decimal(0)).plus(q);
    if (total.gt(left(it))) throw docError(dm.overReceive, { line: p.index + 1, quantity: total.toFixed(), left: left(it).toFixed() }, ctx.locale);
    asked.set(p.index, total);
    return { index: p.index, quantity: q, lotName: p.lotName, expiryDate: p.expiryDate };
  });
  const items = await receiveParts(ctx, tx, row, parts, dateOf(ctx, row, body));
  const status = items.every((it) => left(it).lte(0)) ? 'received' : 'partially_received';
  const t = tableOf(receipt);
  await tx.update(t).set({ items, status, version: sql`${t.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.user.id }).where(eq(t.id, row.id));
  return getRecord(ctx, receipt, row.id, tx);
}
