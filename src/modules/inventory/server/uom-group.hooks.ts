import { registerHooks } from '../../../core/entity/hooks';
import { uomGroup } from '../model/uom-group.entity';
import { fieldError, mm } from './master-data.messages';
import { groupHasUnits } from './uom.service';

/** A UOM group is deleted only once it holds no unit (the units would lose their reference). */
registerHooks(uomGroup, {
  async beforeDelete(ctx, tx, row) {
    if (await groupHasUnits(tx, row.id)) throw fieldError(mm.uomGroupHasUnits, ctx.locale, '_', 409);
  },
});
