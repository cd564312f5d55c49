import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';
import { withTx } from '../../../core/db/tx';
import { permissionCode } from '../../../core/entity/define';
import { getRecord } from '../../../core/entity/crud.read';
import { fieldSchema, fieldErrors } from '../../../core/entity/schema';
import { can, type Ctx } from '../../../core/http/context';
import { forbidden, notFound, validationError } from '../../../core/http/errors';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { routeDoc } from '../../../core/http/route-doc';
import { claimIdempotency } from '../../../core/http/idempotency';
import { z } from 'zod';
import { product } from '../model/product.entity';
import { fieldError, mm } from './master-data.messages';
import { computeSalePrice, generateBarcode, generateSku, productStatistics } from './product.service';

/**
 * Routes of the master data beyond the generic CRUD: product statistics, and the
 * product form's helpers before a product is saved (barcode, SKU, sale price), allowed to whoever may add or
 * change products.
 */
function requireProductEditor(ctx: Ctx): void {
  if (!can(ctx, permissionCode(product, 'add')) && !can(ctx, permissionCode(product, 'change'))) throw forbidden('forbidden');
}

/** A decimal of the product's cost field (same rules and messages as the form), required here. */
function parseMoney(ctx: Ctx, key: 'cost' | 'salePrice', raw: unknown, required: boolean): string | null {
  const parsed = z.object({ [key]: fieldSchema(product.fields[key], ctx.locale) }).safeParse({ [key]: raw });
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  const v = (parsed.data as Record<string, string | null | undefined>)[key] ?? null;
  if (v === null && required) throw fieldError(mm.costRequired, ctx.locale, key);
  return v;
}

export function registerMasterDataRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/inventory/products/:id/statistics', routeDoc('Product statistics: on hand per location, stock value, moves'), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, permissionCode(product, 'statistics'));
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound('notFound');
    const p = await getRecord(ctx, product, Number(raw));
    return productStatistics(db.orm, ctx.companyId, p.id, ctx.locale);
  });

  const editorPost = (url: string, summary: string, run: (ctx: Ctx, body: Record<string, unknown>) => Promise<unknown>) =>
    app.post(url, routeDoc(summary), async (req, reply) => {
      const ctx = await requireCtx(db, req);
      requireProductEditor(ctx);
      if (await claimIdempotency(db, req, reply, ctx.companyId)) return reply;
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      return run(ctx, body);
    });

  editorPost('/api/inventory/products/generate-barcode', 'An unused EAN-13 barcode for a product form: { barcode }',
    async (ctx) => ({ barcode: await withTx(db, (tx) => generateBarcode(tx, ctx.companyId, ctx.locale)) }));

  editorPost('/api/inventory/products/generate-sku', 'An unused SKU from { name, categoryId }: { sku }',
    async (ctx, body) => ({ sku: await withTx(db, (tx) => generateSku(ctx, tx, body.name, body.categoryId)) }));

  editorPost('/api/inventory/products/compute-sale-price', 'Sale price from { cost } and the default margin: { salePrice, margin, warning }', async (ctx, body) => {
    const cost = parseMoney(ctx, 'cost', body.cost, true)!;
    const current = parseMoney(ctx, 'salePrice', body.salePrice, false);
    return withTx(db, (tx) => computeSalePrice(ctx, tx, cost, current));
  });
}
