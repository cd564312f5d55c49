import Decimal from 'decimal.js';
import { recordAudit } from '../../../core/audit/audit';
import { registerHooks } from '../../../core/entity/hooks';
import { product } from '../model/product.entity';
import { fieldError, mm } from './master-data.messages';
import {
  checkProductRefs, checkProductRefsOf, computeSalePrice, generateBarcode, generateSku, normalizeCodes, productHasMoves, setProductFields, typeFlags,
} from './product.service';

/**
 * Products: flags follow the type; barcodes are unique per company (the unique index decides, even for two
 * requests racing, and answers "Barcode already used"); once a product has stock moves its type and unit are
 * fixed and it cannot be deleted (its history would lose its meaning).
 */
registerHooks(product, {
  uniqueMessages: { barcode: mm.barcodeUsed },

  async beforeCreate(ctx, tx, data) {
    normalizeCodes(data);
    Object.assign(data, typeFlags(data.productType));
    await checkProductRefs(ctx, tx, data);
  },

  // an import's batch: the same, with one statement per kind of reference for all its rows
  async beforeCreateMany(ctx, tx, rows) {
    for (const data of rows) {
      normalizeCodes(data);
      Object.assign(data, typeFlags(data.productType));
    }
    await checkProductRefsOf(ctx, tx, rows);
  },

  async beforeUpdate(ctx, tx, changes, before) {
    normalizeCodes(changes);
    const type = changes.productType ?? before.productType;
    if ('productType' in changes || 'storable' in changes || 'consumable' in changes || 'service' in changes) Object.assign(changes, typeFlags(type));
    const typeChanged = type !== before.productType;
    const uomChanged = changes.uomId !== undefined && changes.uomId !== before.uomId;
    if ((typeChanged || uomChanged) && await productHasMoves(tx, before.id))
      throw fieldError(typeChanged ? mm.productTypeLocked : mm.productUomLocked, ctx.locale, typeChanged ? 'productType' : 'uomId', 409);
    await checkProductRefs(ctx, tx, changes);
  },

  async beforeDelete(ctx, tx, row) {
    if (await productHasMoves(tx, row.id)) throw fieldError(mm.productHasMoves, ctx.locale, '_', 409);
  },

  actions: {
    async generateBarcode(ctx, tx, row) {
      const barcode = await generateBarcode(tx, ctx.companyId, ctx.locale);
      await setProductFields(ctx, tx, row, { barcode });
      await recordAudit(tx, ctx, product, row.id, 'update', { barcode: row.barcode ?? null }, { barcode });
      return { barcode };
    },
    async generateSku(ctx, tx, row) {
      const sku = await generateSku(ctx, tx, row.name, row.categoryId, row.id);
      await setProductFields(ctx, tx, row, { sku });
      await recordAudit(tx, ctx, product, row.id, 'update', { sku: row.sku ?? null }, { sku });
      return { sku };
    },
    async computeSalePrice(ctx, tx, row) {
      const cost = new Decimal(String(row.cost ?? '0')).toString();
      const price = await computeSalePrice(ctx, tx, cost, row.salePrice === null ? null : String(row.salePrice));
      await setProductFields(ctx, tx, row, { salePrice: price.salePrice });
      await recordAudit(tx, ctx, product, row.id, 'update', { salePrice: row.salePrice ?? null }, { salePrice: price.salePrice });
      return price;
    },
    // Statistics are a read: GET /api/inventory/products/:id/statistics (master-data.routes.ts), no action (an
    // action locks the row and writes an audit row).
  },
});
