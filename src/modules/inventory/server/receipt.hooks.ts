import { registerHooks } from '../../../core/entity/hooks';
import { receipt } from '../model/receipt.entity';
import { docNumber } from './documents.number';
import { checkReceipt, receiveAll, receivePartial } from './receipt.service';

/** Receipts: edited while pending; approve checks them again and takes the number (REC/); receiving moves stock in. */
registerHooks(receipt, {
  beforeCreate: (ctx, tx, data) => checkReceipt(ctx, tx, data, data),
  async beforeUpdate(ctx, tx, changes, before) {
    await checkReceipt(ctx, tx, changes, { ...before, ...changes });
  },
  transitions: {
    async approve(ctx, tx, row) {
      const checked: Record<string, unknown> = {};
      await checkReceipt(ctx, tx, checked, row);
      return { ...checked, number: await docNumber(tx, ctx, 'receipt', row.receiptDate as string) };
    },
    receive: (ctx, tx, row, body) => receiveAll(ctx, tx, row, body),
  },
  actions: { receivePartial: (ctx, tx, row, body) => receivePartial(ctx, tx, row, body) },
});
