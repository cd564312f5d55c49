import { and, eq, sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { productCategory } from '../model/product-category.entity';
import { product } from '../model/product.entity';

/**
 * The category tree. A product whose own income, expense or asset account is empty takes it from its category,
 * and a category without one from its nearest ancestor that has it (`categoryAccounts`); what is still empty
 * after the root falls back to the accounting settings' defaults at posting time.
 */
export const CATEGORY_ACCOUNTS = ['incomeAccountId', 'expenseAccountId', 'assetAccountId'] as const;
export type CategoryAccounts = Record<(typeof CATEGORY_ACCOUNTS)[number], number | null>;

/**
 * True when `candidateParent` is `selfId` or lies under it: making it the parent would close a loop. The walk up
 * from the candidate locks each ancestor FOR SHARE, so none of them can be re-parented before we commit; two
 * crossing moves then wait on each other, PostgreSQL breaks the deadlock, and the retried one sees the loop.
 */
export async function wouldLoop(tx: Tx, companyId: number, selfId: number, candidateParent: number): Promise<boolean> {
  const t = tableOf(productCategory);
  let cur: number | null = candidateParent;
  for (let depth = 0; cur !== null && depth < 1000; depth++) {
    if (cur === selfId) return true;
    const [row] = await tx.select({ parentId: t.parentId }).from(t).where(and(eq(t.id, cur), eq(t.companyId, companyId))).for('share');
    cur = (row?.parentId as number | null | undefined) ?? null;
  }
  return false;
}

export async function categoryHasChildren(tx: Tx, id: number): Promise<boolean> {
  const t = tableOf(productCategory);
  return (await tx.select({ id: t.id }).from(t).where(eq(t.parentId, id)).limit(1)).length > 0;
}

export async function categoryHasProducts(tx: Tx, id: number): Promise<boolean> {
  const t = tableOf(product);
  return (await tx.select({ id: t.id }).from(t).where(eq(t.categoryId, id)).limit(1)).length > 0;
}

/** Accounts of a category, each from the category itself or its nearest ancestor that names one. */
export async function categoryAccounts(tx: Tx, companyId: number, categoryId: number): Promise<CategoryAccounts> {
  const r = await tx.execute(sql`
    WITH RECURSIVE up(id, parent_id, income, expense, asset, depth) AS (
      SELECT id, parent_id, income_account_id, expense_account_id, asset_account_id, 0 FROM product_categories
       WHERE id = ${categoryId} AND company_id = ${companyId}
      UNION ALL SELECT c.id, c.parent_id, c.income_account_id, c.expense_account_id, c.asset_account_id, up.depth + 1
       FROM product_categories c JOIN up ON c.id = up.parent_id WHERE up.depth < 1000)
    SELECT income, expense, asset FROM up ORDER BY depth`);
  const out: CategoryAccounts = { incomeAccountId: null, expenseAccountId: null, assetAccountId: null };
  for (const row of r.rows as { income: number | null; expense: number | null; asset: number | null }[]) {
    out.incomeAccountId ??= row.income;
    out.expenseAccountId ??= row.expense;
    out.assetAccountId ??= row.asset;
  }
  return out;
}
