import { registerHooks } from '../../../core/entity/hooks';
import { inventorySettings } from '../model/inventory-settings.entity';
import { checkSettings } from './inventory-settings.service';

/** The settings row is checked as a whole after each change (see inventory-settings.service.ts). */
registerHooks(inventorySettings, {
  beforeUpdate: (ctx, tx, changes, before) => checkSettings(ctx, tx, { ...before, ...changes }),
});
