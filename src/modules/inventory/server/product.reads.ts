import { sql } from 'drizzle-orm';
import { readInCallersTx } from '../../../core/db/callers-tx';
import { execPrepared } from '../../../core/db/prepared';
import type { Orm } from '../../../core/db/connect';
import type { Tx } from '../../../core/db/tx';
import { MAX_INT } from '../../../core/entity/bounds';
import { memoInTx, noteReadInTx } from '../../../core/db/tx-memo';
import type { Ctx } from '../../../core/http/context';

/**
 * What a selling module needs of products and units, through inventory's index.ts (read in the caller's
 * transaction, if any): per product its names, unit and unit group, the unit's factor, sale price, type and
 * flags, and its category path (its category first, then the ancestors up to the root: price lists match on it);
 * per unit asked its group and factor. Ids of another company are simply absent.
 */
export interface SaleProduct {
  id: number; name: string; nameAr: string | null; uomId: number; groupId: number; factor: string; salePrice: string;
  productType: string; storable: boolean; salable: boolean; isActive: boolean; categoryPath: number[];
}
export interface SaleUom { id: number; groupId: number; factor: string; isActive: boolean }

type ForSale = { products: Map<number, SaleProduct>; uoms: Map<number, SaleUom> };
const valid = (xs: number[]) => [...new Set(xs.filter((x) => Number.isInteger(x) && x > 0 && x <= MAX_INT))].sort((a, b) => a - b);

/**
 * Read once per transaction for the same products (core/db/tx-memo.ts: a till sale prices its lines, then the
 * order's own pricing reads them again): the answer holds the products' own units too, so a second read asking
 * for those units is the first one's answer; a unit beyond them is read afresh.
 */
export function productsForSale(ctx: Ctx, productIds: number[], uomIds: number[] = []): Promise<ForSale> {
  return readInCallersTx(ctx.db, async (q) => {
    const key = `productsForSale:${ctx.companyId}:${valid(productIds).join(',')}`;
    const first = await memoInTx(q, ['product', 'productCategory', 'uom', 'uomGroup'], key, () => readForSale(ctx, q, productIds, []));
    return uomIds.every((u) => first.uoms.has(u)) ? first : readForSale(ctx, q, productIds, uomIds);
  });
}

async function readForSale(ctx: Ctx, q: Tx | Orm, productIds: number[], uomIds: number[]): Promise<ForSale> {
  const ids = (xs: number[]) => `{${valid(xs).join(',')}}`;
  const r = await execPrepared(q, sql`
    WITH RECURSIVE p AS (
      SELECT id, name, name_ar, uom_id, sale_price::text AS sale_price, product_type, storable, salable, is_active, category_id
      FROM products WHERE company_id = ${ctx.companyId}::int AND id = ANY(${ids(productIds)}::int[])),
    up AS (
      SELECT p.id AS product_id, c.id, c.parent_id, 1 AS depth FROM p JOIN product_categories c ON c.id = p.category_id
      UNION ALL
      SELECT up.product_id, c.id, c.parent_id, up.depth + 1 FROM up JOIN product_categories c ON c.id = up.parent_id WHERE up.depth < 50)
    SELECT 'p' AS kind, p.id, p.name, p.name_ar AS "nameAr", p.uom_id AS "uomId", u.group_id AS "groupId", u.conversion_factor::text AS factor,
      p.sale_price AS "salePrice", p.product_type AS "productType", p.storable, p.salable, p.is_active AS "isActive",
      coalesce((SELECT array_agg(up.id ORDER BY up.depth) FROM up WHERE up.product_id = p.id), '{}') AS "categoryPath"
    FROM p JOIN uoms u ON u.id = p.uom_id
    UNION ALL
    SELECT 'u', u.id, NULL, NULL, NULL, u.group_id, u.conversion_factor::text, NULL, NULL, NULL, NULL, u.is_active, NULL
    FROM uoms u WHERE u.company_id = ${ctx.companyId}::int AND (u.id = ANY(${ids(uomIds)}::int[]) OR u.id IN (SELECT uom_id FROM p))`);
  const products = new Map<number, SaleProduct>();
  const uoms = new Map<number, SaleUom>();
  for (const row of r.rows as Record<string, unknown>[]) {
    if (row.kind === 'u') uoms.set(Number(row.id), { id: Number(row.id), groupId: Number(row.groupId), factor: String(row.factor), isActive: row.isActive === true });
    else products.set(Number(row.id), { ...(row as unknown as SaleProduct), id: Number(row.id), categoryPath: ((row.categoryPath ?? []) as unknown[]).map(Number) });
  }
  // the company's products, read: an invoice naming them later in this transaction need not look them up again
  noteReadInTx(q, 'product', products.keys());
  return { products, uoms };
}
