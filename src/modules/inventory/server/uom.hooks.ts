import Decimal from 'decimal.js';
import { registerHooks } from '../../../core/entity/hooks';
import { uom } from '../model/uom.entity';
import { fieldError, mm } from './master-data.messages';
import { uomInUse } from './uom.service';

/**
 * Quantities are stored in a product's unit and converted with the factors of its group, so once a unit is used
 * (by a product or a stock move) its factor and its group are fixed: changing either would silently rescale
 * history. Validation messages of the factor are the spec's (entity definition, zod).
 */
registerHooks(uom, {
  async beforeUpdate(ctx, tx, changes, before) {
    const factorChanged = typeof changes.conversionFactor === 'string' && !new Decimal(changes.conversionFactor).eq(String(before.conversionFactor));
    const groupChanged = changes.groupId !== undefined && changes.groupId !== before.groupId;
    if (!factorChanged && !groupChanged) return;
    if (await uomInUse(tx, before.id))
      throw fieldError(factorChanged ? mm.uomFactorLocked : mm.uomGroupLocked, ctx.locale, factorChanged ? 'conversionFactor' : 'groupId', 409);
  },
});
