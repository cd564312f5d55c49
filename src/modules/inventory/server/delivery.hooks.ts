import { createAndTransition, createRecord } from '../../../core/entity/crud.service';
import { permissionCode } from '../../../core/entity/define';
import { registerHooks, type Data, type Row } from '../../../core/entity/hooks';
import { requirePermission } from '../../../core/http/guard';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { delivery } from '../model/delivery.entity';
import { lineCosts } from './documents.costs';
import { moveItems } from './documents.items';
import { loadLocations, settingLocation, stockLocation } from './documents.locations';
import { lateDocNumber } from './documents.number';
import { assertDeletable, assertEditable } from './documents.state';
import { loadInventorySettings } from './inventory-settings.service';
import { postStock } from './stock.post';

/**
 * Deliveries: a draft names an internal, non-scrap source location and storable products in any unit of their
 * group; validating numbers it (DEL/), moves the stock to the customers location at cost (422 "Quantity Not
 * Available" when short and negative stock is not allowed) and posts Dr cost of sales / Cr inventory. The draft's
 * total is an estimate at the products' cost; once done, items and total carry what the ledger charged. A draft may
 * be created and validated by one request (`"validate": true`, createValidated).
 */
async function check(ctx: Ctx, tx: Tx, target: Data, v: Data): Promise<void> {
  const { items, estimate } = await moveItems(ctx, tx, v.items);
  stockLocation(ctx, await loadLocations(tx, ctx, [v.locationId as number]), v.locationId, 'locationId');
  Object.assign(target, { items, totalCost: estimate });
}

async function validate(ctx: Ctx, tx: Tx, row: Row): Promise<Data> {
  const { items, costed } = await moveItems(ctx, tx, row.items);
  const settings = await loadInventorySettings(tx, ctx.companyId);
  const to = settingLocation(ctx, settings, 'customerLocationId');
  stockLocation(ctx, await loadLocations(tx, ctx, [row.locationId as number]), row.locationId, 'locationId');
  const date = row.deliveryDate as string;
  const take = await lateDocNumber(tx, ctx, 'delivery', date);
  let number = '';
  const res = await postStock(tx, ctx, {
    date, reference: '', moveType: 'outgoing', source: { type: 'delivery', id: row.id },
    lines: items.map((it) => ({ productId: it.productId, quantity: it.quantity, uomId: it.uomId, lotId: it.lotId, notes: it.notes, fromLocationId: row.locationId as number, toLocationId: to })),
    counter: { out: 'cogs' }, contactId: (row.destinationContactId as number | null) ?? null,
  }, { reference: async () => (number = await take()) });
  const costs = lineCosts(costed, res.moves);
  return { number, items: items.map((it, i) => ({ ...it, ...costs[i] })), totalCost: res.totalValue, entryId: res.entry?.id ?? null };
}

/**
 * POST /deliveries with `"validate": true`: the draft created and validated in one transaction (the point of sale's
 * path); needs the validate permission besides add. Audited as create then validate; a refusal leaves nothing.
 */
function createValidated(ctx: Ctx, body: unknown): Promise<Row> {
  requirePermission(ctx, permissionCode(delivery, delivery.states!.transitions.validate!.permission ?? 'validate'));
  return createAndTransition(ctx, delivery, body, 'validate');
}

registerHooks(delivery, {
  create: (ctx, body) => ((body as { validate?: unknown } | null)?.validate === true ? createValidated(ctx, body) : createRecord(ctx, delivery, body)),
  beforeCreate: (ctx, tx, data) => check(ctx, tx, data, data),
  async beforeUpdate(ctx, tx, changes, before) {
    assertEditable(ctx, delivery, before);
    await check(ctx, tx, changes, { ...before, ...changes });
  },
  beforeDelete: (ctx, _tx, row) => assertDeletable(ctx, delivery, row),
  transitions: { validate: (ctx, tx, row) => validate(ctx, tx, row) },
});
