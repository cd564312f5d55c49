import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL fragments other modules' reports (sales) read products through (inventory's index.ts), so they never name
 * inventory's tables (src/modules/module-boundaries.test.ts). `companyId` and ids are bound parameters.
 */

/** Derived table of the company's products: id, sku, name, name_ar, category_id, category, category_ar, uom, uom_ar. */
export function productLabelsSql(companyId: number): SQL {
  return sql`(SELECT p.id, p.sku, p.name, p.name_ar, p.category_id, c.name AS category, c.name_ar AS category_ar, u.name AS uom, u.name_ar AS uom_ar
    FROM products p LEFT JOIN product_categories c ON c.id = p.category_id LEFT JOIN uoms u ON u.id = p.uom_id WHERE p.company_id = ${companyId})`;
}

/** Subquery: ids of the products of `categoryId` and of its sub-categories (at any depth). */
export function categoryProductsSql(companyId: number, categoryId: number): SQL {
  return sql`(SELECT id FROM products WHERE company_id = ${companyId} AND category_id IN (WITH RECURSIVE t(id) AS (SELECT ${categoryId}::int
      UNION SELECT c.id FROM product_categories c JOIN t ON c.parent_id = t.id WHERE c.company_id = ${companyId}) SELECT id FROM t))`;
}

/** Whether each kind of id exists in the company (reports refuse an unknown filter): { product, category }. */
export function productRefsExistSql(companyId: number, productId: number | null, categoryId: number | null): SQL {
  return sql`SELECT (${productId}::int IS NULL OR EXISTS (SELECT 1 FROM products WHERE company_id = ${companyId} AND id = ${productId}::int)) AS product,
    (${categoryId}::int IS NULL OR EXISTS (SELECT 1 FROM product_categories WHERE company_id = ${companyId} AND id = ${categoryId}::int)) AS category`;
}
