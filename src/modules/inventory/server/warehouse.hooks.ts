import { registerHooks } from '../../../core/entity/hooks';
import { warehouse } from '../model/warehouse.entity';
import { fieldError, mm } from './master-data.messages';
import { warehouseHasLocations } from './location.service';

/**
 * Warehouses: the address is required and managers must be users of the company (both from the definition and
 * the generic reference check); locationsCount is the server's (location.hooks.ts). A warehouse is deleted only
 * once it has no location: its row lock (taken by the generic delete) keeps a location from being added meanwhile.
 */
registerHooks(warehouse, {
  async beforeDelete(ctx, tx, row) {
    if (await warehouseHasLocations(tx, row.id)) throw fieldError(mm.warehouseHasLocations, ctx.locale, '_', 409);
  },
});
