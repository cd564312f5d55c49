import { sql } from 'drizzle-orm';
import { registerHooks, type Data, type Row, type TransitionWrite } from '../../../core/entity/hooks';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { delivery } from '../model/delivery.entity';
import { lineCosts } from './documents.costs';
import { moveItems } from './documents.items';
import { settingLocation, stockLocation } from './documents.locations';
import { lateNumber } from './documents.number';
import { type Refs, readRefs } from './stock.load';
import { postStock } from './stock.post';

/**
 * Deliveries: a draft names an internal, non-scrap source location and storable products in any unit of their
 * group; validating numbers it (DEL/), moves the stock to the customers location at cost (422 "Quantity Not
 * Available" when short and negative stock is not allowed) and posts Dr cost of sales / Cr inventory. The draft's
 * total is an estimate at the products' cost; once done, items and total carry what the ledger charged. A draft may
 * be created and validated by one request (`"validate": true`: the definition's `states.onCreate`, run by the
 * generic createAndTransition, which needs the validate permission besides add; audited as create then validate;
 * a refusal leaves nothing).
 * The hot path (the point of sale's): what the lines refer to is read once per transaction (readRefs: settings,
 * locations, products, units; and the products locked when the delivery is validated in the same transaction), by
 * the create's check, and the validation reuses it; the number, the journal entry,
 * the moves, the delivery's row and its audit rows are written by ONE statement (postStock's last, through
 * TransitionWrite), so the delivery counter and the stock journal are locked by that statement and the commit only.
 */
const read = new WeakMap<Tx, Refs>();

/**
 * What the lines refer to, read once per transaction; when `posting` (the delivery is validated in this
 * transaction), the read also locks its products, the posting's first lock: a delivery's lines are all valued
 * (an internal, non-scrap source to the customers location; anything else is refused and rolled back).
 */
async function refsOf(ctx: Ctx, tx: Tx, v: Data, posting: boolean): Promise<Refs> {
  const items = Array.isArray(v.items) ? (v.items as Record<string, unknown>[]) : [];
  const num = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x > 0 && x <= 2147483647 ? [x] : []);
  const products = items.flatMap((i) => num(i?.productId));
  const refs = await readRefs(tx, ctx.companyId, {
    locations: num(v.locationId), products, uoms: items.flatMap((i) => num(i?.uomId)), lots: items.flatMap((i) => num(i?.lotId)),
  }, { settingLocations: true, lock: posting ? { products } : undefined });
  read.set(tx, refs);
  return refs;
}

async function check(ctx: Ctx, tx: Tx, target: Data, v: Data, posting = false): Promise<void> {
  const refs = await refsOf(ctx, tx, v, posting);
  const { items, estimate } = await moveItems(ctx, tx, v.items, refs);
  stockLocation(ctx, refs.locs, v.locationId, 'locationId');
  Object.assign(target, { items, totalCost: estimate });
}

async function validate(ctx: Ctx, tx: Tx, row: Row, write?: TransitionWrite): Promise<Data | ReturnType<TransitionWrite['done']>> {
  if (!write) throw new Error('a delivery is validated through the generic transition (crud.service)');
  const refs = read.get(tx) ?? await refsOf(ctx, tx, row, true);
  const { items, costed } = await moveItems(ctx, tx, row.items, refs);
  const to = settingLocation(ctx, refs.inv, 'customerLocationId');
  stockLocation(ctx, refs.locs, row.locationId, 'locationId');
  const date = row.deliveryDate as string;
  const res = await postStock(tx, ctx, {
    date, reference: '', moveType: 'outgoing', source: { type: 'delivery', id: row.id },
    lines: items.map((it) => ({ productId: it.productId, quantity: it.quantity, uomId: it.uomId, lotId: it.lotId, notes: it.notes, fromLocationId: row.locationId as number, toLocationId: to })),
    counter: { out: 'cogs' }, contactId: (row.destinationContactId as number | null) ?? null,
  }, {
    refs, number: lateNumber('delivery', date, refs.acc), commit: write.commit,
    finish: ({ moves, totalValue }) => {
      const costs = lineCosts(costed, moves);
      return write.sql({ items: items.map((it, i) => ({ ...it, ...costs[i] })), totalCost: totalValue },
        { number: sql`posted.reference`, entryId: sql`posted.entry_id` }, 'posted', { entryId: sql`posted.entry_number` });
    },
  });
  return write.done(res.row);
}

registerHooks(delivery, {
  beforeCreate: (ctx, tx, data, next) => check(ctx, tx, data, data, next === 'validate'),
  async beforeUpdate(ctx, tx, changes, before) {
    await check(ctx, tx, changes, { ...before, ...changes });
  },
  transitions: { validate: (ctx, tx, row, _body, write) => validate(ctx, tx, row, write) },
});
