import { registerHooks, type Data, type Row } from '../../../core/entity/hooks';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { transfer } from '../model/transfer.entity';
import { dm, docError } from './documents.messages';
import { moveItems } from './documents.items';
import { loadLocations, stockLocation } from './documents.locations';
import { docNumber } from './documents.number';
import { postStock } from './stock.post';

/**
 * Transfers move stock between two different internal, non-scrap locations (a scrap has its own document).
 * Validating numbers it (TRF/) and moves the quantities; valuation is unchanged, so nothing posts to the ledger.
 */
async function checkLocations(ctx: Ctx, tx: Tx, v: Data): Promise<void> {
  const locs = await loadLocations(tx, ctx, [v.fromLocationId as number, v.toLocationId as number]);
  stockLocation(ctx, locs, v.fromLocationId, 'fromLocationId');
  stockLocation(ctx, locs, v.toLocationId, 'toLocationId', { scrapMessage: dm.transferScrap });
  if (v.fromLocationId === v.toLocationId) throw docError(dm.sameLocation, {}, ctx.locale, 'toLocationId');
}

async function check(ctx: Ctx, tx: Tx, target: Data, v: Data): Promise<void> {
  const { items } = await moveItems(ctx, tx, v.items);
  await checkLocations(ctx, tx, v);
  target.items = items;
}

async function validate(ctx: Ctx, tx: Tx, row: Row): Promise<Data> {
  const { items } = await moveItems(ctx, tx, row.items);
  await checkLocations(ctx, tx, row);
  const date = row.transferDate as string;
  const number = await docNumber(tx, ctx, 'transfer', date);
  await postStock(tx, ctx, {
    date, reference: number, moveType: 'internal', source: { type: 'transfer', id: row.id },
    lines: items.map((it) => ({ productId: it.productId, quantity: it.quantity, uomId: it.uomId, lotId: it.lotId, notes: it.notes, fromLocationId: row.fromLocationId as number, toLocationId: row.toLocationId as number })),
  });
  return { number, items };
}

registerHooks(transfer, {
  beforeCreate: (ctx, tx, data) => check(ctx, tx, data, data),
  async beforeUpdate(ctx, tx, changes, before) {
    await check(ctx, tx, changes, { ...before, ...changes });
  },
  transitions: { validate: (ctx, tx, row) => validate(ctx, tx, row) },
});
