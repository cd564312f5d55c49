import { registerHooks } from '../../../core/entity/hooks';
import { stockAdjustment } from '../model/stock-adjustment.entity';
import { type AdjustmentItem, adjustmentInput, checkAdjustment, confirmAdjustment } from './stock-adjustment.service';

/** Stock adjustments: drafts are recounted against the quants on every save; confirm posts the differences once. */
registerHooks(stockAdjustment, {
  beforeCreate: (ctx, tx, data) => checkAdjustment(ctx, tx, data, data),
  async beforeUpdate(ctx, tx, changes, before) {
    await checkAdjustment(ctx, tx, changes, { ...before, ...changes, items: changes.items ?? adjustmentInput(before.items as AdjustmentItem[]) });
  },
  transitions: { confirm: (ctx, tx, row) => confirmAdjustment(ctx, tx, row) },
});
