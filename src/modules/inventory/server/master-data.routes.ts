import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../../core/db/connect';
import { withTx } from '../../../core/db/tx';
import { permissionCode } from '../../../core/entity/define';
import { getRecord } from '../../../core/entity/crud.service';
import { fieldSchema, fieldErrors } from '../../../core/entity/schema';
import { can, type Ctx } from '../../../core/http/context';
import { forbidden, notFound, validationError } from '../../../core/http/errors';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { claimIdempotency } from '../../../core/http/idempotency';
import { z } from 'zod';
import { inventorySettings } from '../model/inventory-settings.entity';
import { product } from '../model/product.entity';
import { fieldError, mm } from './master-data.messages';
import { computeSalePrice, generateBarcode, generateSku, productStatistics } from './product.service';
import { settingsRowId } from './inventory-settings.service';

/**
 * Routes of the master data beyond the generic CRUD: the company's settings row, product statistics, and the
 * product form's helpers before a product is saved (barcode, SKU, sale price), allowed to whoever may add or
 * change products.
 */
const base = '/api/inventory/products';

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
  app.get('/api/inventory/settings/current', async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, permissionCode(inventorySettings, 'view'));
    const id = await settingsRowId(db.orm, ctx.companyId);
    if (id === null) throw notFound(mm.settingsMissing);
    return getRecord(ctx, inventorySettings, id);
  });

  app.get(`${base}/:id/statistics`, async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, permissionCode(product, 'statistics'));
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound('notFound');
    const p = await getRecord(ctx, product, Number(raw));
    return productStatistics(db.orm, ctx.companyId, p.id);
  });

  const editorPost = (path: string, run: (ctx: Ctx, body: Record<string, unknown>) => Promise<unknown>) =>
    app.post(`${base}/${path}`, async (req: FastifyRequest, reply) => {
      const ctx = await requireCtx(db, req);
      requireProductEditor(ctx);
      if (await claimIdempotency(db, req, reply, ctx.companyId)) return reply;
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      return run(ctx, body);
    });

  editorPost('generate-barcode', async (ctx) => ({ barcode: await withTx(db, (tx) => generateBarcode(tx, ctx.companyId, ctx.locale)) }));

  editorPost('generate-sku', async (ctx, body) => ({ sku: await withTx(db, (tx) => generateSku(ctx, tx, body.name, body.categoryId)) }));

  editorPost('compute-sale-price', async (ctx, body) => {
    const cost = parseMoney(ctx, 'cost', body.cost, true)!;
    const current = parseMoney(ctx, 'salePrice', body.salePrice, false);
    return withTx(db, (tx) => computeSalePrice(ctx, tx, cost, current));
  });
}
