import { execPrepared } from '../../../core/db/prepared';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { lineProblem } from '../../../core/entity/line-fields';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import type { Data } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { MAX_LINES, lineLabels, orderItemSchema } from '../model/lines.schema';
import { priceList } from '../model/price-list.entity';
import { sm } from '../messages';
import { loadInventorySettings, productsForSale, salesTaxes } from './entries';
import { type OrderTotals, type PricedLine, orderTotals } from './order.posting';
import { type PriceItem, type PriceListInfo, bestPrice, inProductUnit, listValidOn, perUnit } from './price';
import { salesError } from './sales.errors';
import { memoInTx } from '../../../core/db/tx-memo';

/**
 * Prices and checks an order's lines on save: each names an active salable product of the company, a quantity > 0
 * and a unit of the product's group (the product's own when none); a line without a price takes the price list's
 * (bestPrice, on the order date, converted to the line's unit). The list is the order's, else the company's
 * default; none is "Price List is required", one not valid on the order date is refused. A line's tax is the one
 * it names (an active tax of the company, else the line is refused), none when it says null, else the company's
 * default sales tax (accounting's salesTaxes: the active tax at the settings' default rate). Totals as the invoice
 * will compute them (order.posting.ts).
 */
export async function loadPriceList(ctx: Ctx, tx: Tx, id: number | null): Promise<PriceListInfo | null> {
  const t = tableOf(priceList);
  const rows = await memoInTx(tx, ['priceList'], `priceList:${ctx.companyId}:${id ?? 'default'}`, () => tx.select({ id: t.id, startDate: t.startDate, endDate: t.endDate, isActive: t.isActive, items: t.items }).from(t)
    .where(id ? sql`${t.companyId} = ${ctx.companyId} AND ${t.id} = ${id}` : sql`${t.companyId} = ${ctx.companyId} AND ${t.isDefault}`).limit(1), ctx.companyId);
  const r = rows[0] as Record<string, unknown> | undefined;
  if (!r) return null;
  return { id: r.id as number, startDate: (r.startDate as string | null) ?? null, endDate: (r.endDate as string | null) ?? null, isActive: r.isActive === true, items: (r.items ?? []) as PriceItem[] };
}

export function currencyDecimals(tx: Tx, companyId: number): Promise<number> {
  // read once per transaction (core/db/tx-memo.ts), the key shared with accounting's read of the same column
  return memoInTx(tx, ['company'], `currencyDecimals:${companyId}`, async () => {
    const r = await execPrepared(tx, sql`SELECT currency_decimals AS d FROM companies WHERE id = ${companyId}`);
    const d = (r.rows[0] as { d?: number } | undefined)?.d;
    return typeof d === 'number' ? d : 2;
  }, companyId);
}

export async function priceOrder(ctx: Ctx, tx: Tx, v: Data): Promise<OrderTotals & { priceListId: number; locationId: number | null }> {
  const L = ctx.locale;
  const raw = v.items;
  if (!Array.isArray(raw) || raw.length === 0) throw salesError(sm.noLines, L, 'items');
  if (raw.length > MAX_LINES) throw salesError(sm.tooManyLines, L, 'items', { max: MAX_LINES });
  const taxGiven = raw.map((item) => typeof item === 'object' && item !== null && Object.hasOwn(item, 'taxId') && (item as Data).taxId !== undefined);
  const lines = raw.map((item, i) => {
    const p = orderItemSchema.safeParse(item);
    if (!p.success) {
      const known = lineProblem(p.error, i + 1, lineLabels);
      throw known ? salesError(known, L, 'items') : salesError(sm.lineInvalid, L, 'items', { line: i + 1 });
    }
    if (!/[1-9]/.test(p.data.quantity) || p.data.quantity.startsWith('-')) throw salesError(sm.lineQuantity, L, 'items', { line: i + 1 });
    if (p.data.price !== null && p.data.price.startsWith('-') && /[1-9]/.test(p.data.price)) throw salesError(sm.itemNegative, L, 'items', { line: i + 1 });
    return p.data;
  });
  const list = await loadPriceList(ctx, tx, (v.priceListId as number | null) ?? null);
  if (!list) throw salesError(sm.priceListRequired, L, 'priceListId');
  if (!listValidOn(list, String(v.orderDate))) throw salesError(sm.priceListNotValid, L, 'priceListId');
  const { products, uoms } = await productsForSale(ctx, lines.map((l) => l.productId), lines.flatMap((l) => (l.uomId ? [l.uomId] : [])));
  const tax = await salesTaxes(tx, ctx.companyId, lines.flatMap((l) => (l.taxId ? [l.taxId] : [])));
  const priced: PricedLine[] = lines.map((l, i) => {
    const line = i + 1;
    const p = products.get(l.productId);
    if (!p) throw salesError(sm.lineProductNotFound, L, 'items', { line });
    const name = L === 'ar' && p.nameAr ? p.nameAr : p.name;
    if (!p.isActive || !p.salable || p.productType !== 'storable' || !p.storable) throw salesError(sm.lineProductNotSalable, L, 'items', { line, product: name });
    const uomId = l.uomId ?? p.uomId;
    const u = uomId === p.uomId ? { groupId: p.groupId, factor: p.factor, isActive: true } : uoms.get(uomId);
    if (!u || u.groupId !== p.groupId || !u.isActive) throw salesError(sm.lineUom, L, 'items', { line });
    const baseQuantity = inProductUnit(l.quantity, u.factor, p.factor);
    const price = l.price ?? perUnit(bestPrice(list.items, { productId: p.id, categoryPath: p.categoryPath, quantity: baseQuantity, salePrice: p.salePrice }).price, u.factor, p.factor);
    const taxId = taxGiven[i] ? l.taxId : tax.defaultId;
    return { productId: p.id, uomId, quantity: l.quantity, price, description: l.description ?? name, baseQuantity, taxId };
  });
  const decimals = await currencyDecimals(tx, ctx.companyId);
  const discount = String(v.discount ?? '0') || '0';
  const taxes = [...tax.taxes.values()];
  const gross = orderTotals(priced, '0', decimals, L, taxes);
  if (new Decimal(discount).gt(gross.subtotal)) throw salesError(sm.discountTooLarge, L, 'discount');
  const totals = orderTotals(priced, discount, decimals, L, taxes);
  let locationId = (v.locationId as number | null) ?? null;
  if (!locationId) locationId = (await loadInventorySettings(tx, ctx.companyId)).defaultLocationId;
  return { ...totals, priceListId: list.id, locationId };
}

/** The customer is a contact of the company with the customer role; the salesperson, if any, is active. */
export async function checkParties(ctx: Ctx, tx: Tx, v: Data): Promise<void> {
  const r = await execPrepared(tx, sql`SELECT
      (SELECT is_customer FROM contacts WHERE company_id = ${ctx.companyId} AND id = ${Number(v.customerId) || 0}) AS customer,
      (SELECT is_active FROM salespersons WHERE company_id = ${ctx.companyId} AND id = ${Number(v.salespersonId) || 0}) AS salesperson`);
  const row = r.rows[0] as { customer: boolean | null; salesperson: boolean | null };
  if (row.customer === false) throw salesError(sm.notCustomer, ctx.locale, 'customerId');
  if (v.salespersonId && row.salesperson === false) throw salesError(sm.salespersonInactive, ctx.locale, 'salespersonId');
}
