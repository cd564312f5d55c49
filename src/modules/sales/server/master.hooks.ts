import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/tx';
import { getRecord } from '../../../core/entity/crud.read';
import { lineProblem } from '../../../core/entity/line-fields';
import { type Data, type Row, registerHooks } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { productCategory } from '../../inventory/model/product-category.entity';
import { MAX_LINES, lineLabels, priceItemSchema } from '../model/lines.schema';
import { priceList } from '../model/price-list.entity';
import { salesperson } from '../model/salesperson.entity';
import { sm } from '../messages';
import { productsForSale } from './entries';
import { salesError } from './sales.errors';

/**
 * Master data rules: a price list's dates in order, one default list per company (also a partial unique index),
 * items that name a product XOR a category of the company and a fixed price XOR a discount of 0..100%; a
 * salesperson per user (unique), named after the user. (The settings' accounts: their fields' `filters`.)
 */
async function checkPriceList(ctx: Ctx, tx: Tx, target: Data, v: Data, id: number | null): Promise<void> {
  const L = ctx.locale;
  if (v.startDate && v.endDate && String(v.endDate) < String(v.startDate)) throw salesError(sm.datesReversed, L, 'endDate');
  if (v.isDefault === true) {
    const r = await tx.execute(sql`SELECT 1 FROM price_lists WHERE company_id = ${ctx.companyId} AND is_default AND id <> ${id ?? 0}`);
    if (r.rows.length) throw salesError(sm.defaultListTaken, L, 'isDefault');
  }
  if (!('items' in target) && id !== null) return;
  const raw = v.items ?? [];
  if (!Array.isArray(raw)) throw salesError(sm.lineInvalid, L, 'items', { line: 1 });
  if (raw.length > MAX_LINES) throw salesError(sm.tooManyLines, L, 'items', { max: MAX_LINES });
  const items = raw.map((it, i) => {
    const line = i + 1;
    const p = priceItemSchema.safeParse(it);
    if (!p.success) {
      const known = lineProblem(p.error, line, lineLabels);
      throw known ? salesError(known, L, 'items') : salesError(sm.lineInvalid, L, 'items', { line });
    }
    const d = p.data;
    if ((d.productId === null) === (d.categoryId === null)) throw salesError(sm.itemProductOrCategory, L, 'items', { line });
    if ((d.fixedPrice === null) === (d.discountPercent === null)) throw salesError(sm.itemPriceOrDiscount, L, 'items', { line });
    if (d.fixedPrice !== null && new Decimal(d.fixedPrice).lt(0)) throw salesError(sm.itemNegative, L, 'items', { line });
    if (d.discountPercent !== null && (new Decimal(d.discountPercent).lt(0) || new Decimal(d.discountPercent).gt(100))) throw salesError(sm.itemDiscountRange, L, 'items', { line });
    if (new Decimal(d.minQuantity).lt(0)) throw salesError(sm.lineInvalid, L, 'items', { line });
    return d;
  });
  const { products } = await productsForSale(ctx, items.flatMap((i) => (i.productId ? [i.productId] : [])));
  for (const [i, it] of items.entries()) {
    if (it.productId && !products.has(it.productId)) throw salesError(sm.itemProductNotFound, L, 'items', { line: i + 1 });
    if (it.categoryId) await getRecord(ctx, productCategory, it.categoryId, tx).catch(() => { throw salesError(sm.itemCategoryNotFound, L, 'items', { line: i + 1 }); });
  }
  target.items = items;
}

async function userName(ctx: Ctx, tx: Tx, target: Data, userId: unknown): Promise<void> {
  if (typeof userId !== 'number') return;
  const r = await tx.execute(sql`SELECT full_name AS name FROM users WHERE id = ${userId} AND company_id = ${ctx.companyId}`);
  target.name = (r.rows[0] as { name?: string } | undefined)?.name ?? null;
}

registerHooks(priceList, {
  beforeCreate: (ctx, tx, data) => checkPriceList(ctx, tx, data, data, null),
  beforeUpdate: (ctx, tx, changes, before: Row) => checkPriceList(ctx, tx, changes, { ...before, ...changes }, before.id),
  uniqueMessages: { name: sm.nameTaken },
});
registerHooks(salesperson, {
  beforeCreate: (ctx, tx, data) => userName(ctx, tx, data, data.userId),
  beforeUpdate: (ctx, tx, changes) => ('userId' in changes ? userName(ctx, tx, changes, changes.userId) : undefined),
  uniqueMessages: { userId: sm.userTaken },
});
