import { registerHooks, type Data } from '../../../core/entity/hooks';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { location } from '../model/location.entity';
import { fieldError, mm } from './master-data.messages';
import { locationHasStock, locationInSettings, lockWarehouses, recountLocations } from './location.service';

/**
 * Locations: internal and scrap locations belong to a warehouse of the company ("Warehouse is required",
 * "Invalid warehouse"); the warehouse's locationsCount follows every add, move and delete. A location with stock
 * or moves keeps its type (its history is valued by it) and cannot be deleted; one named in the inventory settings
 * keeps its type and warehouse until the settings point elsewhere.
 */
const warehouseRequired = location.fields.warehouseId.messages!.required!;

async function checkWarehouse(ctx: Ctx, tx: Tx, v: Data, lockAlso?: unknown): Promise<void> {
  const wid = v.warehouseId;
  const mine = await lockWarehouses(tx, ctx.companyId, [typeof wid === 'number' ? wid : null, lockAlso as number | null]);
  if (typeof wid === 'number') {
    if (!mine.has(wid)) throw fieldError(mm.invalidWarehouse, ctx.locale, 'warehouseId');
  } else if (v.kind === 'internal' || v.isScrap === true) throw fieldError(warehouseRequired, ctx.locale, 'warehouseId');
}

registerHooks(location, {
  beforeCreate: (ctx, tx, data) => checkWarehouse(ctx, tx, data),
  afterCreate: (_ctx, tx, row) => recountLocations(tx, row.warehouseId),

  async beforeUpdate(ctx, tx, changes, before) {
    const merged = { ...before, ...changes };
    const kindChanged = merged.kind !== before.kind || Boolean(merged.isScrap) !== Boolean(before.isScrap);
    const warehouseChanged = (merged.warehouseId ?? null) !== (before.warehouseId ?? null);
    if (kindChanged && await locationHasStock(tx, before.id)) throw fieldError(mm.locationKindLocked, ctx.locale, 'kind', 409);
    if ((kindChanged || warehouseChanged) && await locationInSettings(tx, ctx.companyId, before.id))
      throw fieldError(mm.locationInSettings, ctx.locale, warehouseChanged ? 'warehouseId' : 'kind', 409);
    await checkWarehouse(ctx, tx, merged, warehouseChanged ? before.warehouseId : undefined);
  },
  async afterUpdate(_ctx, tx, row, before) {
    if ((row.warehouseId ?? null) === (before.warehouseId ?? null)) return;
    await recountLocations(tx, row.warehouseId);
    await recountLocations(tx, before.warehouseId);
  },

  async beforeDelete(ctx, tx, row) {
    if (await locationHasStock(tx, row.id)) throw fieldError(mm.locationHasStock, ctx.locale, '_', 409);
    await lockWarehouses(tx, ctx.companyId, [row.warehouseId as number | null]);
    await recountLocations(tx, row.warehouseId, row.id);
  },
});
