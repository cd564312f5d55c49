import { registerHooks, type Data, type Row } from '../../../core/entity/hooks';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { scrap } from '../model/scrap.entity';
import { lineCosts } from './documents.costs';
import { moveItems } from './documents.items';
import { loadLocations, stockLocation } from './documents.locations';
import { docNumber } from './documents.number';
import { postStock } from './stock.post';

/**
 * Scraps write stock off: from an internal, non-scrap source into a scrap location. Validating numbers it (SCR/),
 * takes the stock out of valuation at cost and posts Dr inventory loss / Cr inventory; items and total then carry
 * what the ledger charged (the draft's total is an estimate at the products' cost).
 */
async function checkLocations(ctx: Ctx, tx: Tx, v: Data): Promise<void> {
  const locs = await loadLocations(tx, ctx, [v.sourceLocationId as number, v.scrapLocationId as number]);
  stockLocation(ctx, locs, v.sourceLocationId, 'sourceLocationId');
  stockLocation(ctx, locs, v.scrapLocationId, 'scrapLocationId', { scrap: 'require' });
}

async function check(ctx: Ctx, tx: Tx, target: Data, v: Data): Promise<void> {
  const { items, estimate } = await moveItems(ctx, tx, v.items);
  await checkLocations(ctx, tx, v);
  Object.assign(target, { items, totalCost: estimate });
}

async function validate(ctx: Ctx, tx: Tx, row: Row): Promise<Data> {
  const { items, costed } = await moveItems(ctx, tx, row.items);
  await checkLocations(ctx, tx, row);
  const date = row.scrapDate as string;
  const number = await docNumber(tx, ctx, 'scrap', date);
  const res = await postStock(tx, ctx, {
    date, reference: number, moveType: 'scrap', source: { type: 'scrap', id: row.id },
    lines: items.map((it) => ({ productId: it.productId, quantity: it.quantity, uomId: it.uomId, lotId: it.lotId, notes: it.notes, fromLocationId: row.sourceLocationId as number, toLocationId: row.scrapLocationId as number })),
    counter: { out: 'loss' },
  });
  const costs = lineCosts(costed, res.moves);
  return { number, items: items.map((it, i) => ({ ...it, ...costs[i] })), totalCost: res.totalValue, entryId: res.entry?.id ?? null };
}

registerHooks(scrap, {
  beforeCreate: (ctx, tx, data) => check(ctx, tx, data, data),
  async beforeUpdate(ctx, tx, changes, before) {
    await check(ctx, tx, changes, { ...before, ...changes });
  },
  transitions: { validate: (ctx, tx, row) => validate(ctx, tx, row) },
});
